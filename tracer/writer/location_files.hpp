#pragma once
// The files of every location: its event file from the bytes its encoder made
// (evt_file_encoder.hpp), the digest of those bytes, and its empty local definition file (a hard
// link to the first location's, or a copy of its bytes). Safe to call from several threads at
// once for different locations: the archive writer encodes and writes locations on every core it
// has, as at 16,384 ranks creating the files takes longer than encoding their events.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <vector>

namespace xo::tracer {

class LocationFiles {
 public:
  // `directory`: where the files go (DIR/traces); `names`: each location's file name there without
  // extension (its id); `definitions`: the bytes of every location's empty .def file, which the
  // first already has.
  LocationFiles(std::string directory, std::vector<std::string> names, std::string definitions);
  ~LocationFiles();
  LocationFiles(const LocationFiles&) = delete;
  LocationFiles& operator=(const LocationFiles&) = delete;

  // Writes location `index`'s files, its event file holding `events`. False if the file system
  // refused (failure() says what), or if another location's files failed before.
  bool write(std::size_t index, std::span<const std::uint8_t> events);

  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  struct Failure {
    std::string what;  // "writing DIR/traces/7.evt"
    int error_number = 0;
  };
  // The first failure; once every writing thread is done.
  const Failure& failure() const { return failure_; }
  // The digest of each location's event file (xo/tracer/file_digest.hpp); once every writing
  // thread is done.
  const std::vector<std::uint64_t>& digests() const { return digests_; }

 private:
  bool write_definitions(std::size_t index);
  Failure failure_of(const std::string& name) const;
  bool fail_writing(const std::string& name);  // with errno's reason; false
  bool record_failure(Failure failure);        // mutex_ held; false

  // Files are made relative to the directory, opened once: at 16,384 ranks walking the whole
  // path for each of 32,770 files was a sixth of the writing.
  std::string directory_;
  int directory_fd_ = -1;
  std::vector<std::string> names_;
  std::string definitions_;
  std::vector<std::uint64_t> digests_;  // one writer each
  std::atomic<bool> failed_ = false;
  std::mutex mutex_;
  Failure failure_;                 // guarded by mutex_
  std::string definitions_source_;  // the .def the next ones link to (a name); guarded by mutex_
  bool linking_ = true;             // until the file system refuses a link; guarded by mutex_
};

}  // namespace xo::tracer
