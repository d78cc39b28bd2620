// The trace filter's lists as `xo record --trace-ranks/--trace-calls` takes them: what each item
// selects, and one clear error naming the item that is not one.

#include "xo/tracer/trace_filter.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using xo::tracer::CallGroup;
using xo::tracer::CallRules;
using xo::tracer::RankList;
using xo::tracer::TraceFilter;

std::vector<int> ranks_of(const std::string& text, int ranks) {
  std::string error;
  const auto list = RankList::parse(text, error);
  EXPECT_TRUE(list) << text << ": " << error;
  std::vector<int> out;
  for (int r = 0; list && r < ranks; ++r) {
    if (list->contains(r)) out.push_back(r);
  }
  return out;
}

TEST(RankList, RangesStridesAndEvery) {
  EXPECT_EQ(ranks_of("3", 8), (std::vector<int>{3}));
  EXPECT_EQ(ranks_of("0-2,6", 8), (std::vector<int>{0, 1, 2, 6}));
  EXPECT_EQ(ranks_of("1-13:4", 16), (std::vector<int>{1, 5, 9, 13}));
  EXPECT_EQ(ranks_of("every:5", 16), (std::vector<int>{0, 5, 10, 15}));
  EXPECT_EQ(ranks_of("every:4,1", 9), (std::vector<int>{0, 1, 4, 8}));
  EXPECT_EQ(ranks_of("20-30", 8), (std::vector<int>{})) << "ranks the run does not have select none";
  std::string error;
  EXPECT_EQ(RankList::parse("0-15,every:8", error)->count(64), 16 + 6);
}

TEST(RankList, AnItemThatIsNoRankIsNamed) {
  for (const std::string bad : {"", "a", "3-1", "1-", "-2", "every:0", "every:", "0-8:0", "1,,2", "1.5"}) {
    std::string error;
    EXPECT_FALSE(RankList::parse(bad, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  std::string error;
  RankList::parse("0-3,x", error);
  EXPECT_EQ(error, "'x' is not a rank, a range A-B (A <= B), A-B:STRIDE or every:N");
}

TEST(CallRules, NamesAndGroupsIncludedOrLeftOut) {
  std::string error;
  const auto p2p = CallRules::parse("p2p", error);
  ASSERT_TRUE(p2p) << error;
  EXPECT_TRUE(p2p->selects("MPI_Send", CallGroup::PointToPoint));
  EXPECT_FALSE(p2p->selects("MPI_Bcast", CallGroup::Collective));
  EXPECT_FALSE(p2p->selects("MPI_Init", CallGroup::Other)) << "a list with an include traces only what it names";

  const auto all_but = CallRules::parse("-rma,-MPI_Iprobe", error);
  ASSERT_TRUE(all_but) << error;
  EXPECT_TRUE(all_but->selects("MPI_Send", CallGroup::PointToPoint));
  EXPECT_TRUE(all_but->selects("MPI_Init", CallGroup::Other)) << "only left-out items: everything else";
  EXPECT_FALSE(all_but->selects("MPI_Iprobe", CallGroup::PointToPoint));
  EXPECT_FALSE(all_but->selects("MPI_Put", CallGroup::OneSided));

  const auto later_wins = CallRules::parse("coll,-MPI_Barrier,mpi_barrier", error);
  ASSERT_TRUE(later_wins) << error;
  EXPECT_TRUE(later_wins->selects("MPI_Barrier", CallGroup::Collective)) << "names are matched without case";
  const auto except = CallRules::parse("coll,-MPI_Barrier", error);
  EXPECT_FALSE(except->selects("MPI_Barrier", CallGroup::Collective));
  EXPECT_TRUE(except->selects("MPI_Allreduce", CallGroup::Collective));
}

TEST(CallRules, AnItemThatIsNeitherCallNorGroupIsNamed) {
  std::string error;
  EXPECT_FALSE(CallRules::parse("p2p,Send", error));
  EXPECT_EQ(error, "'Send' is neither an MPI call (MPI_Send) nor a group (p2p, coll, rma)");
  EXPECT_FALSE(CallRules::parse("MPI_Se nd", error));
  EXPECT_FALSE(CallRules::parse("-", error));
}

TEST(TraceFilter, AnEmptyWindowIsRefused) {
  std::string error;
  EXPECT_FALSE(TraceFilter::make("", "", 500, 500, error));
  EXPECT_NE(error.find("empty"), std::string::npos) << error;
  const auto open = TraceFilter::make("", "", 0, TraceFilter::kNoEnd, error);
  ASSERT_TRUE(open);
  EXPECT_FALSE(open->filters());
  const auto window = TraceFilter::make("", "", 100, 200, error);
  ASSERT_TRUE(window);
  EXPECT_TRUE(window->filters());
  EXPECT_TRUE(window->in_window(100));
  EXPECT_FALSE(window->in_window(200)) << "the end is outside";
}

}  // namespace
