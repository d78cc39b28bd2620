// The XT3 model: which path each message takes by size and settings, the phases of each path,
// and the failures the seed lists when a resource runs out. Phases, not times, are asserted.

#include <gtest/gtest.h>
#include <mpi.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "phase_run.hpp"
#include "xo/hwmodels/machine_error.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

using xo::test::Env;
using xo::test::PhaseRun;
using xo::test::Phases;

PhaseRun run_xt3(int ranks, const Env& env, const std::function<void(int rank)>& body,
                 std::vector<std::string> params = {}) {
  return xo::test::run_on("xt3", ranks, env, body, std::move(params));
}

// One message of `bytes` from rank 0 to rank 1; the receive is posted first unless `late`.
PhaseRun one_message(int bytes, const Env& env = {}, bool late = false, bool synchronous = false) {
  return xo::test::one_message("xt3", bytes, xo::test::message_options(env, late, synchronous));
}

}  // namespace

TEST(Xt3Protocols, PathBySizeWithDefaultSettings) {
  auto r = one_message(8);
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.phases, (Phases{"vshort:sender-copy", "vshort:eager"}));
  r = one_message(4096);
  EXPECT_EQ(r.phases, (Phases{"short:eager"}));
  r = one_message(128000);
  EXPECT_EQ(r.phases, (Phases{"short:eager"}));
  r = one_message(128001);
  EXPECT_EQ(r.phases, (Phases{"long-pull:header", "long-pull:get", "long-pull:data"}));
}

TEST(Xt3Protocols, ThresholdsFollowTheEnvironment) {
  auto r = one_message(8, {{"MPICH_MAX_VSHORT_MSG_SIZE", "0"}});
  EXPECT_EQ(r.phases, (Phases{"short:eager"}));
  r = one_message(4096, {{"MPICH_MAX_SHORT_MSG_SIZE", "1000"}});
  EXPECT_EQ(r.phases, (Phases{"long-pull:header", "long-pull:get", "long-pull:data"}));
  r = one_message(2048, {{"MPICH_MAX_VSHORT_MSG_SIZE", "4096"}});
  EXPECT_EQ(r.phases, (Phases{"vshort:sender-copy", "vshort:eager"}));
}

TEST(Xt3Protocols, SynchronousSendTakesThePullPath) {
  auto r = one_message(8, {}, false, true);
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.phases, (Phases{"long-pull:header", "long-pull:get", "long-pull:data"}));
}

TEST(Xt3Protocols, EagerLongIsAckedWhenPostedAndPulledWhenNot) {
  const Env eager_long = {{"MPICH_PTL_EAGER_LONG", "1"}};
  auto r = one_message(200000, eager_long);
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.phases, (Phases{"eager-long:eager", "eager-long:ack"}));
  r = one_message(200000, eager_long, true);
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.of_size(200000), (Phases{"eager-long:eager", "eager-long:get", "eager-long:data"}));
}

TEST(Xt3Protocols, UnexpectedShortMessageIsCopiedOutOfTheBuffer) {
  auto r = one_message(4096, {}, true);
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.of_size(4096), (Phases{"short:eager", "short:unexpected-copy"}));
}

