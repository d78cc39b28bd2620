// The simulation kernel on its own: event order, rank scheduling by virtual time, blocking and
// waking, deadlock detection and stack canaries.

#include "xo/mpi/kernel/engine.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "xo/mpi/kernel/fiber_stack.hpp"
#include "xo/mpi/kernel/simcall.hpp"

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
    xo::sim::Simcall simcall(*l->engine);  // a fiber changes the engine's queue only inside one
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
      xo::sim::Simcall simcall(*l->engine);
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
      xo::sim::Simcall simcall(*l->engine);
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

// The permissions ("rw-p", "---p") of the mapping holding `address`, from /proc/self/maps.
std::string protection_of(const void* address) {
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    std::istringstream fields(line);
    std::uintptr_t start = 0, end = 0;
    char dash = 0;
    std::string permissions;
    fields >> std::hex >> start >> dash >> end >> permissions;
    if (a >= start && a < end) return permissions;
  }
  return "unmapped";
}

// Stacks are pooled between simulations: a reused stack keeps its guard page; an unguarded one
// gets its canary back.
TEST(FiberStack, AReusedStackKeepsItsGuardPageOrGetsAFreshCanary) {
  void* first_top = nullptr;
  {
    xo::sim::FiberStack stack(64 * 1024, true);
    first_top = stack.top();
    EXPECT_TRUE(stack.canary_intact());  // the guard page does the canary's work
  }
  xo::sim::FiberStack again(64 * 1024, true);
  EXPECT_EQ(again.top(), first_top) << "the released stack was not reused";
  EXPECT_TRUE(again.guarded());
  auto* lowest = static_cast<std::uint8_t*>(again.top()) - again.usable_bytes();
  EXPECT_EQ(protection_of(lowest - 1).substr(0, 3), "---");
  EXPECT_TRUE(again.in_guard(lowest - 1));
  EXPECT_EQ(protection_of(lowest).substr(0, 2), "rw");

  void* plain_top = nullptr;
  {
    xo::sim::FiberStack plain(64 * 1024, false);
    plain_top = plain.top();
    EXPECT_FALSE(plain.guarded());
    EXPECT_TRUE(plain.canary_intact());
    auto* bottom = static_cast<std::uint8_t*>(plain.top()) - plain.usable_bytes();
    std::memset(bottom - 24, 0xab, 16);  // what an overflow beyond the guard budget would do
    EXPECT_FALSE(plain.canary_intact());
  }
  xo::sim::FiberStack plain_again(64 * 1024, false);
  EXPECT_EQ(plain_again.top(), plain_top) << "the released stack was not reused";
  EXPECT_TRUE(plain_again.canary_intact());
  xo::sim::FiberStack other_size(128 * 1024, true);  // another size is mapped anew
  EXPECT_EQ(other_size.usable_bytes(), 128u * 1024);
}

// Checking an unguarded stack's canary makes none of the stack's own pages resident: a million
// ranks would pay a page each (some hosts back a read of an untouched page with a page of its own).
TEST(FiberStack, TheCanaryCostsNoPageOfTheStack) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  std::vector<xo::sim::FiberStack> stacks;
  for (int i = 0; i < 4; ++i) stacks.emplace_back(96 * 1024, false);  // a size of its own: fresh stacks
  for (const xo::sim::FiberStack& stack : stacks) {
    ASSERT_FALSE(stack.guarded());
    EXPECT_TRUE(stack.canary_intact());
    auto* lowest = static_cast<std::uint8_t*>(stack.top()) - stack.usable_bytes();
    for (std::uint8_t* p = lowest; p < static_cast<std::uint8_t*>(stack.top()); p += page) {
      unsigned char resident = 0;
      ASSERT_EQ(mincore(reinterpret_cast<void*>(reinterpret_cast<std::uintptr_t>(p) & ~(page - 1)), page, &resident),
                0);
      // The top page may hold the canary of the stack above (read by its check); no other.
      if (p + page < static_cast<std::uint8_t*>(stack.top())) {
        EXPECT_EQ(resident & 1, 0) << p - lowest;
      }
    }
  }
}

TEST(EventQueue, EveryPopIsTheSmallestTimeThenInsertionOrder) {
  // Checked against std::set as the reference priority queue, under interleaved pushes and pops
  // with many equal times, times a few steps apart and times far ahead (every radix bucket).
  xo::sim::EventQueue queue;
  std::set<std::pair<Time, std::int64_t>> reference;
  std::uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL; };
  std::int64_t id = 0;
  Time now = 0;
  auto pop_one = [&] {
    ASSERT_EQ(queue.top_time(), reference.begin()->first);
    const xo::sim::Event e = queue.pop();
    ASSERT_EQ(std::make_pair(e.time, e.argument), *reference.begin());
    reference.erase(reference.begin());
    now = e.time;
  };
  for (int round = 0; round < 20000; ++round) {
    const int pushes = static_cast<int>(next() >> 61) + 1;  // 1..8
    for (int i = 0; i < pushes; ++i) {
      const std::uint64_t kind = next() >> 62;
      const Time step = kind == 0 ? static_cast<Time>((next() >> 20) & ((Time{1} << (next() >> 59)) - 1))
                                  : static_cast<Time>((next() >> 58) % 5);
      const Time t = now + step;
      queue.push(t, nullptr, nullptr, id);
      reference.emplace(t, id++);
    }
    const int pops = static_cast<int>(next() >> 62) + 1;  // 1..4
    for (int i = 0; i < pops && !queue.empty(); ++i) pop_one();
    ASSERT_EQ(queue.size(), reference.size());
  }
  while (!queue.empty()) pop_one();
  EXPECT_TRUE(reference.empty());
}

// Beyond the guard-page budget a stack has only its canary: a rank that wrote over it is named at
// its next switch, and the run ends. The stacks of such ranks are slices of one mapping.
TEST(Engine, AnUnguardedStackOverflowIsCaughtByItsCanary) {
  Log log;
  auto body = [](int rank, void* argument) {
    auto* l = static_cast<Log*>(argument);
    if (rank == 1) {
      // Below the 64 KiB under the top: past the stack's lowest byte.
      auto* below = static_cast<std::uint8_t*>(const_cast<void*>(l->engine->running_stack_top())) - 64 * 1024;
      std::memset(below + 16, 0x5a, 32);  // as the frames of an overflow would
    }
    l->engine->block_until(10);
    l->lines.push_back("rank " + std::to_string(rank) + " went on");
  };
  Engine engine(EngineConfig{3, 64 * 1024, false}, body, &log);
  log.engine = &engine;
  const RunOutcome outcome = engine.run();
  EXPECT_EQ(outcome.kind, RunOutcome::Kind::Fault);
  ASSERT_TRUE(outcome.fault);
  EXPECT_EQ(outcome.fault->rank, 1);
  EXPECT_TRUE(outcome.fault->stack_overflow);
  EXPECT_NE(outcome.message.find("rank 1 overflowed its 64 KiB fiber stack"), std::string::npos) << outcome.message;
  EXPECT_EQ(outcome.guarded_stacks, 0u);
  EXPECT_TRUE(log.lines.empty());
}
