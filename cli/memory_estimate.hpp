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
// The bytes of the program at `path` that every rank's private copy fills in (xo run
// --privatize=on): its writable segments' initialised data and its thread-locals' image, page by
// page. Zero-filled data (.bss) is left out: a rank that never touches it never pays for it. 0 if
// the file is not a 64-bit ELF image.
std::uint64_t private_data_per_rank(const std::string& path);
// Throws UsageError, with both figures and the fix, if `ranks` cannot fit, each rank also taking
// `program_bytes_per_rank` of the program's own data; `what` names the run ("xo run -n 16777216").
void refuse_ranks_beyond_memory(std::int64_t ranks, const std::string& what, std::uint64_t program_bytes_per_rank = 0);

}  // namespace xo::cli
