#pragma once
// One rank's PMPI log read back (xo/tracer/pmpi_log.h), and its clock put on rank 0's: the offsets
// measured at MPI_Init and MPI_Finalize, linear between (and beyond) them, as Score-P corrects
// drift; the header's offset alone for a rank that never reached MPI_Finalize.

#include <cstdint>
#include <filesystem>
#include <map>
#include <utility>
#include <vector>

#include "xo/tracer/pmpi_log.h"

namespace xo::tracer {

struct PmpiRankLog {
  xo_pmpi_log_header header{};
  std::vector<xo_pmpi_record> records;
  std::map<int, std::vector<int>> comm_members;  // the rank's communicator ids: members (world ranks)
  std::map<int, std::vector<int>> comm_remote;   // its intercommunicators: the remote group (world ranks)
};

// Throws std::runtime_error if `log` is not a tracer's log.
PmpiRankLog read_rank_log(const std::filesystem::path& log);

class RankClock {
 public:
  explicit RankClock(const PmpiRankLog& log);
  // `t` of this rank's clock, on rank 0's.
  std::int64_t on_rank_zero(std::int64_t t) const;
  std::int64_t error_ns() const { return error_ns_; }

 private:
  std::vector<std::pair<std::int64_t, std::int64_t>> points_;  // (local time, offset)
  std::int64_t error_ns_ = 0;
};

}  // namespace xo::tracer
