// A bench run's samples survive the report's cache byte for byte, and damaged bytes are refused
// (the report then benchmarks afresh).

#include "xo/analyzer/analysis/bench_samples_codec.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace {

using xo::analyzer::BenchSamples;

BenchSamples one_run(bool own_settings) {
  BenchSamples run;
  xo::analyzer::ProtocolSamples eager{"short", {}};
  xo::analyzer::fit::LogGpSample full;
  full.bytes = 4096;
  full.send_call_seconds = 1e-6;
  full.receive_call_seconds = 2e-6;
  full.end_to_end_seconds = 5.5e-6;
  full.gap_seconds = 0.25e-6;
  full.send_blocked_seconds = 1.5e-6;
  full.sender_waited_for_receive = false;
  full.free_after_receive_posted = 3e-6;
  xo::analyzer::fit::LogGpSample bare;
  bare.bytes = 0;
  bare.end_to_end_seconds = 4e-6;
  xo::analyzer::fit::LogGpSample waited;
  waited.bytes = 1 << 20;
  waited.sender_waited_for_receive = true;
  eager.samples = {full, bare, waited};
  run.messages = {eager, {"long-pull", {bare}}};
  if (own_settings) run.own_settings_messages = run.messages;
  run.collectives.push_back({"MPI_Reduce", "binomial", 1024, 256, 16, 7.5e-5, 2, true});
  run.collectives.push_back({"MPI_Barrier", "dissemination", 0, 0, 16, 1e-5, 0, false});
  return run;
}

void expect_same(const xo::analyzer::fit::LogGpSample& a, const xo::analyzer::fit::LogGpSample& b) {
  EXPECT_EQ(a.bytes, b.bytes);
  EXPECT_EQ(a.send_call_seconds, b.send_call_seconds);
  EXPECT_EQ(a.receive_call_seconds, b.receive_call_seconds);
  EXPECT_EQ(a.end_to_end_seconds, b.end_to_end_seconds);
  EXPECT_EQ(a.gap_seconds, b.gap_seconds);
  EXPECT_EQ(a.send_blocked_seconds, b.send_blocked_seconds);
  EXPECT_EQ(a.sender_waited_for_receive, b.sender_waited_for_receive);
  EXPECT_EQ(a.free_after_receive_posted, b.free_after_receive_posted);
}

}  // namespace

TEST(BenchSamplesCodec, ARunsSamplesComeBackExactly) {
  for (const bool own : {false, true}) {
    const BenchSamples before = one_run(own);
    const BenchSamples after = xo::analyzer::decode_bench_run(xo::analyzer::encode_bench_run(before));
    ASSERT_EQ(after.messages.size(), 2u);
    EXPECT_EQ(after.messages[1].protocol, "long-pull");
    ASSERT_EQ(after.messages[0].samples.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) expect_same(after.messages[0].samples[i], before.messages[0].samples[i]);
    EXPECT_EQ(after.own_settings_messages.size(), own ? 2u : 0u);
    ASSERT_EQ(after.collectives.size(), 2u);
    const auto& c = after.collectives[0];
    EXPECT_EQ(c.call, "MPI_Reduce");
    EXPECT_EQ(c.algorithm, "binomial");
    EXPECT_EQ(c.bytes_per_rank, 1024);
    EXPECT_EQ(c.elements, 256);
    EXPECT_EQ(c.ranks, 16);
    EXPECT_EQ(c.seconds, 7.5e-5);
    EXPECT_EQ(c.branching, 2);
    EXPECT_TRUE(c.measured);
    EXPECT_FALSE(after.collectives[1].measured);
  }
}

TEST(BenchSamplesCodec, DamagedBytesAreRefused) {
  const std::string bytes = xo::analyzer::encode_bench_run(one_run(true));
  for (std::size_t cut : {std::size_t{0}, std::size_t{5}, bytes.size() / 2, bytes.size() - 1}) {
    EXPECT_THROW(xo::analyzer::decode_bench_run(bytes.substr(0, cut)), std::invalid_argument) << cut;
  }
  EXPECT_THROW(xo::analyzer::decode_bench_run(bytes + "x"), std::invalid_argument) << "trailing bytes";
  std::string other = bytes;
  other[6] = '?';  // inside the format tag
  EXPECT_THROW(xo::analyzer::decode_bench_run(other), std::invalid_argument);
  std::string huge = bytes;
  const std::size_t count_at = 4 + 18;  // after the tag's length and text: the protocol count
  huge[count_at + 7] = '\x7f';
  EXPECT_THROW(xo::analyzer::decode_bench_run(huge), std::invalid_argument) << "a count beyond the data";
}
