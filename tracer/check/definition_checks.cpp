#include "definition_checks.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_set>
#include <vector>

namespace xo::tracer {

namespace {

// A map's refs in increasing order, so problems come out in the order a reader would look for them.
template <typename Map>
std::vector<typename Map::key_type> sorted_refs(const Map& map) {
  std::vector<typename Map::key_type> refs;
  refs.reserve(map.size());
  for (const auto& entry : map) refs.push_back(entry.first);
  std::sort(refs.begin(), refs.end());
  return refs;
}

// OTF2's "undefined" value of every reference type is the all-ones value of its width.
template <typename Ref>
constexpr Ref kUndefined = std::numeric_limits<Ref>::max();

class DefinitionChecker {
 public:
  DefinitionChecker(const Definitions& defs, ProblemLog& log) : defs_(defs), log_(log) {}

  void run() {
    for (auto ref : sorted_refs(defs_.attributes)) attribute(ref, defs_.attributes.at(ref));
    for (auto ref : sorted_refs(defs_.system_tree_nodes)) system_tree_node(ref, defs_.system_tree_nodes.at(ref));
    for (auto ref : sorted_refs(defs_.location_groups)) location_group(ref, defs_.location_groups.at(ref));
    for (LocationIndex l = 0; l < defs_.locations.size(); ++l) location(l);
    for (auto ref : sorted_refs(defs_.regions)) region(ref, defs_.regions.at(ref));
    for (auto ref : sorted_refs(defs_.paradigms)) {
      string_ref([&] { return defs_.paradigm_label(ref); }, "name", defs_.paradigms.at(ref));
    }
    for (auto ref : sorted_refs(defs_.groups)) group(ref, defs_.groups.at(ref));
    for (auto ref : sorted_refs(defs_.comms)) comm(ref, defs_.comms.at(ref));
    for (const auto& p : defs_.properties) property(p);
  }

 private:
  template <typename Owner>
  void string_ref(const Owner& owner, const char* field, OTF2_StringRef ref) {
    if (ref == OTF2_UNDEFINED_STRING || defs_.strings.count(ref) != 0) return;
    log_.add(
        [&] { return owner() + ": its " + field + " is string " + std::to_string(ref) + ", which is not defined"; });
  }

  // A reference to a `kind` definition in `map`; an optional one may be OTF2's undefined value.
  template <typename Owner, typename Map>
  void ref(const Owner& owner, const char* kind, const Map& map, typename Map::key_type ref, bool optional) {
    if (optional && ref == kUndefined<typename Map::key_type>) return;
    if (map.count(ref) != 0) return;
    log_.add([&] {
      return owner() + ": its " + kind + " " + std::to_string(ref) + " is not defined" +
             (ref == kUndefined<typename Map::key_type> ? " (it is OTF2's undefined value)" : "");
    });
  }

  void attribute(OTF2_AttributeRef self, const Definitions::Attribute& a) {
    auto owner = [&] { return defs_.attribute_label(self); };
    string_ref(owner, "name", a.name);
    string_ref(owner, "description", a.description);
  }

  void system_tree_node(OTF2_SystemTreeNodeRef self, const Definitions::SystemTreeNode& n) {
    auto owner = [&] { return "system tree node " + std::to_string(self); };
    string_ref(owner, "name", n.name);
    string_ref(owner, "class name", n.class_name);
    ref(owner, "parent system tree node", defs_.system_tree_nodes, n.parent, true);
  }

  void location_group(OTF2_LocationGroupRef self, const Definitions::LocationGroup& g) {
    auto owner = [&] { return "location group " + std::to_string(self); };
    string_ref(owner, "name", g.name);
    ref(owner, "system tree parent", defs_.system_tree_nodes, g.parent, true);
    ref(owner, "creating location group", defs_.location_groups, g.creator, true);
  }

  void location(LocationIndex index) {
    const Definitions::Location& l = defs_.locations[index];
    if (l.untraced) return;  // no definition of its own
    auto owner = [&] { return defs_.location_label(index); };
    string_ref(owner, "name", l.name);
    ref(owner, "location group", defs_.location_groups, l.group, false);
  }

