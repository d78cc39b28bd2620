// A program whose copies are clones (no thread-locals, so ranks after the first copy's are not
// loaded with dlopen): each rank's own globals through every kind of relocation a copy applies —
// a pointer to its own data (relative), to a libc function (absolute 64-bit and GOT), calls into
// libc and the MPI runtime (PLT) — a static object constructed before main and destroyed after
// it, a destructor function, and an exception thrown and caught inside the rank's code.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

static int counter = 0;
static int* counter_address = &counter;                   // relative
static int (*const print_line)(const char*) = std::puts;  // a libc function's address
static const char* const greeting = "hello";              // relative, to a constant

struct Tracker {
  Tracker() { ++counter; }
  ~Tracker() { std::printf("static destructor: rank %d counter %d\n", rank, counter); }
  int rank = -1;
};
static Tracker tracker;

static int exit_rank = -1;
__attribute__((destructor)) static void at_unload() { std::printf("destructor function: rank %d\n", exit_rank); }

static int throwing(int rank) {
  if (rank >= 0) throw std::runtime_error("rank " + std::to_string(rank));
  return 0;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  tracker.rank = rank;
  exit_rank = rank;
  *counter_address += 10 * rank;
  bool caught = false;
  try {
    throwing(rank);
  } catch (const std::runtime_error& error) {
    caught = std::string(error.what()) == "rank " + std::to_string(rank);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  char line[128];
  std::snprintf(line, sizeof line, "rank %d: counter %d %s caught %d", rank, counter, greeting, caught);
  print_line(line);
  std::fflush(stdout);
  MPI_Finalize();
  return 0;
}
