// The run's profile (xo/tracer/run_profile.hpp) against its trace: the profile written beside a
// trace sums the same calls, messages and collectives the trace's events give, and a damaged
// profile file is one clear error.

#include "xo/analyzer/analysis/profile_summary.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <string>

#include "../model/traced_run.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/tracer/run_profile.hpp"
#include "xo/tracer/trace_read_error.hpp"

namespace {

using xo::analyzer::ProfileSummary;

// Messages of several sizes (0 bytes, 1,000 and 100,000), nonblocking and blocking, a
// broadcast and an allreduce, on 4 XT3 ranks.
std::unique_ptr<xo::test::TracedRun> varied_run() {
  return xo::test::traced_run("xt3", 4, [](int rank) {
    std::vector<char> buffer(100000);
    const int partner = rank ^ 1;
    for (int size : {0, 1000, 100000}) {
      MPI_Request request;
      MPI_Irecv(buffer.data(), size, MPI_CHAR, partner, 1, MPI_COMM_WORLD, &request);
      MPI_Send(buffer.data(), size, MPI_CHAR, partner, 1, MPI_COMM_WORLD);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
    int value = rank, sum = 0;
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  });
}

TEST(ProfileSummary, SumsWhatTheTraceOfTheSameRunHolds) {
  const auto run = varied_run();
  ASSERT_EQ(run->exit_code, 0);
  const xo::analyzer::MpiProfile traced = xo::analyzer::profile_mpi(xo::analyzer::read_trace(run->anchor));
  const ProfileSummary s =
      xo::analyzer::summarize_profile(xo::tracer::read_profile(run->dir.path() + "/profile.xop"), 100);
  EXPECT_EQ(s.profile.ranks, 4);
  ASSERT_TRUE(s.run);
  EXPECT_EQ(s.run->machine, "xt3");
  EXPECT_NEAR(s.profile.mpi_seconds, traced.mpi_seconds, 1e-12);
  EXPECT_NEAR(s.profile.run_seconds, traced.run_seconds, 1e-12);
  std::map<std::string, std::pair<std::uint64_t, double>> from_trace, from_profile;
  for (const auto& c : traced.by_call) from_trace[c.call] = {c.count, c.seconds};
  for (const auto& c : s.profile.by_call) from_profile[c.call] = {c.count, c.seconds};
  ASSERT_EQ(from_profile.size(), from_trace.size());
  for (const auto& [call, counted] : from_trace) {
    ASSERT_TRUE(from_profile.count(call)) << call;
    EXPECT_EQ(from_profile[call].first, counted.first) << call;
    EXPECT_NEAR(from_profile[call].second, counted.second, 1e-12) << call;
  }
  // Each rank sent three messages: one in each of bins 0 (0 bytes), 10 (512-1023) and 17.
  ASSERT_EQ(s.sizes.size(), 3u);
  EXPECT_EQ(s.sizes[0].largest, 0u);
  EXPECT_EQ(s.sizes[1].smallest, 512u);
  EXPECT_EQ(s.sizes[1].largest, 1023u);
  EXPECT_EQ(s.sizes[2].smallest, 65536u);
  for (const auto& b : s.sizes) EXPECT_EQ(b.messages, 4u);
  EXPECT_EQ(s.sizes[2].bytes, 4u * 100000u);
  // Each rank sent to its partner only, 101,000 bytes.
  ASSERT_EQ(s.busiest.size(), 4u);
  for (const auto& p : s.busiest) {
    EXPECT_EQ(p.peer, p.rank ^ 1);
    EXPECT_EQ(p.bytes, 101000u);
  }
  // The collectives by algorithm: a broadcast and an allreduce on each rank; the phases by path.
  std::uint64_t collective_calls = 0;
  for (const auto& a : s.profile.by_protocol) collective_calls += a.messages;
  EXPECT_EQ(collective_calls, 8u);
  EXPECT_FALSE(s.by_path.empty());
}

TEST(ProfileSummary, ADamagedProfileIsOneClearError) {
  const auto run = varied_run();
  const std::string path = run->dir.path() + "/profile.xop";
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const auto error_of = [&](const std::string& content) -> std::string {
    const std::string damaged = run->dir.path() + "/damaged.xop";
    std::ofstream(damaged, std::ios::binary | std::ios::trunc) << content;
    try {
      xo::tracer::read_profile(damaged);
    } catch (const xo::tracer::TraceReadError& e) {
      return e.what();
    }
    return "";
  };
  for (std::size_t cut : {std::size_t{9}, bytes.size() / 2, bytes.size() - 1}) {
    const std::string error = error_of(bytes.substr(0, cut));
    EXPECT_NE(error.find("cannot read profile"), std::string::npos) << cut << ": " << error;
    EXPECT_NE(error.find("record the run again"), std::string::npos) << cut << ": " << error;
  }
  EXPECT_NE(error_of("not a profile at all").find("not a profile"), std::string::npos);
  EXPECT_NE(error_of(bytes + "x").find("bytes follow"), std::string::npos);
  EXPECT_TRUE(xo::tracer::is_profile_file(path));
  EXPECT_FALSE(xo::tracer::is_profile_file(run->anchor));
}

}  // namespace