  void region(OTF2_RegionRef self, const Definitions::Region& r) {
    auto owner = [&] { return defs_.region_label(self); };
    string_ref(owner, "name", r.name);
    string_ref(owner, "canonical name", r.canonical_name);
    string_ref(owner, "description", r.description);
    string_ref(owner, "source file", r.source_file);
  }

  void group(OTF2_GroupRef self, const Definitions::Group& g) {
    auto owner = [&] { return defs_.group_label(self) + " (" + group_type_name(g.type) + ")"; };
    string_ref(owner, "name", g.name);
    switch (g.type) {
      case OTF2_GROUP_TYPE_LOCATIONS: location_members(owner, g); break;
      case OTF2_GROUP_TYPE_COMM_LOCATIONS:
        location_members(owner, g);
        distinct_members(owner, g);
        if (defs_.comm_locations.at(g.paradigm) != self) {
          log_.add([&] {
            return owner() + ": a second COMM_LOCATIONS group of " + defs_.paradigm_label(g.paradigm) +
                   " (the first is " + defs_.group_label(defs_.comm_locations.at(g.paradigm)) +
                   ", the one its COMM_GROUP groups index)";
          });
        }
        break;
      case OTF2_GROUP_TYPE_REGIONS:
        members(
            owner, g,
            [&](std::uint64_t m) {
              return m <= kUndefined<OTF2_RegionRef> && defs_.regions.count(static_cast<OTF2_RegionRef>(m)) != 0;
            },
            [](std::uint64_t m) { return "is region " + std::to_string(m) + ", which is not defined"; });
        break;
      case OTF2_GROUP_TYPE_COMM_GROUP: comm_group(owner, g); break;
      case OTF2_GROUP_TYPE_COMM_SELF:
        if (!comm_self_paradigms_.insert(g.paradigm).second) {
          log_.add([&] {
            return owner() + ": a second COMM_SELF group of " + defs_.paradigm_label(g.paradigm) +
                   "; OTF2 allows one per paradigm";
          });
        }
        break;
      default: break;
    }
  }

  template <typename Owner>
  void location_members(const Owner& owner, const Definitions::Group& g) {
    members(
        owner, g, [&](std::uint64_t m) { return defs_.location_index.count(m) != 0; },
        [](std::uint64_t m) { return "is location " + std::to_string(m) + ", which is not defined"; });
  }

  // A COMM_GROUP lists positions in its paradigm's COMM_LOCATIONS group, which must come first
  // (OTF2_Definitions.h, OTF2_GROUP_TYPE_COMM_LOCATIONS).
  template <typename Owner>
  void comm_group(const Owner& owner, const Definitions::Group& g) {
    auto it = defs_.comm_locations.find(g.paradigm);
    if (it == defs_.comm_locations.end()) {
      log_.add([&] {
        return owner() + ": " + defs_.paradigm_label(g.paradigm) +
               " has no COMM_LOCATIONS group for its members to index";
      });
      return;
    }
    const Definitions::Group& all = defs_.groups.at(it->second);
    if (all.order > g.order) {
      log_.add([&] {
        return owner() + ": defined before " + defs_.group_label(it->second) +
               ", the COMM_LOCATIONS group it indexes; OTF2 requires that one first";
      });
    }
    members(
        owner, g, [&](std::uint64_t m) { return m < all.members.size(); },
        [&](std::uint64_t m) {
          return "is position " + std::to_string(m) + " of " + defs_.group_label(it->second) + ", which has " +
                 std::to_string(all.members.size()) + " members";
        });
    distinct_members(owner, g);
  }

  // One problem per group however many members are wrong: the first, and how many.
  template <typename Owner, typename Valid, typename Complaint>
  void members(const Owner& owner, const Definitions::Group& g, const Valid& valid, const Complaint& complaint) {
    std::size_t bad = 0, first = 0;
    for (std::size_t i = 0; i < g.members.size(); ++i) {
      if (!valid(g.members[i]) && bad++ == 0) first = i;
    }
    if (bad == 0) return;
    log_.add([&] {
      return owner() + ": member " + std::to_string(first) + " " + complaint(g.members[first]) +
             (bad > 1 ? " (" + std::to_string(bad) + " such members)" : "");
    });
  }

