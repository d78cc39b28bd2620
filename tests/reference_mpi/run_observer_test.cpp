// What a run tells its observer (the tracer's input): calls, point-to-point and collective events,
// communicators and phases, checked against programs whose events are known in advance.

#include "xo/reference_mpi/run_observer.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "simulate.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

using xo::mpi::CollectiveEvent;
using xo::mpi::CommInfo;
using xo::mpi::MessageEvent;
using xo::mpi::PhaseRecord;
using xo::mpi::RunInfo;

// Keeps each rank's events as text, in arrival order, plus what needs no rank.
class Recorder : public xo::mpi::RunObserver {
 public:
  RunInfo info;
  std::vector<CommInfo> comms;
  std::map<int, std::vector<std::string>> events;  // by rank
  std::map<int, std::vector<std::int64_t>> times;  // by rank, of those events
  std::vector<PhaseRecord> phases;
  std::vector<std::string> phase_names;  // "from:phase:path", in arrival order
  bool finished = false;

  void run_started(const RunInfo& i) override { info = i; }
  void comm_defined(const CommInfo& c) override { comms.push_back(c); }
  void call_entered(int rank, const char* call, std::int64_t t, std::uintptr_t) override {
    add(rank, std::string("enter ") + call, t);
  }
  void call_left(int rank, const char* call, std::int64_t t) override { add(rank, std::string("leave ") + call, t); }
  void send(int rank, const MessageEvent& m, std::int64_t t) override { add(rank, "send " + text(m), t); }
  void isend(int rank, const MessageEvent& m, std::int64_t t) override { add(rank, "isend " + text(m), t); }
  void isend_complete(int rank, std::uint64_t id, std::int64_t t, std::int64_t) override {
    add(rank, "isend_complete " + std::to_string(id), t);
  }
  void irecv_request(int rank, std::uint64_t id, std::int64_t t) override {
    add(rank, "irecv_request " + std::to_string(id), t);
  }
  void recv(int rank, const MessageEvent& m, std::int64_t t) override { add(rank, "recv " + text(m), t); }
  void irecv(int rank, const MessageEvent& m, std::int64_t t, std::int64_t) override {
    add(rank, "irecv " + text(m), t);
  }
  void collective_begin(int rank, std::int64_t t) override { add(rank, "coll_begin", t); }
  void collective_end(int rank, const CollectiveEvent& c, std::int64_t t) override {
    add(rank,
        std::string("coll_end ") + c.call + " comm " + std::to_string(c.comm_id) + " root " + std::to_string(c.root) +
            " sent " + std::to_string(c.bytes_sent) + " recv " + std::to_string(c.bytes_received) + " " + c.algorithm,
        t);
  }
  void comm_created(int rank, int id, std::int64_t t) override { add(rank, "comm_created " + std::to_string(id), t); }
  void comm_destroyed(int rank, int id, std::int64_t t) override {
    add(rank, "comm_destroyed " + std::to_string(id), t);
  }
  void phase(const PhaseRecord& p) override {
    phases.push_back(p);
    phase_names.push_back(std::to_string(p.from_world_rank) + ":" + xo::mpi::phase_name(p.phase) + ":" +
                          std::string(p.path));
  }
  void run_finished(std::int64_t, int) override { finished = true; }

  // The rank's events other than calls' enter and leave.
  std::vector<std::string> inner(int rank) const {
    std::vector<std::string> out;
    for (const std::string& e : events.at(rank)) {
      if (e.rfind("enter ", 0) != 0 && e.rfind("leave ", 0) != 0) out.push_back(e);
    }
    return out;
  }
  bool has_phase(const std::string& name) const {
    return std::find(phase_names.begin(), phase_names.end(), name) != phase_names.end();
  }

 private:
  static std::string text(const MessageEvent& m) {
    return "comm " + std::to_string(m.comm_id) + " peer " + std::to_string(m.peer) + " tag " + std::to_string(m.tag) +
           " bytes " + std::to_string(m.bytes) + " id " + std::to_string(m.request_id);
  }
  void add(int rank, std::string e, std::int64_t t) {
    events[rank].push_back(std::move(e));
    times[rank].push_back(t);
  }
};

