// Locations read on several threads (location_reading.hpp) give the model a single thread reads,
// row for row: calls, phases, messages, collectives, problems and location kinds. A damaged archive
// fails with the same message on any number of threads, and a XO_READ_THREADS that is no thread
// count is refused by name.

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "traced_run.hpp"
#include "xo/analyzer/read_trace.hpp"

using xo::analyzer::read_trace;
using xo::analyzer::TraceModel;
using xo::analyzer::TraceReadError;
using xo::test::traced_run;

namespace {

// Equal bit for bit, so that NaN (a blocking send's completion) equals NaN.
template <class T>
void expect_same(const std::vector<T>& a, const std::vector<T>& b, const char* column) {
  ASSERT_EQ(a.size(), b.size()) << column;
  if (!a.empty()) {
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(T)), 0) << column;
  }
}

// XO_READ_THREADS set while it lives.
class ReadThreads {
 public:
  explicit ReadThreads(const char* threads) { setenv("XO_READ_THREADS", threads, 1); }
  ~ReadThreads() { unsetenv("XO_READ_THREADS"); }
  ReadThreads(const ReadThreads&) = delete;
  ReadThreads& operator=(const ReadThreads&) = delete;
};

TraceModel read_with_threads(const std::string& anchor, const char* threads) {
  const ReadThreads set(threads);
  return read_trace(anchor);
}

// What reading `anchor` with `threads` fails with, "" if it reads.
std::string failure_with_threads(const std::string& anchor, const char* threads) {
  const ReadThreads set(threads);
  try {
    read_trace(anchor);
  } catch (const TraceReadError& e) {
    return e.what();
  }
  return "";
}

