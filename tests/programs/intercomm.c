/* A program that uses intercommunicators the way the MPICH test suite does: the even and odd
 * ranks of MPI_COMM_WORLD joined by MPI_Intercomm_create, point-to-point both ways, every
 * collective (rooted ones from either group), dup, split, merge and free. Checks its results
 * and prints "intercomm ok" at rank 0; exits with 1 on a wrong result. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int failures = 0;

static void expect(int ok, const char* what, int rank) {
  if (!ok) {
    fprintf(stderr, "rank %d: wrong result of %s\n", rank, what);
    ++failures;
  }
}

static void collectives(MPI_Comm inter, int rank) {
  int local = 0, remote = 0;
  MPI_Comm_rank(inter, &local);
  MPI_Comm_remote_size(inter, &remote);
  const int even = rank % 2 == 0;
  MPI_Barrier(inter);

  for (int root_group = 0; root_group < 2; ++root_group) { /* root: local rank 0 of the evens, then of the odds */
    const int in_root_group = even == (root_group == 0);
    const int root = in_root_group ? (local == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    int value = root == MPI_ROOT ? 1000 + rank : -1;
    MPI_Bcast(&value, 1, MPI_INT, root, inter);
    if (!in_root_group) expect(value == 1000 + root_group, "MPI_Bcast", rank);

    int sum = -1;
    MPI_Reduce(&rank, &sum, 1, MPI_INT, MPI_SUM, root, inter);
    int* all = malloc(sizeof(int) * (size_t)remote);
    MPI_Gather(&rank, 1, MPI_INT, all, 1, MPI_INT, root, inter);
    if (root == MPI_ROOT) {
      int expected = 0;
      for (int i = 0; i < remote; ++i) {
        expected += all[i];
        expect(all[i] == 2 * i + (even ? 1 : 0), "MPI_Gather", rank);
      }
      expect(sum == expected, "MPI_Reduce", rank);
    }
    for (int i = 0; i < remote; ++i) all[i] = 10 * i;
    int mine = -1;
    MPI_Scatter(all, 1, MPI_INT, &mine, 1, MPI_INT, root, inter);
    if (!in_root_group) expect(mine == 10 * local, "MPI_Scatter", rank);
    free(all);
  }

  int* everyone = malloc(sizeof(int) * (size_t)remote);
  int* out = malloc(sizeof(int) * (size_t)remote);
  MPI_Allgather(&rank, 1, MPI_INT, everyone, 1, MPI_INT, inter);
  for (int i = 0; i < remote; ++i) expect(everyone[i] == 2 * i + (even ? 1 : 0), "MPI_Allgather", rank);
  for (int i = 0; i < remote; ++i) out[i] = 100 * rank + i;
  MPI_Alltoall(out, 1, MPI_INT, everyone, 1, MPI_INT, inter);
  for (int i = 0; i < remote; ++i) expect(everyone[i] == 100 * (2 * i + (even ? 1 : 0)) + local, "MPI_Alltoall", rank);
  int total = 0, expected = 0;
  MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, inter);
  for (int i = 0; i < remote; ++i) expected += 2 * i + (even ? 1 : 0);
  expect(total == expected, "MPI_Allreduce", rank);
  free(everyone);
  free(out);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) {
    if (rank == 0) fprintf(stderr, "intercomm needs at least 2 ranks\n");
    MPI_Finalize();
    return 1;
  }
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 == 0 ? 1 : 0, 12, &inter);
  int flag = 0, local = 0, remote = 0;
  MPI_Comm_test_inter(inter, &flag);
  MPI_Comm_rank(inter, &local);
  MPI_Comm_remote_size(inter, &remote);
  expect(flag == 1, "MPI_Comm_test_inter", rank);

  /* Point-to-point: local rank i of each group with remote rank i, if it exists; blocking from the
   * evens, nonblocking with MPI_ANY_SOURCE back from the odds. */
  if (local < remote) {
    int got = -1;
    MPI_Status status;
    if (rank % 2 == 0) {
      MPI_Send(&rank, 1, MPI_INT, local, 1, inter);
      MPI_Recv(&got, 1, MPI_INT, local, 2, inter, &status);
    } else {
      MPI_Request requests[2];
      MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 1, inter, &requests[0]);
      MPI_Isend(&rank, 1, MPI_INT, local, 2, inter, &requests[1]);
      MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
      status.MPI_SOURCE = local;
    }
    expect(got == (rank % 2 == 0 ? rank + 1 : rank - 1) && status.MPI_SOURCE == local, "point-to-point", rank);
  }

  collectives(inter, rank);

  MPI_Comm dup, sub, merged;
  MPI_Comm_dup(inter, &dup);
  collectives(dup, rank);
  MPI_Comm_split(inter, local == 0 ? 0 : 1, rank, &sub);
  if (sub != MPI_COMM_NULL) {
    int subsize = 0;
    MPI_Comm_remote_size(sub, &subsize);
    MPI_Barrier(sub);
    MPI_Comm_free(&sub);
  }
  MPI_Intercomm_merge(inter, rank % 2, &merged);
  int merged_rank = -1, sum = 0;
  MPI_Comm_rank(merged, &merged_rank);
  expect(merged_rank == (rank % 2 == 0 ? rank / 2 : (size + 1) / 2 + rank / 2), "MPI_Intercomm_merge", rank);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, merged);
  expect(sum == size * (size - 1) / 2, "MPI_Allreduce on the merged communicator", rank);

  MPI_Comm_free(&merged);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  int all_failures = 0;
  MPI_Allreduce(&failures, &all_failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0 && all_failures == 0) printf("intercomm ok\n");
  MPI_Finalize();
  return all_failures == 0 ? 0 : 1;
}
