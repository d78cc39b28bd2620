#pragma once
// A private copy of the running program for each rank, so that ranks own their globals, statics,
// thread-locals and C++ static objects as the processes of a real MPI job do.
//
// `xo cc` links a program as a position-independent shared object that can also be executed (an
// interpreter, an entry point, -Bsymbolic so that it binds to its own definitions). Rank 0 runs the
// program the kernel started; rank 1 runs a copy that glibc loads with dlopen from a file of its own
// (glibc loads one file once), whose read-only segments are then mapped from the program's own
// file, so all ranks share one copy of the code in the page cache. Every further rank runs a clone
// of that copy (copy_cloning.hpp: the same mappings and relocations without glibc's loader, whose
// cost grows with the objects loaded), or, for a program a clone cannot serve (thread-locals), a
// dlopen'ed copy too. A rank costs the writable pages it touches. Why copies and not swapping the
// data segment on every switch: bench/privatization_cost measures both.

#include <dlfcn.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace xo::program {

class CopyCloner;

// Why the program cannot be given a copy per rank, and the fix.
class PrivatizationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using ProgramMain = int (*)(int argc, char** argv);

// Where a copy keeps libc's getopt variables when it has copies of its own (a PIE compiled without
// -fPIC); null where it uses libc's.
struct CopiedGetoptVariables {
  int* optind = nullptr;
  int* opterr = nullptr;
  int* optopt = nullptr;
  char** optarg = nullptr;
};

class ProgramCopies {
 public:
  // Reads the running program (/proc/self/exe) and checks that it can be copied. Throws
  // PrivatizationError if not (statically linked, or not linked by xo cc).
  ProgramCopies();
  // The copies stay loaded: unloading one costs glibc time and stack in proportion to the objects
  // loaded, and their exit handlers run when the process exits, as every registered handler does.
  ~ProgramCopies();
  ProgramCopies(const ProgramCopies&) = delete;
  ProgramCopies& operator=(const ProgramCopies&) = delete;

  struct Copy {
    ProgramMain main;
    CopiedGetoptVariables getopt;
  };
  // Loads a copy for `rank` (>= 1); `before_constructors` runs first, so that the copy's static
  // constructors see the rank's own libc state. Throws PrivatizationError.
  Copy load(int rank, const std::function<void()>& before_constructors);
  // True for a PIE linked by another driver: it works, but its thread-locals are addressed at fixed
  // offsets from the thread pointer, so every copy uses rank 0's.
  bool shares_thread_locals() const { return linked_as_pie_ && has_thread_locals_; }
  // Memory mappings one copy takes (measured on the first copy), for the mapping budget.
  std::size_t mappings_per_copy() const;
  // Why the ranks after the first copy's are loaded with dlopen too, or "" when they are clones.
  const std::string& why_not_cloned() const { return why_not_cloned_; }
  const std::string& path() const { return path_; }

 private:
  void share_read_only_segments(void* handle, int copy_fd) const;
  ProgramMain loaded_main(std::uintptr_t base, CopiedGetoptVariables& getopt) const;

  std::string path_;                              // the program's file
  int program_fd_ = -1;                           // kept open: the copies' code is mapped from it
  std::vector<char> image_;                       // the loadable part of the file, as each copy is written
  std::map<std::string, std::uint64_t> symbols_;  // offsets of main and the getopt variables it defines
  std::size_t mappings_per_copy_ = 0;
  std::string why_not_cloned_;          // why cloner_ is null: the image, or XO_PRIVATIZE_LOADER=dlopen
  std::unique_ptr<CopyCloner> cloner_;  // if the image allows; clones once the first copy is loaded
  bool linked_as_pie_ = false;
  bool has_thread_locals_ = false;
};

}  // namespace xo::program
