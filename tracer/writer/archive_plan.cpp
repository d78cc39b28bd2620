#include "archive_plan.hpp"

#include <algorithm>
#include <map>
#include <numeric>

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
  CallSiteResolver resolver;
  std::map<SourceSite, std::vector<std::uint64_t>> addresses_of_site;
  for (const auto& [address, ref] : context) {
    SourceSite site = resolver.resolve(static_cast<std::uintptr_t>(address));
    if (!site.object.empty()) addresses_of_site[std::move(site)].push_back(address);
  }
  for (auto& [site, addresses] : addresses_of_site) {
    const auto ref = static_cast<OTF2_CallingContextRef>(plan.call_sites.size());
    for (std::uint64_t address : addresses) context[address] = ref;
    plan.call_sites.push_back(site);
  }
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

  // Communicators: dense refs in the order of their (stable) observer ids.
  for (const mpi::CommInfo& comm : run.comms()) plan.comms_by_ref.push_back(&comm);
  std::sort(plan.comms_by_ref.begin(), plan.comms_by_ref.end(),
            [](const mpi::CommInfo* a, const mpi::CommInfo* b) { return a->id < b->id; });
  for (std::size_t ref = 0; ref < plan.comms_by_ref.size(); ++ref) {
    const auto id = static_cast<std::size_t>(plan.comms_by_ref[ref]->id);
    if (id >= plan.comm_of_id.size()) plan.comm_of_id.resize(id + 1, OTF2_UNDEFINED_COMM);
    plan.comm_of_id[id] = static_cast<OTF2_CommRef>(ref);
  }

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
