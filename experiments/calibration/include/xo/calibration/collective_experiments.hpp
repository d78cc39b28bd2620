#pragma once
// The seeds' collective benchmarks run on a machine model (seed 000 Figure 1, seed 001 section 9):
// back-to-back collectives, one collective on a group of the first ranks, concurrent broadcasts.

#include "xo/calibration/experiments.hpp"

namespace xo::calibration {

enum class CollectiveKind {
  Barrier,
  AllreduceSumInt,  // `count` ints, MPI_SUM
  BcastDouble,      // `count` doubles from rank 0
  BcastByte,        // `count` bytes from rank 0
  ScatterInt,       // `count` ints in all, evenly split, from rank 0 (remainder dropped)
};

// Seconds per call of back-to-back collectives on MPI_COMM_WORLD after a barrier, the slowest
// rank's average: the seeds' collective benchmarks (seed 001 section 9, seed 000 Figure 1).
double collective_time(const MachineSetup& setup, CollectiveKind kind, int count = 1);

// Seconds one collective takes on each member of a communicator of the first `group` ranks
// (MPI_COMM_WORLD itself when `group` is the job size), timed from the barrier of the whole job
// that precedes it: the fastest, slowest and mean member.
struct MemberTimes {
  double min = 0;
  double max = 0;
  double mean = 0;
};
MemberTimes group_collective_times(const MachineSetup& setup, CollectiveKind kind, int group, int count);

// The group sizes (2 to the job size less one) at which the slowest member's time in one call of
// `count` rises the most over the size below: within 10 % of the largest rise, since a parent
// receiving from several children at once and the router hops to farther cells make one level cost
// a little more than another. Where a tree grows a level (seed 001 Figure 9).
std::vector<int> largest_rises(const MachineSetup& setup, CollectiveKind kind, int count);

// Seed 001 Figure 11: `pairs` two-rank communicators each broadcast `ints` ints at the same time,
// after a barrier of the whole job; the receivers' times.
MemberTimes concurrent_bcast_times(const MachineSetup& setup, int pairs, int ints);

}  // namespace xo::calibration
