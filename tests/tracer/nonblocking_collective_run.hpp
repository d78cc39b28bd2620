#pragma once
// A synthetic run of three ranks with nonblocking collectives, reported to an observer as the
// reference MPI reports one: an MPI_Ibcast (root 0) and an MPI_Iallreduce pending at once, a
// blocking MPI_Barrier between their start and their completion, and each rank retiring them in
// its own order and calls:
//   rank 0  MPI_Barrier, MPI_Wait (the Ibcast), MPI_Wait (the Iallreduce)
//   rank 1  MPI_Barrier, MPI_Waitall (the Iallreduce, then the Ibcast)
//   rank 2  MPI_Wait (the Ibcast), MPI_Barrier (entered last), MPI_Wait (the Iallreduce)
// so that on every rank the instances complete in a different order than they started. The root
// starts the Ibcast last and rank 2 the Iallreduce, as a late member of a blocking one would.
// Request ids differ per rank, as they may in a real run. Times are picoseconds.

#include <cstdint>

#include "xo/reference_mpi/run_observer.hpp"

namespace xo::test::nonblocking_run {

inline constexpr int kRanks = 3;
inline constexpr int kWorld = 1;
inline constexpr std::int64_t kBcastBytes = 256;
inline constexpr std::int64_t kAllreduceBytes = 8;
inline constexpr std::int64_t kEnd = 7100;

inline std::uint64_t bcast_request(int rank) { return 100 * static_cast<std::uint64_t>(rank) + 1; }
inline std::uint64_t allreduce_request(int rank) { return 100 * static_cast<std::uint64_t>(rank) + 2; }

// Each starting call takes 50 ps, its request 10 ps after it is entered.
inline std::int64_t ibcast_enter(int rank) { return 1000 + 100 * (kRanks - 1 - rank); }
inline std::int64_t iallreduce_enter(int rank) { return 2000 + 100 * rank; }

inline void call(mpi::RunObserver& o, int rank, const char* name, std::int64_t enter, std::int64_t leave) {
  o.call_entered(rank, name, enter, 0);
  o.call_left(rank, name, leave);
}

inline mpi::CollectiveEvent ibcast(int rank) {
  mpi::CollectiveEvent c;
  c.call = "MPI_Ibcast";
  c.comm_id = kWorld;
  c.root = 0;
  c.bytes_sent = rank == 0 ? kBcastBytes * (kRanks - 1) : 0;
  c.bytes_received = rank == 0 ? 0 : kBcastBytes;
  c.algorithm = "binomial";
  return c;
}

inline mpi::CollectiveEvent iallreduce() {
  mpi::CollectiveEvent c;
  c.call = "MPI_Iallreduce";
  c.comm_id = kWorld;
  c.bytes_sent = kAllreduceBytes;
  c.bytes_received = kAllreduceBytes;
  c.algorithm = "recursive_doubling";
  return c;
}

// MPI_Wait (or another completing call) retiring one nonblocking collective at `done`.
inline void wait(mpi::RunObserver& o, int rank, const char* name, std::int64_t enter, std::int64_t done,
                 const mpi::CollectiveEvent& c, std::uint64_t request) {
  o.call_entered(rank, name, enter, 0);
  o.collective_complete(rank, c, request, done);
  o.call_left(rank, name, done);
}

inline void barrier(mpi::RunObserver& o, int rank, std::int64_t enter) {
  o.call_entered(rank, "MPI_Barrier", enter, 0);
  o.collective_begin(rank, enter);
  mpi::CollectiveEvent c;
  c.call = "MPI_Barrier";
  c.comm_id = kWorld;
  c.algorithm = "dissemination";
  o.collective_end(rank, c, 4500);
  o.call_left(rank, "MPI_Barrier", 4500);
}

inline void report(mpi::RunObserver& o) {
  mpi::RunInfo info;
  info.ranks = kRanks;
  info.machine = "loggp";
  info.compute_mode = "none";
  o.run_started(info);
  o.comm_defined({kWorld, "MPI_COMM_WORLD", {0, 1, 2}, 0});
  o.comm_defined({2, "MPI_COMM_SELF", {}, 0});
  for (int rank = 0; rank < kRanks; ++rank) {
    call(o, rank, "MPI_Init", 0, 100);
    const std::int64_t ibcast_at = ibcast_enter(rank);
    o.call_entered(rank, "MPI_Ibcast", ibcast_at, 0);
    o.collective_request(rank, bcast_request(rank), ibcast_at + 10);
    o.call_left(rank, "MPI_Ibcast", ibcast_at + 50);
    const std::int64_t iallreduce_at = iallreduce_enter(rank);
    o.call_entered(rank, "MPI_Iallreduce", iallreduce_at, 0);
    o.collective_request(rank, allreduce_request(rank), iallreduce_at + 10);
    o.call_left(rank, "MPI_Iallreduce", iallreduce_at + 50);
    if (rank == 2) wait(o, rank, "MPI_Wait", 3000, 3500, ibcast(rank), bcast_request(rank));
    barrier(o, rank, 4000 + 100 * rank);
    if (rank == 0) {
      wait(o, rank, "MPI_Wait", 5000, 5100, ibcast(rank), bcast_request(rank));
      wait(o, rank, "MPI_Wait", 5200, 6000, iallreduce(), allreduce_request(rank));
    } else if (rank == 1) {
      o.call_entered(rank, "MPI_Waitall", 5000, 0);
      o.collective_complete(rank, iallreduce(), allreduce_request(rank), 5800);
      o.collective_complete(rank, ibcast(rank), bcast_request(rank), 5800);
      o.call_left(rank, "MPI_Waitall", 5800);
    } else {
      wait(o, rank, "MPI_Wait", 5000, 6000, iallreduce(), allreduce_request(rank));
    }
    call(o, rank, "MPI_Finalize", 7000, kEnd);
  }
  o.run_finished(kEnd, 0);
}

}  // namespace xo::test::nonblocking_run
