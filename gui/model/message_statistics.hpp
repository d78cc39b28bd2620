#pragma once
// The messages of a trace summed up for the summary view: a histogram of message sizes in
// power-of-two bins, and the communication matrix (bytes and messages from each sender to each
// receiver). Above kMostMatrixRanks ranks the matrix sums blocks of consecutive ranks, so that it
// stays a few hundred rows whatever the job size.

#include <cstdint>
#include <span>
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

// The parts, for a profile's counts as well: an empty matrix of `ranks` world ranks; messages from
// one rank to another added to it (ranks outside it ignored); the histogram from counts by the
// sizes' bit width (index 0: 0 bytes, k: [2^(k-1), 2^k)), from the first bin with messages to the last.
CommMatrix empty_comm_matrix(int ranks);
void add_messages(CommMatrix& matrix, int from, int to, std::uint64_t messages, std::uint64_t bytes, double seconds);
std::vector<SizeBin> size_histogram(std::span<const std::uint64_t> messages_by_bit_width);

}  // namespace xo::gui
