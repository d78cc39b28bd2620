/* A job for the PMPI tracer's tests of its wider MPI surface, built with the system's own mpicc and
   run on 4 ranks: every nonblocking collective with per-rank counts (and the other nonblocking
   ones the first program leaves out), MPI_Alltoallw in place, the ten neighbourhood collectives on a
   periodic ring (one on a line, whose ends have MPI_PROC_NULL neighbours), rings of
   MPI_Sendrecv_replace and of persistent synchronous, buffered and ready sends, MPI_Ibsend and
   MPI_Irsend, and an intercommunicator of the even and odd ranks: messages across it, a barrier, a
   broadcast from the even group, then merged. Checks the results it can; prints "call mix ok" at
   rank 0, exits with 1 on a wrong result. Standard MPI-3.1 only. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kRanks = 4, kInterTag = 42 };

static int failures = 0;

static void expect(int ok, const char* what, int rank) {
  if (!ok) {
    fprintf(stderr, "rank %d: wrong result of %s\n", rank, what);
    ++failures;
  }
}

static void nonblocking_collectives(int rank) {
  int one[kRanks], all[kRanks], counts[kRanks], displs[kRanks], got = -1;
  MPI_Datatype types[kRanks];
  for (int i = 0; i < kRanks; ++i) one[i] = 10 * rank + i, counts[i] = 1, displs[i] = i, types[i] = MPI_INT;
  int byte_displs[kRanks];
  for (int i = 0; i < kRanks; ++i) byte_displs[i] = i * (int)sizeof(int);
  MPI_Request r[12];
  int scan = -1, exscan = -1, block = -1, split = -1;
  int gathered[kRanks], gatheredv[kRanks], allv[kRanks], alltoallv[kRanks], alltoallw[kRanks], scattered = -1;
  MPI_Igather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Igatherv(&rank, 1, MPI_INT, gatheredv, counts, displs, MPI_INT, 1, MPI_COMM_WORLD, &r[1]);
  MPI_Iscatter(one, 1, MPI_INT, &scattered, 1, MPI_INT, 2, MPI_COMM_WORLD, &r[2]);
  MPI_Iscatterv(one, counts, displs, MPI_INT, &got, 1, MPI_INT, 3, MPI_COMM_WORLD, &r[3]);
  MPI_Iallgatherv(&rank, 1, MPI_INT, allv, counts, displs, MPI_INT, MPI_COMM_WORLD, &r[4]);
  MPI_Ialltoallv(one, counts, displs, MPI_INT, alltoallv, counts, displs, MPI_INT, MPI_COMM_WORLD, &r[5]);
  MPI_Ialltoallw(one, counts, byte_displs, types, alltoallw, counts, byte_displs, types, MPI_COMM_WORLD, &r[6]);
  MPI_Ireduce_scatter(one, &split, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[7]);
  MPI_Ireduce_scatter_block(one, &block, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[8]);
  MPI_Iscan(&rank, &scan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[9]);
  MPI_Iexscan(&rank, &exscan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[10]);
  MPI_Waitall(11, r, MPI_STATUSES_IGNORE);
  for (int i = 0; i < kRanks; ++i) all[i] = one[i];
  /* In place, its send arguments ignored (null here): the tracer must not read them. */
  MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, all, counts, byte_displs, types, MPI_COMM_WORLD);
  if (rank == 0) expect(gathered[3] == 3, "MPI_Igather", rank);
  if (rank == 1) expect(gatheredv[2] == 2, "MPI_Igatherv", rank);
  expect(scattered == 20 + rank, "MPI_Iscatter", rank);
  expect(got == 30 + rank, "MPI_Iscatterv", rank);
  expect(allv[3] == 3 && alltoallv[2] == 20 + rank && alltoallw[1] == 10 + rank && all[3] == 30 + rank,
         "MPI_Iallgatherv, MPI_Ialltoallv, MPI_Ialltoallw, MPI_Alltoallw", rank);
  expect(split == 60 + 4 * rank && block == split, "MPI_Ireduce_scatter(_block)", rank);
  expect(scan == rank * (rank + 1) / 2 && (rank == 0 || exscan == rank * (rank - 1) / 2), "MPI_Iscan, MPI_Iexscan",
         rank);
}

