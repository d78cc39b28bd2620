#pragma once
// A run's profile (xo record --profile, and beside every trace): per rank, per MPI call, per
// protocol path or collective algorithm, per message-size bin and per peer, the counts, bytes and
// time a trace would sum, kept in a file whose size depends on the ranks and what they did, never
// on how long they did it. The writer is the profile recorder (profile_recorder.hpp); readers are
// xo report and the GUI. Times are virtual picoseconds.
//
// File: "XOPROF1\n", then the run's properties (the trace's CROSSOVER::... names and values), the
// names, and the four tables, each a count and its rows; every integer little-endian, fixed width
// (u32 for ranks and names, u64 for counts, bytes and times), every string a u32 length and bytes.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace xo::tracer {

inline constexpr const char* kProfileFile = "profile.xop";  // in the -o directory
// Set to 1 by `xo record --profile`: the run keeps its profile and no trace.
inline constexpr const char* kEnvProfileOnly = "XO_RUN_PROFILE";

struct RunProfile {
  // What a row's name is.
  enum class PathKind : std::uint8_t { Protocol, Algorithm };

  struct CallRow {
    std::uint32_t rank;
    std::uint32_t name;  // of names: "MPI_Send"
    std::uint64_t count;
    std::uint64_t total_ps;    // in the call, outermost calls only
    std::uint64_t longest_ps;  // the longest one
  };
  // Protocol: the phases of that path on the rank's network interface (count, bytes they moved,
  // time they took); Algorithm: the collective calls that used it (count, bytes sent, time in them).
  struct PathRow {
    std::uint32_t rank;
    std::uint32_t name;
    PathKind kind;
    std::uint64_t count;
    std::uint64_t bytes;
    std::uint64_t total_ps;
  };
  // Point-to-point messages sent (sent = true) or received, by size: bin b holds sizes whose bit
  // width is b (0 bytes in bin 0, 1 in 1, 2-3 in 2, 4-7 in 3, ...).
  struct SizeRow {
    std::uint32_t rank;
    std::uint8_t bin;
    bool sent;
    std::uint64_t count;
    std::uint64_t bytes;
  };
  // Messages to and from one peer (a world rank); kOtherPeers sums the peers beyond the first
  // kMostPeers a rank exchanged messages with.
  static constexpr std::uint32_t kOtherPeers = 0xffffffffu;
  static constexpr std::size_t kMostPeers = 32;
  struct PeerRow {
    std::uint32_t rank;
    std::uint32_t peer;
    std::uint64_t sent;
    std::uint64_t sent_bytes;
    std::uint64_t received;
    std::uint64_t received_bytes;
  };

  std::map<std::string, std::string> properties;  // CROSSOVER::MACHINE ... (trace_properties.hpp)
  std::uint64_t end_ps = 0;                       // the run's end
  int ranks = 0;
  std::vector<std::string> names;
  std::vector<CallRow> calls;
  std::vector<PathRow> paths;
  std::vector<SizeRow> sizes;
  std::vector<PeerRow> peers;
};

// Throws std::runtime_error naming the file and the fix if it cannot be written.
void write_profile(const std::string& path, const RunProfile& profile);
// Throws TraceReadError (trace_read_error.hpp) naming the file and what is wrong with it.
RunProfile read_profile(const std::string& path);
// Whether `path` is a profile file (by its first bytes).
bool is_profile_file(const std::string& path);
// The profile file `path` names: a profile file, or a directory holding profile.xop and no file of
// a trace (xo record --profile); nothing otherwise (a trace, perhaps with its anchor missing).
std::optional<std::string> profile_file_of(const std::string& path);

}  // namespace xo::tracer
