#pragma once
// What the MPI entry points keep for one rank beyond its handles: buffered-send space, memory from
// MPI_Alloc_mem, the thread level, MPI_Wtime's polling count and the Wait/Test families' scratch.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <unordered_map>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

struct Request;

// A buffered send in progress: its packed data and the space it takes in the attached buffer.
struct BsendRecord {
  std::int64_t bytes = 0;  // payload plus MPI_BSEND_OVERHEAD
  std::vector<std::byte> data;
  Request* request = nullptr;
};

struct FreeDeleter {
  void operator()(void* memory) const { std::free(memory); }
};

struct ApiRank {
  std::unordered_map<void*, std::unique_ptr<void, FreeDeleter>> allocations;  // MPI_Alloc_mem
  int thread_level = MPI_THREAD_SINGLE;                                       // what MPI_Init_thread provided

  void* bsend_buffer = nullptr;
  std::int64_t bsend_size = 0;
  std::vector<std::unique_ptr<BsendRecord>> bsends;  // stable addresses: requests point into data

  std::vector<Request*> request_scratch;  // the Wait/Test families' lookup buffer
  std::vector<int> error_scratch;         // and their per-request errors

  std::uint64_t trace_requests = 0;  // nonblocking requests traced so far: the next id
  std::uint64_t trace_rma = 0;       // RMA operations and locks traced so far: the next id
  sim::Time last_wtime = -1;         // MPI_Wtime's last reading, and how many in a row gave it
  int same_wtime_readings = 0;       // (a loop spinning on it is charged polls)
};

}  // namespace xo::mpi
