#pragma once
// Reading a program's ELF image held in memory (the bytes of its file): program headers, the
// dynamic section, and where a link-time address lies in the file. Both ways of giving a rank its
// copy of the program read it (program_copies.hpp, copy_cloning.hpp).

#include <elf.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xo::program {

std::size_t page_size();
inline std::size_t page_floor(std::size_t n) { return n / page_size() * page_size(); }
inline std::size_t page_ceil(std::size_t n) { return page_floor(n + page_size() - 1); }

const Elf64_Ehdr& elf_header(const std::vector<char>& image);
const Elf64_Phdr* program_headers(const std::vector<char>& image);

// The dynamic section's value for `tag`, or 0; `found` (if given) says whether the tag is there.
std::uint64_t dynamic_value(const std::vector<char>& image, std::int64_t tag, bool* found = nullptr);

// The file offset of link-time address `vaddr` inside a loadable segment's file bytes, or -1.
std::int64_t file_offset(const std::vector<char>& image, std::uint64_t vaddr);

// Entry `index` of the dynamic symbol table (DT_SYMTAB) and its name (DT_STRTAB); null and "" if
// the tables do not hold it.
const Elf64_Sym* dynamic_symbol(const std::vector<char>& image, std::uint32_t index);
const char* dynamic_symbol_name(const std::vector<char>& image, const Elf64_Sym& symbol);

}  // namespace xo::program
