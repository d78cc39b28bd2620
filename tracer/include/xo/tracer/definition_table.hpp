#pragma once
// One kind of an archive's global definitions (its regions, its communicators, ...), by reference
// and in the order the archive defines them. The first definition of a reference is kept; a later
// one is refused, so that every reader resolves a duplicate the same way. Iteration is in
// definition order, which the trace model's tables keep; lookups by reference are constant time.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace xo::tracer {

template <typename Ref, typename T>
class DefinitionTable {
 public:
  using key_type = Ref;
  using value_type = std::pair<Ref, T>;
  using iterator = typename std::vector<value_type>::iterator;
  using const_iterator = typename std::vector<value_type>::const_iterator;

  // Adds the definition of `ref` unless it has one; whether it was added.
  bool add(Ref ref, T value) {
    if (!position_.try_emplace(ref, entries_.size()).second) return false;
    entries_.emplace_back(ref, std::move(value));
    return true;
  }

  const_iterator find(Ref ref) const {
    auto it = position_.find(ref);
    return it == position_.end() ? entries_.end() : entries_.begin() + static_cast<std::ptrdiff_t>(it->second);
  }
  const T& at(Ref ref) const {
    auto it = position_.find(ref);
    if (it == position_.end()) throw std::out_of_range("no definition of reference " + std::to_string(ref));
    return entries_[it->second].second;
  }
  std::size_t count(Ref ref) const { return position_.count(ref); }
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  iterator begin() { return entries_.begin(); }
  iterator end() { return entries_.end(); }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }

 private:
  std::vector<value_type> entries_;  // in definition order
  std::unordered_map<Ref, std::size_t> position_;
};

}  // namespace xo::tracer
