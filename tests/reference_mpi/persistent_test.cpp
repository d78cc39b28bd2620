// Persistent requests: a request started many times delivers each round's data, completes into an
// inactive handle that Wait and Test pass over with an empty status, is freed by MPI_Request_free,
// and refuses a second start while active. Each MPI_Start posts exactly what the matching
// nonblocking call posts: the same events at the same virtual times, on several machines.

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "simulate.hpp"
#include "xo/reference_mpi/run_observer.hpp"

using xo::test::simulate;

TEST(Persistent, SendAndReceiveStartedManyTimesDeliverEveryRound) {
  constexpr int kRounds = 40;
  std::vector<int> received;
  std::vector<int> sources;
  bool handles_kept = true;
  auto result = simulate(2, [&](int rank, int) {
    int value = 0;
    MPI_Request request;
    if (rank == 0) {
      MPI_Send_init(&value, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &request);
    } else {
      MPI_Recv_init(&value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &request);
    }
    const MPI_Request handle = request;
    for (int round = 0; round < kRounds; ++round) {
      if (rank == 0) value = round * round;
      MPI_Start(&request);
      MPI_Status status;
      if (round % 2 == 0) {
        MPI_Wait(&request, &status);
      } else {
        int flag = 0;
        while (!flag) MPI_Test(&request, &flag, &status);
      }
      handles_kept = handles_kept && request == handle;
      if (rank == 1) {
        received.push_back(value);
        sources.push_back(status.MPI_SOURCE * 100 + status.MPI_TAG);
      }
    }
    MPI_Request_free(&request);
    EXPECT_EQ(request, MPI_REQUEST_NULL);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_TRUE(handles_kept);
  ASSERT_EQ(received.size(), static_cast<std::size_t>(kRounds));
  for (int round = 0; round < kRounds; ++round) {
    EXPECT_EQ(received[static_cast<std::size_t>(round)], round * round);
    EXPECT_EQ(sources[static_cast<std::size_t>(round)], 7);  // rank 0, tag 7
  }
}

TEST(Persistent, InactiveRequestsCompleteAtOnceWithAnEmptyStatus) {
  MPI_Status wait_status{}, test_status{};
  int test_flag = 0, count = -1, any_index = 0, some_count = 0;
  MPI_Request after_wait = MPI_REQUEST_NULL;
  double waited = -1;
  auto result = simulate(1, [&](int, int) {
    int buffer[4];
    MPI_Request request;
    MPI_Recv_init(buffer, 4, MPI_INT, 0, 3, MPI_COMM_WORLD, &request);  // never started
    const double before = MPI_Wtime();
    wait_status.MPI_SOURCE = 99;
    MPI_Wait(&request, &wait_status);
    waited = MPI_Wtime() - before;
    after_wait = request;
    test_status.MPI_SOURCE = 99;
    MPI_Test(&request, &test_flag, &test_status);
    MPI_Get_count(&wait_status, MPI_INT, &count);
    MPI_Request both[2] = {request, MPI_REQUEST_NULL};
    MPI_Waitany(2, both, &any_index, MPI_STATUS_IGNORE);
    int indices[2];
    MPI_Waitsome(2, both, &some_count, indices, MPI_STATUSES_IGNORE);
    MPI_Waitall(2, both, MPI_STATUSES_IGNORE);
    EXPECT_EQ(both[0], request);  // Waitall leaves an inactive persistent handle as it is
    MPI_Request_free(&request);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_NE(after_wait, MPI_REQUEST_NULL);
  EXPECT_EQ(waited, 0);
  EXPECT_EQ(wait_status.MPI_SOURCE, MPI_ANY_SOURCE);
  EXPECT_EQ(wait_status.MPI_TAG, MPI_ANY_TAG);
  EXPECT_EQ(wait_status.MPI_ERROR, MPI_SUCCESS);
  EXPECT_EQ(count, 0);
  EXPECT_EQ(test_flag, 1);
  EXPECT_EQ(test_status.MPI_SOURCE, MPI_ANY_SOURCE);
  EXPECT_EQ(any_index, MPI_UNDEFINED);
  EXPECT_EQ(some_count, MPI_UNDEFINED);
}

TEST(Persistent, EveryModeAndStartallWithWaitall) {
  constexpr int kRounds = 5;
  std::vector<std::vector<double>> got(3);
  auto result = simulate(4, [&](int rank, int) {
    std::vector<char> attached(4096);
    MPI_Buffer_attach(attached.data(), static_cast<int>(attached.size()));
    double out[3] = {0, 0, 0};
    double in[3] = {0, 0, 0};
    MPI_Request requests[3];
    if (rank == 0) {
      MPI_Ssend_init(&out[0], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &requests[0]);
      MPI_Bsend_init(&out[1], 1, MPI_DOUBLE, 2, 0, MPI_COMM_WORLD, &requests[1]);
      MPI_Rsend_init(&out[2], 1, MPI_DOUBLE, 3, 0, MPI_COMM_WORLD, &requests[2]);
    } else {
      MPI_Recv_init(&in[rank - 1], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &requests[0]);
    }
    for (int round = 0; round < kRounds; ++round) {
      if (rank == 0) {
        for (int k = 0; k < 3; ++k) out[k] = round + 0.25 * (k + 1);
        MPI_Barrier(MPI_COMM_WORLD);  // the ready send's receive is posted by now
        MPI_Startall(3, requests);
        MPI_Waitall(3, requests, MPI_STATUSES_IGNORE);
      } else {
        MPI_Start(&requests[0]);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
        got[static_cast<std::size_t>(rank - 1)].push_back(in[rank - 1]);
      }
    }
    for (int k = 0; k < (rank == 0 ? 3 : 1); ++k) MPI_Request_free(&requests[k]);
    void* detached;
    int size;
    MPI_Buffer_detach(&detached, &size);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int k = 0; k < 3; ++k) {
    ASSERT_EQ(got[static_cast<std::size_t>(k)].size(), static_cast<std::size_t>(kRounds));
    for (int round = 0; round < kRounds; ++round) {
      EXPECT_EQ(got[static_cast<std::size_t>(k)][static_cast<std::size_t>(round)], round + 0.25 * (k + 1));
    }
  }
}

TEST(Persistent, SynchronousStartCompletesOnlyWhenTheReceiveMatches) {
  double completed_at = 0, posted_at = 0;
  auto result = simulate(2, [&](int rank, int) {
    int v = 1;
    MPI_Request request;
    if (rank == 0) {
      MPI_Ssend_init(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request);
      MPI_Start(&request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
      completed_at = MPI_Wtime();
      MPI_Request_free(&request);
    } else {
      double t = MPI_Wtime();
      while (MPI_Wtime() - t < 1e-3) {
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);  // let 1 ms pass
      }
      posted_at = MPI_Wtime();
      MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_GE(completed_at, posted_at);
}

TEST(Persistent, ProcNullAndAFreedDatatype) {
  MPI_Status status{};
  std::vector<int> received(4, -1);
  auto result = simulate(2, [&](int rank, int) {
    int v = 5;
    MPI_Request null_request;
    MPI_Recv_init(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &null_request);
    MPI_Start(&null_request);
    MPI_Wait(&null_request, &status);
    MPI_Request_free(&null_request);
    MPI_Datatype pair;
    MPI_Type_vector(2, 1, 2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Request request;
    const int data[] = {10, 20, 30, 40};
    if (rank == 0) {
      MPI_Send_init(data, 1, pair, 1, 0, MPI_COMM_WORLD, &request);
    } else {
      MPI_Recv_init(received.data(), 1, pair, 0, 0, MPI_COMM_WORLD, &request);
    }
    MPI_Type_free(&pair);  // the request keeps the type
    MPI_Start(&request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Request_free(&request);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(status.MPI_SOURCE, MPI_PROC_NULL);
  EXPECT_EQ(received, (std::vector<int>{10, -1, 30, -1}));
}

TEST(Persistent, MisuseGivesErrRequest) {
  std::vector<int> codes;
  MPI_Request freed = -1;
  auto result = simulate(2, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int v = 0;
    if (rank == 1) {
      MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      return;
    }
    MPI_Request request, plain, null = MPI_REQUEST_NULL;
    MPI_Recv_init(&v, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &request);
    codes.push_back(MPI_Start(&request));
    codes.push_back(MPI_Start(&request));  // still active
    MPI_Request twice[2] = {request, request};
    codes.push_back(MPI_Startall(2, twice));
    MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &plain);
    codes.push_back(MPI_Start(&plain));  // not persistent
    MPI_Wait(&plain, MPI_STATUS_IGNORE);
    codes.push_back(MPI_Start(&null));
    codes.push_back(MPI_Cancel(&request));  // an active receive can be cancelled
    MPI_Status status;
    MPI_Wait(&request, &status);
    int cancelled = 0;
    MPI_Test_cancelled(&status, &cancelled);
    codes.push_back(cancelled);
    codes.push_back(MPI_Cancel(&request));  // inactive
    codes.push_back(MPI_Request_free(&request));
    freed = request;
    codes.push_back(MPI_Start(&request));  // freed: MPI_REQUEST_NULL now
    codes.push_back(MPI_Send_init(&v, 1, MPI_INT, 9, 0, MPI_COMM_WORLD, &request));
    codes.push_back(MPI_Recv_init(&v, 1, MPI_INT, 0, -4, MPI_COMM_WORLD, &request));
    codes.push_back(MPI_Send_init(&v, 1, MPI_DATATYPE_NULL, 1, 0, MPI_COMM_WORLD, &request));
    codes.push_back(MPI_Bsend_init(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request));
    codes.push_back(MPI_Start(&request));  // no buffer attached
    MPI_Request_free(&request);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(freed, MPI_REQUEST_NULL);
  EXPECT_EQ(codes, (std::vector<int>{MPI_SUCCESS, MPI_ERR_REQUEST, MPI_ERR_REQUEST, MPI_ERR_REQUEST, MPI_ERR_REQUEST,
                                     MPI_SUCCESS, 1, MPI_ERR_REQUEST, MPI_SUCCESS, MPI_ERR_REQUEST, MPI_ERR_RANK,
                                     MPI_ERR_TAG, MPI_ERR_TYPE, MPI_SUCCESS, MPI_ERR_BUFFER}));
}

namespace {

// A rank's events other than entering and leaving calls (whose names differ: MPI_Isend against
// MPI_Start), each with its virtual time, and every protocol phase.
class EventLog : public xo::mpi::RunObserver {
 public:
  std::map<int, std::vector<std::string>> events;
  std::vector<std::string> phases;

  void isend(int rank, const xo::mpi::MessageEvent& m, std::int64_t t) override {
    add(rank,
        "isend to " + std::to_string(m.peer) + " bytes " + std::to_string(m.bytes) + " id " +
            std::to_string(m.request_id),
        t);
  }
  void isend_complete(int rank, std::uint64_t id, std::int64_t t, std::int64_t) override {
    add(rank, "isend_complete " + std::to_string(id), t);
  }
  void irecv_request(int rank, std::uint64_t id, std::int64_t t) override {
    add(rank, "irecv_request " + std::to_string(id), t);
  }
  void irecv(int rank, const xo::mpi::MessageEvent& m, std::int64_t t, std::int64_t) override {
    add(rank, "irecv from " + std::to_string(m.peer) + " bytes " + std::to_string(m.bytes), t);
  }
  void phase(const xo::mpi::PhaseRecord& p) override {
    phases.push_back(std::to_string(p.from_world_rank) + ">" + std::to_string(p.to_world_rank) + " " +
                     xo::mpi::phase_name(p.phase) + " " + std::to_string(p.start_ps) + "-" + std::to_string(p.end_ps));
  }

 private:
  void add(int rank, const std::string& what, std::int64_t t) {
    events[rank].push_back(what + " at " + std::to_string(t));
  }
};

enum class Mode { Standard, Synchronous, Buffered };

// Three rounds of a ring exchange with nonblocking calls, or with persistent requests started
// each round; returns the observer's log and each rank's final time.
std::pair<EventLog, std::vector<double>> ring(bool persistent, Mode mode, int bytes, const std::string& machine) {
  EventLog log;
  std::vector<double> end(4);
  xo::mpi::SimulationOptions options;
  options.ranks = 4;
  options.machine = machine;
  options.observer = &log;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  auto result = xo::test::run_ranks(options, [&](int rank) {
    std::vector<char> out(static_cast<std::size_t>(bytes), static_cast<char>(rank)), in(out.size());
    // Room for every round's message: a buffered message holds its space until it is delivered,
    // which may be after the sender's next round has begun.
    std::vector<char> attached(3 * (static_cast<std::size_t>(bytes) + MPI_BSEND_OVERHEAD));
    MPI_Buffer_attach(attached.data(), static_cast<int>(attached.size()));
    const int right = (rank + 1) % 4, left = (rank + 3) % 4;
    MPI_Request r[2];
    if (persistent) {
      MPI_Recv_init(in.data(), bytes, MPI_BYTE, left, 0, MPI_COMM_WORLD, &r[0]);
      if (mode == Mode::Standard) MPI_Send_init(out.data(), bytes, MPI_BYTE, right, 0, MPI_COMM_WORLD, &r[1]);
      if (mode == Mode::Synchronous) MPI_Ssend_init(out.data(), bytes, MPI_BYTE, right, 0, MPI_COMM_WORLD, &r[1]);
      if (mode == Mode::Buffered) MPI_Bsend_init(out.data(), bytes, MPI_BYTE, right, 0, MPI_COMM_WORLD, &r[1]);
    }
    for (int round = 0; round < 3; ++round) {
      if (persistent) {
        MPI_Startall(2, r);
      } else {
        MPI_Irecv(in.data(), bytes, MPI_BYTE, left, 0, MPI_COMM_WORLD, &r[0]);
        if (mode == Mode::Standard) MPI_Isend(out.data(), bytes, MPI_BYTE, right, 0, MPI_COMM_WORLD, &r[1]);
        if (mode == Mode::Synchronous) MPI_Issend(out.data(), bytes, MPI_BYTE, right, 0, MPI_COMM_WORLD, &r[1]);
        if (mode == Mode::Buffered) MPI_Ibsend(out.data(), bytes, MPI_BYTE, right, 0, MPI_COMM_WORLD, &r[1]);
      }
      MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    }
    if (persistent) {
      MPI_Request_free(&r[0]);
      MPI_Request_free(&r[1]);
    }
    void* detached;
    int size;
    MPI_Buffer_detach(&detached, &size);
    end[static_cast<std::size_t>(rank)] = MPI_Wtime();
  });
  EXPECT_EQ(result.exit_code, 0) << result.error;
  return {log, end};
}

}  // namespace

TEST(Persistent, StartPostsExactlyWhatTheNonblockingCallPosts) {
  for (const std::string machine : {"loggp", "xt3", "t3e", "xe6"}) {
    for (int bytes : {64, 200000}) {
      for (Mode mode : {Mode::Standard, Mode::Synchronous, Mode::Buffered}) {
        const auto [nonblocking, nonblocking_end] = ring(false, mode, bytes, machine);
        const auto [started, started_end] = ring(true, mode, bytes, machine);
        const std::string where =
            machine + ", " + std::to_string(bytes) + " bytes, mode " + std::to_string(static_cast<int>(mode));
        EXPECT_EQ(started.events, nonblocking.events) << where;
        EXPECT_EQ(started.phases, nonblocking.phases) << where;
        EXPECT_EQ(started_end, nonblocking_end) << where;
        EXPECT_FALSE(started.events.empty()) << where;
      }
    }
  }
}
