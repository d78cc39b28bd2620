// The LogGP-level machines (the generic loggp, and the X1 paper's Power4 and SX-6): eager for
// standard sends, a rendezvous for synchronous ones and, on loggp, above the eager limit.

#include <gtest/gtest.h>

#include "phase_run.hpp"

namespace {

using xo::test::Env;
using xo::test::Phases;
using xo::test::phases_of;

const Phases kRendezvous = {"rendezvous:header", "rendezvous:clear-to-send", "rendezvous:data"};

TEST(ComparisonProtocols, EagerForStandardSendsOfAnySize) {
  for (const char* machine : {"power4", "sx6"}) {
    EXPECT_EQ(phases_of(machine, 8), (Phases{"eager:eager"})) << machine;
    EXPECT_EQ(phases_of(machine, 4 << 20), (Phases{"eager:eager"})) << machine;
    EXPECT_EQ(phases_of(machine, 8, {}, true), kRendezvous) << machine;
  }
}

TEST(LoggpProtocols, EagerLimitFromTheEnvironment) {
  EXPECT_EQ(phases_of("loggp", 8192), (Phases{"eager:eager"}));
  EXPECT_EQ(phases_of("loggp", 8193), kRendezvous);
  EXPECT_EQ(phases_of("loggp", 8193, {{"XO_EAGER_LIMIT", "65536"}}), (Phases{"eager:eager"}));
}

}  // namespace
