#include "model/parallel_jobs.hpp"

#include <QThread>
#include <algorithm>

namespace xo::gui {

ParallelJobs::ParallelJobs(int threads) {
  workers_ = static_cast<std::size_t>(std::max(1, threads > 0 ? threads : QThread::idealThreadCount()));
  pool_.setMaxThreadCount(static_cast<int>(std::max<std::size_t>(1, workers_ - 1)));
}

void ParallelJobs::run(std::size_t jobs, const std::function<void(std::size_t job, std::size_t worker)>& job) {
  next_ = 0;
  const auto work = [this, jobs, &job](std::size_t worker) {
    for (std::size_t j; (j = next_.fetch_add(1)) < jobs;) job(j, worker);
  };
  const std::size_t helpers = std::min(workers_, jobs) > 0 ? std::min(workers_, jobs) - 1 : 0;
  for (std::size_t w = 1; w <= helpers; ++w) pool_.start([&work, w] { work(w); });
  work(0);
  pool_.waitForDone();
}

}  // namespace xo::gui
