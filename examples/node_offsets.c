/* Node offsets: every rank owns rank + 1 items. MPI_Exscan gives each rank the global index of its
 * first item; rank 0 gathers the items with matched probes (MPI_Mprobe, MPI_Mrecv), not knowing
 * their sizes in advance, and checks that they tile 0 .. total - 1. On the way it uses the MPI-2/3
 * calls programs meet most: MPI_Init_thread, MPI_Comm_idup, names, attributes, info hints,
 * MPI_Comm_split_type (the ranks of one node), MPI_Comm_create_group, MPI_Reduce_scatter_block.
 * Run: xo run -n 8 --machine xe6 ./node_offsets */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  MPI_Comm work;
  MPI_Request request;
  int done = 0;
  MPI_Comm_idup(MPI_COMM_WORLD, &work, &request);
  while (!done) MPI_Request_get_status(request, &done, MPI_STATUS_IGNORE);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Comm_set_name(work, "work");
  int keyval;
  static int cached = 42;
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &keyval, NULL);
  MPI_Comm_set_attr(work, keyval, &cached);
  MPI_Pcontrol(1);

  const int count = rank + 1;
  int offset = 0; /* rank 0's recvbuf is left as it is */
  MPI_Exscan(&count, &offset, 1, MPI_INT, MPI_SUM, work);

  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "purpose", "node_offsets example");
  MPI_Comm node;
  MPI_Comm_split_type(work, MPI_COMM_TYPE_SHARED, rank, info, &node);
  int node_size;
  MPI_Comm_size(node, &node_size);
  MPI_Info_free(&info);

  /* Every rank adds its rank to every block: each gets the sum of all ranks. */
  int contribution[256], rank_sum = 0;
  for (int i = 0; i < size && i < 256; ++i) contribution[i] = rank;
  if (size <= 256) MPI_Reduce_scatter_block(contribution, &rank_sum, 1, MPI_INT, MPI_SUM, work);

  /* The even ranks make a communicator of their own; the odd ones do not take part. */
  MPI_Group world_group, evens;
  MPI_Comm_group(work, &world_group);
  int range[1][3] = {{0, size - 1, 2}};
  MPI_Group_range_incl(world_group, 1, range, &evens);
  int evens_sum = -1;
  if (rank % 2 == 0) {
    MPI_Comm even_comm;
    MPI_Comm_create_group(work, evens, 3, &even_comm);
    MPI_Allreduce(&rank, &evens_sum, 1, MPI_INT, MPI_SUM, even_comm);
    MPI_Comm_free(&even_comm);
  }
  MPI_Group_free(&evens);
  MPI_Group_free(&world_group);

  int items[1024];
  for (int i = 0; i < count && i < 1024; ++i) items[i] = offset + i;
  if (rank != 0) {
    MPI_Send(items, count, MPI_INT, 0, 1, work);
  } else {
    int total = count, tiled = 1;
    for (int received = 1; received < size; ++received) {
      MPI_Message message;
      MPI_Status status;
      int n;
      int* buffer;
      MPI_Mprobe(MPI_ANY_SOURCE, 1, work, &message, &status);
      MPI_Get_count(&status, MPI_INT, &n);
      MPI_Alloc_mem((MPI_Aint)n * (MPI_Aint)sizeof(int), MPI_INFO_NULL, &buffer);
      MPI_Mrecv(buffer, n, MPI_INT, &message, &status);
      /* Rank r's items start at 1 + 2 + ... + r = r(r+1)/2 and run for r + 1. */
      const int source = status.MPI_SOURCE;
      for (int i = 0; i < n; ++i) tiled &= buffer[i] == source * (source + 1) / 2 + i;
      tiled &= n == source + 1;
      total += n;
      MPI_Free_mem(buffer);
    }
    int* value;
    int flag;
    MPI_Comm_get_attr(work, keyval, &value, &flag);
    char name[MPI_MAX_OBJECT_NAME];
    int length;
    MPI_Comm_get_name(work, name, &length);
    printf(
        "node_offsets: %d ranks on %s, %d items, %s, %d ranks on rank 0's node, rank sum %d, even sum %d, "
        "attribute %d\n",
        size, name, total, tiled ? "offsets tile the items" : "OFFSETS DO NOT TILE", node_size, rank_sum, evens_sum,
        flag ? *value : -1);
  }
  MPI_Comm_free(&node);
  MPI_Comm_free(&work);
  MPI_Comm_free_keyval(&keyval);
  MPI_Finalize();
  return 0;
}
