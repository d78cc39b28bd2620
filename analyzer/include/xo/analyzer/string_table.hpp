#pragma once
// The archive's strings (OTF2 String definitions), numbered densely; labels in the event columns
// (a phase's protocol, a collective's algorithm) are StringIds into it.

#include <string>
#include <string_view>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

struct StringTable {
  std::vector<std::string> text;

  // The text of `id`; empty for kNoString.
  std::string_view at(StringId id) const { return id == kNoString ? std::string_view() : std::string_view(text[id]); }
  std::size_t size() const { return text.size(); }
};

}  // namespace xo::analyzer