template <class Body>
Recorder observe(const std::string& machine, int ranks, Body body) {
  Recorder recorder;
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = machine;
  options.stack_bytes = 64 * 1024;
  options.observer = &recorder;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  const auto result = xo::test::run_ranks(options, body);
  EXPECT_EQ(result.exit_code, 0) << result.error;
  return recorder;
}

TEST(RunObserver, DescribesTheRunAndItsPredefinedCommunicators) {
  const Recorder r = observe("xt3", 3, [](int) {});
  EXPECT_EQ(r.info.ranks, 3);
  EXPECT_EQ(r.info.machine, "xt3");
  EXPECT_EQ(r.info.compute_mode, "none");
  auto setting = [](const std::vector<xo::mpi::RunSetting>& all, const std::string& name) {
    for (const auto& s : all) {
      if (s.name == name) return s.value;
    }
    return std::string("missing");
  };
  EXPECT_EQ(setting(r.info.environment, "MPICH_MAX_SHORT_MSG_SIZE"), "128000");
  EXPECT_NE(setting(r.info.parameters, "L"), "missing");
  ASSERT_EQ(r.comms.size(), 2u);
  EXPECT_EQ(r.comms[0].id, 1);
  EXPECT_EQ(r.comms[0].world_ranks, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(r.comms[1].id, 2);
  EXPECT_TRUE(r.finished);
  EXPECT_EQ(r.events.at(1).front(), "enter MPI_Init");
  EXPECT_EQ(r.events.at(1).back(), "leave MPI_Finalize");
}

TEST(RunObserver, BlockingAndNonblockingMessagesAsOtf2RecordsThem) {
  const Recorder r = observe("loggp", 2, [](int rank) {
    int v[4] = {1, 2, 3, 4};
    if (rank == 0) {
      MPI_Send(v, 4, MPI_INT, 1, 7, MPI_COMM_WORLD);
      MPI_Request req;
      MPI_Isend(v, 2, MPI_INT, 1, 8, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(v, 4, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Request req;
      MPI_Irecv(v, 4, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_EQ(r.inner(0), (std::vector<std::string>{"send comm 1 peer 1 tag 7 bytes 16 id 0",
                                                  "isend comm 1 peer 1 tag 8 bytes 8 id 1", "isend_complete 1"}));
  // Receives report what arrived: the source and tag of the message, not the wildcards.
  EXPECT_EQ(r.inner(1), (std::vector<std::string>{"recv comm 1 peer 0 tag 7 bytes 16 id 0", "irecv_request 1",
                                                  "irecv comm 1 peer 0 tag 8 bytes 8 id 1"}));
  for (const auto& [rank, times] : r.times) EXPECT_TRUE(std::is_sorted(times.begin(), times.end())) << rank;
  EXPECT_TRUE(r.has_phase("0:eager:eager") || r.has_phase("0:eager:short")) << ::testing::PrintToString(r.phase_names);
}

TEST(RunObserver, BufferedNonblockingSendIsAnIsendCompleteAtOnce) {
  const Recorder r = observe("loggp", 2, [](int rank) {
    int v = 5;
    if (rank == 0) {
      std::vector<char> buffer(1024);
      MPI_Buffer_attach(buffer.data(), 1024);
      MPI_Request req;
      MPI_Ibsend(&v, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
      void* b;
      int size;
      MPI_Buffer_detach(&b, &size);
    } else {
      MPI_Recv(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_EQ(r.inner(0), (std::vector<std::string>{"isend comm 1 peer 1 tag 3 bytes 4 id 1", "isend_complete 1"}));
}

TEST(RunObserver, CollectivesCarryTheirSizesAndAlgorithmButNotTheirInternalMessages) {
  const Recorder r = observe("loggp", 3, [](int rank) {
    double d[2] = {1, 2};
    MPI_Bcast(d, 2, MPI_DOUBLE, 1, MPI_COMM_WORLD);
    int in = rank, out = 0;
    MPI_Reduce(&in, &out, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  });
  EXPECT_EQ(r.inner(1),
            (std::vector<std::string>{"coll_begin", "coll_end MPI_Bcast comm 1 root 1 sent 16 recv 0 binomial",
                                      "coll_begin", "coll_end MPI_Reduce comm 1 root 0 sent 4 recv 0 binomial"}));
  EXPECT_EQ(r.inner(0)[1], "coll_end MPI_Bcast comm 1 root 1 sent 0 recv 16 binomial");
  EXPECT_EQ(r.inner(0)[3], "coll_end MPI_Reduce comm 1 root 0 sent 4 recv 4 binomial");
  EXPECT_FALSE(r.phases.empty()) << "the algorithm's messages still show as protocol phases";
}

TEST(RunObserver, CollectiveThatFailsUnderErrorsReturnStillEnds) {
  // The root's receive counts are too small: its MPI_Gatherv fails with MPI_ERR_TRUNCATE part way
  // through the algorithm, returns, and the program goes on to a barrier.
  int root_error = MPI_SUCCESS;
  const Recorder r = observe("loggp", 3, [&](int rank) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int send[2] = {rank, rank}, receive[6] = {}, counts[3] = {1, 1, 1}, displacements[3] = {0, 2, 4};
    const int rc = MPI_Gatherv(send, 2, MPI_INT, receive, counts, displacements, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) MPI_Error_class(rc, &root_error);
    MPI_Barrier(MPI_COMM_WORLD);
  });
  EXPECT_EQ(root_error, MPI_ERR_TRUNCATE);
  const std::vector<std::string> root = r.inner(0);
  ASSERT_EQ(root.size(), 4u) << ::testing::PrintToString(root);
  EXPECT_EQ(root[0], "coll_begin");
  EXPECT_EQ(root[1].rfind("coll_end MPI_Gatherv comm 1 root 0", 0), 0u) << root[1];
  EXPECT_EQ(root[2], "coll_begin");
  EXPECT_EQ(root[3].rfind("coll_end MPI_Barrier", 0), 0u) << root[3];
}

TEST(RunObserver, CommunicatorsAreDefinedOnceCreatedByEachMemberAndDestroyed) {
  const Recorder r = observe("loggp", 4, [](int rank) {
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    MPI_Barrier(half);
    MPI_Comm_free(&half);
  });
  ASSERT_EQ(r.comms.size(), 4u);  // world, self, the two halves
  std::map<std::vector<int>, int> ids;
  for (std::size_t i = 2; i < r.comms.size(); ++i) {
    EXPECT_EQ(r.comms[i].parent_id, 1);
    ids[r.comms[i].world_ranks] = r.comms[i].id;
  }
  ASSERT_EQ(ids.count({2, 0}), 1u) << "members in communicator rank order (key -rank)";
  ASSERT_EQ(ids.count({3, 1}), 1u);
  const std::string even = std::to_string(ids[{2, 0}]);
  EXPECT_EQ(r.inner(2),
            (std::vector<std::string>{"comm_created " + even, "coll_begin",
                                      "coll_end MPI_Barrier comm " + even + " root -1 sent 0 recv 0 dissemination",
                                      "comm_destroyed " + even}));
}

TEST(RunObserver, HardwareCollectivesShowTheirSteps) {
  const Recorder ap = observe("ap1000", 4, [](int) {
    MPI_Barrier(MPI_COMM_WORLD);
    double d = 1;
    MPI_Bcast(&d, 1, MPI_DOUBLE, 2, MPI_COMM_WORLD);
  });
  for (int rank = 0; rank < 4; ++rank) {
    EXPECT_TRUE(ap.has_phase(std::to_string(rank) + ":sync-network:sync_network")) << rank;
  }
  EXPECT_TRUE(ap.has_phase("2:broadcast-network:selective_broadcast"));
  EXPECT_TRUE(ap.has_phase("0:receiver-copy:selective_broadcast"));
  EXPECT_FALSE(ap.has_phase("2:receiver-copy:selective_broadcast")) << "the root copies nothing out";
  for (const PhaseRecord& p : ap.phases) EXPECT_LE(p.start_ps, p.end_ps);

  const Recorder x1 = observe("x1", 4, [](int) {
    MPI_Barrier(MPI_COMM_WORLD);
    char c[64] = {};
    MPI_Bcast(c, 64, MPI_CHAR, 0, MPI_COMM_WORLD);
  });
  EXPECT_TRUE(x1.has_phase("3:fetch-and-add:fetch_add_tree"));
  EXPECT_TRUE(x1.has_phase("0:remote-access:gps_pull"));  // the start flag
  EXPECT_TRUE(x1.has_phase("1:remote-access:gps_pull"));  // the pull
}

}  // namespace
