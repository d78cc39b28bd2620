#include "elf_image.hpp"

#include <unistd.h>

namespace xo::program {

std::size_t page_size() {
  static const auto size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

const Elf64_Ehdr& elf_header(const std::vector<char>& image) {
  return *reinterpret_cast<const Elf64_Ehdr*>(image.data());
}

const Elf64_Phdr* program_headers(const std::vector<char>& image) {
  return reinterpret_cast<const Elf64_Phdr*>(image.data() + elf_header(image).e_phoff);
}

std::uint64_t dynamic_value(const std::vector<char>& image, std::int64_t tag, bool* found) {
  if (found != nullptr) *found = false;
  const Elf64_Phdr* ph = program_headers(image);
  for (int i = 0; i < elf_header(image).e_phnum; ++i) {
    if (ph[i].p_type != PT_DYNAMIC || ph[i].p_offset + ph[i].p_filesz > image.size()) continue;
    const auto* d = reinterpret_cast<const Elf64_Dyn*>(image.data() + ph[i].p_offset);
    for (std::size_t k = 0; k < ph[i].p_filesz / sizeof(Elf64_Dyn) && d[k].d_tag != DT_NULL; ++k) {
      if (d[k].d_tag != tag) continue;
      if (found != nullptr) *found = true;
      return d[k].d_un.d_val;
    }
  }
  return 0;
}

std::int64_t file_offset(const std::vector<char>& image, std::uint64_t vaddr) {
  const Elf64_Phdr* ph = program_headers(image);
  for (int i = 0; i < elf_header(image).e_phnum; ++i) {
    if (ph[i].p_type != PT_LOAD || vaddr < ph[i].p_vaddr || vaddr >= ph[i].p_vaddr + ph[i].p_filesz) continue;
    const std::uint64_t offset = vaddr - ph[i].p_vaddr + ph[i].p_offset;
    return offset < image.size() ? static_cast<std::int64_t>(offset) : -1;
  }
  return -1;
}

const Elf64_Sym* dynamic_symbol(const std::vector<char>& image, std::uint32_t index) {
  const std::int64_t table = file_offset(image, dynamic_value(image, DT_SYMTAB));
  if (table < 0) return nullptr;
  const std::uint64_t at = static_cast<std::uint64_t>(table) + std::uint64_t{index} * sizeof(Elf64_Sym);
  return at + sizeof(Elf64_Sym) <= image.size() ? reinterpret_cast<const Elf64_Sym*>(image.data() + at) : nullptr;
}

const char* dynamic_symbol_name(const std::vector<char>& image, const Elf64_Sym& symbol) {
  const std::int64_t strings = file_offset(image, dynamic_value(image, DT_STRTAB));
  const std::uint64_t size = dynamic_value(image, DT_STRSZ);
  if (strings < 0 || symbol.st_name >= size || static_cast<std::uint64_t>(strings) + size > image.size()) return "";
  return image.data() + strings + symbol.st_name;  // the table's last string ends with its last byte, a NUL
}

}  // namespace xo::program
