#pragma once
// Further copies of the program made from the first one glibc loaded, without glibc's loader.
//
// dlopen costs grow with the objects already loaded: glibc compares every new copy's name and
// file identity with each loaded object's, appends it at the end of a linked list and re-sorts its
// table for _dl_find_object, so loading n copies takes time in n squared (8,192 ranks spent half of
// a 7 s start in ld.so). A copy needs little of what dlopen does, though: every copy is the same
// file at another address. So a clone reserves the image's span, maps the code and constants from
// the program's file (shared, as the first copy's are), fills a private writable segment from the
// file's bytes, applies the relocations itself — relative ones against its own base, symbolic ones
// with the values glibc resolved for the first copy (a symbol outside the program resolves alike
// for every copy) — registers its unwind tables with libgcc (for exceptions) and runs its
// constructors, and its destructors and fini array at exit, as dlopen would.
//
// Thread-locals: a clone's are its own, on every thread, through a module id and __tls_get_addr of
// ours (clone_thread_locals.hpp).
//
// Only images this covers are cloned; the rest load every copy with dlopen (why_not says why):
// relocation kinds other than relative, GOT, PLT, absolute 64-bit and dynamic TLS ones (IFUNCs,
// copy relocations of a PIE, static TLS, TLS descriptors, packed DT_RELR), segments sharing a page
// or aligned beyond a page, text relocations.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "clone_thread_locals.hpp"

namespace xo::program {

class CopyCloner {
 public:
  // Why copies of `image` (the loadable part of the program's file) cannot be cloned, or "".
  static std::string why_not(const std::vector<char>& image);

  // `image` and `program_fd` (the program's file, whose code pages the clones map) must outlive
  // the cloner. Throws PrivatizationError saying why the image cannot be cloned.
  CopyCloner(const std::vector<char>& image, int program_fd);

  // Where glibc loaded the first copy (its link_map's l_addr), whose bound symbols clones take.
  void set_template(std::uintptr_t base) { template_base_ = base; }
  bool has_template() const { return template_base_ != 0; }

  // Maps, relocates and initialises a new copy, `before_constructors` run first; returns its base
  // (the link-time address 0 of the copy). Needs the template. Throws PrivatizationError.
  std::uintptr_t clone(const std::function<void()>& before_constructors);

  // Memory mappings one clone takes.
  std::size_t mappings_per_clone() const { return segments_.size() + gaps_; }

 private:
  struct Segment {
    std::uint64_t vaddr, memsz, filesz, offset;
    int protection;
    bool writable;
  };
  struct Relocation {
    std::uint64_t where;  // link-time address of the word
    std::uint32_t type;
    std::int64_t addend;
    bool own_module = false;    // DTPMOD64 naming this object's thread-locals (not another's)
    bool tls_get_addr = false;  // GOT or PLT entry of __tls_get_addr
  };

  void relocate(std::uintptr_t base, std::uint64_t module) const;
  void run_constructors(std::uintptr_t base) const;

  const std::vector<char>& image_;
  int program_fd_;
  std::uintptr_t template_base_ = 0;
  std::size_t span_ = 0;  // bytes from link-time address 0 to the end of the last segment, page-aligned
  std::vector<Segment> segments_;
  std::size_t gaps_ = 0;  // unmapped stretches between segments, left reserved
  std::vector<Relocation> relocations_;
  std::uint64_t init_ = 0, init_array_ = 0, init_count_ = 0;
  std::uint64_t fini_ = 0, fini_array_ = 0, fini_count_ = 0;
  std::uint64_t eh_frame_ = 0;          // link-time address of .eh_frame, 0 if none was found
  std::vector<std::string> arguments_;  // the process's command line, as glibc hands constructors
  std::vector<char*> argv_;
  std::shared_ptr<const ThreadLocalImage> thread_locals_;  // null without PT_TLS
};

}  // namespace xo::program