TEST(Xt3Protocols, FewerVshortBuffersMakeBackToBackSendsWait) {
  // A sender faster than its NIC (small o_s): with 32 buffers each send returns after its copy;
  // with one, each waits until the NIC has sent the previous message.
  auto time_of_sends = [](const char* buffers) {
    double elapsed = 0;
    auto r = run_xt3(2, {{"MPICH_VSHORT_BUFFERS", buffers}},
                     [&](int rank) {
                       char c[512] = {};
                       if (rank == 0) {
                         const double start = MPI_Wtime();
                         for (int i = 0; i < 16; ++i) MPI_Send(c, 512, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
                         elapsed = MPI_Wtime() - start;
                       } else {
                         for (int i = 0; i < 16; ++i)
                           MPI_Recv(c, 512, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                       }
                     },
                     {"o_s=0.05", "g=0"});
    EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
    return elapsed;
  };
  EXPECT_GT(time_of_sends("1"), time_of_sends("32"));
}

TEST(Xt3Failures, UnexpectedBufferExhaustion) {
  auto r = run_xt3(3, {{"MPICH_UNEX_BUFFER_SIZE", "250000"}}, [&](int rank) {
    std::vector<char> data(100000);
    int token = 0;
    if (rank == 0) {
      for (int i = 0; i < 3; ++i) MPI_Send(data.data(), 100000, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
      MPI_Recv(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);  // the three arrive unexpected
      for (int i = 0; i < 3; ++i) MPI_Recv(data.data(), 100000, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    }
  });
  EXPECT_NE(r.result.exit_code, 0);
  EXPECT_NE(r.result.error.find("rank 1: internal ABORT"), std::string::npos) << r.result.error;
  EXPECT_NE(r.result.error.find("exhausted unexpected receive queue buffering increase via env. var. "
                                "MPICH_UNEX_BUFFER_SIZE"),
            std::string::npos)
      << r.result.error;
}

TEST(Xt3Failures, UnexpectedEventQueueExhaustionAtTwoEventsPerMessage) {
  auto flood = [](const char* events, int messages) {
    return run_xt3(2, {{"MPICH_PTL_UNEX_EVENTS", events}}, [&](int rank) {
      int v = 0;
      if (rank == 0) {
        for (int i = 0; i < messages; ++i) MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
      } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);  // the others queue up first
        for (int i = 0; i < messages; ++i) MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    });
  };
  EXPECT_EQ(flood("10", 5).result.exit_code, 0);  // 5 unexpected messages: exactly 10 events
  auto r = flood("10", 6);
  EXPECT_NE(r.result.exit_code, 0);
  EXPECT_NE(r.result.error.find("dropped event on unexpected receive queue, increase queue size by setting the "
                                "environment variable MPICH_PTL_UNEX_EVENTS"),
            std::string::npos)
      << r.result.error;
}

TEST(Xt3Failures, OtherEventQueueExhaustionByPrePostedReceives) {
  auto r = run_xt3(2, {{"MPICH_PTL_OTHER_EVENTS", "4"}}, [&](int rank) {
    if (rank != 1) return;
    std::vector<int> v(5);
    std::vector<MPI_Request> requests(5);
    for (int i = 0; i < 5; ++i)
      MPI_Irecv(&v[static_cast<std::size_t>(i)], 1, MPI_INT, 0, i, MPI_COMM_WORLD,
                &requests[static_cast<std::size_t>(i)]);
  });
  EXPECT_NE(r.result.exit_code, 0);
  EXPECT_NE(r.result.error.find("rank 1: MPIDI_Portals_Progress: dropped event on \"other\" queue"), std::string::npos)
      << r.result.error;
}

TEST(Xt3Failures, SendToSelfAborts) {
  auto r = run_xt3(2, {}, [&](int rank) {
    int v = 1;
    int w = 0;
    if (rank == 1) {
      MPI_Request req;
      MPI_Irecv(&w, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);  // nonblocking self-messaging still works
      MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_NE(r.result.exit_code, 0);
  EXPECT_NE(r.result.error.find("rank 1: MPI_Send to itself: the XT3's MPI aborts the application"), std::string::npos)
      << r.result.error;
}

TEST(Xt3Failures, UnexpectedBufferSmallerThanAShortMessageFailsAtStart) {
  try {
    run_xt3(1, {{"MPICH_UNEX_BUFFER_SIZE", "100000"}}, [](int) {});
    FAIL() << "expected the start-up assertion";
  } catch (const xo::hw::MachineError& e) {
    EXPECT_NE(std::string(e.what()).find("MPIDI_Portals_unex_block_size > MPIDI_Portals_short_size"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("raise MPICH_UNEX_BUFFER_SIZE or lower MPICH_MAX_SHORT_MSG_SIZE"),
              std::string::npos);
  }
}

TEST(Xt3Failures, OtherEventQueueExhaustionByNonblockingSends) {
  // Seed 002, (4): "posting many non-blocking sends". Each pending send holds an event until it
  // completes; long-pull sends stay pending until their receives match, which here never come first.
  const auto sends = [](const char* events, int count) {
    return run_xt3(2, {{"MPICH_PTL_OTHER_EVENTS", events}}, [&](int rank) {
      std::vector<char> data(200000);
      if (rank == 0) {
        std::vector<MPI_Request> requests(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) {
          MPI_Isend(data.data(), 200000, MPI_CHAR, 1, i, MPI_COMM_WORLD, &requests[static_cast<std::size_t>(i)]);
        }
        MPI_Waitall(count, requests.data(), MPI_STATUSES_IGNORE);
      } else {
        for (int i = 0; i < count; ++i)
          MPI_Recv(data.data(), 200000, MPI_CHAR, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    });
  };
  EXPECT_EQ(sends("4", 4).result.exit_code, 0) << sends("4", 4).result.error;
  const auto r = sends("4", 5);
  EXPECT_NE(r.result.exit_code, 0);
  EXPECT_NE(r.result.error.find("rank 0: MPIDI_Portals_Progress: dropped event on \"other\" queue"), std::string::npos)
      << r.result.error;
  // Sends that complete give their events back: 50 blocking sends in a row fit a queue of 4.
  const auto blocking = run_xt3(2, {{"MPICH_PTL_OTHER_EVENTS", "4"}}, [](int rank) {
    int v = 0;
    for (int i = 0; i < 50; ++i) {
      if (rank == 0) MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      if (rank == 1) MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_EQ(blocking.result.exit_code, 0) << blocking.result.error;
}

TEST(Xt3Failures, EventQueuesBeyondPortalsSpaceFailAtStart) {
  // Seed 002, (5), whose advice spells the unexpected queue MPICH_PTL_UNEXPECTED_EVENTS.
  for (const char* name : {"MPICH_PTL_UNEXPECTED_EVENTS", "MPICH_PTL_UNEX_EVENTS"}) {
    try {
      run_xt3(1, {{name, "2000000"}}, [](int) {});
      ADD_FAILURE() << name << ": expected PtlEQAlloc to fail";
    } catch (const xo::hw::MachineError& e) {
      EXPECT_NE(std::string(e.what()).find("PtlEQAlloc failed : PTL_NO_SPACE"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(run_xt3(1, {{"MPICH_PTL_UNEXPECTED_EVENTS", "30000"}}, [](int) {}).result.exit_code, 0);
}

TEST(Xt3Failures, DbmaskAddsATracebackToResourceErrors) {
  auto r = run_xt3(2, {{"MPICH_PTL_OTHER_EVENTS", "2"}, {"MPICH_DBMASK", "0x200"}}, [&](int rank) {
    if (rank != 1) return;
    std::vector<int> v(3);
    std::vector<MPI_Request> requests(3);
    for (int i = 0; i < 3; ++i)
      MPI_Irecv(&v[static_cast<std::size_t>(i)], 1, MPI_INT, 0, i, MPI_COMM_WORLD,
                &requests[static_cast<std::size_t>(i)]);
  });
  EXPECT_NE(r.result.error.find("[traceback: rank 1 in MPI_Irecv]"), std::string::npos) << r.result.error;
}

// Seconds rank 0 spends in one MPI_Send of `bytes` to rank 1, whose receive is posted first.
double blocking_send_time(int bytes, const Env& env, const std::string& param) {
  double elapsed = 0;
  const auto r = run_xt3(2, env,
                         [&](int rank) {
                           std::vector<char> data(static_cast<std::size_t>(bytes));
                           if (rank == 1)
                             MPI_Recv(data.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                           if (rank == 0) {
                             const double start = MPI_Wtime();
                             MPI_Send(data.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
                             elapsed = MPI_Wtime() - start;
                           }
                         },
                         {param});
  EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
  return elapsed;
}

TEST(Xt3Protocols, EagerLongBlockingSendsReturnLateByCop) {
  // Seed 002: CAM overflow protection delays returns from blocking sends on the eager-long path.
  const Env eager_long{{"MPICH_PTL_EAGER_LONG", "1"}};
  const double slower = blocking_send_time(200000, eager_long, "cop_delay=30");
  EXPECT_NEAR(slower - blocking_send_time(200000, eager_long, "cop_delay=0"), 30e-6, 1e-9);
}

TEST(Xt3Protocols, TheVshortCopyFreesTheSenderBeforeThePortalsEvent) {
  // Seed 002: "for very short messages ... sender copies data to internal buffer": the send is done
  // after the copy, while a short send waits for its SEND_END event (send_event after the NIC).
  const auto send_call = [](const char* vshort_limit, const char* event) {
    return blocking_send_time(512, {{"MPICH_MAX_VSHORT_MSG_SIZE", vshort_limit}}, std::string("send_event=") + event);
  };
  EXPECT_LT(send_call("1024", "1"), send_call("0", "1"));
  EXPECT_NEAR(send_call("0", "3") - send_call("0", "1"), 2e-6, 1e-9);  // the short path waits for the event
  EXPECT_DOUBLE_EQ(send_call("1024", "3"), send_call("1024", "1"));    // vshort does not
}
