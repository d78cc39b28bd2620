// The T3D and T3E models: T inline in the protocol message, Tn in several SHMEM queue slots,
// RTA pulled and acknowledged (from a copy within MPP_BUFFER_MAX), RAT for synchronous sends,
// and the old and new T3E libraries. Phases, not times, except where two libraries are compared.

#include <gtest/gtest.h>

#include "phase_run.hpp"
#include "xo/hwmodels/machine_error.hpp"

namespace {

using xo::test::Env;
using xo::test::message_options;
using xo::test::Phases;
using xo::test::phases_of;

const Phases kT = {"T:eager", "T:receiver-copy"};
const Phases kTn = {"Tn:eager", "Tn:receiver-copy"};
const Phases kRtaBuffered = {"RTA:sender-copy", "RTA:header", "RTA:get", "RTA:data", "RTA:ack"};
const Phases kRta = {"RTA:header", "RTA:get", "RTA:data", "RTA:ack"};
const Phases kRat = {"RAT:header", "RAT:clear-to-send", "RAT:data"};
const Env kOldLibrary = {{"XO_T3E_HW_QUEUES", "0"}};

TEST(T3dProtocols, PathBySize) {
  EXPECT_EQ(phases_of("t3d", 16), kT);  // under 3 words of a 4-word packet
  EXPECT_EQ(phases_of("t3d", 17), kTn);
  EXPECT_EQ(phases_of("t3d", 1024), kTn);
  EXPECT_EQ(phases_of("t3d", 1025), kRta);  // MPP_BUFFER_MAX=0 by default, as the seed's runs set it
  EXPECT_EQ(phases_of("t3d", 8, {}, true), kRat);
}

TEST(T3dProtocols, BufferingAndTnFollowTheEnvironment) {
  EXPECT_EQ(phases_of("t3d", 4096, {{"MPP_BUFFER_MAX", "-1"}}), kRtaBuffered);
  EXPECT_EQ(phases_of("t3d", 4096, {{"MPP_BUFFER_MAX", "4096"}}), kRtaBuffered);
  EXPECT_EQ(phases_of("t3d", 4097, {{"MPP_BUFFER_MAX", "4096"}}), kRta);
  EXPECT_EQ(phases_of("t3d", 1024, {{"XO_TN_MAX_BYTES", "512"}}), kRta);
}

TEST(T3eProtocols, HardwareQueuesCarrySevenWordsAndDropTn) {
  EXPECT_EQ(phases_of("t3e", 56), kT);
  EXPECT_EQ(phases_of("t3e", 57), kRta);
  EXPECT_EQ(phases_of("t3e", 57, {{"MPP_BUFFER_MAX", "-1"}}), kRtaBuffered);
  EXPECT_EQ(phases_of("t3e", 8, {}, true), kRat);
}

TEST(T3dProtocols, RtaBeatsTnForLargerMessagesWithoutTheBufferCopy) {
  // Seed 003: RTA "had a higher latency than Tn but better bandwidth due to fewer memory copies so
  // it was used for larger messages": with the default (no buffering) Tn wins small, RTA large.
  const auto one_way = [](const char* tn_max, int bytes) {
    return xo::test::arrival_time("t3d", {{"XO_TN_MAX_BYTES", tn_max}}, bytes);
  };
  EXPECT_LT(one_way("1000000", 64), one_way("0", 64));        // Tn against RTA: lower latency
  EXPECT_GT(one_way("1000000", 65536), one_way("0", 65536));  // RTA: fewer copies
}

TEST(T3eProtocols, OldLibraryKeepsTheT3dProtocols) {
  EXPECT_EQ(phases_of("t3e", 16, kOldLibrary), kT);
  EXPECT_EQ(phases_of("t3e", 17, kOldLibrary), kTn);
}

TEST(T3eProtocols, HardwareQueuesCutLatency) {
  auto one_way = [](const Env& env, int bytes) { return xo::test::arrival_time("t3e", env, bytes); };
  EXPECT_GT(one_way(kOldLibrary, 8), one_way({}, 8));
  EXPECT_GT(one_way(kOldLibrary, 65536), one_way({}, 65536));
}

TEST(T3Settings, BadValuesAreRejected) {
  try {
    xo::test::one_message("t3e", 8, message_options({{"XO_T3E_HW_QUEUES", "2"}}));
    FAIL() << "expected the out-of-range flag to be refused";
  } catch (const xo::hw::MachineError& e) {
    EXPECT_NE(std::string(e.what()).find("XO_T3E_HW_QUEUES=2 is out of range"), std::string::npos) << e.what();
  }
}

}  // namespace
