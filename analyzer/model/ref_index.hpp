#pragma once
// OTF2 definition refs to rows of the model's tables. Writers number their definitions densely
// from 0 (Score-P, Crossover), so small refs are looked up in a vector, on every event; any ref
// beyond that goes to a hash map, so that a sparse numbering cannot cost memory.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

class RefIndex {
 public:
  // False (and nothing changes) if `ref` is already known.
  bool add(std::uint64_t ref, Index row) {
    if (ref < kDenseRefs) {
      if (ref >= dense_.size()) dense_.resize(ref + 1, kNoIndex);
      if (dense_[ref] != kNoIndex) return false;
      dense_[ref] = row;
      return true;
    }
    return sparse_.try_emplace(ref, row).second;
  }

  // kNoIndex if `ref` is not known.
  Index find(std::uint64_t ref) const {
    if (ref < dense_.size()) return dense_[ref];
    if (sparse_.empty()) return kNoIndex;
    auto it = sparse_.find(ref);
    return it == sparse_.end() ? kNoIndex : it->second;
  }

 private:
  static constexpr std::uint64_t kDenseRefs = 1 << 22;

  std::vector<Index> dense_;
  std::unordered_map<std::uint64_t, Index> sparse_;
};

}  // namespace xo::analyzer
