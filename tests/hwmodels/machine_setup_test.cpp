// A machine set up like another with one setting changed, and the memory a setting sets aside.

#include "xo/hwmodels/machine_setup.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "xo/hwmodels/machine_error.hpp"
#include "xo/hwmodels/machine_registry.hpp"

namespace {

using Settings = std::map<std::string, std::string>;

TEST(MachineSetup, ConfiguredLikeKeepsJobSizeParametersAndSettings) {
  const Settings env{{"MPICH_MAX_SHORT_MSG_SIZE", "4096"}};
  const auto xt3 = xo::hw::configured_machine("xt3", 64, {"L=3.1", "G=0.123456789"}, xo::hw::lookup_in(env));
  const auto copy = xo::hw::configured_like(*xt3, {{"MPICH_PTL_EAGER_LONG", "1"}});
  EXPECT_EQ(copy->name(), "xt3");
  EXPECT_EQ(copy->job_size(), 64);
  EXPECT_EQ(copy->param("L"), 3.1);
  EXPECT_EQ(copy->param("G"), 0.123456789);
  EXPECT_EQ(copy->env("MPICH_MAX_SHORT_MSG_SIZE"), 4096);
  EXPECT_EQ(copy->env("MPICH_PTL_EAGER_LONG"), 1);
  EXPECT_EQ(xt3->env("MPICH_PTL_EAGER_LONG"), 0) << "the original is untouched";
}

TEST(MachineSetup, ConfiguredLikeRefusesWhatTheMachineRefuses) {
  const auto xe6 = xo::hw::configured_machine("xe6", 16, {}, xo::hw::lookup_in({}));
  EXPECT_THROW(xo::hw::configured_like(*xe6, {{"MPICH_GNI_MAX_VSHORT_MSG_SIZE", "9000"}}), xo::hw::MachineError);
}

// Gemini mailboxes (seed 004 slide 8): one per peer, credits x (payload + header) each, so their
// memory grows with the E0 limit and with the job.
TEST(MachineSetup, XE6MailboxesAreTheMemoryItsSettingsSetAside) {
  const auto small = xo::hw::configured_machine("xe6", 16, {}, xo::hw::lookup_in({}));
  const auto reserved = small->reserved_memory();
  EXPECT_EQ(reserved.bytes_per_rank, 15 * small->mailbox_bytes());
  EXPECT_EQ(reserved.what, "a mailbox of 8 slots of 1016 bytes for each of 15 peers");
  const auto larger_limit = xo::hw::configured_like(*small, {{"MPICH_GNI_MAX_VSHORT_MSG_SIZE", "8192"}});
  EXPECT_EQ(larger_limit->reserved_memory().bytes_per_rank, 15 * 8 * (8192 + 32));
  const auto larger_job = xo::hw::configured_machine("xe6", 4096, {}, xo::hw::lookup_in({}));
  EXPECT_EQ(larger_job->reserved_memory().bytes_per_rank, 4095 * 8 * (472 + 32))
      << "472-byte payloads above 1024 ranks";
  const auto xt3 = xo::hw::configured_machine("xt3", 16, {}, xo::hw::lookup_in({}));
  EXPECT_EQ(xt3->reserved_memory().bytes_per_rank, 0) << "a model that does not say";
}

// A variable left to the MPI (-1: by job size, seed 004 slide 12) is reported as what it decided,
// so that the report's "now" is a size, not -1.
TEST(MachineSetup, XE6VshortLimitInEffectFollowsTheJobSize) {
  const auto lookup = xo::hw::lookup_in({});
  const auto small = xo::hw::configured_machine("xe6", 16, {}, lookup);
  EXPECT_EQ(small->env("MPICH_GNI_MAX_VSHORT_MSG_SIZE"), -1);
  EXPECT_EQ(small->env_in_effect("MPICH_GNI_MAX_VSHORT_MSG_SIZE"), 984);
  EXPECT_EQ(xo::hw::configured_machine("xe6", 4096, {}, lookup)->env_in_effect("MPICH_GNI_MAX_VSHORT_MSG_SIZE"), 472);
  EXPECT_EQ(xo::hw::configured_machine("xe6", 20000, {}, lookup)->env_in_effect("MPICH_GNI_MAX_VSHORT_MSG_SIZE"), 216);
  const auto set = xo::hw::configured_like(*small, {{"MPICH_GNI_MAX_VSHORT_MSG_SIZE", "100"}});
  EXPECT_EQ(set->env_in_effect("MPICH_GNI_MAX_VSHORT_MSG_SIZE"), 100);
  EXPECT_EQ(small->env_in_effect("MPICH_GNI_MAX_EAGER_MSG_SIZE"), small->env("MPICH_GNI_MAX_EAGER_MSG_SIZE"));
}

}  // namespace
