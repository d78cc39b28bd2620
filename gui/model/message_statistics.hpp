#pragma once
// The messages of a trace summed up for the summary view: a histogram of message sizes in
// power-of-two bins, and the communication matrix (bytes and messages from each sender to each
// receiver). Above kMostMatrixRanks ranks the matrix sums blocks of consecutive ranks, so that it
// stays a few hundred rows whatever the job size.

#include <cstdint>
#include <vector>

#include "xo/analyzer/trace_model.hpp"

namespace xo::gui {

struct SizeBin {
  std::uint64_t lower = 0;  // bytes in [lower, upper); the first bin is [0, 1)
  std::uint64_t upper = 0;
  std::uint64_t messages = 0;
};

struct CommMatrix {
  int ranks = 0;                        // world ranks
  int block = 1;                        // ranks per cell
  int cells = 0;                        // cells per side: ceil(ranks / block)
  std::vector<std::uint64_t> bytes;     // cells x cells, sender-major
  std::vector<std::uint64_t> messages;  // the same layout
  std::vector<double> seconds;          // the same layout: end-to-end times summed (send to receive)
};

struct MessageStatistics {
  std::vector<SizeBin> sizes;  // from the smallest to the largest bin with messages
  CommMatrix matrix;
};

inline constexpr int kMostMatrixRanks = 256;

MessageStatistics message_statistics(const analyzer::TraceModel& model);

}  // namespace xo::gui
