#pragma once
// The archive's String definitions: each distinct string once, numbered in the order the writer
// first needs it, so the same run gives the same numbers.

#include <otf2/otf2.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace xo::tracer {

class StringTable {
 public:
  OTF2_StringRef ref(const std::string& s) {
    auto [it, added] = refs_.try_emplace(s, static_cast<OTF2_StringRef>(strings_.size()));
    if (added) strings_.push_back(s);
    return it->second;
  }
  // In ref order.
  const std::vector<std::string>& strings() const { return strings_; }

 private:
  std::unordered_map<std::string, OTF2_StringRef> refs_;
  std::vector<std::string> strings_;
};

}  // namespace xo::tracer
