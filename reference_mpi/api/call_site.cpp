#include "call_site.hpp"

#include <link.h>

#include <utility>
#include <vector>

namespace xo::mpi {

namespace {

// The executable segments of the object this file is linked into: the runtime library of programs
// built by xo cc, or a test or bench binary.
using CodeRanges = std::vector<std::pair<std::uintptr_t, std::uintptr_t>>;

int collect_own_code(dl_phdr_info* info, std::size_t, void* data) {
  auto* ranges = static_cast<CodeRanges*>(data);
  const auto self = reinterpret_cast<std::uintptr_t>(&program_call_site);
  CodeRanges code;
  bool contains_self = false;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = info->dlpi_phdr[i];
    if (segment.p_type != PT_LOAD || (segment.p_flags & PF_X) == 0) continue;
    const std::uintptr_t start = info->dlpi_addr + segment.p_vaddr;
    const std::uintptr_t end = start + segment.p_memsz;
    code.emplace_back(start, end);
    contains_self = contains_self || (self >= start && self < end);
  }
  if (!contains_self) return 0;
  *ranges = std::move(code);
  return 1;
}

const CodeRanges& own_code() {
  static const CodeRanges ranges = [] {
    CodeRanges found;
    dl_iterate_phdr(collect_own_code, &found);
    return found;
  }();
  return ranges;
}

bool in_own_code(std::uintptr_t address) {
  for (const auto& [start, end] : own_code()) {
    if (address >= start && address < end) return true;
  }
  return false;
}

// Entry points reach enter_call through a helper or two; more than this means the chain is wrong.
constexpr int kMaxFrames = 16;

}  // namespace

std::uintptr_t program_call_site(const void* frame, const void* stack_top) {
  const auto top = reinterpret_cast<std::uintptr_t>(stack_top);
  auto at = reinterpret_cast<std::uintptr_t>(frame);
  for (int i = 0; i < kMaxFrames; ++i) {
    // A frame record is two words: the caller's frame pointer, then the return address.
    if (at == 0 || at % sizeof(std::uintptr_t) != 0 || at + 2 * sizeof(std::uintptr_t) > top) return 0;
    const auto* record = reinterpret_cast<const std::uintptr_t*>(at);
    const std::uintptr_t return_address = record[1];
    if (!in_own_code(return_address)) return return_address;
    if (record[0] <= at) return 0;  // callers' frames lie above (stacks grow down)
    at = record[0];
  }
  return 0;
}

}  // namespace xo::mpi
