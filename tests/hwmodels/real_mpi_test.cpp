// The real MPIs' knob schemas: found by the version string each library reports, with the
// variables that switch its eager limit and collective algorithms and their documented defaults.

#include "xo/hwmodels/real_mpi.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

const xo::hw::RealMpiKnob* knob(const xo::hw::RealMpi& mpi, const std::string& variable) {
  auto it = std::find_if(mpi.knobs.begin(), mpi.knobs.end(), [&](const auto& k) { return k.variable == variable; });
  return it == mpi.knobs.end() ? nullptr : &*it;
}

}  // namespace

TEST(RealMpi, EachLibraryIsFoundByItsVersionString) {
  const auto* open_mpi = xo::hw::real_mpi_for("Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4");
  ASSERT_NE(open_mpi, nullptr);
  EXPECT_EQ(open_mpi->name, "Open MPI 4.1");
  const auto* mpich = xo::hw::real_mpi_for("MPICH Version: 4.0.2");
  ASSERT_NE(mpich, nullptr);
  EXPECT_EQ(mpich->name, "MPICH 4.0");
  EXPECT_EQ(xo::hw::real_mpi_for("Intel(R) MPI Library 2021"), nullptr);
  EXPECT_EQ(xo::hw::real_mpi_for("Open MPI v5.0.0"), nullptr) << "another version has other knobs";
  EXPECT_EQ(xo::hw::real_mpi_named("openmpi"), open_mpi);
  EXPECT_EQ(xo::hw::real_mpi_named("mpich"), mpich);
  EXPECT_EQ(xo::hw::real_mpi_named("xt3"), nullptr);
}

TEST(RealMpi, KnobsCarryTheirDocumentedDefaults) {
  const auto* open_mpi = xo::hw::real_mpi_for("Open MPI v4.1.4");
  ASSERT_NE(open_mpi, nullptr);
  const auto* eager = knob(*open_mpi, "OMPI_MCA_btl_vader_eager_limit");
  ASSERT_NE(eager, nullptr);
  EXPECT_EQ(eager->default_value, "4096");  // ompi_info, Open MPI 4.1.4
  ASSERT_NE(knob(*open_mpi, "OMPI_MCA_coll_tuned_use_dynamic_rules"), nullptr);
  for (const auto& mpi : xo::hw::real_mpis()) {
    EXPECT_FALSE(mpi.source.empty()) << mpi.name;
    for (const auto& k : mpi.knobs) {
      EXPECT_FALSE(k.default_value.empty() || k.choices.empty() || k.effect.empty()) << k.variable;
    }
  }
}
