// Segmented-fit speed: wall time of fit_segmented on 10,000 (bytes, seconds) samples over 40
// log-spaced sizes (2^0 … 2^19.5, 250 samples each) from three protocols with 3 % noise and 2 %
// gross outliers; the median of several runs. Prints figures; asserts nothing.
//
//   fit_speed [--quick]   (--quick: 1,000 samples, 3 runs, to keep the benchmark from rotting)

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "xo/analyzer/fit/segmented_fit.hpp"

namespace {

double three_protocols(double bytes) {
  if (bytes <= 1024) return 4e-6 + 1e-9 * bytes;
  if (bytes <= 128000) return 6e-6 + 0.6e-9 * bytes;
  return 20e-6 + 0.45e-9 * bytes;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int sizes = 40;
  const int per_size = quick ? 25 : 250;
  const int runs = quick ? 3 : 11;

  std::mt19937_64 rng(1);
  std::normal_distribution<double> noise(0, 0.03);
  std::uniform_real_distribution<double> uniform(0, 1);
  std::vector<double> bytes, seconds;
  for (int s = 0; s < sizes; ++s) {
    const double b = std::round(std::pow(2.0, s * 0.5));
    for (int r = 0; r < per_size; ++r) {
      double t = three_protocols(b) * (1 + noise(rng));
      if (uniform(rng) < 0.02) t *= 1.5 + 3 * uniform(rng);
      bytes.push_back(b);
      seconds.push_back(t);
    }
  }

  std::vector<double> wall;
  std::size_t segments = 0;
  for (int run = 0; run < runs; ++run) {
    const auto start = std::chrono::steady_clock::now();
    segments = xo::analyzer::fit::fit_segmented(bytes, seconds).segments.size();
    wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(wall.begin(), wall.end());
  std::printf(
      "segmented fit: %zu samples, %d sizes, %zu segments found, median of %d runs %.2f ms (min %.2f, max %.2f)\n",
      bytes.size(), sizes, segments, runs, 1e3 * wall[wall.size() / 2], 1e3 * wall.front(), 1e3 * wall.back());
  return 0;
}
