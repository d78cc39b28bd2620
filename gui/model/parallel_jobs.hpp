#pragma once
// Runs a frame's jobs on every core: a thread pool of its own (the loader's background work uses
// Qt's global one), the calling thread taking part, returning when every job is done. Jobs are
// claimed as they come, so jobs of uneven cost still finish together; each runs on one worker,
// numbered from 0 (the calling thread), for scratch memory of its own.

#include <QThreadPool>
#include <atomic>
#include <cstddef>
#include <functional>

namespace xo::gui {

class ParallelJobs {
 public:
  explicit ParallelJobs(int threads = 0);  // 0: one per core

  std::size_t workers() const { return workers_; }
  // job(j, worker) for j in [0, jobs). The calling thread is worker 0.
  void run(std::size_t jobs, const std::function<void(std::size_t job, std::size_t worker)>& job);

 private:
  std::size_t workers_ = 1;
  QThreadPool pool_;
  std::atomic<std::size_t> next_{0};
};

}  // namespace xo::gui
