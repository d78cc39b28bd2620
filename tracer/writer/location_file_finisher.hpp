#pragma once
// The per-location file work that needs no OTF2, done on a thread of its own while the events
// are written: the empty local definition file of every location but the first (a hard link to
// the first's, or a copy of its bytes), and the digest of each event file, read back once its
// writer has closed it.
// At 16,384 ranks creating and reading those files is about half of writing an archive, and
// most of it is system calls that overlap the events' encoding on another core.

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace xo::tracer {

class LocationFileFinisher {
 public:
  // `paths`: each location's file name without extension (DIR/traces/ID), in writing order;
  // `definitions`: the bytes of every location's empty .def file, which the first already has.
  LocationFileFinisher(std::vector<std::string> paths, std::string definitions);
  ~LocationFileFinisher();  // stops early if finish() was not called

  LocationFileFinisher(const LocationFileFinisher&) = delete;
  LocationFileFinisher& operator=(const LocationFileFinisher&) = delete;

  // The event files of the first `count` locations are closed.
  void closed(std::size_t count);

  struct Result {
    std::vector<std::uint64_t> digests;  // of the event files, by location
    std::string error;                   // the first failure ("writing DIR/traces/7.def: ..."), or empty
  };
  // Waits until every definition file is written and every event file digested.
  Result finish();

 private:
  void work();
  bool copy_definitions();
  bool digest_events();

  std::vector<std::string> paths_;
  std::string definitions_;
  Result result_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t closed_ = 0;  // guarded by mutex_
  bool stop_ = false;       // guarded by mutex_
  std::thread thread_;
};

}  // namespace xo::tracer
