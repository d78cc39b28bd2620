#include "bench_programs.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "line_up_clock.hpp"
#include "xo/tracer/bench_tags.hpp"

namespace xo::experiments {

namespace {

long long number(const char* text) { return std::strtoll(text, nullptr, 10); }

// Reductions sum ints, as the seed's xy measurements do (seed 001 Figure 10, xy_isum); every
// machine's reduction hardware takes them.
int ints_for(long long bytes) { return static_cast<int>(bytes / 4 > 0 ? bytes / 4 : 1); }

// One call of `call` on `comm`, `bytes` per rank (`elements` ints for reductions).
void call_once(const char* call, MPI_Comm comm, long long bytes, int elements, std::vector<char>& a,
               std::vector<char>& b) {
  if (std::strcmp(call, "MPI_Barrier") == 0) {
    MPI_Barrier(comm);
  } else if (std::strcmp(call, "MPI_Bcast") == 0) {
    MPI_Bcast(a.data(), static_cast<int>(bytes), MPI_BYTE, 0, comm);
  } else if (std::strcmp(call, "MPI_Reduce") == 0) {
    MPI_Reduce(a.data(), b.data(), elements, MPI_INT, MPI_SUM, 0, comm);
  } else if (std::strcmp(call, "MPI_Allreduce") == 0) {
    MPI_Allreduce(a.data(), b.data(), elements, MPI_INT, MPI_SUM, comm);
  } else if (std::strcmp(call, "MPI_Alltoall") == 0) {
    MPI_Alltoall(a.data(), static_cast<int>(bytes), MPI_BYTE, b.data(), static_cast<int>(bytes), MPI_BYTE, comm);
  } else if (std::strcmp(call, "MPI_Allgather") == 0) {
    MPI_Allgather(a.data(), static_cast<int>(bytes), MPI_BYTE, b.data(), static_cast<int>(bytes), MPI_BYTE, comm);
  } else {
    MPI_Abort(MPI_COMM_WORLD, 2);  // the plan names only the calls above
  }
}

// Starts the next call on every rank at one instant: a barrier, the latest exit from it agreed by
// an allreduce, then each rank waits until a margin after that (line_up_clock.hpp). A barrier alone
// leaves the ranks as skewed as its exits, which grows with the network latency, and early members
// would wait inside the measured call.
void line_up(MPI_Comm line_up_comm) {
  MPI_Barrier(line_up_comm);
  double out = line_up_now(), latest = 0;
  MPI_Allreduce(&out, &latest, 1, MPI_DOUBLE, MPI_MAX, line_up_comm);
  wait_for_line_up(out, latest);
}

}  // namespace

int pingpong_program(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  const int partner = world - 1;  // rank 0 pings the last rank; the others only start and finish
  const int reps = static_cast<int>(number(argv[1]));
  long long largest = 0;
  for (int i = 2; i < argc; ++i) largest = std::max(largest, number(argv[i]));
  std::vector<char> buffer(static_cast<std::size_t>(largest) + 1), second(buffer.size());
  if (rank == 0) {
    MPI_Send(buffer.data(), static_cast<int>(largest), MPI_BYTE, partner, tracer::bench::kWarmUpTag, MPI_COMM_WORLD);
    MPI_Recv(second.data(), static_cast<int>(largest), MPI_BYTE, partner, tracer::bench::kWarmUpTag, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
  } else if (rank == partner) {
    MPI_Recv(buffer.data(), static_cast<int>(largest), MPI_BYTE, 0, tracer::bench::kWarmUpTag, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    MPI_Send(second.data(), static_cast<int>(largest), MPI_BYTE, 0, tracer::bench::kWarmUpTag, MPI_COMM_WORLD);
  }
  for (int i = 2; i < argc && (rank == 0 || rank == partner); ++i) {
    const int bytes = static_cast<int>(number(argv[i]));
    for (int r = 0; r < reps; ++r) {
      if (rank == 0) {
        MPI_Send(buffer.data(), bytes, MPI_BYTE, partner, tracer::bench::kPingPongTag, MPI_COMM_WORLD);
        MPI_Recv(buffer.data(), bytes, MPI_BYTE, partner, tracer::bench::kPingPongTag, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(buffer.data(), bytes, MPI_BYTE, 0, tracer::bench::kPingPongTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buffer.data(), bytes, MPI_BYTE, 0, tracer::bench::kPingPongTag, MPI_COMM_WORLD);
      }
    }
    if (rank == 0) {
      MPI_Request pair[2];
      MPI_Isend(buffer.data(), bytes, MPI_BYTE, partner, tracer::bench::kFirstOfPairTag, MPI_COMM_WORLD, &pair[0]);
      MPI_Isend(second.data(), bytes, MPI_BYTE, partner, tracer::bench::kSecondOfPairTag, MPI_COMM_WORLD, &pair[1]);
      MPI_Waitall(2, pair, MPI_STATUSES_IGNORE);
      MPI_Recv(nullptr, 0, MPI_BYTE, partner, tracer::bench::kPairDoneTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(second.data(), bytes, MPI_BYTE, 0, tracer::bench::kSecondOfPairTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Recv(buffer.data(), bytes, MPI_BYTE, 0, tracer::bench::kFirstOfPairTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(nullptr, 0, MPI_BYTE, 0, tracer::bench::kPairDoneTag, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}

int collective_program(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  const char* call = argv[1];
  const bool by_ranks = std::strcmp(argv[2], "ranks") == 0;
  const bool by_elements = std::strcmp(argv[2], "elements") == 0;
  const int reps = static_cast<int>(number(argv[3]));
  const long long fixed = number(argv[4]);
  const bool barrier = std::strcmp(call, "MPI_Barrier") == 0;
  MPI_Comm line_up_comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &line_up_comm);
  MPI_Comm_set_name(line_up_comm, tracer::bench::kLineUpCommunicator);
  for (int i = 5; i < argc; ++i) {
    const long long size = number(argv[i]);
    const int group = by_ranks ? static_cast<int>(size) : fixed > 0 ? static_cast<int>(fixed) : world;
    const long long bytes = by_ranks ? fixed : by_elements ? size * 4 : size;
    const int elements = by_elements ? static_cast<int>(size) : ints_for(bytes);
    MPI_Comm comm = MPI_COMM_WORLD;
    if (group < world) MPI_Comm_split(MPI_COMM_WORLD, rank < group ? 0 : MPI_UNDEFINED, rank, &comm);
    // Room for every rank's block (alltoall, allgather), else for one rank's data or the reduction
    // vector: a reduction's buffers do not grow with the group.
    const bool gathers = std::strcmp(call, "MPI_Alltoall") == 0 || std::strcmp(call, "MPI_Allgather") == 0;
    const std::size_t room =
        static_cast<std::size_t>(std::max<long long>(gathers ? bytes * group : bytes, elements * 4LL)) + 8;
    std::vector<char> a(room), b(room);
    for (int r = 0; r < reps; ++r) {
      // Every call starts with the ranks lined up, as the seeds time single calls; back-to-back
      // calls would overlap (a tree's leaves start the next call while the root still works).
      // Barriers are timed back to back, as the seeds' barrier figures were.
      if (!barrier) line_up(line_up_comm);
      if (comm != MPI_COMM_NULL) call_once(call, comm, bytes, elements, a, b);
    }
    if (comm != MPI_COMM_NULL && comm != MPI_COMM_WORLD) MPI_Comm_free(&comm);
  }
  MPI_Comm_free(&line_up_comm);
  MPI_Finalize();
  return 0;
}

}  // namespace xo::experiments
