// The simulation kernel on its own: event order, rank scheduling by virtual time, blocking and
// waking, deadlock detection and stack canaries.

#include <gtest/gtest.h>

#include <set>

#include <string>
#include <vector>

#include "../../reference_mpi/kernel/engine.hpp"

using xo::sim::Engine;
using xo::sim::EngineConfig;
using xo::sim::RunOutcome;
using xo::sim::Time;

namespace {

struct Log {
  Engine* engine = nullptr;
  std::vector<std::string> lines;
};

void record(Engine& engine, void* log, std::int64_t argument) {
  static_cast<Log*>(log)->lines.push_back("event " + std::to_string(argument) + " at " + std::to_string(engine.now()));
}

}  // namespace

TEST(Engine, EventsFireInTimeOrderAndTiesInInsertionOrder) {
  Log log;
  auto body = [](int rank, void* argument) {
    auto* l = static_cast<Log*>(argument);
    if (rank != 0) return;
    l->engine->schedule(50, &record, l, 1);
    l->engine->schedule(20, &record, l, 2);
    l->engine->schedule(50, &record, l, 3);
    l->engine->schedule(20, &record, l, 4);
  };
  Engine engine(EngineConfig{1, 64 * 1024, true}, body, &log);
  log.engine = &engine;
  const RunOutcome outcome = engine.run();
  EXPECT_EQ(outcome.kind, RunOutcome::Kind::Completed);
  EXPECT_EQ(log.lines, (std::vector<std::string>{"event 2 at 20", "event 4 at 20", "event 1 at 50", "event 3 at 50"}));
}

TEST(Engine, RanksRunInVirtualTimeOrder) {
  // Rank r computes for (3 - r) * 10 time units, then logs: the log is in clock order, not rank order.
  Log log;
  auto body = [](int rank, void* argument) {
    auto* l = static_cast<Log*>(argument);
    l->engine->advance((3 - rank) * 10);
    l->engine->sync();
    l->lines.push_back("rank " + std::to_string(rank) + " at " + std::to_string(l->engine->now()));
  };
  Engine engine(EngineConfig{3, 64 * 1024, true}, body, &log);
  log.engine = &engine;
  engine.run();
  EXPECT_EQ(log.lines, (std::vector<std::string>{"rank 2 at 10", "rank 1 at 20", "rank 0 at 30"}));
}

TEST(Engine, WakeResumesABlockedRankAtTheWakeTime) {
  Log log;
  auto body = [](int rank, void* argument) {
    auto* l = static_cast<Log*>(argument);
    if (rank == 0) {
      l->engine->block();
      l->lines.push_back("rank 0 woke at " + std::to_string(l->engine->now()));
    } else {
      l->engine->advance(70);
      l->engine->wake(0, 90);
    }
  };
  Engine engine(EngineConfig{2, 64 * 1024, true}, body, &log);
  log.engine = &engine;
  EXPECT_EQ(engine.run().kind, RunOutcome::Kind::Completed);
  EXPECT_EQ(log.lines, (std::vector<std::string>{"rank 0 woke at 90"}));
}

TEST(Engine, EarlierWakeSupersedesABlockUntil) {
  Log log;
  auto body = [](int rank, void* argument) {
    auto* l = static_cast<Log*>(argument);
    if (rank == 0) {
      l->engine->block_until(1000);
      l->lines.push_back("rank 0 resumed at " + std::to_string(l->engine->now()));
    } else {
      l->engine->advance(40);
      l->engine->sync();
      l->engine->wake(0, 40);
    }
  };
  Engine engine(EngineConfig{2, 64 * 1024, true}, body, &log);
  log.engine = &engine;
  engine.run();
  EXPECT_EQ(log.lines, (std::vector<std::string>{"rank 0 resumed at 40"}));
}

TEST(Engine, BlockedRanksWithNothingPendingAreADeadlock) {
  auto body = [](int rank, void* argument) {
    if (rank == 1) static_cast<Engine*>(argument)->block();
  };
  Engine engine2(EngineConfig{2, 64 * 1024, true}, body, &engine2);
  engine2.set_blocked_describer([](int rank) { return "waiting in test " + std::to_string(rank); });
  const RunOutcome outcome = engine2.run();
  EXPECT_EQ(outcome.kind, RunOutcome::Kind::Deadlock);
  EXPECT_NE(outcome.message.find("1 of 2 ranks are blocked"), std::string::npos) << outcome.message;
  EXPECT_NE(outcome.message.find("rank 1 at t=0 us: waiting in test 1"), std::string::npos) << outcome.message;
}

TEST(Engine, StacksAreGuardedWithinTheMappingBudget) {
  auto body = [](int, void*) {};
  Engine engine(EngineConfig{8, 64 * 1024, true}, body, nullptr);
  EXPECT_EQ(engine.run().guarded_stacks, 8u);
  Engine unguarded(EngineConfig{8, 64 * 1024, false}, body, nullptr);
  EXPECT_EQ(unguarded.run().guarded_stacks, 0u);
  EXPECT_GT(xo::sim::guard_page_budget(), 1000u);
}

TEST(EventQueue, EveryPopIsTheSmallestTimeThenInsertionOrder) {
  // Checked against std::set as the reference priority queue, under interleaved pushes and pops
  // with many equal times.
  xo::sim::EventQueue queue;
  std::set<std::pair<Time, std::int64_t>> reference;
  std::uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL; };
  std::int64_t id = 0;
  Time now = 0;
  for (int round = 0; round < 3000; ++round) {
    const int pushes = static_cast<int>(next() >> 61) + 1;  // 1..8
    for (int i = 0; i < pushes; ++i) {
      const Time t = now + static_cast<Time>((next() >> 58) % 5);
      queue.push(t, nullptr, nullptr, id);
      reference.emplace(t, id++);
    }
    const int pops = static_cast<int>(next() >> 62) + 1;  // 1..4
    for (int i = 0; i < pops && !queue.empty(); ++i) {
      const xo::sim::Event e = queue.pop();
      ASSERT_EQ(std::make_pair(e.time, e.argument), *reference.begin());
      reference.erase(reference.begin());
      now = e.time;
    }
  }
  while (!queue.empty()) {
    const xo::sim::Event e = queue.pop();
    ASSERT_EQ(std::make_pair(e.time, e.argument), *reference.begin());
    reference.erase(reference.begin());
  }
  EXPECT_TRUE(reference.empty());
}