/* On a periodic ring neighbour 0 is the rank below, 1 the one above. */
static void neighbourhood_collectives(int rank) {
  MPI_Comm ring, line;
  const int periodic = 1, open = 0, ranks = kRanks;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &ranks, &periodic, 0, &ring);
  MPI_Cart_create(MPI_COMM_WORLD, 1, &ranks, &open, 0, &line);
  const int below = (rank + kRanks - 1) % kRanks, above = (rank + 1) % kRanks;
  int out[2] = {100 + rank, 200 + rank}, in[2] = {-1, -1}, counts[2] = {1, 1}, displs[2] = {0, 1};
  MPI_Aint byte_displs[2] = {0, sizeof(int)};
  MPI_Datatype types[2] = {MPI_INT, MPI_INT};
  MPI_Request r[5];

  MPI_Neighbor_allgather(&rank, 1, MPI_INT, in, 1, MPI_INT, ring);
  expect(in[0] == below && in[1] == above, "MPI_Neighbor_allgather", rank);
  MPI_Neighbor_allgatherv(&rank, 1, MPI_INT, in, counts, displs, MPI_INT, ring);
  MPI_Neighbor_alltoall(out, 1, MPI_INT, in, 1, MPI_INT, ring);
  expect(in[0] == 200 + below && in[1] == 100 + above, "MPI_Neighbor_alltoall", rank);
  MPI_Neighbor_alltoallv(out, counts, displs, MPI_INT, in, counts, displs, MPI_INT, ring);
  MPI_Neighbor_alltoallw(out, counts, byte_displs, types, in, counts, byte_displs, types, ring);
  int gathered[2], gatheredv[2], swapped[2] = {-1, -1}, swappedv[2] = {-1, -1}, swappedw[2];
  MPI_Ineighbor_allgather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, ring, &r[0]);
  MPI_Ineighbor_allgatherv(&rank, 1, MPI_INT, gatheredv, counts, displs, MPI_INT, ring, &r[1]);
  MPI_Ineighbor_alltoall(out, 1, MPI_INT, swapped, 1, MPI_INT, ring, &r[2]);
  MPI_Ineighbor_alltoallv(out, counts, displs, MPI_INT, swappedv, counts, displs, MPI_INT, line, &r[3]);
  MPI_Ineighbor_alltoallw(out, counts, byte_displs, types, swappedw, counts, byte_displs, types, ring, &r[4]);
  MPI_Waitall(5, r, MPI_STATUSES_IGNORE);
  expect(swapped[0] == 200 + below && swapped[1] == 100 + above, "MPI_Ineighbor_alltoall", rank);
  expect(swappedv[0] == (rank == 0 ? -1 : 200 + below) && swappedv[1] == (rank == kRanks - 1 ? -1 : 100 + above),
         "MPI_Ineighbor_alltoallv on a line", rank);
  MPI_Comm_free(&ring);
  MPI_Comm_free(&line);
}

