#pragma once
// Region definitions: MPI calls (paradigm MPI), user functions, and Crossover's protocol phases
// (paradigm HARDWARE, role DATA_TRANSFER).

#include <otf2/otf2.h>

#include <string>
#include <vector>

namespace xo::analyzer {

struct RegionTable {
  std::vector<std::uint32_t> id;  // OTF2 region ref
  std::vector<std::string> name;
  std::vector<OTF2_Paradigm> paradigm;
  std::vector<OTF2_RegionRole> role;

  std::size_t size() const { return id.size(); }
  bool is_mpi(std::size_t region) const { return paradigm[region] == OTF2_PARADIGM_MPI; }
};

}  // namespace xo::analyzer
