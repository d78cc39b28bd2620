// The LogGP-level machines (the generic loggp, and the X1 paper's Power4 and SX-6): eager for
// standard sends, a rendezvous for synchronous ones and, on loggp, above the eager limit. On the
// Power4 and SX-6 a message between two CPUs of one node takes the shared-memory path.

#include <gtest/gtest.h>

#include "phase_run.hpp"

namespace {

using xo::test::Env;
using xo::test::Phases;
using xo::test::phases_of;

const Phases kRendezvous = {"rendezvous:header", "rendezvous:clear-to-send", "rendezvous:data"};

TEST(ComparisonProtocols, EagerForStandardSendsOfAnySize) {
  const Phases shm_rendezvous = {"shm-rendezvous:header", "shm-rendezvous:clear-to-send", "shm-rendezvous:data"};
  for (const char* machine : {"power4", "sx6"}) {
    EXPECT_EQ(phases_of(machine, 8), (Phases{"shm-eager:eager"})) << machine;
    EXPECT_EQ(phases_of(machine, 4 << 20), (Phases{"shm-eager:eager"})) << machine;
    EXPECT_EQ(phases_of(machine, 8, {}, true), shm_rendezvous) << machine;
    // One rank per node: across the switch.
    EXPECT_EQ(phases_of(machine, 8, {}, false, 3, {"ranks_per_node=1"}), (Phases{"eager:eager"})) << machine;
    EXPECT_EQ(phases_of(machine, 4 << 20, {}, false, 3, {"ranks_per_node=1"}), (Phases{"eager:eager"})) << machine;
    EXPECT_EQ(phases_of(machine, 8, {}, true, 3, {"ranks_per_node=1"}), kRendezvous) << machine;
  }
}

TEST(LoggpProtocols, EagerLimitFromTheEnvironment) {
  EXPECT_EQ(phases_of("loggp", 8192), (Phases{"eager:eager"}));
  EXPECT_EQ(phases_of("loggp", 8193), kRendezvous);
  EXPECT_EQ(phases_of("loggp", 8193, {{"XO_EAGER_LIMIT", "65536"}}), (Phases{"eager:eager"}));
}

}  // namespace
