#include "definition_index.hpp"

#include <string>
#include <unordered_map>

#include "xo/tracer/communicator_ranks.hpp"
#include "xo/tracer/definition_reader.hpp"
#include "xo/tracer/file_digest.hpp"
#include "xo/tracer/trace_contract.hpp"

namespace xo::analyzer {

namespace contract = tracer::contract;

static_assert(tracer::kNoLocation == kNoIndex, "a location's row is its definitions index");

namespace {

bool is_integer(OTF2_Type type) {
  switch (type) {
    case OTF2_TYPE_UINT8:
    case OTF2_TYPE_UINT16:
    case OTF2_TYPE_UINT32:
    case OTF2_TYPE_UINT64:
    case OTF2_TYPE_INT8:
    case OTF2_TYPE_INT16:
    case OTF2_TYPE_INT32:
    case OTF2_TYPE_INT64: return true;
    default: return false;
  }
}

class Resolver {
 public:
  Resolver(tracer::Definitions& defs, TraceModel& model, ProblemLog& log) : defs_(defs), model_(model), log_(log) {}

  void strings(DefinitionIndex& index) {
    model_.strings.text.reserve(defs_.strings.size());
    for (auto& [ref, text] : defs_.strings) {
      index.strings.add(ref, static_cast<StringId>(model_.strings.text.size()));
      model_.strings.text.push_back(std::move(text));
    }
    index_ = &index;
  }

  // Calling contexts as call sites: the function is the context's region, file and line its
  // source code location (either may be undefined: the site then says less).
  void call_sites(DefinitionIndex& index) {
    CallSiteTable& sites = model_.call_sites;
    for (const auto& [ref, c] : defs_.calling_contexts) {
      index.call_sites.add(ref, static_cast<Index>(sites.size()));
      const Index region = index.regions.find(c.region);
      sites.function.push_back(region == kNoIndex ? std::string() : model_.regions.name[region]);
      auto location = defs_.source_code_locations.find(c.source_code_location);
      const bool located = location != defs_.source_code_locations.end();
      sites.file.push_back(located ? text(location->second.file) : std::string());
      sites.line.push_back(located ? location->second.line : 0);
    }
  }

  std::string text(OTF2_StringRef ref) const { return std::string(model_.strings.at(index_->strings.find(ref))); }

  // The attributes Crossover's traces carry, found by name and kind of value.
  void attributes(DefinitionIndex& index) {
    for (const auto& [ref, a] : defs_.attributes) {
      const std::string name = text(a.name);
      const auto typed = [&](const contract::AttributeSpec& spec) { return name == spec.name && a.type == spec.type; };
      const auto integer = [&](const contract::AttributeSpec& spec) { return name == spec.name && is_integer(a.type); };
      if (typed(contract::kProtocolAttribute)) index.protocol_attribute = ref;
      if (typed(contract::kAlgorithmAttribute)) index.algorithm_attribute = ref;
      if (integer(contract::kBytesAttribute)) index.bytes_attribute = ref;
      if (integer(contract::kPeerAttribute)) index.peer_attribute = ref;
      if (integer(contract::kBufferFreeAttribute)) index.buffer_free_attribute = ref;
      if (integer(contract::kArrivedAttribute)) index.arrived_attribute = ref;
      if (typed(contract::kCallSiteAttribute)) index.call_site_attribute = ref;
    }
  }

  void regions(DefinitionIndex& index) {
    RegionTable& regions = model_.regions;
    for (const auto& [ref, r] : defs_.regions) {
      index.regions.add(ref, static_cast<Index>(regions.size()));
      regions.id.push_back(ref);
      regions.name.push_back(text(r.name));
      regions.paradigm.push_back(r.paradigm);
      regions.role.push_back(r.role);
      index.region_is_hardware.push_back(r.paradigm == contract::kProtocolPhaseParadigm);
    }
  }

