#pragma once
// The problems a check finds. The first `cap` are kept as text and the rest only counted, so a
// badly broken trace of millions of events costs neither gigabytes nor the time to format them.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "xo/tracer/trace_check.hpp"

namespace xo::tracer {

class ProblemLog {
 public:
  explicit ProblemLog(std::size_t cap) : cap_(cap) {}

  // `describe()` returns the problem's text; it is called only if the problem is kept.
  template <typename Describe>
  void add(Describe&& describe) {
    if (kept_.size() < cap_) {
      kept_.push_back({std::forward<Describe>(describe)()});
    } else {
      ++not_kept_;
    }
  }

  std::vector<TraceProblem> take_kept() { return std::move(kept_); }
  std::uint64_t not_kept() const { return not_kept_; }

 private:
  std::size_t cap_;
  std::vector<TraceProblem> kept_;
  std::uint64_t not_kept_ = 0;
};

}  // namespace xo::tracer
