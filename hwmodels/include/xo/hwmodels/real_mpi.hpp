#pragma once
// The real MPIs `xo record --mpi` traces, as knob schemas: the variables that move a message to
// another protocol or a collective call to another algorithm, with their defaults and choices as
// the libraries document themselves in the versions Debian 12 ships. No cost model: a trace of a
// real job carries the costs; the schema says which settings there are to change.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace xo::hw {

// Which messages a point-to-point switch serves: those between ranks on one host (through shared
// memory), those between hosts, or any.
enum class RealMpiPath { Any, OnNode, BetweenNodes };

struct RealMpiKnob {
  std::string variable;       // as set in the environment: "OMPI_MCA_btl_vader_eager_limit"
  std::string default_value;  // "4096"
  std::string choices;        // "bytes", "0 ignore, 1 basic linear, ..."
  std::string effect;         // what it switches, one line
  // The values xo bench --mpi runs with, besides the job's own: a point-to-point switch's with the
  // ping-pong, a collective algorithm's with that collective. Empty for the knobs it does not sweep.
  std::vector<std::string> bench_values = {};
  // The MPI call whose algorithm the knob forces ("MPI_Allreduce"); empty for a point-to-point one.
  std::string collective = {};
  // Settings without which a value of this knob has no effect (Open MPI's forced algorithms need
  // OMPI_MCA_coll_tuned_use_dynamic_rules=1): set with it in the bench and in the advice.
  std::vector<std::pair<std::string, std::string>> requires_settings = {};
  RealMpiPath path = RealMpiPath::Any;  // of a point-to-point switch

  // The name `choices` gives a value ("3" -> "recursive doubling" from "..., 3 recursive doubling,
  // ..."); empty if it names none.
  std::string value_name(const std::string& value) const;
};

struct RealMpi {
  std::string key;             // "openmpi", as xo record --mpi and xo machines --show name it
  std::string name;            // "Open MPI 4.1"
  std::string library_prefix;  // how MPI_Get_library_version starts: "Open MPI v4.1"
  std::string source;          // where the knobs and defaults come from
  std::vector<RealMpiKnob> knobs;
};

const std::vector<RealMpi>& real_mpis();
// The schema of the library that gave `library_version` (MPI_Get_library_version), or null.
const RealMpi* real_mpi_for(std::string_view library_version);
// The schema named `key` ("openmpi", "mpich"), or null.
const RealMpi* real_mpi_named(std::string_view key);

}  // namespace xo::hw
