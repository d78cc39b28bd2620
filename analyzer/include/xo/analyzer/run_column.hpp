#pragma once
// A column whose rows come in long runs of one value (a phase's lane: the reader appends a lane's
// phases together), kept as its runs: each run's first row and value, and the run of every 256th
// row, from which a row's run is found in a step or two. Rows in short runs cost a search among the
// runs of their 256-row block. At 10^8 events the phases' lanes took 47 MB as a column; as runs
// they take kilobytes.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

template <class T>
class RunColumn {
 public:
  static constexpr std::size_t kBlock = 256;

  std::size_t size() const { return rows_; }

  void push_back(T value) { push_run(value, 1); }
  // `count` rows of `value`.
  void push_run(T value, std::size_t count) {
    if (count == 0) return;
    if (values_.empty() || !(values_.back() == value)) {
      first_.push_back(static_cast<Index>(rows_));
      values_.push_back(value);
    }
    const auto run = static_cast<std::uint32_t>(values_.size() - 1);
    for (std::size_t block = (rows_ + kBlock - 1) / kBlock; block * kBlock < rows_ + count; ++block) {
      run_of_block_.push_back(run);
    }
    rows_ += count;
  }
  T operator[](std::size_t row) const { return values_[run_of(row)]; }

  // Drops the rows from `rows` on.
  void truncate(std::size_t rows) {
    if (rows >= rows_) return;
    const auto runs = static_cast<std::size_t>(std::lower_bound(first_.begin(), first_.end(), rows) - first_.begin());
    first_.resize(runs);
    values_.resize(runs);
    run_of_block_.resize((rows + kBlock - 1) / kBlock);
    rows_ = rows;
  }
  // The rows of `other` after this column's; `other` is freed.
  void append(RunColumn& other) {
    other.for_each_run([this](std::size_t first, std::size_t end, T value) { push_run(value, end - first); });
    other = RunColumn{};
  }
  // Calls visit(first, end, value) for each run, rows [first, end), in row order.
  template <class Visit>
  void for_each_run(Visit visit) const {
    for (std::size_t k = 0; k < values_.size(); ++k)
      visit(first_[k], k + 1 < first_.size() ? first_[k + 1] : rows_, values_[k]);
  }

  // Each run's first row and value, in row order.
  const std::vector<Index>& run_firsts() const { return first_; }
  const std::vector<T>& run_values() const { return values_; }

 private:
  std::size_t run_of(std::size_t row) const {
    const std::size_t block = row / kBlock;
    const std::size_t low = run_of_block_[block];
    const std::size_t high = block + 1 < run_of_block_.size() ? run_of_block_[block + 1] : values_.size() - 1;
    if (low == high) return low;
    const auto begin = first_.begin();
    return static_cast<std::size_t>(std::upper_bound(begin + static_cast<std::ptrdiff_t>(low) + 1,
                                                     begin + static_cast<std::ptrdiff_t>(high) + 1, row) -
                                    begin - 1);
  }

  std::vector<Index> first_;                 // each run's first row
  std::vector<T> values_;                    // each run's value
  std::vector<std::uint32_t> run_of_block_;  // the run of rows 0, kBlock, 2 kBlock, ...
  std::size_t rows_ = 0;
};

}  // namespace xo::analyzer
