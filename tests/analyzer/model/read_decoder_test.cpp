// Crossover's own event decoder (evt_file_decoder.hpp) reads the model libotf2 reads, row for row,
// on every machine's traces and on damaged ones it accepts; an archive it refuses is read (or
// refused) by libotf2; XO_READ_DECODER=own shows why it refuses, and a value that is no decoder is
// refused by name.

#include <gtest/gtest.h>
#include <mpi.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "same_model.hpp"
#include "scoped_env.hpp"
#include "traced_run.hpp"
#include "xo/analyzer/read_trace.hpp"

using xo::analyzer::read_trace;
using xo::analyzer::TraceModel;
using xo::analyzer::TraceReadError;
using xo::test::traced_run;

namespace {

// The model read with `decoder`, or what reading failed with.
struct Outcome {
  TraceModel model;
  std::string failure;
};

Outcome read_with(const std::string& anchor, const char* decoder,
                  xo::analyzer::Damage damage = xo::analyzer::Damage::Refuse) {
  const xo::test::ScopedEnv set("XO_READ_DECODER", decoder);
  Outcome outcome;
  try {
    outcome.model = read_trace(anchor, {}, damage);
  } catch (const TraceReadError& e) {
    outcome.failure = e.what();
  }
  return outcome;
}

// Every record the model reads: both protocols, nonblocking requests, a cancelled receive,
// blocking, rooted and nonblocking collectives, one-sided operations and each synchronisation.
std::unique_ptr<xo::test::TracedRun> varied_run(const char* machine) {
  return traced_run(machine, 6, [](int rank) {
    std::vector<double> out(3000, rank), in(3000);
    const int next = (rank + 1) % 6, previous = (rank + 5) % 6;
    for (int step = 0; step < 4; ++step) {
      const int n = step % 2 == 0 ? 4 : 3000;
      MPI_Request requests[2];
      MPI_Irecv(in.data(), n, MPI_DOUBLE, previous, step, MPI_COMM_WORLD, &requests[0]);
      MPI_Isend(out.data(), n, MPI_DOUBLE, next, step, MPI_COMM_WORLD, &requests[1]);
      MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
      MPI_Sendrecv(out.data(), 8, MPI_DOUBLE, next, 100, in.data(), 8, MPI_DOUBLE, previous, 100, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      double sum = 0;
      MPI_Allreduce(&in[0], &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      MPI_Reduce(&in[0], &sum, 1, MPI_DOUBLE, MPI_MAX, step % 6, MPI_COMM_WORLD);
      MPI_Request collective;
      MPI_Iallreduce(&in[1], &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &collective);
      MPI_Wait(&collective, MPI_STATUS_IGNORE);
    }
    // One-sided: a window, operations under fences, post-start-complete-wait and a lock.
    int memory[6] = {}, got = 0;
    MPI_Win win;
    MPI_Win_create(memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put(&rank, 1, MPI_INT, next, rank, 1, MPI_INT, win);
    MPI_Accumulate(&rank, 1, MPI_INT, previous, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Get(&got, 1, MPI_INT, next, 1, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Group world, to, from;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 1, &next, &to);
    MPI_Group_incl(world, 1, &previous, &from);
    MPI_Win_post(from, 0, win);
    MPI_Win_start(to, 0, win);
    MPI_Put(&rank, 1, MPI_INT, next, 2, 1, MPI_INT, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    MPI_Win_lock(rank % 2 == 0 ? MPI_LOCK_EXCLUSIVE : MPI_LOCK_SHARED, 0, 0, win);
    MPI_Fetch_and_op(&rank, &got, MPI_INT, 0, 3, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    MPI_Win_free(&win);
    for (MPI_Group* g : {&world, &to, &from}) MPI_Group_free(g);
    MPI_Request never;
    MPI_Irecv(in.data(), 1, MPI_DOUBLE, MPI_ANY_SOURCE, 999, MPI_COMM_WORLD, &never);
    MPI_Cancel(&never);
    MPI_Wait(&never, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
  });
}

}  // namespace

TEST(ReadDecoder, OwnDecoderReadsTheModelLibotf2Reads) {
  for (const char* machine : {"xt3", "xe6", "x1", "t3e", "ap1000", "loggp"}) {
    SCOPED_TRACE(machine);
    const auto run = varied_run(machine);
    ASSERT_EQ(run->exit_code, 0);
    const Outcome own = read_with(run->anchor, "own");  // alone: a refusal would fail here
    const Outcome otf2 = read_with(run->anchor, "otf2");
    ASSERT_EQ(own.failure, "");
    ASSERT_EQ(otf2.failure, "");
    ASSERT_GT(otf2.model.phases.size(), 0u);
    ASSERT_GT(otf2.model.collectives.operation.size(), 0u);
    ASSERT_GT(otf2.model.rma.size(), 0u);
    xo::test::expect_same_model(own.model, otf2.model);
  }
}

// Bytes flipped across every event file, one at a time, read with the damage tolerated: whatever
// the own decoder accepts, libotf2 reads as the same model (problems included), so that the two
// agree on what is damaged. What it refuses goes to libotf2 itself (some damage makes libotf2 read
// on through stale memory: that is left to its own tests). Without --tolerate both refuse them all.
TEST(ReadDecoder, WhatTheOwnDecoderAcceptsLibotf2ReadsAlike) {
  const auto run = varied_run("xt3");
  ASSERT_EQ(run->exit_code, 0);
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(run->dir.path()) / "traces")) {
    if (entry.path().extension() == ".evt") files.push_back(entry.path());
  }
  ASSERT_FALSE(files.empty());
  int accepted = 0, refused = 0;
  for (const auto& file : files) {
    const auto size = static_cast<std::streamoff>(std::filesystem::file_size(file));
    for (int part = 1; part < 25; ++part) {
      const std::streamoff at = size * part / 25;
      std::fstream bytes(file, std::ios::in | std::ios::out | std::ios::binary);
      bytes.seekg(at);
      const char was = static_cast<char>(bytes.get());
      bytes.seekp(at);
      bytes.put(static_cast<char>(was ^ 0x5a));
      bytes.close();
      SCOPED_TRACE(file.filename().string() + " byte " + std::to_string(at));
      const auto tolerate = xo::analyzer::Damage::Tolerate;
      const Outcome own = read_with(run->anchor, "own", tolerate);
      EXPECT_NE(read_with(run->anchor, nullptr).failure, "");
      if (own.failure.empty()) {
        ++accepted;
        EXPECT_GT(own.model.problems.damage(), 0u);
        const Outcome otf2 = read_with(run->anchor, "otf2", tolerate);
        EXPECT_EQ(otf2.failure, "");
        xo::test::expect_same_model(own.model, otf2.model);
      } else {
        ++refused;
        EXPECT_NE(own.failure.find("XO_READ_DECODER=own"), std::string::npos) << own.failure;
      }
      std::fstream restore(file, std::ios::in | std::ios::out | std::ios::binary);
      restore.seekp(at);
      restore.put(was);
    }
  }
  EXPECT_GT(accepted, 0);  // flips in times, ids and sizes still decode
  EXPECT_GT(refused, 0);   // flips in the framing do not
}

TEST(ReadDecoder, OwnAloneSaysWhyItRefuses) {
  const auto run = varied_run("xt3");
  ASSERT_EQ(run->exit_code, 0);
  const std::filesystem::path evt = std::filesystem::path(run->dir.path()) / "traces" / "2.evt";
  std::filesystem::resize_file(evt, std::filesystem::file_size(evt) - 5);
  const Outcome own = read_with(run->anchor, "own");
  EXPECT_NE(own.failure.find("XO_READ_DECODER=own"), std::string::npos) << own.failure;
  EXPECT_NE(own.failure.find("2.evt"), std::string::npos) << own.failure;
  EXPECT_NE(own.failure.find("unset XO_READ_DECODER"), std::string::npos) << own.failure;
  // By default libotf2's reading names the cut file, as with XO_READ_DECODER=otf2.
  const Outcome by_default = read_with(run->anchor, nullptr);
  EXPECT_EQ(by_default.failure, read_with(run->anchor, "otf2").failure);
  EXPECT_NE(by_default.failure.find("truncated"), std::string::npos) << by_default.failure;
}

// A FIFO in place of an event file is refused at once, not opened for a writer that never comes.
TEST(ReadDecoder, OwnRefusesAFifoWithoutWaiting) {
  const auto run = varied_run("loggp");
  ASSERT_EQ(run->exit_code, 0);
  const std::filesystem::path evt = std::filesystem::path(run->dir.path()) / "traces" / "1.evt";
  std::filesystem::remove(evt);
  ASSERT_EQ(mkfifo(evt.c_str(), 0600), 0);
  const Outcome own = read_with(run->anchor, "own");
  EXPECT_NE(own.failure.find("1.evt is not a readable file"), std::string::npos) << own.failure;
}

TEST(ReadDecoder, ADecoderThatIsNoneIsRefused) {
  const auto run = varied_run("loggp");
  ASSERT_EQ(run->exit_code, 0);
  for (const char* decoder : {"OTF2", "libotf2", "own ", "1"}) {
    const Outcome outcome = read_with(run->anchor, decoder);
    EXPECT_NE(outcome.failure.find(std::string("XO_READ_DECODER=") + decoder + ":"), std::string::npos)
        << outcome.failure;
  }
  EXPECT_EQ(read_with(run->anchor, "").failure, "");  // set but empty: as if unset
}
