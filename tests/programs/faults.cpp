// One rank (argv[2], default 1) ends abnormally after a few collectives, in the way argv[1] names:
// segv, fpe, abort, exception, overflow, kill (raise(SIGSEGV)), exit, return; or never ends:
// spin (computes for good), iprobe (polls for a message nobody sends). Every rank prints
// before its first collective, which the faulted rank leaves only after all have printed; the
// others then go on to a barrier the faulted rank never reaches.
#include <mpi.h>
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace {

volatile int zero = 0;

// Deep enough for any stack a test gives, but not endless (which the compiler would refuse).
int recurse(int depth) {
  volatile char frame[4096];
  frame[0] = static_cast<char>(depth);
  return depth > 1'000'000 ? 0 : recurse(depth + 1) + frame[0];
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char* mode = argc > 1 ? argv[1] : "segv";
  const int victim = argc > 2 ? std::atoi(argv[2]) : 1;
  std::printf("rank %d started\n", rank);
  int sum = rank;
  for (int i = 0; i < 3; ++i) MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == victim) {
    if (!std::strcmp(mode, "segv")) *static_cast<volatile int*>(nullptr) = 1;
    if (!std::strcmp(mode, "fpe")) std::printf("%d\n", sum / zero);  // not 1 / zero: GCC computes that without dividing
    if (!std::strcmp(mode, "abort")) std::abort();
    if (!std::strcmp(mode, "exception")) throw std::runtime_error("no such file: input.dat");
    if (!std::strcmp(mode, "overflow")) std::printf("%d\n", recurse(0));
    if (!std::strcmp(mode, "exit")) std::exit(3);
    if (!std::strcmp(mode, "return")) return 0;
    if (!std::strcmp(mode, "kill")) raise(SIGSEGV);
    if (!std::strcmp(mode, "spin")) {
      for (volatile unsigned long i = 0;; i = i + 1) {
      }
    }
    if (!std::strcmp(mode, "iprobe")) {
      for (int flag = 0; !flag;) MPI_Iprobe(0, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  std::printf("rank %d after the barrier\n", rank);
  MPI_Finalize();
  return 0;
}
