// A foreign trace whose rank runs tasks, as an MPI+OpenMP program traced by Score-P does: tasks of
// two teams with the same generations, interleaved, each with its own nesting of regions, and
// thousands of them. Each task's Leaves pair with its own Enters, whichever team it belongs to,
// and the rank's calls on its implicit task are read as calls.

#include <gtest/gtest.h>

#include <string>

#include "otf2_test_archive.hpp"
#include "support/scratch_dir.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace {

using xo::test::Otf2TestArchive;

TEST(ReadTasks, TasksOfTwoTeamsWithTheSameGenerationsKeepTheirOwnNesting) {
  xo::test::ScratchDir dir;
  Otf2TestArchive a(1);
  const OTF2_CommRef team_a = Otf2TestArchive::kWorld;
  const OTF2_CommRef team_b = a.comm_self();
  const OTF2_RegionRef work_a = a.region("work in team a"), work_b = a.region("work in team b"),
                       inner = a.region("inner work");
  OTF2_TimeStamp t = 10;
  a.call(0, "MPI_Init", t, t + 10, [] {});
  t += 20;
  constexpr std::uint32_t kTasks = 5000;
  for (std::uint32_t generation = 1; generation <= kTasks; ++generation) {
    // Team a's task starts, team b's of the same generation (made by another thread) runs in the
    // middle of it, and each completes after the other has switched in.
    const std::uint32_t thread_b = 1 + generation % 3;
    a.task_create(0, t++, team_a, 0, generation);
    a.task_switch(0, t++, team_a, 0, generation);
    a.enter(0, t++, work_a);
    a.task_create(0, t++, team_b, thread_b, generation);
    a.task_switch(0, t++, team_b, thread_b, generation);
    a.enter(0, t++, work_b);
    a.enter(0, t++, inner);
    a.task_switch(0, t++, team_a, 0, generation);
    a.leave(0, t++, work_a);
    a.task_complete(0, t++, team_a, 0, generation);
    a.task_switch(0, t++, team_b, thread_b, generation);
    a.leave(0, t++, inner);
    a.leave(0, t++, work_b);
    a.task_complete(0, t++, team_b, thread_b, generation);
    a.task_switch(0, t++, team_a, 0, 0);  // back to the implicit task
  }
  a.call(0, "MPI_Finalize", t, t + 10, [] {});
  const auto model = xo::analyzer::read_trace(a.write(dir.path() + "/trace"));
  EXPECT_EQ(model.problems.total(), 0u) << (model.problems.examples.empty() ? "" : model.problems.examples.front());
  EXPECT_EQ(model.calls.size(), 2u);
}

}  // namespace
