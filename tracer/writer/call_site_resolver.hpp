#pragma once
// The program's call sites, from return addresses to function, source file and line, read from the
// program's debug information with elfutils' libdw when the archive is written: the addresses are
// valid only in the process that ran the program, and each rank's copy of it
// (program/program_copies.hpp) maps the same code at another address. An address is first turned
// into its object file and link-time address through /proc/self/maps, so that the copies' sites
// are one site and each file's debug information is read once.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace xo::tracer {

struct SourceSite {
  std::string function;  // demangled; empty if the object has no symbol there
  std::string file;      // the source file, empty without debug information
  std::uint32_t line = 0;
  std::string object;  // the object file the code is in

  auto operator<=>(const SourceSite&) const = default;
};

class CallSiteResolver {
 public:
  // Reads the process's mappings now: resolve addresses of code mapped at this moment.
  CallSiteResolver();
  ~CallSiteResolver();
  CallSiteResolver(const CallSiteResolver&) = delete;
  CallSiteResolver& operator=(const CallSiteResolver&) = delete;

  // The site of the call instruction before `return_address`; empty (no object) if no file of the
  // process maps that address. The same object for every address of the same file offset (each
  // rank's copy of the code), valid as long as the resolver.
  const SourceSite& resolve(std::uintptr_t return_address);

 private:
  struct Mapping {
    std::uintptr_t start;
    std::uintptr_t end;
    std::uint64_t offset;  // of `start` in the file
    std::size_t file;      // index into files_
  };
  class ObjectFile;

  const SourceSite& resolve_in(std::size_t file, std::uint64_t file_offset);

  std::vector<Mapping> mappings_;  // by start address
  std::vector<std::string> files_;
  std::vector<std::unique_ptr<ObjectFile>> objects_;  // by file, opened on first use
  std::map<std::pair<std::size_t, std::uint64_t>, SourceSite> resolved_;
};

}  // namespace xo::tracer
