#pragma once
// The archive's locations. World ranks follow OTF2's rules, not names: a rank location is the
// location at index r of the MPI COMM_LOCATIONS group (world rank r); a network lane is a CPU
// thread location in a rank's location group that is not in that group and records only
// HARDWARE-paradigm regions (Crossover's protocol phases). Any other location, such as a further
// thread of a rank in a hybrid Score-P trace, is Other, with its group's rank when it has one.

#include <cstdint>
#include <string>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

enum class LocationKind : std::uint8_t { Rank, NetworkLane, Other };

struct LocationTable {
  std::vector<std::uint64_t> id;  // OTF2 location ref
  std::vector<std::string> name;
  std::vector<LocationKind> kind;
  std::vector<RankId> world_rank;     // kNoRank when not known
  std::vector<std::uint64_t> events;  // as the definition counts them
  // 0 for a rank the trace filter left out (xo record --trace-ranks): it has no events.
  std::vector<std::uint8_t> traced;
  std::vector<Index> location_of_rank;  // world rank -> row

  std::size_t size() const { return id.size(); }
};

}  // namespace xo::analyzer
