#pragma once
// Communicators: their members as world ranks in communicator rank order, so that a rank named by
// an event (a communicator rank) is members[c][rank]. MPI_COMM_SELF-like communicators (OTF2
// COMM_SELF groups) have one member, the location itself: they are flagged and have no list.

#include <cstdint>
#include <string>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

struct CommunicatorTable {
  std::vector<std::uint32_t> id;  // OTF2 comm ref
  std::vector<std::string> name;
  std::vector<std::vector<RankId>> members;
  std::vector<Index> parent;  // kNoIndex for none (or an undefined one)
  std::vector<std::uint8_t> is_self;

  std::size_t size() const { return id.size(); }
};

}  // namespace xo::analyzer
