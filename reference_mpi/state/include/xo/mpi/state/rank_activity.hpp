#pragma once
// What one rank is doing, as deadlock reports, fault messages and compute-time accounting need to
// tell it: the call it is in, what it waits for, and what went wrong last.

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

struct Request;

struct RankActivity {
  const char* call = nullptr;
  const char* last_call = nullptr;  // the latest call it left, for the message if it faults or ends early
  sim::Time entered_at = 0;         // when the current outermost call began (after the computation before it)
  int call_depth = 0;
  std::string meeting_note;  // set while blocked building a communicator
  bool blocked_in_probe = false;
  std::vector<const Request*> waiting_for;
  bool waiting_for_all = false;  // in MPI_Waitall: woken only once every request of waiting_for is complete
  int probe_source = 0;
  int probe_tag = 0;
  MPI_Comm probe_comm = MPI_COMM_NULL;
  std::int64_t compute_mark_ns = 0;  // the compute clock when the rank last left an MPI call

  std::string last_error;          // the message a fatal error handler prints
  std::string pending_truncation;  // details of the last truncated receive
};

}  // namespace xo::mpi
