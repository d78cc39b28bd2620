#include "parallel_jobs.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

namespace xo::analyzer {

void run_jobs(unsigned threads, const std::vector<std::function<void()>>& jobs) {
  std::vector<std::exception_ptr> failures(jobs.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t job = next++; job < jobs.size(); job = next++) {
      try {
        jobs[job]();
      } catch (...) {
        failures[job] = std::current_exception();
      }
    }
  };
  const std::size_t helpers = jobs.empty() ? 0 : std::min<std::size_t>(std::max(threads, 1u), jobs.size()) - 1;
  std::vector<std::thread> workers;
  for (std::size_t t = 0; t < helpers; ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
}

}  // namespace xo::analyzer
