// The MPI-2/3/4 calls in a trace: a program using persistent requests, MPI_Alltoallw, topology
// constructors, every neighbourhood collective, nonblocking collectives in flight together and
// across a blocking one, and a persistent collective started twice, recorded by the OTF2 writer on several
// machines, gives archives that the trace checker finds sound (and otf2-print accepts), with no
// event left out or repaired, and every call under its own region name.

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../reference_mpi/simulate.hpp"
#include "archive_contents.hpp"
#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "xo/tracer/otf2_writer.hpp"
#include "xo/tracer/trace_check.hpp"

namespace fs = std::filesystem;

namespace {

void program(int rank) {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  // Persistent requests around a ring, started three times.
  int out = rank, in = -1;
  MPI_Request ring[2];
  MPI_Recv_init(&in, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &ring[0]);
  MPI_Send_init(&out, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &ring[1]);
  for (int round = 0; round < 3; ++round) {
    MPI_Startall(2, ring);
    MPI_Waitall(2, ring, MPI_STATUSES_IGNORE);
  }
  MPI_Start(&ring[0]);
  MPI_Start(&ring[1]);
  MPI_Wait(&ring[1], MPI_STATUS_IGNORE);
  MPI_Wait(&ring[0], MPI_STATUS_IGNORE);
  MPI_Request_free(&ring[0]);
  MPI_Request_free(&ring[1]);

  // Alltoallw: one int to each rank.
  std::vector<int> send(static_cast<std::size_t>(size), rank), recv(static_cast<std::size_t>(size));
  std::vector<int> counts(static_cast<std::size_t>(size), 1), displs(static_cast<std::size_t>(size));
  std::vector<MPI_Datatype> types(static_cast<std::size_t>(size), MPI_INT);
  for (int i = 0; i < size; ++i) displs[static_cast<std::size_t>(i)] = 4 * i;
  MPI_Alltoallw(send.data(), counts.data(), displs.data(), types.data(), recv.data(), counts.data(), displs.data(),
                types.data(), MPI_COMM_WORLD);

  // A grid smaller than the world (the last rank gets MPI_COMM_NULL), its rows, and a graph.
  int dims[2] = {0, 0};
  MPI_Dims_create(size - 1, 2, dims);
  const int periods[2] = {1, 0};
  MPI_Comm cart = MPI_COMM_NULL, row = MPI_COMM_NULL, dist = MPI_COMM_NULL;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
  if (cart != MPI_COMM_NULL) {
    MPI_Comm_set_name(cart, "the grid");  // the trace's name for it
    const int keep[2] = {0, 1};
    MPI_Cart_sub(cart, keep, &row);
    int block[4] = {rank, rank, rank, rank}, got[4];
    MPI_Neighbor_allgather(&rank, 1, MPI_INT, got, 1, MPI_INT, cart);
    MPI_Neighbor_alltoall(block, 1, MPI_INT, got, 1, MPI_INT, cart);
    const int ones[4] = {1, 1, 1, 1}, at[4] = {0, 1, 2, 3};
    MPI_Neighbor_allgatherv(&rank, 1, MPI_INT, got, ones, at, MPI_INT, cart);
    MPI_Neighbor_alltoallv(block, ones, at, MPI_INT, got, ones, at, MPI_INT, cart);
    const MPI_Aint bytes[4] = {0, 4, 8, 12};
    const MPI_Datatype ints[4] = {MPI_INT, MPI_INT, MPI_INT, MPI_INT};
    MPI_Neighbor_alltoallw(block, ones, bytes, ints, got, ones, bytes, ints, cart);
    MPI_Comm_free(&row);
    MPI_Comm_free(&cart);
  }
  const int next = (rank + 1) % size, previous = (rank + size - 1) % size;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &previous, MPI_UNWEIGHTED, 1, &next, MPI_UNWEIGHTED, MPI_INFO_NULL,
                                 0, &dist);
  int got = -1;
  MPI_Neighbor_alltoall(&rank, 1, MPI_INT, &got, 1, MPI_INT, dist);
  MPI_Comm_free(&dist);
  std::vector<int> index, edges;
  for (int r = 0; r < size; ++r) {
    edges.push_back((r + 1) % size);
    edges.push_back((r + size - 1) % size);
    index.push_back(static_cast<int>(edges.size()));
  }
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, size, index.data(), edges.data(), 0, &graph);
  int pair[2];
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, pair, 1, MPI_INT, graph);
  MPI_Comm_free(&graph);

  // Nonblocking collectives: two in flight across a blocking barrier, retired in reverse order.
  long value = rank, sum = 0;
  int token = rank;
  MPI_Request pending[2];
  MPI_Iallreduce(&value, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &pending[0]);
  MPI_Ibcast(&token, 1, MPI_INT, size - 1, MPI_COMM_WORLD, &pending[1]);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Wait(&pending[1], MPI_STATUS_IGNORE);
  MPI_Wait(&pending[0], MPI_STATUS_IGNORE);
  // One that fails on its arguments starts nothing, and leaves no request in the trace.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Request failed = MPI_REQUEST_NULL;
  MPI_Ibcast(&token, 1, MPI_INT, size + 5, MPI_COMM_WORLD, &failed);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  // A persistent collective, started twice.
  MPI_Request persistent;
  MPI_Allreduce_init(&value, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &persistent);
  for (int round = 0; round < 2; ++round) {
    MPI_Start(&persistent);
    MPI_Wait(&persistent, MPI_STATUS_IGNORE);
  }
  MPI_Request_free(&persistent);
}

}  // namespace

