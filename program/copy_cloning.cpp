#include "copy_cloning.hpp"

#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <iterator>

#include "elf_image.hpp"
#include "program_copies.hpp"

extern "C" void __register_frame(void* eh_frame);  // libgcc's unwinder: frames of code it was not told of
extern "C" int __cxa_atexit(void (*function)(void*), void* argument, void* dso_handle);
extern char** environ;

namespace xo::program {

namespace {

using Constructor = void (*)(int argc, char** argv, char** environment);
using Destructor = void (*)();

// What a clone's exit runs: its fini array backwards, then DT_FINI, as glibc's _dl_fini does for a
// loaded object.
struct Finalizer {
  std::uintptr_t base;
  std::uint64_t fini, fini_array, fini_count;
};

// Every clone's, run by one exit handler registered before the first clone's constructors: at
// exit it runs after the destructors of the static objects they construct, clones last made
// first, as _dl_fini runs loaded objects' fini arrays after the exit handlers. One handler, not
// one a clone: each fini array's __cxa_finalize walks the exit handlers still registered, which
// made exit quadratic in the clones (38 % of a 65,536-rank start and stop). Kept until the
// process ends, as glibc keeps a loaded object's link map.
std::vector<Finalizer>& finalizers() {
  static auto* all = new std::vector<Finalizer>;
  return *all;
}

void finalize_all(void*) {
  std::vector<Finalizer>& all = finalizers();
  while (!all.empty()) {
    const Finalizer f = all.back();
    all.pop_back();
    const auto* array = reinterpret_cast<const Destructor*>(f.base + f.fini_array);
    for (std::uint64_t i = f.fini_count; i > 0; --i) {
      if (array[i - 1] != nullptr) array[i - 1]();
    }
    if (f.fini != 0) reinterpret_cast<Destructor>(f.base + f.fini)();
  }
}

// .eh_frame's link-time address from .eh_frame_hdr (its version, the pointer's encoding, then the
// pointer); 0 without a header, -1 if the pointer is encoded otherwise than pc-relative sdata4, the
// encoding GCC and binutils write.
std::int64_t eh_frame_address(const std::vector<char>& image) {
  const Elf64_Phdr* ph = program_headers(image);
  for (int i = 0; i < elf_header(image).e_phnum; ++i) {
    if (ph[i].p_type != PT_GNU_EH_FRAME) continue;
    if (ph[i].p_offset + 8 > image.size()) return -1;
    const auto* header = reinterpret_cast<const unsigned char*>(image.data() + ph[i].p_offset);
    constexpr unsigned char kPcRelativeSdata4 = 0x1b;
    if (header[0] != 1 || header[1] != kPcRelativeSdata4) return -1;
    std::int32_t relative = 0;
    std::memcpy(&relative, header + 4, sizeof relative);
    return static_cast<std::int64_t>(ph[i].p_vaddr + 4) + relative;
  }
  return 0;
}

// Whether the records of .eh_frame at `vaddr` end with the zero length that libgcc's
// __register_frame stops at (GCC's crtend.o writes it; a linker that does not would let libgcc
// read past the section).
bool eh_frame_terminated(const std::vector<char>& image, std::uint64_t vaddr) {
  std::int64_t at = file_offset(image, vaddr);
  if (at < 0) return false;
  const auto size = static_cast<std::int64_t>(image.size());
  while (at + 4 <= size) {
    std::uint32_t length = 0;
    std::memcpy(&length, image.data() + at, sizeof length);
    if (length == 0) return true;
    if (length == 0xffffffffu) return false;  // 64-bit DWARF records: not written for x86-64 code
    at += 4 + static_cast<std::int64_t>(length);
  }
  return false;
}

}  // namespace

std::string CopyCloner::why_not(const std::vector<char>& image) {
  try {
    CopyCloner probe(image, -1);
  } catch (const PrivatizationError& e) {
    return e.what();
  }
  return "";
}

CopyCloner::CopyCloner(const std::vector<char>& image, int program_fd) : image_(image), program_fd_(program_fd) {
  const auto refuse = [](const std::string& why) { throw PrivatizationError(why); };
  if (elf_header(image).e_machine != EM_X86_64) refuse("its relocations are not x86-64 ones");
  const Elf64_Phdr* ph = program_headers(image);
  for (int i = 0; i < elf_header(image).e_phnum; ++i) {
    if (ph[i].p_type == PT_TLS) {
      if (ph[i].p_offset + ph[i].p_filesz > image.size() || ph[i].p_filesz > ph[i].p_memsz) {
        refuse("its thread-local image is damaged");
      }
      auto locals = std::make_shared<ThreadLocalImage>();
      locals->initialised.assign(image.begin() + static_cast<std::ptrdiff_t>(ph[i].p_offset),
                                 image.begin() + static_cast<std::ptrdiff_t>(ph[i].p_offset + ph[i].p_filesz));
      locals->bytes = ph[i].p_memsz;
      locals->alignment = std::max<std::size_t>(ph[i].p_align, alignof(std::max_align_t));
      if ((locals->alignment & (locals->alignment - 1)) != 0) refuse("its thread-locals are aligned oddly");
      thread_locals_ = std::move(locals);
    }
    if (ph[i].p_type != PT_LOAD) continue;
    if (ph[i].p_align > page_size()) refuse("its segments are aligned beyond a page");
    const bool writable = (ph[i].p_flags & PF_W) != 0;
    if (!writable && ph[i].p_memsz != ph[i].p_filesz)
      refuse("a read-only segment is longer in memory than in the file");
    if (ph[i].p_offset + ph[i].p_filesz > image.size()) refuse("a segment lies beyond the file");
    const int protection = ((ph[i].p_flags & PF_R) != 0 ? PROT_READ : 0) | (writable ? PROT_WRITE : 0) |
                           ((ph[i].p_flags & PF_X) != 0 ? PROT_EXEC : 0);
    segments_.push_back({ph[i].p_vaddr, ph[i].p_memsz, ph[i].p_filesz, ph[i].p_offset, protection, writable});
  }
  std::sort(segments_.begin(), segments_.end(), [](const Segment& a, const Segment& b) { return a.vaddr < b.vaddr; });
  if (segments_.empty()) refuse("it has no loadable segment");
  std::size_t end = 0;
  for (const Segment& s : segments_) {
    if (page_floor(s.vaddr) < end) refuse("two of its segments share a page");
    if (page_floor(s.vaddr) > end) ++gaps_;
    end = page_ceil(s.vaddr + s.memsz);
  }
  span_ = end;

  const auto has = [&](std::int64_t tag) {
    bool found = false;
    dynamic_value(image, tag, &found);
    return found;
  };
  constexpr std::int64_t kRelr = 36;  // DT_RELR, packed relative relocations (glibc 2.36)
  if (has(DT_TEXTREL) || (dynamic_value(image, DT_FLAGS) & DF_TEXTREL) != 0) refuse("it has text relocations");
  if (has(kRelr)) refuse("it has packed relocations (DT_RELR)");
  if (has(DT_REL)) refuse("it has relocations without addends (DT_REL)");
  if (has(DT_PLTREL) && dynamic_value(image, DT_PLTREL) != DT_RELA) refuse("its PLT relocations are not RELA ones");
  const auto read_table = [&](std::int64_t address_tag, std::int64_t size_tag) {
    bool present = false;
    const std::uint64_t address = dynamic_value(image, address_tag, &present);
    if (!present) return;
    const std::uint64_t bytes = dynamic_value(image, size_tag);
    const std::int64_t offset = file_offset(image, address);
    if (offset < 0 || static_cast<std::uint64_t>(offset) + bytes > image.size()) refuse("its relocations are damaged");
    const auto* table = reinterpret_cast<const Elf64_Rela*>(image.data() + offset);
    for (std::size_t k = 0; k < bytes / sizeof(Elf64_Rela); ++k) {
      const auto type = static_cast<std::uint32_t>(ELF64_R_TYPE(table[k].r_info));
      if (type == R_X86_64_NONE) continue;
      if (type != R_X86_64_RELATIVE && type != R_X86_64_GLOB_DAT && type != R_X86_64_JUMP_SLOT && type != R_X86_64_64 &&
          type != R_X86_64_DTPMOD64 && type != R_X86_64_DTPOFF64) {
        refuse("it has relocations of x86-64 kind " + std::to_string(type));
      }
      const auto symbol_index = static_cast<std::uint32_t>(ELF64_R_SYM(table[k].r_info));
      const Elf64_Sym* symbol = symbol_index == 0 ? nullptr : dynamic_symbol(image, symbol_index);
      if (symbol_index != 0 && symbol == nullptr) refuse("its relocations name symbols it does not have");
      const auto in_writable = [&](const Segment& s) {
        return s.writable && table[k].r_offset >= s.vaddr && table[k].r_offset + 8 <= s.vaddr + s.memsz;
      };
      if (std::none_of(segments_.begin(), segments_.end(), in_writable)) refuse("a relocation lies outside its data");
      Relocation r{table[k].r_offset, type, table[k].r_addend};
      r.own_module = type == R_X86_64_DTPMOD64 && (symbol == nullptr || symbol->st_shndx != SHN_UNDEF);
      r.tls_get_addr = (type == R_X86_64_GLOB_DAT || type == R_X86_64_JUMP_SLOT) && symbol != nullptr &&
                       std::strcmp(dynamic_symbol_name(image, *symbol), "__tls_get_addr") == 0;
      if (r.own_module && !thread_locals_) refuse("it names thread-locals it does not have");
      relocations_.push_back(r);
    }
  };
  read_table(DT_RELA, DT_RELASZ);
  read_table(DT_JMPREL, DT_PLTRELSZ);

  init_ = dynamic_value(image, DT_INIT);
  init_array_ = dynamic_value(image, DT_INIT_ARRAY);
  init_count_ = dynamic_value(image, DT_INIT_ARRAYSZ) / sizeof(void*);
  fini_ = dynamic_value(image, DT_FINI);
  fini_array_ = dynamic_value(image, DT_FINI_ARRAY);
  fini_count_ = dynamic_value(image, DT_FINI_ARRAYSZ) / sizeof(void*);
  const std::int64_t eh_frame = eh_frame_address(image);
  if (eh_frame < 0) refuse("its unwind tables are indexed in an unusual encoding");
  if (eh_frame > 0 && !eh_frame_terminated(image, static_cast<std::uint64_t>(eh_frame))) {
    refuse("its unwind tables do not end as libgcc expects");
  }
  eh_frame_ = static_cast<std::uint64_t>(eh_frame);

  // /proc/self/cmdline: the arguments NUL-terminated one after another.
  std::ifstream cmdline("/proc/self/cmdline", std::ios::binary);
  const std::string all((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
  for (std::size_t at = 0; at < all.size(); at = all.find('\0', at) + 1) arguments_.emplace_back(all.c_str() + at);
  for (std::string& a : arguments_) argv_.push_back(a.data());
  argv_.push_back(nullptr);
}

std::uintptr_t CopyCloner::clone(const std::function<void()>& before_constructors) {
  void* reserved = mmap(nullptr, span_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (reserved == MAP_FAILED)
    throw PrivatizationError(std::string("cannot map a copy of the program: ") + std::strerror(errno));
  const auto base = reinterpret_cast<std::uintptr_t>(reserved);
  for (const Segment& s : segments_) {
    auto* at = reinterpret_cast<void*>(base + page_floor(s.vaddr));
    const std::size_t length = page_ceil(s.vaddr + s.memsz) - page_floor(s.vaddr);
    // Code and constants: the program file's pages, shared with every copy. Data: private.
    void* mapped = s.writable ? mmap(at, length, s.protection, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                              : mmap(at, length, s.protection, MAP_PRIVATE | MAP_FIXED, program_fd_,
                                     static_cast<off_t>(page_floor(s.offset)));
    if (mapped == MAP_FAILED) {
      const std::string why = std::strerror(errno);
      munmap(reserved, span_);
      throw PrivatizationError("cannot map a copy of the program: " + why);
    }
    if (s.writable) std::memcpy(reinterpret_cast<void*>(base + s.vaddr), image_.data() + s.offset, s.filesz);
  }
  relocate(base, thread_locals_ ? register_clone_thread_locals(thread_locals_) : 0);
  before_constructors();
  if (finalizers().empty()) __cxa_atexit(&finalize_all, nullptr, nullptr);  // before any clone's constructors
  finalizers().push_back({base, fini_, fini_array_, fini_count_});
  if (eh_frame_ != 0) __register_frame(reinterpret_cast<void*>(base + eh_frame_));
  run_constructors(base);
  return base;
}

void CopyCloner::relocate(std::uintptr_t base, std::uint64_t module) const {
  for (const Relocation& r : relocations_) {
    auto* word = reinterpret_cast<std::uint64_t*>(base + r.where);
    if (r.type == R_X86_64_RELATIVE) {
      *word = base + static_cast<std::uint64_t>(r.addend);
      continue;
    }
    if (r.own_module) {
      *word = module;
      continue;
    }
    if (r.tls_get_addr) {
      *word = reinterpret_cast<std::uint64_t>(clone_tls_get_addr_function());
      continue;
    }
    // A symbol: what glibc bound the first copy's word to, moved to this copy if it lies in it.
    // GOT and PLT entries only the loader writes; an absolute word in writable data (a pointer
    // initialised to a library's object, the personality routine's reference) could have been
    // changed by the first copy's constructors before it is read here, but the same constructors
    // then run in this copy too.
    std::uint64_t value = *reinterpret_cast<const std::uint64_t*>(template_base_ + r.where);
    if (value >= template_base_ && value < template_base_ + span_) value = value - template_base_ + base;
    *word = value;
  }
}

void CopyCloner::run_constructors(std::uintptr_t base) const {
  const int argc = static_cast<int>(argv_.size()) - 1;
  char** argv = const_cast<char**>(argv_.data());
  if (init_ != 0) reinterpret_cast<Constructor>(base + init_)(argc, argv, environ);
  const auto* array = reinterpret_cast<const Constructor*>(base + init_array_);
  for (std::uint64_t i = 0; i < init_count_; ++i) {
    if (array[i] != nullptr) array[i](argc, argv, environ);
  }
}

}  // namespace xo::program