/* Rings of the point-to-point forms the first program leaves out: 6 messages a rank. */
static void point_to_point(int rank) {
  const int next = (rank + 1) % kRanks, previous = (rank + kRanks - 1) % kRanks;
  int value = rank;
  MPI_Sendrecv_replace(&value, 1, MPI_INT, next, 1, previous, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  expect(value == previous, "MPI_Sendrecv_replace", rank);

  static char attached[4 * (MPI_BSEND_OVERHEAD + 64)];
  MPI_Buffer_attach(attached, sizeof attached);
  int in[4] = {-1, -1, -1, -1};
  MPI_Request r[4];
  MPI_Request sends[2];
  MPI_Ssend_init(&rank, 1, MPI_INT, next, 2, MPI_COMM_WORLD, &sends[0]);
  MPI_Bsend_init(&rank, 1, MPI_INT, next, 3, MPI_COMM_WORLD, &sends[1]);
  MPI_Irecv(&in[0], 1, MPI_INT, previous, 2, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(&in[1], 1, MPI_INT, previous, 3, MPI_COMM_WORLD, &r[1]);
  MPI_Start(&sends[0]);
  MPI_Start(&sends[1]);
  MPI_Wait(&sends[0], MPI_STATUS_IGNORE);
  MPI_Wait(&sends[1], MPI_STATUS_IGNORE);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  MPI_Request_free(&sends[0]);
  MPI_Request_free(&sends[1]);
  expect(in[0] == previous && in[1] == previous, "MPI_Ssend_init, MPI_Bsend_init", rank);

  MPI_Ibsend(&rank, 1, MPI_INT, next, 4, MPI_COMM_WORLD, &sends[0]);
  MPI_Recv(&in[0], 1, MPI_INT, previous, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&sends[0], MPI_STATUS_IGNORE);
  void* detached = NULL;
  int detached_size = 0;
  MPI_Buffer_detach(&detached, &detached_size);

  /* Ready sends: every receive is posted before the barrier that lets them start. */
  MPI_Irecv(&in[2], 1, MPI_INT, previous, 5, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(&in[3], 1, MPI_INT, previous, 6, MPI_COMM_WORLD, &r[1]);
  MPI_Rsend_init(&rank, 1, MPI_INT, next, 5, MPI_COMM_WORLD, &sends[0]);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Start(&sends[0]);
  MPI_Irsend(&rank, 1, MPI_INT, next, 6, MPI_COMM_WORLD, &r[2]);
  MPI_Wait(&sends[0], MPI_STATUS_IGNORE);
  MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
  MPI_Request_free(&sends[0]);
  expect(in[0] == previous && in[2] == previous && in[3] == previous, "MPI_Ibsend, MPI_Rsend_init, MPI_Irsend", rank);
}

/* Even and odd ranks: local rank i sends to remote rank 1 - i (world 0 -> 3, 2 -> 1 and back 1 -> 2,
   3 -> 0), so a tracer that reads the peer in the wrong group pairs the wrong ranks. */
static void intercommunicator(int rank) {
  MPI_Comm half, inter, merged;
  const int even = rank % 2 == 0;
  MPI_Comm_split(MPI_COMM_WORLD, even ? 0 : 1, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, even ? 1 : 0, 7, &inter);
  int local = 0, got = -1;
  MPI_Comm_rank(inter, &local);
  if (even) {
    MPI_Send(&rank, 1, MPI_INT, 1 - local, kInterTag, inter);
    MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, kInterTag, inter, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, kInterTag, inter, MPI_STATUS_IGNORE);
    MPI_Send(&rank, 1, MPI_INT, 1 - local, kInterTag, inter);
  }
  expect(got == kRanks - 1 - rank, "a message across the intercommunicator", rank);
  MPI_Barrier(inter);
  int value = even ? 1000 : -1;
  MPI_Bcast(&value, 1, MPI_INT, even ? (local == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0, inter);
  if (!even) expect(value == 1000, "MPI_Bcast on the intercommunicator", rank);
  MPI_Intercomm_merge(inter, even ? 0 : 1, &merged);
  int sum = 0;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, merged);
  expect(sum == 6, "MPI_Allreduce on the merged communicator", rank);
  MPI_Comm_free(&merged);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != kRanks) {
    if (rank == 0) fprintf(stderr, "system_mpi_call_mix needs %d ranks\n", kRanks);
    MPI_Finalize();
    return 1;
  }
  nonblocking_collectives(rank);
  neighbourhood_collectives(rank);
  point_to_point(rank);
  intercommunicator(rank);
  int failed = 0;
  MPI_Allreduce(&failures, &failed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0 && failed == 0) printf("call mix ok\n");
  MPI_Finalize();
  return failed == 0 ? 0 : 1;
}
