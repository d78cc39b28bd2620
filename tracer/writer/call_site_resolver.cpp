#include "call_site_resolver.hpp"

#include <cxxabi.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string_view>

namespace xo::tracer {

namespace {

// An executable mapping of a file, from one line of /proc/self/maps.
struct MapsLine {
  std::uintptr_t start = 0;
  std::uintptr_t end = 0;
  std::uint64_t offset = 0;
  std::string_view path;
};

// The next field of `line` (up to a space), taken off it.
std::string_view next_field(std::string_view& line) {
  const std::size_t space = std::min(line.find(' '), line.size());
  const std::string_view field = line.substr(0, space);
  line.remove_prefix(std::min(space + 1, line.size()));
  return field;
}

template <typename Number>
bool hex(std::string_view text, Number& out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out, 16);
  return error == std::errc() && end == text.data() + text.size();
}

// The line's mapping if it is executable code of a file; nothing for the others.
std::optional<MapsLine> parse_maps_line(std::string_view line) {
  const std::string_view range = next_field(line);
  const std::string_view perms = next_field(line);
  if (perms.size() < 3 || perms[2] != 'x') return std::nullopt;
  const std::string_view offset = next_field(line);
  next_field(line);  // device
  next_field(line);  // inode
  const std::size_t path = line.find('/');
  const std::size_t dash = range.find('-');
  MapsLine out;
  if (path == std::string_view::npos || dash == std::string_view::npos || !hex(range.substr(0, dash), out.start) ||
      !hex(range.substr(dash + 1), out.end) || !hex(offset, out.offset)) {
    return std::nullopt;
  }
  out.path = line.substr(path);
  return out;
}

std::string demangled(const char* symbol) {
  if (symbol == nullptr) return {};
  int status = 0;
  char* name = abi::__cxa_demangle(symbol, nullptr, nullptr, &status);
  std::string out = status == 0 && name != nullptr ? name : symbol;
  std::free(name);
  return out;
}

}  // namespace

// One object file's symbols and lines, through a libdwfl session of its own (separate debug
// files found by build id, as gdb and perf find them).
class CallSiteResolver::ObjectFile {
 public:
  explicit ObjectFile(const std::string& path) {
    static const Dwfl_Callbacks callbacks = {dwfl_build_id_find_elf, dwfl_standard_find_debuginfo,
                                             dwfl_offline_section_address, nullptr};
    dwfl_ = dwfl_begin(&callbacks);
    if (dwfl_ == nullptr) return;
    module_ = dwfl_report_offline(dwfl_, path.c_str(), path.c_str(), -1);
    dwfl_report_end(dwfl_, nullptr, nullptr);
    if (module_ != nullptr) elf_ = dwfl_module_getelf(module_, &bias_);
  }
  ~ObjectFile() {
    if (dwfl_ != nullptr) dwfl_end(dwfl_);
  }
  ObjectFile(const ObjectFile&) = delete;
  ObjectFile& operator=(const ObjectFile&) = delete;

  // The site of the call that returns to file offset `offset`.
  void describe(std::uint64_t offset, SourceSite& site) const {
    std::uint64_t vaddr = 0;
    if (elf_ == nullptr || !link_address(offset, vaddr)) return;
    // The return address follows the call instruction: look up the byte before it.
    const Dwarf_Addr address = vaddr + bias_ - 1;
    site.function = inlined_function(address);
    if (site.function.empty()) site.function = demangled(dwfl_module_addrname(module_, address));
    if (site.function.empty()) {  // a stripped object: name the place as perf does, object+offset
      std::ostringstream place;
      place << site.object.substr(site.object.rfind('/') + 1) << "+0x" << std::hex << vaddr;
      site.function = place.str();
    }
    if (Dwfl_Line* line = dwfl_module_getsrc(module_, address)) {
      int number = 0;
      if (const char* file = dwfl_lineinfo(line, nullptr, &number, nullptr, nullptr, nullptr)) {
        site.file = file;
        site.line = static_cast<std::uint32_t>(std::max(number, 0));
      }
    }
  }

