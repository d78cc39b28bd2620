#include "xo/calibration/collective_experiments.hpp"

#include <mpi.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "run_setup.hpp"

namespace xo::calibration {

namespace {

constexpr int kRepetitions = 3;

// One call of `kind` on `comm`, with buffers sized for `count` elements.
void call(CollectiveKind kind, MPI_Comm comm, int count) {
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const auto n = static_cast<std::size_t>(std::max(count, 1));
  switch (kind) {
    case CollectiveKind::Barrier: MPI_Barrier(comm); return;
    case CollectiveKind::AllreduceSumInt: {
      std::vector<int> in(n, rank), out(n);
      MPI_Allreduce(in.data(), out.data(), count, MPI_INT, MPI_SUM, comm);
      return;
    }
    case CollectiveKind::BcastDouble: {
      std::vector<double> data(n, rank);
      MPI_Bcast(data.data(), count, MPI_DOUBLE, 0, comm);
      return;
    }
    case CollectiveKind::BcastByte: {
      std::vector<char> data(n);
      MPI_Bcast(data.data(), count, MPI_BYTE, 0, comm);
      return;
    }
    case CollectiveKind::ScatterInt: {
      const int each = count / size;
      std::vector<int> all(n), part(static_cast<std::size_t>(std::max(each, 1)));
      MPI_Scatter(all.data(), each, MPI_INT, part.data(), each, MPI_INT, 0, comm);
      return;
    }
  }
}

MemberTimes summarize(const std::vector<double>& times) {
  MemberTimes t;
  if (times.empty()) return t;
  t.min = *std::min_element(times.begin(), times.end());
  t.max = *std::max_element(times.begin(), times.end());
  t.mean = std::accumulate(times.begin(), times.end(), 0.0) / static_cast<double>(times.size());
  return t;
}

}  // namespace

double collective_time(const MachineSetup& setup, CollectiveKind kind, int count) {
  std::vector<double> per_rank(static_cast<std::size_t>(setup.ranks), 0.0);
  const auto result = xo::mpi::run_simulation(options_for(setup, setup.ranks), [&](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);  // start together, as the seeds' benchmarks did
    const double start = MPI_Wtime();
    for (int i = 0; i < kRepetitions; ++i) call(kind, MPI_COMM_WORLD, count);
    per_rank[static_cast<std::size_t>(rank)] = (MPI_Wtime() - start) / kRepetitions;
    MPI_Finalize();
    return 0;
  });
  check(result);
  return *std::max_element(per_rank.begin(), per_rank.end());
}

MemberTimes group_collective_times(const MachineSetup& setup, CollectiveKind kind, int group, int count) {
  std::vector<double> times;
  const auto result = xo::mpi::run_simulation(options_for(setup, setup.ranks), [&](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm comm = MPI_COMM_WORLD;
    if (group < setup.ranks) MPI_Comm_split(MPI_COMM_WORLD, rank < group ? 0 : MPI_UNDEFINED, rank, &comm);
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    if (comm != MPI_COMM_NULL) {
      call(kind, comm, count);
      times.push_back(MPI_Wtime() - start);  // ranks are fibers of one thread: no race
      if (comm != MPI_COMM_WORLD) MPI_Comm_free(&comm);
    }
    MPI_Finalize();
    return 0;
  });
  check(result);
  return summarize(times);
}

std::vector<int> largest_rises(const MachineSetup& setup, CollectiveKind kind, int count) {
  std::vector<double> t(static_cast<std::size_t>(setup.ranks), 0.0);
  for (int g = 2; g < setup.ranks; ++g)
    t[static_cast<std::size_t>(g)] = group_collective_times(setup, kind, g, count).max;
  double top = 0;
  for (std::size_t g = 3; g < t.size(); ++g) top = std::max(top, t[g] - t[g - 1]);
  std::vector<int> at;
  for (std::size_t g = 3; g < t.size(); ++g) {
    if (t[g] - t[g - 1] >= 0.9 * top) at.push_back(static_cast<int>(g));
  }
  return at;
}

MemberTimes concurrent_bcast_times(const MachineSetup& setup, int pairs, int ints) {
  std::vector<double> receiver_times;
  const auto result = xo::mpi::run_simulation(options_for(setup, setup.ranks), [&](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm pair = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 * pairs ? rank / 2 : MPI_UNDEFINED, rank, &pair);
    std::vector<int> data(static_cast<std::size_t>(std::max(ints, 1)));
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    if (pair != MPI_COMM_NULL) {
      MPI_Bcast(data.data(), ints, MPI_INT, 0, pair);
      if (rank % 2 == 1) receiver_times.push_back(MPI_Wtime() - start);
      MPI_Comm_free(&pair);
    }
    MPI_Finalize();
    return 0;
  });
  check(result);
  return summarize(receiver_times);
}

}  // namespace xo::calibration
