#include "memory_estimate.hpp"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "argument_reader.hpp"

namespace xo::cli {

namespace {

constexpr std::uint64_t kLeastBytesPerRank = 7 * 1024;

std::string gib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1ULL << 30));
  return text;
}

}  // namespace

std::uint64_t least_memory_for(std::int64_t ranks) { return static_cast<std::uint64_t>(ranks) * kLeastBytesPerRank; }

std::uint64_t available_memory() {
  std::ifstream in("/proc/meminfo");
  std::uint64_t available = 0;
  std::uint64_t swap_free = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string name;
    std::uint64_t kib = 0;
    fields >> name >> kib;
    if (name == "MemAvailable:") available = kib * 1024;
    if (name == "SwapFree:") swap_free = kib * 1024;
  }
  return available == 0 ? 0 : available + swap_free;
}

std::uint64_t private_data_per_rank(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return 0;
  Elf64_Ehdr header{};
  std::uint64_t bytes = 0;
  const bool elf64 = pread(fd, &header, sizeof header, 0) == static_cast<ssize_t>(sizeof header) &&
                     std::memcmp(header.e_ident, ELFMAG, SELFMAG) == 0 && header.e_ident[EI_CLASS] == ELFCLASS64 &&
                     header.e_phentsize == sizeof(Elf64_Phdr);
  const std::uint64_t page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  for (std::uint16_t i = 0; elf64 && i < header.e_phnum; ++i) {
    Elf64_Phdr segment{};
    const off_t at = static_cast<off_t>(header.e_phoff + i * sizeof segment);
    if (pread(fd, &segment, sizeof segment, at) != static_cast<ssize_t>(sizeof segment)) break;
    const bool data = segment.p_type == PT_LOAD && (segment.p_flags & PF_W) != 0;
    if (data || segment.p_type == PT_TLS) bytes += (segment.p_filesz + page - 1) / page * page;
  }
  close(fd);
  return bytes;
}

void refuse_ranks_beyond_memory(std::int64_t ranks, const std::string& what, std::uint64_t program_bytes_per_rank) {
  const std::uint64_t per_rank = kLeastBytesPerRank + program_bytes_per_rank;
  const std::uint64_t needed = static_cast<std::uint64_t>(ranks) * per_rank;
  const std::uint64_t available = available_memory();
  if (available == 0 || needed <= available) return;
  const std::int64_t fitting = static_cast<std::int64_t>(available / per_rank);
  const std::string program = program_bytes_per_rank == 0
                                  ? "before the program's own data"
                                  : "and " + std::to_string(program_bytes_per_rank / 1024) +
                                        " KiB of the program's initialised globals, which every rank has a copy of";
  throw UsageError(what + " needs at least " + gib(needed) + " (7 KiB a rank for its stack pages, page tables and " +
                   "MPI state, " + program + "), more than the " + gib(available) +
                   " this machine has available; run at most about " + std::to_string(fitting) +
                   " ranks, or free memory");
}

}  // namespace xo::cli
