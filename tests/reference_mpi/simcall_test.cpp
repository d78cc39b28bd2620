// Simcalls (xo/mpi/kernel/simcall.hpp): with assertions on, rank code that touches the engine or
// another rank's state outside a simcall ends the process with a message naming both; inside one
// it runs. Release builds compile the checks away, so these tests skip there; scripts/test_checked.sh
// runs them with assertions on.

#include "xo/mpi/kernel/simcall.hpp"

#include <gtest/gtest.h>

#include "simulate.hpp"
#include "xo/mpi/kernel/engine.hpp"
#include "xo/mpi/state/world.hpp"

using xo::sim::Engine;
using xo::sim::EngineConfig;
using xo::sim::RunOutcome;

namespace {

#ifdef NDEBUG
constexpr bool kChecked = false;
#else
constexpr bool kChecked = true;
#endif

#define SKIP_UNLESS_CHECKED() \
  if (!kChecked) GTEST_SKIP() << "the simcall checks are compiled only with assertions on (scripts/test_checked.sh)"

struct Wakes {
  Engine* engine = nullptr;
  bool inside_simcall = false;
};

// Rank 0 blocks; rank 1 wakes it, inside a simcall or not.
void block_then_wake(int rank, void* argument) {
  auto* w = static_cast<Wakes*>(argument);
  if (rank == 0) {
    w->engine->block();
    return;
  }
  if (w->inside_simcall) {
    xo::sim::Simcall simcall(*w->engine);
    w->engine->wake(0, 10);
  } else {
    w->engine->wake(0, 10);
  }
}

RunOutcome::Kind run_wakes(bool inside_simcall) {
  Wakes wakes{nullptr, inside_simcall};
  Engine engine(EngineConfig{2, 64 * 1024, true}, &block_then_wake, &wakes);
  wakes.engine = &engine;
  return engine.run().kind;
}

// Rank 0 writes into rank 1's MPI state, inside a simcall or not.
xo::mpi::SimulationResult touch_peer(bool inside_simcall) {
  return xo::test::simulate(2, [&](int rank, int) {
    if (rank != 0) return;
    xo::mpi::World& world = xo::mpi::World::current();
    if (inside_simcall) {
      xo::sim::Simcall simcall(world.engine());
      world.rank(1).blocked_in_probe = false;
    } else {
      world.rank(1).blocked_in_probe = false;
    }
  });
}

}  // namespace

TEST(SimcallDeathTest, AFiberWakingAnotherOutsideASimcallEndsTheProcess) {
  SKIP_UNLESS_CHECKED();
  EXPECT_DEATH(run_wakes(false), "internal error: rank 1 touched the shared engine \\(wake\\) outside a simcall");
}

TEST(SimcallDeathTest, ARankWritingAnotherRanksStateOutsideASimcallEndsTheProcess) {
  SKIP_UNLESS_CHECKED();
  EXPECT_DEATH(touch_peer(false), "internal error: rank 0 touched rank 1's MPI state outside a simcall");
}

TEST(Simcall, InsideOneAFiberMayWakeAnother) { EXPECT_EQ(run_wakes(true), RunOutcome::Kind::Completed); }

TEST(Simcall, InsideOneARankMayWriteAnothersState) {
  const auto result = touch_peer(true);
  EXPECT_EQ(result.exit_code, 0) << result.error;
}

TEST(Simcall, ARankTouchesItsOwnStateWithoutOne) {
  const auto result = xo::test::simulate(2, [](int rank, int) {
    xo::mpi::World& world = xo::mpi::World::current();
    world.rank(rank).blocked_in_probe = false;
  });
  EXPECT_EQ(result.exit_code, 0) << result.error;
}
