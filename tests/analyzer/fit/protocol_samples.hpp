#pragma once
// Synthetic (bytes, seconds) samples of message protocols with known truth: sizes that are powers
// of two, several samples per size, relative Gaussian noise and occasional gross outliers (a late
// message or an OS hiccup multiplies the time by 1.5 to 4.5).

#include <cmath>
#include <functional>
#include <random>
#include <vector>

namespace xo::analyzer::fit::testing {

struct Samples {
  std::vector<double> bytes;
  std::vector<double> seconds;
};

struct Noise {
  double relative = 0.03;
  double outlier_fraction = 0.02;
  int per_size = 10;
};

inline Samples protocol_samples(const std::function<double(double)>& truth, std::uint64_t seed, Noise noise = {},
                                int largest_power = 20) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gauss(0, 1);
  std::uniform_real_distribution<double> uniform(0, 1);
  Samples samples;
  for (int e = 0; e <= largest_power; ++e) {
    const double bytes = std::ldexp(1.0, e);
    for (int r = 0; r < noise.per_size; ++r) {
      double t = truth(bytes) * (1 + noise.relative * gauss(rng));
      if (uniform(rng) < noise.outlier_fraction) t *= 1.5 + 3 * uniform(rng);
      samples.bytes.push_back(bytes);
      samples.seconds.push_back(t);
    }
  }
  return samples;
}

// The Cray XT3's three Portals protocols (Brightwell et al., seeds): vshort up to 1024 B, short
// (eager) up to 128000 B, long (rendezvous) above; per-protocol start-up and per-byte costs.
inline double xt3_like(double bytes, double vshort_limit = 1024, double short_limit = 128000) {
  if (bytes <= vshort_limit) return 4e-6 + 1e-9 * bytes;
  if (bytes <= short_limit) return 6e-6 + 0.6e-9 * bytes;
  return 20e-6 + 0.45e-9 * bytes;
}

}  // namespace xo::analyzer::fit::testing
