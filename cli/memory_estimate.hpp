#pragma once
// Whether a run of N ranks can fit in this machine's memory, known before it starts rather than
// after it has grown for minutes.

#include <cstdint>
#include <string>

namespace xo::cli {

// The least memory `ranks` ranks take: 7 KiB a rank (a rank's stack pages, their page tables and
// its MPI state; bench/million_ranks measured 7.07 GiB for 1,048,576 ranks of MPI_Init and
// MPI_Finalize, the 65,536-rank ring 7.2 KiB a rank), before what the program itself needs.
std::uint64_t least_memory_for(std::int64_t ranks);
// What the machine has for a new process: MemAvailable plus SwapFree from /proc/meminfo; 0 if
// unknown.
std::uint64_t available_memory();
// Throws UsageError, with both figures and the fix, if `ranks` cannot fit; `what` names the run
// ("xo run -n 16777216").
void refuse_ranks_beyond_memory(std::int64_t ranks, const std::string& what);

}  // namespace xo::cli
