#include "model/message_statistics.hpp"

#include <algorithm>
#include <bit>

namespace xo::gui {

CommMatrix empty_comm_matrix(int ranks) {
  CommMatrix matrix;
  matrix.ranks = ranks;
  matrix.block = std::max(1, (ranks + kMostMatrixRanks - 1) / kMostMatrixRanks);
  matrix.cells = (ranks + matrix.block - 1) / matrix.block;
  const auto cells = static_cast<std::size_t>(matrix.cells);
  matrix.bytes.assign(cells * cells, 0);
  matrix.messages.assign(cells * cells, 0);
  matrix.seconds.assign(cells * cells, 0);
  return matrix;
}

void add_messages(CommMatrix& matrix, int from, int to, std::uint64_t messages, std::uint64_t bytes, double seconds) {
  if (from < 0 || to < 0 || from >= matrix.ranks || to >= matrix.ranks) return;
  const auto cells = static_cast<std::size_t>(matrix.cells);
  const std::size_t cell =
      static_cast<std::size_t>(from / matrix.block) * cells + static_cast<std::size_t>(to / matrix.block);
  matrix.bytes[cell] += bytes;
  matrix.messages[cell] += messages;
  matrix.seconds[cell] += seconds;
}

std::vector<SizeBin> size_histogram(std::span<const std::uint64_t> counts) {
  std::vector<SizeBin> bins;
  const auto first = std::find_if(counts.begin(), counts.end(), [](std::uint64_t c) { return c > 0; });
  const auto last = std::find_if(counts.rbegin(), counts.rend(), [](std::uint64_t c) { return c > 0; }).base();
  for (auto it = first; it < last; ++it) {
    const auto k = static_cast<unsigned>(it - counts.begin());
    const std::uint64_t lower = k == 0 ? 0 : std::uint64_t{1} << (k - 1);
    const std::uint64_t upper = k == 0 ? 1 : k >= 64 ? ~std::uint64_t{0} : std::uint64_t{1} << k;
    bins.push_back({lower, upper, *it});
  }
  return bins;
}

MessageStatistics message_statistics(const analyzer::TraceModel& m) {
  MessageStatistics s;
  std::vector<std::uint64_t> counts(66, 0);
  s.matrix = empty_comm_matrix(m.ranks());
  const auto& msg = m.messages;
  for (std::size_t i = 0; i < msg.size(); ++i) {
    ++counts[static_cast<std::size_t>(std::bit_width(msg.bytes[i]))];
    const auto from = msg.sender[i], to = msg.receiver[i];
    if (from < 0 || to < 0 || from >= m.ranks() || to >= m.ranks()) continue;  // no receive to time
    add_messages(s.matrix, from, to, 1, msg.bytes[i], std::max(0.0, m.receive_time(i) - msg.send_time[i]));
  }
  s.sizes = size_histogram(counts);
  return s;
}

}  // namespace xo::gui
