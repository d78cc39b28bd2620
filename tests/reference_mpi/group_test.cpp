// Group algebra (MPI-1 ordering rules, validation) and the per-rank group handle table.

#include "xo/mpi/state/group.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "xo/mpi/state/group_table.hpp"
#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {
namespace {

using Ranks = std::vector<int>;

std::shared_ptr<const Group> list(Ranks world_ranks) { return Group::from_world_ranks(std::move(world_ranks)); }

// Runs `body`, expects an MpiError of `error_class` whose message contains `fragment`.
template <class Body>
void expect_error(int error_class, const std::string& fragment, Body&& body) {
  try {
    body();
    ADD_FAILURE() << "expected MpiError " << error_class << " mentioning '" << fragment << "'";
  } catch (const MpiError& error) {
    EXPECT_EQ(error.error_class(), error_class) << error.what();
    EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
  }
}

TEST(Group, RangeBasics) {
  auto g = Group::range(10, 4);
  EXPECT_EQ(g->size(), 4);
  EXPECT_EQ(g->world_ranks(), (Ranks{10, 11, 12, 13}));
  EXPECT_EQ(g->world_rank(3), 13);
  EXPECT_EQ(g->rank_of(10), 0);
  EXPECT_EQ(g->rank_of(13), 3);
  EXPECT_EQ(g->rank_of(9), MPI_UNDEFINED);
  EXPECT_EQ(g->rank_of(14), MPI_UNDEFINED);
  EXPECT_EQ(g->rank_of(-1), MPI_UNDEFINED);
  EXPECT_TRUE(g->contains(12));
  EXPECT_FALSE(g->contains(2));
}

TEST(Group, EmptyIsShared) {
  EXPECT_EQ(Group::empty()->size(), 0);
  EXPECT_EQ(Group::range(5, 0), Group::empty());
  EXPECT_EQ(list({}), Group::empty());
  EXPECT_EQ(Group::empty()->rank_of(0), MPI_UNDEFINED);
}

TEST(Group, ListGroupLookup) {
  auto g = list({7, 3, 9, 0});
  EXPECT_FALSE(g->is_range());
  EXPECT_EQ(g->world_ranks(), (Ranks{7, 3, 9, 0}));
  EXPECT_EQ(g->rank_of(7), 0);
  EXPECT_EQ(g->rank_of(3), 1);
  EXPECT_EQ(g->rank_of(9), 2);
  EXPECT_EQ(g->rank_of(0), 3);
  EXPECT_EQ(g->rank_of(4), MPI_UNDEFINED);
  EXPECT_EQ(g->rank_of(100), MPI_UNDEFINED);
}

TEST(Group, ContiguousListBecomesRange) {
  auto g = list({4, 5, 6});
  EXPECT_TRUE(g->is_range());
  EXPECT_EQ(g->heap_bytes(), 0u);
  EXPECT_EQ(g->world_ranks(), (Ranks{4, 5, 6}));
  EXPECT_FALSE(list({6, 5, 4})->is_range());  // descending is not a range
}

TEST(Group, WorldOf65536IsCheapAndShared) {
  constexpr int kWorld = 65536;
  auto world = Group::range(0, kWorld);
  EXPECT_TRUE(world->is_range());
  EXPECT_EQ(world->heap_bytes(), 0u);
  EXPECT_LE(sizeof(Group), 128u);
  EXPECT_EQ(world->size(), kWorld);
  EXPECT_EQ(world->rank_of(kWorld - 1), kWorld - 1);
  EXPECT_EQ(world->rank_of(kWorld), MPI_UNDEFINED);
  EXPECT_EQ(world->world_rank(12345), 12345);

  // Every rank's table holds the same object, not a copy.
  std::vector<GroupTable> tables(1000);
  for (GroupTable& table : tables) EXPECT_EQ(table.get(table.add(world)).get(), world.get());
  EXPECT_EQ(world.use_count(), 1001);

  // Operations that yield a contiguous block stay O(1) in memory.
  Ranks all_but_last(kWorld - 1);
  for (int i = 0; i < kWorld - 1; ++i) all_but_last[i] = i;
  EXPECT_TRUE(incl(*world, all_but_last)->is_range());
  int last = kWorld - 1;
  auto rest = excl(*world, std::span<const int>(&last, 1));
  EXPECT_TRUE(rest->is_range());
  EXPECT_EQ(rest->size(), kWorld - 1);
}

TEST(Group, LargeListLookupIsCorrect) {
  Ranks reversed(65536);
  for (int i = 0; i < 65536; ++i) reversed[i] = 65535 - i;
  auto g = list(reversed);
  EXPECT_FALSE(g->is_range());
  EXPECT_GT(g->heap_bytes(), 0u);
  for (int w = 0; w < 65536; w += 997) EXPECT_EQ(g->rank_of(w), 65535 - w);
}

TEST(GroupAlgebra, InclKeepsListedOrder) {
  auto g = list({10, 20, 30, 40, 50});
  EXPECT_EQ(incl(*g, Ranks{4, 0, 2})->world_ranks(), (Ranks{50, 10, 30}));
  EXPECT_EQ(incl(*g, Ranks{}), Group::empty());
}

TEST(GroupAlgebra, ExclKeepsGroupOrder) {
  auto g = list({10, 20, 30, 40, 50});
  EXPECT_EQ(excl(*g, Ranks{3, 0})->world_ranks(), (Ranks{20, 30, 50}));
  EXPECT_EQ(excl(*g, Ranks{})->world_ranks(), g->world_ranks());
  EXPECT_EQ(excl(*g, Ranks{0, 1, 2, 3, 4}), Group::empty());
}

TEST(GroupAlgebra, InclExclValidation) {
  auto g = Group::range(0, 4);
  expect_error(MPI_ERR_RANK, "ranks[1] = 4", [&] { incl(*g, Ranks{0, 4}); });
  expect_error(MPI_ERR_RANK, "size 4", [&] { incl(*g, Ranks{-1}); });
  expect_error(MPI_ERR_RANK, "rank 2 is listed twice (ranks[0] and ranks[2])", [&] { incl(*g, Ranks{2, 1, 2}); });
  expect_error(MPI_ERR_RANK, "ranks[0] = 7", [&] { excl(*g, Ranks{7}); });
  expect_error(MPI_ERR_RANK, "listed twice", [&] { excl(*g, Ranks{1, 1}); });
  expect_error(MPI_ERR_RANK, "empty", [&] { incl(*Group::empty(), Ranks{0}); });
  expect_error(MPI_ERR_RANK, "ranks[0] = -2", [&] { incl(*g, Ranks{MPI_PROC_NULL}); });
}

TEST(GroupAlgebra, RangeIncl) {
  auto g = list({100, 101, 102, 103, 104, 105, 106, 107, 108, 109});
  int up[][3] = {{0, 6, 3}, {1, 1, 1}};  // 0 3 6, then 1
  EXPECT_EQ(range_incl(*g, up)->world_ranks(), (Ranks{100, 103, 106, 101}));
  int down[][3] = {{9, 2, -3}};  // 9 6 3 (stops before passing last)
  EXPECT_EQ(range_incl(*g, down)->world_ranks(), (Ranks{109, 106, 103}));
  int all_down[][3] = {{9, 0, -1}};
  EXPECT_EQ(range_incl(*g, all_down)->world_ranks(), (Ranks{109, 108, 107, 106, 105, 104, 103, 102, 101, 100}));
  int none[][3] = {{0, 0, 1}};
  EXPECT_EQ(range_incl(*g, std::span<const int[3]>(none, 0)), Group::empty());
}

TEST(GroupAlgebra, RangeInclValidation) {
  auto g = Group::range(0, 8);
  int zero_stride[][3] = {{0, 4, 0}};
  expect_error(MPI_ERR_ARG, "stride 0", [&] { range_incl(*g, zero_stride); });
  int past_end[][3] = {{0, 8, 1}};
  expect_error(MPI_ERR_ARG, "names rank 8", [&] { range_incl(*g, past_end); });
  int negative[][3] = {{-1, 3, 1}};
  expect_error(MPI_ERR_ARG, "{-1, 3, 1}", [&] { range_incl(*g, negative); });
  int wrong_up[][3] = {{1, 5, -1}};
  expect_error(MPI_ERR_ARG, "positive", [&] { range_incl(*g, wrong_up); });
  int wrong_down[][3] = {{5, 1, 2}};
  expect_error(MPI_ERR_ARG, "negative", [&] { range_incl(*g, wrong_down); });
  int overlap[][3] = {{0, 4, 2}, {5, 2, -2}};  // 0 2 4, then 5 3: disjoint
  EXPECT_EQ(range_incl(*g, overlap)->world_ranks(), (Ranks{0, 2, 4, 5, 3}));
  int overlap2[][3] = {{0, 4, 2}, {6, 2, -2}};  // 6 4 2 collides with 2 and 4
  expect_error(MPI_ERR_ARG, "rank 2 is selected by both ranges[0] = {0, 4, 2} and ranges[1] = {6, 2, -2}",
               [&] { range_incl(*g, overlap2); });
  int too_many[][3] = {{0, 7, 1}, {0, 7, 1}};
  expect_error(MPI_ERR_ARG, "select 16 ranks", [&] { range_incl(*g, too_many); });
}

TEST(GroupAlgebra, TranslateRanks) {
  auto a = list({5, 6, 7, 8});
  auto b = list({8, 1, 6});
  EXPECT_EQ(translate_ranks(*a, Ranks{0, 1, 2, 3, MPI_PROC_NULL}, *b),
            (Ranks{MPI_UNDEFINED, 2, MPI_UNDEFINED, 0, MPI_PROC_NULL}));
  EXPECT_TRUE(translate_ranks(*a, Ranks{}, *b).empty());
  EXPECT_EQ(translate_ranks(*a, Ranks{1}, *Group::empty()), (Ranks{MPI_UNDEFINED}));
  expect_error(MPI_ERR_RANK, "ranks1[1] = 4", [&] { translate_ranks(*a, Ranks{0, 4}, *b); });
}

TEST(GroupAlgebra, UnionOrdering) {
  auto a = list({3, 1, 5});
  auto b = list({6, 5, 0, 1});
  EXPECT_EQ(set_union(*a, *b)->world_ranks(), (Ranks{3, 1, 5, 6, 0}));
  EXPECT_EQ(set_union(*b, *a)->world_ranks(), (Ranks{6, 5, 0, 1, 3}));
  EXPECT_EQ(set_union(*a, *Group::empty())->world_ranks(), (Ranks{3, 1, 5}));
  EXPECT_EQ(set_union(*Group::empty(), *Group::empty()), Group::empty());
}

TEST(GroupAlgebra, IntersectionUsesFirstGroupOrder) {
  auto a = list({3, 1, 5, 7});
  auto b = list({7, 5, 0, 1});
  EXPECT_EQ(intersection(*a, *b)->world_ranks(), (Ranks{1, 5, 7}));
  EXPECT_EQ(intersection(*b, *a)->world_ranks(), (Ranks{7, 5, 1}));
  EXPECT_EQ(intersection(*a, *list({2, 4})), Group::empty());
}

TEST(GroupAlgebra, DifferenceUsesFirstGroupOrder) {
  auto a = list({3, 1, 5, 7});
  auto b = list({7, 0, 1});
  EXPECT_EQ(difference(*a, *b)->world_ranks(), (Ranks{3, 5}));
  EXPECT_EQ(difference(*b, *a)->world_ranks(), (Ranks{0}));
  EXPECT_EQ(difference(*a, *a), Group::empty());
  EXPECT_EQ(difference(*a, *Group::empty())->world_ranks(), a->world_ranks());
}

TEST(GroupAlgebra, Compare) {
  auto a = list({3, 1, 5});
  EXPECT_EQ(compare(*a, *a), MPI_IDENT);
  EXPECT_EQ(compare(*a, *list({3, 1, 5})), MPI_IDENT);
  EXPECT_EQ(compare(*a, *list({5, 3, 1})), MPI_SIMILAR);
  EXPECT_EQ(compare(*a, *list({3, 1, 6})), MPI_UNEQUAL);
  EXPECT_EQ(compare(*a, *list({3, 1})), MPI_UNEQUAL);
  EXPECT_EQ(compare(*Group::range(0, 4), *list({0, 1, 2, 3})), MPI_IDENT);
  EXPECT_EQ(compare(*Group::range(0, 4), *list({3, 2, 1, 0})), MPI_SIMILAR);
  EXPECT_EQ(compare(*Group::range(0, 4), *Group::range(0, 4)), MPI_IDENT);
  EXPECT_EQ(compare(*Group::range(0, 4), *Group::range(1, 4)), MPI_UNEQUAL);
  EXPECT_EQ(compare(*Group::empty(), *list({})), MPI_IDENT);
}

TEST(GroupTable, EmptyIsPredefined) {
  GroupTable table;
  EXPECT_EQ(table.get(MPI_GROUP_EMPTY)->size(), 0);
  EXPECT_EQ(table.add(Group::empty()), MPI_GROUP_EMPTY);
  EXPECT_EQ(table.add(list({})), MPI_GROUP_EMPTY);
  EXPECT_EQ(table.live_handles(), 0u);
  MPI_Group h = MPI_GROUP_EMPTY;
  table.free(h);  // allowed, no effect on the predefined handle
  EXPECT_EQ(h, MPI_GROUP_NULL);
  EXPECT_EQ(table.get(MPI_GROUP_EMPTY)->size(), 0);
}

TEST(GroupTable, AddGetFreeAndReuse) {
  GroupTable table;
  auto g = list({4, 2});
  MPI_Group first = table.add(g);
  MPI_Group second = table.add(Group::range(0, 3));
  EXPECT_EQ(first, 2);
  EXPECT_EQ(second, 3);
  EXPECT_NE(first, MPI_GROUP_NULL);
  EXPECT_NE(first, MPI_GROUP_EMPTY);
  EXPECT_EQ(table.get(first), g);
  EXPECT_EQ(table.get(second)->size(), 3);
  EXPECT_EQ(table.live_handles(), 2u);

  MPI_Group freed = first;
  table.free(freed);
  EXPECT_EQ(freed, MPI_GROUP_NULL);
  EXPECT_EQ(g.use_count(), 1);  // the table released its reference
  EXPECT_EQ(table.live_handles(), 1u);
  expect_error(MPI_ERR_GROUP, "group handle 2 was already freed", [&] { table.get(first); });
  MPI_Group again = first;
  expect_error(MPI_ERR_GROUP, "already freed", [&] { table.free(again); });

  MPI_Group reused = table.add(Group::range(7, 1));
  EXPECT_EQ(reused, first);
  EXPECT_EQ(table.get(reused)->world_ranks(), (Ranks{7}));
  EXPECT_EQ(table.add(Group::range(8, 1)), 4);
}

TEST(GroupTable, InvalidHandles) {
  GroupTable table;
  expect_error(MPI_ERR_GROUP, "MPI_GROUP_NULL", [&] { table.get(MPI_GROUP_NULL); });
  expect_error(MPI_ERR_GROUP, "group handle 2 was never created", [&] { table.get(2); });
  expect_error(MPI_ERR_GROUP, "group handle -5", [&] { table.get(-5); });
  MPI_Group null_handle = MPI_GROUP_NULL;
  expect_error(MPI_ERR_GROUP, "MPI_GROUP_NULL", [&] { table.free(null_handle); });
  MPI_Group unknown = 99;
  expect_error(MPI_ERR_GROUP, "99", [&] { table.free(unknown); });
  EXPECT_EQ(unknown, 99);  // a failed free leaves the handle alone
}

TEST(GroupTable, TablesAreIndependent) {
  GroupTable rank0;
  GroupTable rank1;
  MPI_Group h = rank0.add(Group::range(0, 2));
  expect_error(MPI_ERR_GROUP, "never created", [&] { rank1.get(h); });
  EXPECT_EQ(rank1.add(list({1, 0})), h);  // same number, different group
  EXPECT_EQ(compare(*rank0.get(h), *rank1.get(h)), MPI_SIMILAR);
}

}  // namespace
}  // namespace xo::mpi
