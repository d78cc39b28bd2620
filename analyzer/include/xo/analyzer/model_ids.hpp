#pragma once
// The small integer types the trace model's columns share: rows of one table are named by their
// index in it, ranks by their MPI_COMM_WORLD rank, texts by their index in the model's StringTable.

#include <cstdint>
#include <limits>

namespace xo::analyzer {

using Index = std::uint32_t;  // a row of one of the model's tables
inline constexpr Index kNoIndex = std::numeric_limits<Index>::max();

using RankId = std::int32_t;  // MPI_COMM_WORLD rank
inline constexpr RankId kNoRank = -1;

using StringId = std::uint32_t;  // a text of StringTable
inline constexpr StringId kNoString = std::numeric_limits<StringId>::max();

}  // namespace xo::analyzer
