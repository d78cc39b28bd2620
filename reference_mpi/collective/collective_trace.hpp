#pragma once
// Tells the run's observer about the program's collective calls: MpiCollectiveBegin when the call
// starts, MpiCollectiveEnd with the operation, root, bytes and the algorithm the machine chose.

#include <cstdint>

namespace xo::mpi {

struct CollectiveRun;

struct CollectiveTraceSizes {
  std::int64_t sent = 0;      // bytes of this rank's send buffer the call read
  std::int64_t received = 0;  // bytes it wrote into this rank's receive buffer
};

// Reports the begin and returns the sizes to report at the end (taken before the algorithm runs,
// since algorithms reuse the buffers).
CollectiveTraceSizes report_collective_begin(const CollectiveRun& run);
void report_collective_end(const CollectiveRun& run, const CollectiveTraceSizes& sizes);

}  // namespace xo::mpi
