#include "xo/mpi/state/group_description.hpp"

#include <limits>

namespace xo::mpi {

namespace {

enum Form : int { kList = 0, kRuns = 1 };

}  // namespace

std::vector<int> describe_group(const Group& group) {
  const std::vector<int> ranks = group.world_ranks();
  std::vector<int> runs{kRuns};
  for (std::size_t i = 0; i < ranks.size();) {
    const int stride = i + 1 < ranks.size() ? ranks[i + 1] - ranks[i] : 1;
    std::size_t end = i + 1;
    while (end < ranks.size() && ranks[end] - ranks[end - 1] == stride) ++end;
    runs.insert(runs.end(), {ranks[i], static_cast<int>(end - i), stride});
    i = end;
    if (runs.size() > ranks.size()) break;  // the list is shorter
  }
  if (runs.size() <= ranks.size()) return runs;
  std::vector<int> list{kList};
  list.insert(list.end(), ranks.begin(), ranks.end());
  return list;
}

std::optional<std::vector<int>> read_group_description(std::span<const int> description, int size) {
  if (description.empty() || size < 0) return std::nullopt;
  const std::span<const int> data = description.subspan(1);
  if (description[0] == kList) {
    if (data.size() != static_cast<std::size_t>(size)) return std::nullopt;
    return std::vector<int>(data.begin(), data.end());
  }
  if (description[0] != kRuns || data.size() % 3 != 0) return std::nullopt;
  std::vector<int> ranks;
  for (std::size_t i = 0; i < data.size(); i += 3) {
    const long first = data[i], count = data[i + 1], stride = data[i + 2];
    if (count < 1 || static_cast<long>(ranks.size()) + count > size) return std::nullopt;
    for (long k = 0; k < count; ++k) {
      const long rank = first + k * stride;
      if (rank < 0 || rank > std::numeric_limits<int>::max()) return std::nullopt;
      ranks.push_back(static_cast<int>(rank));
    }
  }
  if (static_cast<int>(ranks.size()) != size) return std::nullopt;
  return ranks;
}

}  // namespace xo::mpi
