#pragma once
// What an archive says about the run it records: OTF2's anchor fields and clock, every archive
// property as written, and, for Crossover's own traces, those properties decoded
// (docs/trace_format.md, "Archive properties"). A foreign trace has no CrossoverRun.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace xo::analyzer {

struct Setting {
  std::string name;   // as the machine knows it: "o_s", "G", "MPICH_MAX_SHORT_MSG_SIZE"
  std::string value;  // as a user writes it
};

// The CROSSOVER::... properties; a field is empty (or nothing) when its property is absent.
struct CrossoverRun {
  std::string machine;
  std::string machine_description;
  std::optional<int> ranks;
  std::optional<int> ranks_per_node;
  std::string compute_mode;  // "none" or "measured"
  std::string command_line;
  std::string program_args;  // the program and its arguments, shell-quoted
  std::string creator;
  std::optional<int> exit_code;      // absent when the run did not finish
  bool cut_short = false;            // the run stopped before every rank's program ended
  std::string failure;               // why the run failed, as xo printed it
  std::vector<Setting> parameters;   // machine parameters, by decoded name
  std::vector<Setting> environment;  // environment variables of the machine's MPI
  // What xo record traced (xo/tracer/trace_filter.hpp): the --trace-ranks and --trace-calls lists
  // as given ("" for all) and the window in picoseconds.
  std::string trace_ranks;
  std::string trace_calls;
  std::optional<std::int64_t> trace_from_ps;
  std::optional<std::int64_t> trace_to_ps;
  bool filtered() const { return !trace_ranks.empty() || events_filtered(); }
  // Calls or time left out: a message's other end may be missing on a traced rank too.
  bool events_filtered() const { return !trace_calls.empty() || trace_from_ps || trace_to_ps; }
};

struct RunDescription {
  std::map<std::string, std::string> properties;  // every archive property, raw name -> value
  std::string creator;                            // from the anchor file
  std::string machine_name;
  std::string description;
  std::uint64_t timer_resolution = 0;     // ticks per second
  std::uint64_t global_offset = 0;        // ticks: time 0 of the model's times
  std::uint64_t trace_length = 0;         // ticks
  std::optional<CrossoverRun> crossover;  // when any CROSSOVER:: property is present
};

// The CROSSOVER::... properties (docs/trace_format.md) decoded; nothing when there are none of
// them (a foreign trace). Settings get back their real names through setting_name_of_property; a
// number that does not parse leaves its field empty (the raw value stays in `properties`). For a
// trace's archive properties and a profile's (xo/tracer/run_profile.hpp) alike.
std::optional<CrossoverRun> decode_crossover_run(const std::map<std::string, std::string>& properties);

}  // namespace xo::analyzer
