// What the PMPI tracer of xo record --mpi costs a real MPI job, per MPI call and per record it
// logs: bench/programs/pmpi_calls.c (built with each system MPI's mpicc) on one rank, timed inside
// the program, with the tracer preloaded and without, interleaved; medians of the runs. The
// exchange loop is 3 calls logging 12 records (Irecv: Enter, request, Leave; Isend: Enter, Isend
// and its extra, Leave; Waitall: Enter, both completions, the receive's extra, Leave); a send to
// MPI_PROC_NULL logs its Enter and Leave. Target: 200 ns or less per record.
//
//   pmpi_cost [--quick] [--runs N]

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "scratch_dir.hpp"

namespace {

struct Timing {
  double exchange_ns = 0;   // one Irecv + Isend + Waitall loop
  double null_send_ns = 0;  // one MPI_Send to MPI_PROC_NULL
};

Timing run(const std::string& launcher, const std::string& program, long loops, const std::string& preload,
           const std::string& logs) {
  std::string command = launcher + " -np 1 " + program + " " + std::to_string(loops);
  if (!preload.empty()) command = "LD_PRELOAD=" + preload + " XO_PMPI_DIR=" + logs + " " + command;
  Timing t;
  if (FILE* out = popen(command.c_str(), "r")) {
    if (std::fscanf(out, "%lf %lf", &t.exchange_ns, &t.null_send_ns) != 2) t = {};
    pclose(out);
  }
  return t;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  long loops = 200000;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) runs = 1, loops = 1000;
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::atoi(argv[++i]);
  }
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  const xo::bench::ScratchDir scratch("xo-pmpi-cost");
  if (scratch.path().empty()) return 1;
  const std::string& logs = scratch.path();
  struct Mpi {
    const char* name;
    const char* launcher;
    const char* program;
    const char* tracer;
  };
  const Mpi mpis[] = {{"Open MPI", "mpirun.openmpi", XO_OPENMPI_PROGRAM, XO_OPENMPI_TRACER},
                      {"MPICH", "mpirun.mpich", XO_MPICH_PROGRAM, XO_MPICH_TRACER}};
  std::printf("PMPI tracer cost, one rank, %ld loops a run (medians of %d runs, interleaved)\n", loops, runs);
  std::printf("%-9s %14s %14s %12s %14s %14s %12s\n", "MPI", "exchange ns", "traced ns", "ns/record", "null send ns",
              "traced ns", "ns/record");
  int failed = 0;
  for (const Mpi& mpi : mpis) {
    std::vector<double> plain_x, traced_x, plain_n, traced_n;
    for (int r = 0; r < runs; ++r) {
      const Timing plain = run(mpi.launcher, mpi.program, loops, "", logs);
      const Timing traced = run(mpi.launcher, mpi.program, loops, mpi.tracer, logs);
      if (plain.exchange_ns <= 0 || traced.exchange_ns <= 0) ++failed;
      plain_x.push_back(plain.exchange_ns);
      traced_x.push_back(traced.exchange_ns);
      plain_n.push_back(plain.null_send_ns);
      traced_n.push_back(traced.null_send_ns);
    }
    const double px = median(plain_x), tx = median(traced_x), pn = median(plain_n), tn = median(traced_n);
    std::printf("%-9s %14.1f %14.1f %12.1f %14.1f %14.1f %12.1f\n", mpi.name, px, tx, (tx - px) / 12, pn, tn,
                (tn - pn) / 2);
  }
  return failed == 0 ? 0 : 1;
}