  // World ranks by OTF2's rules (location_table.hpp). A location's row is its index in the
  // definitions (tracer::LocationIndex): every defined location is a row, in order.
  void locations(DefinitionIndex& index) {
    LocationTable& locations = model_.locations;
    for (const tracer::Definitions::Location& l : defs_.locations) {
      locations.id.push_back(l.ref);
      // A rank the trace filter left out has no definition of its own (tracer::Definitions).
      locations.name.push_back(l.untraced ? "MPI Rank " + std::to_string(l.ref) + " (not traced)" : text(l.name));
      locations.kind.push_back(LocationKind::Other);
      locations.world_rank.push_back(kNoRank);
      locations.events.push_back(l.events);
      locations.traced.push_back(l.untraced ? 0 : 1);
    }
    if (const tracer::Definitions::Group* all = comm_locations()) {
      for (std::size_t rank = 0; rank < all->members.size(); ++rank) {
        const Index row = defs_.find_location(all->members[rank]);
        if (row == kNoIndex || locations.kind[row] == LocationKind::Rank) {
          bad("the MPI locations group names location " + std::to_string(all->members[rank]) +
              (row == kNoIndex ? ", which is not defined" : " twice"));
          locations.location_of_rank.push_back(kNoIndex);
          continue;
        }
        locations.kind[row] = LocationKind::Rank;
        locations.world_rank[row] = static_cast<RankId>(rank);
        locations.location_of_rank.push_back(row);
        rank_of_group_.try_emplace(defs_.locations[row].group, static_cast<RankId>(rank));
      }
    }
    for (Index row = 0; row < locations.size(); ++row) {
      if (locations.kind[row] == LocationKind::Rank) continue;
      auto group = rank_of_group_.find(defs_.locations[row].group);
      if (group == rank_of_group_.end()) continue;
      locations.world_rank[row] = group->second;
      // A lane until it enters a region that is not a protocol phase (the event reader decides).
      if (defs_.locations[row].type == contract::kNetworkLaneType) locations.kind[row] = LocationKind::NetworkLane;
    }
    for (Index row : locations.location_of_rank) {
      if (row != kNoIndex && !defs_.locations[row].untraced) index.read_order.push_back(row);
    }
    for (Index row = 0; row < locations.size(); ++row) {
      if (locations.kind[row] != LocationKind::Rank && !defs_.locations[row].untraced) index.read_order.push_back(row);
    }
    digests(index);
  }

  // The event file digests Crossover's writer records (xo/tracer/file_digest.hpp).
  void digests(DefinitionIndex& index) {
    index.digest.assign(model_.locations.size(), 0);
    index.has_digest.assign(model_.locations.size(), 0);
    for (const tracer::Definitions::Property& p : defs_.properties) {
      if (p.owner_kind != tracer::Definitions::PropertyOwner::Location || p.type != OTF2_TYPE_UINT64) continue;
      const Index row = defs_.find_location(p.owner);
      if (row == kNoIndex || text(p.name) != tracer::kLocationPropertyDigest) continue;
      index.digest[row] = p.value.uint64;
      index.has_digest[row] = 1;
      index.digests = true;
    }
  }

  void communicators(DefinitionIndex& index) {
    CommunicatorTable& comms = model_.communicators;
    tracer::CommunicatorResolver resolver(defs_);
    std::vector<OTF2_CommRef> parents;
    for (const auto& [ref, c] : defs_.comms) {
      if (is_thread_team(c)) continue;
      index.comms.add(ref, static_cast<Index>(comms.size()));
      const tracer::CommunicatorRanks resolved = resolver.resolve(c);
      if (resolved.kind == tracer::CommunicatorRanks::Kind::Broken) {
        bad("communicator " + std::to_string(ref) + " " + resolved.broken);
      }
      comms.id.push_back(ref);
      comms.name.push_back(text(c.name));
      comms.members.push_back(world_ranks(resolved.members));  // an InterComm's: both groups
      comms.is_self.push_back(resolved.kind == tracer::CommunicatorRanks::Kind::Self);
      index.comm_ranks.push_back(comm_ranks(resolved));
      parents.push_back(c.parent);
    }
    for (OTF2_CommRef parent : parents) {
      comms.parent.push_back(parent == OTF2_UNDEFINED_COMM ? kNoIndex : index.comms.find(parent));
    }
    // Groups that RMA group synchronisations may name (any MPI communicator group).
    for (const auto& [ref, g] : defs_.groups) {
      if (g.type != OTF2_GROUP_TYPE_COMM_GROUP || g.paradigm != OTF2_PARADIGM_MPI) continue;
      std::string broken;
      const std::vector<tracer::LocationIndex> members = resolver.group_locations(ref, broken);
      if (broken.empty()) model_.rma.group_ranks.emplace(ref, world_ranks(members));
    }
  }