  // The members of a communicator's group are distinct processes, as in any MPI group.
  template <typename Owner>
  void distinct_members(const Owner& owner, const Definitions::Group& g) {
    std::unordered_map<std::uint64_t, std::size_t> seen;
    for (std::size_t i = 0; i < g.members.size(); ++i) {
      auto [it, fresh] = seen.try_emplace(g.members[i], i);
      if (fresh) continue;
      log_.add([&] {
        return owner() + ": member " + std::to_string(i) + " repeats member " + std::to_string(it->second) + " (" +
               std::to_string(g.members[i]) + ")";
      });
      return;
    }
  }

  void comm(OTF2_CommRef self, const Definitions::Comm& c) {
    auto owner = [&] { return defs_.comm_label(self); };
    string_ref(owner, "name", c.name);
    comm_group_ref(owner, c.inter ? "group A" : "group", c.group);
    if (c.inter) comm_group_ref(owner, "group B", c.remote_group);
    ref(owner, c.inter ? "common communicator" : "parent communicator", defs_.comms, c.parent, true);
  }

  template <typename Owner>
  void comm_group_ref(const Owner& owner, const char* field, OTF2_GroupRef group) {
    auto it = defs_.groups.find(group);
    if (it == defs_.groups.end()) {
      log_.add([&] { return owner() + ": its " + field + " " + std::to_string(group) + " is not defined"; });
      return;
    }
    const OTF2_GroupType type = it->second.type;
    if (type != OTF2_GROUP_TYPE_COMM_LOCATIONS && type != OTF2_GROUP_TYPE_COMM_GROUP &&
        type != OTF2_GROUP_TYPE_COMM_SELF) {
      log_.add([&] {
        return owner() + ": its " + field + " is " + defs_.group_label(group) + " of type " + group_type_name(type) +
               "; a communicator's group is COMM_LOCATIONS, COMM_GROUP or COMM_SELF";
      });
    }
  }

  void property(const Definitions::Property& p) {
    auto owner = [&] {
      switch (p.owner_kind) {
        case Definitions::PropertyOwner::SystemTreeNode:
          return "a property of system tree node " + std::to_string(p.owner);
        case Definitions::PropertyOwner::LocationGroup:
          return "a property of location group " + std::to_string(p.owner);
        case Definitions::PropertyOwner::Location: return "a property of location " + std::to_string(p.owner);
        case Definitions::PropertyOwner::Paradigm: break;
      }
      return "a property of " + defs_.paradigm_label(static_cast<OTF2_Paradigm>(p.owner));
    };
    switch (p.owner_kind) {
      case Definitions::PropertyOwner::SystemTreeNode:
        ref(owner, "system tree node", defs_.system_tree_nodes, static_cast<OTF2_SystemTreeNodeRef>(p.owner), false);
        break;
      case Definitions::PropertyOwner::LocationGroup:
        ref(owner, "location group", defs_.location_groups, static_cast<OTF2_LocationGroupRef>(p.owner), false);
        break;
      case Definitions::PropertyOwner::Location: ref(owner, "location", defs_.location_index, p.owner, false); break;
      case Definitions::PropertyOwner::Paradigm: break;
    }
    string_ref(owner, "name", p.name);
    if (!defs_.resolves(p.type, p.value)) {
      log_.add([&] { return owner() + ": its value is a " + type_name(p.type) + " reference that is not defined"; });
    }
  }

  const Definitions& defs_;
  ProblemLog& log_;
  std::unordered_set<OTF2_Paradigm> comm_self_paradigms_;
};

}  // namespace

void check_definitions(const Definitions& defs, ProblemLog& log) { DefinitionChecker(defs, log).run(); }

const char* group_type_name(OTF2_GroupType type) {
  switch (type) {
    case OTF2_GROUP_TYPE_LOCATIONS: return "LOCATIONS";
    case OTF2_GROUP_TYPE_REGIONS: return "REGIONS";
    case OTF2_GROUP_TYPE_METRIC: return "METRIC";
    case OTF2_GROUP_TYPE_COMM_LOCATIONS: return "COMM_LOCATIONS";
    case OTF2_GROUP_TYPE_COMM_GROUP: return "COMM_GROUP";
    case OTF2_GROUP_TYPE_COMM_SELF: return "COMM_SELF";
    default: return "UNKNOWN";
  }
}

}  // namespace xo::tracer
