#include "archive_plan.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

#include "peer_world_rank.hpp"
#include "xo/tracer/trace_contract.hpp"

namespace xo::tracer {

namespace {

// Resolves the return addresses of the run's Enter events (call_site_resolver.hpp), once each.
void plan_call_sites(const TraceRecorder& run, ArchivePlan& plan) {
  if (!run.has_call_sites()) return;  // no pass over the events of a run without them
  std::unordered_map<std::uint64_t, OTF2_CallingContextRef>& context = plan.context_of_address;
  for (const RankLog& log : run.ranks()) {
    for (const RankEvent& e : log.events) {
      if (e.kind == RankEventKind::Enter && e.wide != 0) context.try_emplace(e.wide, OTF2_UNDEFINED_CALLING_CONTEXT);
    }
  }
  if (context.empty()) return;
  // Every rank's copy of the program has its own addresses for the same site: group them by the
  // resolver's site first (one per file offset), so that the sites are compared once each.
  CallSiteResolver resolver;
  std::unordered_map<const SourceSite*, std::vector<std::uint64_t>> addresses_of_resolved;
  for (const auto& [address, ref] : context) {
    const SourceSite& site = resolver.resolve(static_cast<std::uintptr_t>(address));
    if (!site.object.empty()) addresses_of_resolved[&site].push_back(address);
  }
  std::map<SourceSite, std::vector<const std::vector<std::uint64_t>*>> addresses_of_site;
  for (const auto& [site, addresses] : addresses_of_resolved) addresses_of_site[*site].push_back(&addresses);
  for (const auto& [site, address_lists] : addresses_of_site) {
    const auto ref = static_cast<OTF2_CallingContextRef>(plan.call_sites.size());
    for (const std::vector<std::uint64_t>* addresses : address_lists) {
      for (const std::uint64_t address : *addresses) context[address] = ref;
    }
    plan.call_sites.push_back(site);
  }
}

// Dense refs for `items` (communicators, windows) in the order of their observer ids: `by_ref` lists
// them in ref order, `ref_of_id` gives each id's ref (`undefined` for ids that are not there).
template <class Item, class Ref>
void number_by_id(const std::vector<Item>& items, std::vector<const Item*>& by_ref, std::vector<Ref>& ref_of_id,
                  Ref undefined) {
  for (const Item& item : items) by_ref.push_back(&item);
  std::sort(by_ref.begin(), by_ref.end(), [](const Item* a, const Item* b) { return a->id < b->id; });
  for (std::size_t ref = 0; ref < by_ref.size(); ++ref) {
    const auto id = static_cast<std::size_t>(by_ref[ref]->id);
    if (id >= ref_of_id.size()) ref_of_id.resize(id + 1, undefined);
    ref_of_id[id] = static_cast<Ref>(ref);
  }
}

// OTF2_Definitions.h (OTF2_GroupType): a COMM_LOCATIONS group lists the MPI locations by world
// rank; each communicator's COMM_GROUP lists its members as indices into it in communicator rank
// order (communicators with the same members share one), and MPI_COMM_SELF is a COMM_SELF group.
// An intercommunicator has two COMM_GROUPs. The groups of post-start-complete-wait calls are
// COMM_GROUPs too, shared with any communicator of the same members.
void plan_groups(const TraceRecorder& run, ArchivePlan& plan) {
  std::vector<std::uint64_t> world(static_cast<std::size_t>(run.info().ranks));
  std::iota(world.begin(), world.end(), 0u);
  plan.groups.push_back({"MPI ranks", OTF2_GROUP_TYPE_COMM_LOCATIONS, std::move(world)});
  std::map<std::vector<std::uint64_t>, OTF2_GroupRef> group_of_members;
  auto comm_group = [&](const std::vector<int>& world_ranks, const std::string& name) {
    std::vector<std::uint64_t> members(world_ranks.begin(), world_ranks.end());
    auto [it, added] = group_of_members.try_emplace(members, static_cast<OTF2_GroupRef>(plan.groups.size()));
    if (added) plan.groups.push_back({name, OTF2_GROUP_TYPE_COMM_GROUP, std::move(members)});
    return it->second;
  };
  OTF2_GroupRef self_group = OTF2_UNDEFINED_GROUP;
  for (const mpi::CommInfo* comm : plan.comms_by_ref) {
    OTF2_GroupRef group;
    if (comm->id == kCommSelfId) {
      if (self_group == OTF2_UNDEFINED_GROUP) {
        self_group = static_cast<OTF2_GroupRef>(plan.groups.size());
        plan.groups.push_back({"MPI_COMM_SELF", OTF2_GROUP_TYPE_COMM_SELF, {}});
      }
      group = self_group;
    } else {
      group = comm_group(comm->world_ranks, (comm->inter ? "group A of " : "members of ") + comm->name);
    }
    plan.group_of_comm.push_back(group);
    plan.remote_group_of_comm.push_back(comm->inter ? comm_group(comm->remote_world_ranks, "group B of " + comm->name)
                                                    : OTF2_UNDEFINED_GROUP);
  }
  for (const std::vector<int>& members : run.rma_groups()) {
    plan.group_of_rma_group.push_back(comm_group(members, "one-sided synchronisation group"));
  }
}

// The network lanes' thread team (trace_contract.hpp): its COMM_LOCATIONS group lists the rank
// locations (ids = world ranks), its COMM_GROUP indexes them, both of the lanes' paradigm.
void plan_lane_team(const TraceRecorder& run, ArchivePlan& plan) {
  if (plan.phases_by_region.empty()) return;
  std::vector<std::uint64_t> ranks(static_cast<std::size_t>(run.info().ranks));
  std::iota(ranks.begin(), ranks.end(), 0u);
  plan.groups.push_back(
      {"network lane threads", OTF2_GROUP_TYPE_COMM_LOCATIONS, ranks, contract::kNetworkLaneParadigm});
  plan.lane_team_group = static_cast<OTF2_GroupRef>(plan.groups.size());
  plan.groups.push_back(
      {contract::kNetworkLaneTeam, OTF2_GROUP_TYPE_COMM_GROUP, std::move(ranks), contract::kNetworkLaneParadigm});
  plan.lane_team = static_cast<OTF2_CommRef>(plan.comms_by_ref.size());
}

}  // namespace

ArchivePlan make_plan(const TraceRecorder& run) {
  ArchivePlan plan;

  // Regions: calls sorted by name, so that the numbering does not depend on which rank called
  // what first; then the phases that occurred.
  const NameTable& calls = run.calls();
  plan.calls_by_region.resize(calls.size());
  std::iota(plan.calls_by_region.begin(), plan.calls_by_region.end(), 0u);
  std::sort(plan.calls_by_region.begin(), plan.calls_by_region.end(),
            [&](std::uint32_t a, std::uint32_t b) { return calls.name(a) < calls.name(b); });
  plan.region_of_call.resize(calls.size());
  for (std::size_t region = 0; region < plan.calls_by_region.size(); ++region) {
    plan.region_of_call[plan.calls_by_region[region]] = static_cast<OTF2_RegionRef>(region);
  }
  for (std::size_t value = 0; value < run.phases_seen().size(); ++value) {
    if (!run.phases_seen()[value]) continue;
    plan.region_of_phase[value] = static_cast<OTF2_RegionRef>(calls.size() + plan.phases_by_region.size());
    plan.phases_by_region.push_back(static_cast<mpi::Phase>(value));
  }

  // Communicators and windows: dense refs in the order of their (stable) observer ids.
  number_by_id(run.comms(), plan.comms_by_ref, plan.comm_of_id, OTF2_UNDEFINED_COMM);
  plan_groups(run, plan);
  number_by_id(run.windows(), plan.windows_by_ref, plan.window_of_id, OTF2_UNDEFINED_RMA_WIN);
  plan_lane_team(run, plan);

  // Strings that events carry; the definitions add theirs later.
  for (std::uint32_t id = 0; id < run.paths().size(); ++id) {
    plan.path_strings.push_back(plan.strings.ref(run.paths().name(id)));
  }
  for (std::uint32_t id = 0; id < run.algorithms().size(); ++id) {
    plan.algorithm_strings.push_back(plan.strings.ref(run.algorithms().name(id)));
  }
  plan_call_sites(run, plan);
  return plan;
}

}  // namespace xo::tracer