 private:
  // A communicator of threads (an OpenMP team, Crossover's network lanes' team), which MPI
  // records never name: its group is of another paradigm than MPI.
  bool is_thread_team(const tracer::Definitions::Comm& c) const {
    const tracer::Definitions::Group* g = group(c.group);
    return g != nullptr && g->paradigm != OTF2_PARADIGM_MPI;
  }

  // The MPI paradigm's COMM_LOCATIONS group: its members are the rank locations by world rank.
  const tracer::Definitions::Group* comm_locations() const {
    auto it = defs_.comm_locations.find(OTF2_PARADIGM_MPI);
    return it == defs_.comm_locations.end() ? nullptr : group(it->second);
  }

  const tracer::Definitions::Group* group(OTF2_GroupRef ref) const {
    auto it = defs_.groups.find(ref);
    return it == defs_.groups.end() ? nullptr : &it->second;
  }

  // Communicator ranks as world ranks (tracer/communicator_ranks.hpp has the rule).
  DefinitionIndex::CommRanks comm_ranks(const tracer::CommunicatorRanks& resolved) const {
    DefinitionIndex::CommRanks out;
    switch (resolved.kind) {
      case tracer::CommunicatorRanks::Kind::Broken: break;
      case tracer::CommunicatorRanks::Kind::Self: out.self = true; break;
      case tracer::CommunicatorRanks::Kind::Ranks: out.world = world_ranks(resolved.ranks); break;
      case tracer::CommunicatorRanks::Kind::Inter: {
        out.inter = true;
        out.world = world_ranks(resolved.ranks);
        out.remote = world_ranks(resolved.remote);
        out.group_of_rank.assign(model_.locations.location_of_rank.size(), 0);
        for (RankId r : out.world) {
          if (r != kNoRank) out.group_of_rank[static_cast<std::size_t>(r)] = 1;
        }
        for (RankId r : out.remote) {
          if (r != kNoRank) out.group_of_rank[static_cast<std::size_t>(r)] = 2;
        }
        break;
      }
    }
    return out;
  }

  std::vector<RankId> world_ranks(const std::vector<tracer::LocationIndex>& locations) const {
    std::vector<RankId> out;
    out.reserve(locations.size());
    for (tracer::LocationIndex l : locations) out.push_back(model_.locations.world_rank[l]);
    return out;
  }

  void bad(std::string what) {
    log_.add(&ReadProblems::bad_references, [&] { return std::move(what); });
  }

  tracer::Definitions& defs_;
  TraceModel& model_;
  ProblemLog& log_;
  const DefinitionIndex* index_ = nullptr;
  std::unordered_map<OTF2_LocationGroupRef, RankId> rank_of_group_;
};

}  // namespace

DefinitionIndex read_definition_index(tracer::Otf2TraceFile& file, TraceModel& model, ProblemLog& log) {
  tracer::Definitions defs = tracer::read_definitions(file, [&](const char* kind, std::uint64_t ref) {
    log.add(&ReadProblems::bad_references, [&] {
      return std::string(kind) + " " + std::to_string(ref) + " is defined twice; the first definition is used";
    });
  });
  const tracer::Definitions::Clock& clock = defs.clock;
  if (!clock.defined || clock.resolution == 0) {
    file.fail(
        "its definitions give no clock resolution (OTF2 ClockProperties); the archive is corrupt or was not "
        "finished, record it again");
  }
  model.run.timer_resolution = clock.resolution;
  model.run.global_offset = clock.global_offset;
  model.run.trace_length = clock.trace_length;

  DefinitionIndex index;
  index.global_offset = clock.global_offset;
  index.seconds_per_tick = 1.0 / static_cast<double>(clock.resolution);
  Resolver resolver(defs, model, log);
  resolver.strings(index);
  resolver.attributes(index);
  resolver.regions(index);
  resolver.call_sites(index);
  resolver.locations(index);
  resolver.communicators(index);
  return index;
}

}  // namespace xo::analyzer
