#pragma once
// The global definitions resolved into the model's tables (strings, locations, regions,
// communicators, clock), and the lookups that reading events needs: refs to rows, communicator
// ranks to world ranks, the attributes Crossover's traces carry, ticks to seconds.

#include <otf2/otf2.h>

#include <cstdint>
#include <vector>

#include "problem_log.hpp"
#include "ref_index.hpp"
#include "xo/analyzer/trace_model.hpp"
#include "xo/tracer/otf2_trace_file.hpp"
#include "xo/tracer/trace_definitions.hpp"

namespace xo::analyzer {

struct DefinitionIndex {
  // How the ranks that events name in a communicator become world ranks.
  struct CommRanks {
    bool self = false;          // COMM_SELF: rank 0 is the location itself
    std::vector<RankId> world;  // by communicator rank otherwise (an InterComm's group A)
    // InterComm: group B by rank, and which group each world rank is in (0 none, 1 A, 2 B). A
    // member of either group names ranks of the other.
    bool inter = false;
    std::vector<RankId> remote;
    std::vector<std::uint8_t> group_of_rank;
  };

  RefIndex strings;
  RefIndex regions;
  RefIndex comms;
  RefIndex call_sites;                           // calling context ref to CallSiteTable row
  std::vector<CommRanks> comm_ranks;             // by communicator row
  std::vector<std::uint8_t> region_is_hardware;  // by region row: a protocol phase on a network lane
  OTF2_AttributeRef protocol_attribute = OTF2_UNDEFINED_ATTRIBUTE;
  OTF2_AttributeRef bytes_attribute = OTF2_UNDEFINED_ATTRIBUTE;
  OTF2_AttributeRef peer_attribute = OTF2_UNDEFINED_ATTRIBUTE;
  OTF2_AttributeRef algorithm_attribute = OTF2_UNDEFINED_ATTRIBUTE;
  OTF2_AttributeRef buffer_free_attribute = OTF2_UNDEFINED_ATTRIBUTE;
  OTF2_AttributeRef arrived_attribute = OTF2_UNDEFINED_ATTRIBUTE;
  OTF2_AttributeRef call_site_attribute = OTF2_UNDEFINED_ATTRIBUTE;
  std::uint64_t global_offset = 0;
  double seconds_per_tick = 1;
  std::vector<Index> read_order;  // location rows: the ranks by world rank, then the others
  // By location row: the digest of its event file that the writer recorded, if it did.
  std::vector<std::uint64_t> digest;
  std::vector<std::uint8_t> has_digest;
  bool digests = false;  // any location has one: the archive is Crossover's and can be checked

  // Multiplying by the reciprocal (within an ulp of dividing) saves a division on every event.
  double seconds(OTF2_TimeStamp t) const {
    return static_cast<double>(static_cast<std::int64_t>(t - global_offset)) * seconds_per_tick;
  }

  // World rank of communicator rank `rank` of communicator row `comm`, seen from world rank
  // `self`; kNoRank if the communicator has no such rank.
  RankId world_rank(Index comm, std::uint32_t rank, RankId self) const {
    const CommRanks& c = comm_ranks[comm];
    if (c.self) return rank == 0 ? self : kNoRank;
    if (c.inter) {
      const auto at = static_cast<std::size_t>(self);
      const std::uint8_t group = self >= 0 && at < c.group_of_rank.size() ? c.group_of_rank[at] : 0;
      const std::vector<RankId>& other = group == 1 ? c.remote : c.world;
      return group != 0 && rank < other.size() ? other[rank] : kNoRank;
    }
    return rank < c.world.size() ? c.world[rank] : kNoRank;
  }
};

// Reads the archive's global definitions (xo/tracer/definition_reader.hpp) and fills model.run's
// clock, model.strings, locations, regions, call sites and communicators. A reference defined twice
// and one that leads nowhere are problems in `log`. Throws TraceReadError through `file` if the
// archive defines no clock.
DefinitionIndex read_definition_index(tracer::Otf2TraceFile& file, TraceModel& model, ProblemLog& log);

}  // namespace xo::analyzer