// Eight ranks in a ring: messages of both protocols, collectives.
std::unique_ptr<xo::test::TracedRun> ring_run() {
  return traced_run("xt3", 8, [](int rank) {
    std::vector<double> out(600, rank), in(600);
    const int next = (rank + 1) % 8, previous = (rank + 7) % 8;
    for (int step = 0; step < 6; ++step) {
      const int n = step % 2 == 0 ? 4 : 600;  // eager and rendezvous: phases on the lanes
      MPI_Request requests[2];
      MPI_Irecv(in.data(), n, MPI_DOUBLE, previous, step, MPI_COMM_WORLD, &requests[0]);
      MPI_Isend(out.data(), n, MPI_DOUBLE, next, step, MPI_COMM_WORLD, &requests[1]);
      MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
      MPI_Sendrecv(out.data(), 8, MPI_DOUBLE, next, 100, in.data(), 8, MPI_DOUBLE, previous, 100, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      double sum = 0;
      MPI_Allreduce(&in[0], &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      MPI_Bcast(out.data(), 16, MPI_DOUBLE, step % 8, MPI_COMM_WORLD);
    }
  });
}

}  // namespace

TEST(ReadParallel, ThreadsReadTheModelOneThreadReads) {
  const auto run = ring_run();
  ASSERT_EQ(run->exit_code, 0);
  const TraceModel one = read_with_threads(run->anchor, "1");
  ASSERT_GT(one.phases.size(), 0u);
  ASSERT_GT(one.messages.size(), 0u);
  for (const char* threads : {"2", "3", "7"}) {
    SCOPED_TRACE(std::string(threads) + " threads");
    const TraceModel many = read_with_threads(run->anchor, threads);
    EXPECT_EQ(many.events, one.events);
    expect_same(many.locations.kind, one.locations.kind, "locations.kind");
    expect_same(many.calls.rank, one.calls.rank, "calls.rank");
    expect_same(many.calls.region, one.calls.region, "calls.region");
    expect_same(many.calls.depth, one.calls.depth, "calls.depth");
    expect_same(many.calls.enter, one.calls.enter, "calls.enter");
    expect_same(many.calls.leave, one.calls.leave, "calls.leave");
    expect_same(many.calls.is_mpi, one.calls.is_mpi, "calls.is_mpi");
    expect_same(many.calls.site, one.calls.site, "calls.site");
    expect_same(many.calls.first_of_rank, one.calls.first_of_rank, "calls.first_of_rank");
    expect_same(many.phases.rank, one.phases.rank, "phases.rank");
    expect_same(many.phases.region, one.phases.region, "phases.region");
    expect_same(many.phases.lane, one.phases.lane, "phases.lane");
    expect_same(many.phases.start, one.phases.start, "phases.start");
    expect_same(many.phases.end, one.phases.end, "phases.end");
    expect_same(many.phases.protocol, one.phases.protocol, "phases.protocol");
    expect_same(many.phases.bytes, one.phases.bytes, "phases.bytes");
    expect_same(many.phases.peer, one.phases.peer, "phases.peer");
    expect_same(many.messages.sender, one.messages.sender, "messages.sender");
    expect_same(many.messages.receiver, one.messages.receiver, "messages.receiver");
    expect_same(many.messages.tag, one.messages.tag, "messages.tag");
    expect_same(many.messages.send_time, one.messages.send_time, "messages.send_time");
    expect_same(many.messages.send_call, one.messages.send_call, "messages.send_call");
    expect_same(many.messages.send_complete, one.messages.send_complete, "messages.send_complete");
    expect_same(many.messages.send_complete_call, one.messages.send_complete_call, "messages.send_complete_call");
    expect_same(many.messages.receive_call, one.messages.receive_call, "messages.receive_call");
    expect_same(many.messages.receive_posted, one.messages.receive_posted, "messages.receive_posted");
    expect_same(many.collectives.operation, one.collectives.operation, "collectives.operation");
    expect_same(many.collectives.root, one.collectives.root, "collectives.root");
    expect_same(many.collectives.member_count, one.collectives.member_count, "collectives.member_count");
    expect_same(many.collectives.call, one.collectives.call, "collectives.call");
    expect_same(many.collectives.complete_call, one.collectives.complete_call, "collectives.complete_call");
    expect_same(many.collectives.begin, one.collectives.begin, "collectives.begin");
    EXPECT_EQ(many.problems.total(), one.problems.total());
    EXPECT_EQ(many.problems.examples, one.problems.examples);
  }
}

// Event files of ranks 1 and 6 cut short: on any number of threads the failure is rank 1's, as a
// single thread reading in rank order meets it.
TEST(ReadParallel, DamagedArchiveFailsAlikeOnAnyThreads) {
  const auto run = ring_run();
  ASSERT_EQ(run->exit_code, 0);
  const std::filesystem::path events = std::filesystem::path(run->dir.path()) / "traces";
  for (const char* cut : {"1.evt", "6.evt"}) {
    std::filesystem::resize_file(events / cut, std::filesystem::file_size(events / cut) / 2);
  }
  const std::string one = failure_with_threads(run->anchor, "1");
  EXPECT_NE(one.find("1.evt"), std::string::npos) << one;
  for (const char* threads : {"2", "3", "7"}) {
    EXPECT_EQ(failure_with_threads(run->anchor, threads), one) << threads << " threads";
  }
}

TEST(ReadParallel, ThreadCountThatIsNoneIsRefused) {
  const auto run = ring_run();
  ASSERT_EQ(run->exit_code, 0);
  for (const char* threads : {"abc", "0", "-2", "65", "100000000000", "3x", " 2"}) {
    const std::string message = failure_with_threads(run->anchor, threads);
    EXPECT_NE(message.find(std::string("XO_READ_THREADS=") + threads + ":"), std::string::npos) << message;
    EXPECT_NE(message.find("from 1 to 64"), std::string::npos) << message;
  }
  EXPECT_EQ(failure_with_threads(run->anchor, "64"), "");
  EXPECT_EQ(failure_with_threads(run->anchor, ""), "");  // set but empty: as if unset
}
