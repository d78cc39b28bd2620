#pragma once
// Messages a rank has matched with MPI_Mprobe or MPI_Improbe: taken off the unexpected queue, so
// no other receive can match them, and held under an MPI_Message handle until MPI_Mrecv or
// MPI_Imrecv receives them.

#include <mpi.h>

#include <vector>

namespace xo::mpi {

struct Message;

struct MatchedMessage {
  Message* message = nullptr;
  MPI_Comm comm = MPI_COMM_NULL;  // the communicator it was probed on
};

class MatchedMessages {
 public:
  MPI_Message add(MatchedMessage matched);
  // Removes and returns the message; throws MpiError(MPI_ERR_REQUEST) for an unknown handle.
  MatchedMessage take(MPI_Message handle);

 private:
  std::vector<MatchedMessage> slots_;  // index = handle - 1; message nullptr when free
  std::vector<int> free_slots_;
};

}  // namespace xo::mpi
