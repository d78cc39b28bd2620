#include "model/legend_entries.hpp"

#include <algorithm>
#include <map>

#include "model/phase_kind.hpp"

namespace xo::gui {

std::vector<LegendGroup> legend_groups(const TimelineData& d) {
  const CategoryTable& c = d.categories;
  LegendGroup calls{"MPI calls", {}}, messages{"messages by protocol", {}}, collectives{"collectives by algorithm", {}};
  std::map<PhaseFamily, LegendGroup> phases;
  for (std::uint32_t id = 0; id < c.size(); ++id) {
    const LegendEntry entry{c.name(id), c.colour(id), c.uses(id)};
    const std::uint8_t roles = c.roles(id);
    if (roles & kCallRole) calls.entries.push_back(entry);
    if (roles & kPhaseRole) {
      const PhaseFamily family = phase_family(c.name(id));
      LegendGroup& group = phases[family];
      group.title = QString("phases: ") + phase_family_title(family);
      group.entries.push_back(entry);
    }
    if (roles & kMessageRole) messages.entries.push_back(entry);
    if (roles & kCollectiveRole) collectives.entries.push_back(entry);
  }
  std::vector<LegendGroup> groups;
  auto add = [&groups](LegendGroup group) {
    if (group.entries.empty()) return;
    std::stable_sort(group.entries.begin(), group.entries.end(),
                     [](const LegendEntry& a, const LegendEntry& b) { return a.uses > b.uses; });
    groups.push_back(std::move(group));
  };
  add(std::move(calls));
  for (auto& [family, group] : phases) add(std::move(group));
  add(std::move(messages));
  add(std::move(collectives));
  LegendGroup epochs{"one-sided epochs (bars under the calls)", {}};
  for (const EpochMark& mark : d.epochs.marks) {
    const QString name = epoch_kind_name(mark.kind);
    auto entry = std::find_if(epochs.entries.begin(), epochs.entries.end(),
                              [&](const LegendEntry& e) { return e.name == name; });
    if (entry == epochs.entries.end())
      entry = epochs.entries.insert(epochs.entries.end(), {name, epoch_colour(mark.kind), 0});
    ++entry->uses;
  }
  add(std::move(epochs));
  return groups;
}

}  // namespace xo::gui
