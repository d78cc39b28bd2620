#pragma once
// The rank of each row of a table kept in rank order (each rank's rows together, ranks ascending),
// as ranges instead of a column: rank r has rows first_of_rank()[r] .. first_of_rank()[r + 1]. A
// row's rank is read from the rank of every 256th row, then found among the ranks between that one
// and the next block's, which are one rank but where ranks have fewer than 256 rows. So a read
// costs about a column's, at 0.02 bytes a row where a column takes 4 (the message table's senders:
// 47 MB at 10^8 events).

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

class RankRanges {
 public:
  static constexpr std::size_t kBlock = 256;

  std::size_t size() const { return rows_; }
  bool empty() const { return rows_ == 0; }

  // The next row, of `rank`: no lower than the last row's.
  void push_back(RankId rank) {
    assert(rank >= 0 && (first_of_rank_.empty() || static_cast<std::size_t>(rank) + 1 >= first_of_rank_.size()));
    while (first_of_rank_.size() <= static_cast<std::size_t>(rank)) first_of_rank_.push_back(static_cast<Index>(rows_));
    if (rows_ % kBlock == 0) rank_of_block_.push_back(rank);
    ++rows_;
  }
  RankId operator[](std::size_t row) const {
    const std::size_t block = row / kBlock;
    const RankId low = rank_of_block_[block];
    const RankId high = block + 1 < rank_of_block_.size() ? rank_of_block_[block + 1] : last_rank();
    if (low == high) return low;
    const auto begin = first_of_rank_.begin();
    return static_cast<RankId>(std::upper_bound(begin + low + 1, begin + high + 1, row) - begin - 1);
  }
  // The first row of every rank up to the last one with rows.
  const std::vector<Index>& first_of_rank() const { return first_of_rank_; }

 private:
  RankId last_rank() const { return static_cast<RankId>(first_of_rank_.size()) - 1; }

  std::vector<Index> first_of_rank_;
  std::vector<RankId> rank_of_block_;  // the rank of rows 0, kBlock, 2 kBlock, ...
  std::size_t rows_ = 0;
};

}  // namespace xo::analyzer