 private:
  // The function whose inlined body holds `address`, as the debug information names it; empty if
  // the innermost function there is not inlined (the symbol table then names it, with its scope).
  std::string inlined_function(Dwarf_Addr address) const {
    Dwarf_Addr cu_bias = 0;
    Dwarf_Die* cu = dwfl_module_addrdie(module_, address, &cu_bias);
    if (cu == nullptr) return {};
    Dwarf_Die* scopes = nullptr;
    const int count = dwarf_getscopes(cu, address - cu_bias, &scopes);
    std::string name;
    for (int i = 0; i < count; ++i) {
      const int tag = dwarf_tag(&scopes[i]);
      if (tag == DW_TAG_subprogram) break;
      if (tag == DW_TAG_inlined_subroutine) {
        if (const char* text = dwarf_diename(&scopes[i])) name = text;
        break;
      }
    }
    std::free(scopes);
    return name;
  }

  // The link-time address of file offset `offset`, through the program headers.
  bool link_address(std::uint64_t offset, std::uint64_t& vaddr) const {
    std::size_t count = 0;
    if (elf_getphdrnum(elf_, &count) != 0) return false;
    for (std::size_t i = 0; i < count; ++i) {
      GElf_Phdr header;
      if (gelf_getphdr(elf_, static_cast<int>(i), &header) == nullptr || header.p_type != PT_LOAD) continue;
      if (offset >= header.p_offset && offset < header.p_offset + header.p_filesz) {
        vaddr = header.p_vaddr + (offset - header.p_offset);
        return true;
      }
    }
    return false;
  }

  Dwfl* dwfl_ = nullptr;
  Dwfl_Module* module_ = nullptr;
  Elf* elf_ = nullptr;
  Dwarf_Addr bias_ = 0;
};

CallSiteResolver::CallSiteResolver() {
  // proc(5): "address perms offset dev inode pathname"; code is in the executable mappings. A run
  // of many ranks maps its program once a rank (program_copies.hpp), a few lines each: hundreds of
  // thousands of lines, parsed in place.
  std::ifstream in("/proc/self/maps");
  const std::string maps{std::istreambuf_iterator<char>(in), {}};
  std::map<std::string, std::size_t, std::less<>> file_index;
  std::string_view rest = maps;
  while (!rest.empty()) {
    const std::size_t end = std::min(rest.find('\n'), rest.size());
    const std::optional<MapsLine> line = parse_maps_line(rest.substr(0, end));
    rest.remove_prefix(std::min(end + 1, rest.size()));
    if (!line) continue;
    auto it = file_index.find(line->path);
    if (it == file_index.end()) {
      it = file_index.emplace(std::string(line->path), files_.size()).first;
      files_.emplace_back(line->path);
    }
    mappings_.push_back({line->start, line->end, line->offset, it->second});
  }
  std::sort(mappings_.begin(), mappings_.end(), [](const Mapping& a, const Mapping& b) { return a.start < b.start; });
  objects_.resize(files_.size());
}

CallSiteResolver::~CallSiteResolver() = default;

const SourceSite& CallSiteResolver::resolve(std::uintptr_t return_address) {
  static const SourceSite kNowhere;
  auto after = std::upper_bound(mappings_.begin(), mappings_.end(), return_address,
                                [](std::uintptr_t a, const Mapping& m) { return a < m.start; });
  if (after == mappings_.begin()) return kNowhere;
  const Mapping& m = *(after - 1);
  if (return_address >= m.end) return kNowhere;
  return resolve_in(m.file, return_address - m.start + m.offset);
}

const SourceSite& CallSiteResolver::resolve_in(std::size_t file, std::uint64_t file_offset) {
  auto [it, added] = resolved_.try_emplace({file, file_offset});
  if (!added) return it->second;
  SourceSite& site = it->second;
  site.object = files_[file];
  if (!objects_[file]) objects_[file] = std::make_unique<ObjectFile>(files_[file]);
  objects_[file]->describe(file_offset, site);
  return site;
}

}  // namespace xo::tracer