TEST(MpiSurfaceTrace, ArchivesPassOtf2PrintAndTheChecker) {
  for (const char* machine : {"loggp", "xt3", "ap1000", "x1"}) {
    SCOPED_TRACE(machine);
    const xo::test::ScratchDir scratch("xo-surface");
    const fs::path dir = scratch.path();
    std::uint64_t repaired = 1;
    {
      xo::tracer::Otf2Writer writer(dir.string(), {"xo test", "mpi_surface_trace_test"});
      xo::mpi::SimulationOptions options;
      options.ranks = 7;
      options.machine = machine;
      options.observer = &writer;
      options.env_lookup = [](const char*) -> const char* { return nullptr; };
      const auto result = xo::test::run_ranks(options, program);
      ASSERT_EQ(result.exit_code, 0) << result.error;
      writer.finish();
      repaired = writer.repaired_events();
    }
    EXPECT_EQ(repaired, 0u);
    const std::string anchor = (dir / "traces.otf2").string();
    if (std::string(machine) == "loggp") {  // otf2-print takes seconds: one machine vouches for the records
      const auto print = xo::test::run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
      EXPECT_EQ(print.status, 0) << print.out << print.err;
    }
    const auto report = xo::tracer::check_trace(anchor);
    EXPECT_TRUE(report.ok()) << xo::tracer::describe(report);
    EXPECT_GT(report.messages_matched, 0u);
    const auto archive = xo::test::read_archive(anchor);
    for (const char* call :
         {"MPI_Start", "MPI_Startall", "MPI_Send_init", "MPI_Recv_init", "MPI_Alltoallw", "MPI_Cart_create",
          "MPI_Cart_sub", "MPI_Graph_create", "MPI_Dist_graph_create_adjacent", "MPI_Neighbor_allgather",
          "MPI_Neighbor_allgatherv", "MPI_Neighbor_alltoall", "MPI_Neighbor_alltoallv", "MPI_Neighbor_alltoallw",
          "MPI_Iallreduce", "MPI_Ibcast", "MPI_Allreduce_init"}) {
      EXPECT_GE(archive.region_ref(call), 0) << call;
    }
    EXPECT_GE(archive.comm_ref("the grid"), 0);
    fs::remove_all(dir);
  }
}
