// CommunicatorResolver: the one rule by which the checker and the trace model map communicator
// ranks to locations (OTF2_Definitions.h), on definitions built by hand.

#include "xo/tracer/communicator_ranks.hpp"

#include <gtest/gtest.h>

#include <vector>

using xo::tracer::CommunicatorRanks;
using xo::tracer::CommunicatorResolver;
using xo::tracer::Definitions;
using xo::tracer::LocationIndex;
using Kind = CommunicatorRanks::Kind;

namespace {

// Four MPI locations with refs 10, 11, 12, 13 (indices 0..3); the COMM_LOCATIONS group 0 lists
// them in the order 13, 12, 11, 10, so position p is location index 3 - p.
Definitions four_ranks() {
  Definitions d;
  for (std::uint64_t ref = 10; ref < 14; ++ref) {
    d.location_index.emplace(ref, static_cast<LocationIndex>(d.locations.size()));
    d.locations.push_back({ref, OTF2_UNDEFINED_STRING, OTF2_LOCATION_TYPE_CPU_THREAD, 0, 0});
  }
  d.groups.add(0, {OTF2_UNDEFINED_STRING,
                   OTF2_GROUP_TYPE_COMM_LOCATIONS,
                   OTF2_PARADIGM_MPI,
                   OTF2_GROUP_FLAG_NONE,
                   {13, 12, 11, 10},
                   0});
  d.comm_locations.emplace(OTF2_PARADIGM_MPI, 0);
  return d;
}

void add_group(Definitions& d, OTF2_GroupRef ref, OTF2_GroupType type, std::vector<std::uint64_t> members,
               OTF2_GroupFlag flags = OTF2_GROUP_FLAG_NONE) {
  d.groups.add(ref, {OTF2_UNDEFINED_STRING, type, OTF2_PARADIGM_MPI, flags, std::move(members),
                     static_cast<std::uint32_t>(d.groups.size())});
}

Definitions::Comm comm(OTF2_GroupRef group, OTF2_GroupRef remote = OTF2_UNDEFINED_GROUP) {
  return {OTF2_UNDEFINED_STRING,         group, remote, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE,
          remote != OTF2_UNDEFINED_GROUP};
}

}  // namespace

TEST(CommunicatorRanks, ACommGroupListsPositionsInTheParadigmsLocations) {
  Definitions d = four_ranks();
  add_group(d, 1, OTF2_GROUP_TYPE_COMM_GROUP, {2, 0});
  const CommunicatorRanks r = CommunicatorResolver(d).resolve(comm(1));
  EXPECT_EQ(r.kind, Kind::Ranks);
  EXPECT_FALSE(r.global);
  EXPECT_EQ(r.ranks, (std::vector<LocationIndex>{1, 3}));
  EXPECT_EQ(r.members, r.ranks);
}

TEST(CommunicatorRanks, WithGlobalMembersEventsNamePositionsOfTheWholeParadigm) {
  Definitions d = four_ranks();
  add_group(d, 1, OTF2_GROUP_TYPE_COMM_GROUP, {1, 3}, OTF2_GROUP_FLAG_GLOBAL_MEMBERS);
  const CommunicatorRanks r = CommunicatorResolver(d).resolve(comm(1));
  EXPECT_TRUE(r.global);
  EXPECT_EQ(r.members, (std::vector<LocationIndex>{2, 0}));
  EXPECT_EQ(r.ranks, (std::vector<LocationIndex>{3, 2, 1, 0}));
}

TEST(CommunicatorRanks, SelfAndLocationGroupsAndInterCommunicators) {
  Definitions d = four_ranks();
  add_group(d, 1, OTF2_GROUP_TYPE_COMM_SELF, {});
  add_group(d, 2, OTF2_GROUP_TYPE_COMM_GROUP, {0, 1});
  add_group(d, 3, OTF2_GROUP_TYPE_COMM_GROUP, {2, 3});
  CommunicatorResolver resolver(d);
  EXPECT_EQ(resolver.resolve(comm(1)).kind, Kind::Self);
  const CommunicatorRanks locations = resolver.resolve(comm(0));
  EXPECT_EQ(locations.ranks, (std::vector<LocationIndex>{3, 2, 1, 0}));
  const CommunicatorRanks inter = resolver.resolve(comm(2, 3));
  EXPECT_EQ(inter.kind, Kind::Inter);
  EXPECT_EQ(inter.ranks, (std::vector<LocationIndex>{3, 2}));
  EXPECT_EQ(inter.remote, (std::vector<LocationIndex>{1, 0}));
  EXPECT_EQ(inter.members, (std::vector<LocationIndex>{3, 2, 1, 0}));
}

TEST(CommunicatorRanks, ABrokenDefinitionSaysWhy) {
  Definitions d = four_ranks();
  add_group(d, 1, OTF2_GROUP_TYPE_COMM_GROUP, {1, 4});
  add_group(d, 2, OTF2_GROUP_TYPE_LOCATIONS, {10});
  add_group(d, 3, OTF2_GROUP_TYPE_COMM_LOCATIONS, {10, 99});
  CommunicatorResolver resolver(d);
  const CommunicatorRanks beyond = resolver.resolve(comm(1));
  EXPECT_EQ(beyond.kind, Kind::Broken);
  EXPECT_EQ(beyond.broken, "has member 4 of only 4 locations in its paradigm's COMM_LOCATIONS group");
  EXPECT_EQ(resolver.resolve(comm(2)).broken, "has group 2, which is not a communicator group");
  EXPECT_EQ(resolver.resolve(comm(3)).broken, "has group 3 naming location 99, which is not defined");
  EXPECT_EQ(resolver.resolve(comm(7)).broken, "has group 7, which is not defined");
  EXPECT_EQ(resolver.resolve(comm(1, 7)).kind, Kind::Broken);
}
