// Per-rank C++ program state: a static object whose constructor runs once per rank before main and
// whose destructor runs once per rank after it, an inline function's static and a template's static
// member (GNU unique symbols unless xo c++ turns them off), a thread_local with a constructor, and an
// exception thrown and caught inside the rank's copy of the code.
#include <mpi.h>

#include <cstdio>
#include <stdexcept>
#include <string>

static int constructed = 0;

struct Registry {
  Registry() { ++constructed; }
  ~Registry() { std::printf("destructor: rank %d\n", rank); }
  int rank = -1;
};
Registry registry;

inline int& inline_counter() {
  static int count = 0;
  return count;
}
template <class T>
struct Counter {
  static int value;
};
template <class T>
int Counter<T>::value = 0;

struct PerThread {
  PerThread() : text("fresh") {}
  std::string text;
};
thread_local PerThread per_thread;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  registry.rank = rank;
  inline_counter() += rank + 1;
  Counter<int>::value += 10 * (rank + 1);
  const bool fresh = per_thread.text == "fresh";
  per_thread.text = "rank " + std::to_string(rank);
  bool caught = false;
  try {
    throw std::runtime_error("rank " + std::to_string(rank));
  } catch (const std::runtime_error& error) {
    caught = std::string(error.what()) == "rank " + std::to_string(rank);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  std::printf("rank %d: constructed %d inline %d template %d thread_local %s %s caught %d\n", rank, constructed,
              inline_counter(), Counter<int>::value, fresh ? "fresh" : "stale", per_thread.text.c_str(), caught);
  MPI_Finalize();
  return 0;
}
