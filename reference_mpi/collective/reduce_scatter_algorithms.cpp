// Reduce_scatter: a reduce to rank 0 then a scatterv (MPICH2 for non-commutative operations and
// the X1: "simply calls the Reduce and then the Scatterv functions"), or pairwise exchange
// (MPICH2 for long vectors and commutative operations: in step k each rank sends rank + k its
// contribution to that rank's block and combines what rank - k sends for its own).

#include <cstring>

#include "algorithms.hpp"
#include "collective_dispatch.hpp"
#include "collective_run.hpp"

namespace xo::mpi {

namespace {

std::vector<std::int64_t> block_offsets_bytes(const CollectiveRun& run) {
  std::vector<std::int64_t> offsets(run.recv_counts.size() + 1, 0);
  for (std::size_t i = 0; i < run.recv_counts.size(); ++i)
    offsets[i + 1] = offsets[i] + run.recv_counts[i] * run.element_bytes();
  return offsets;
}

}  // namespace

void reduce_scatter_reduce_scatterv(CollectiveRun& run) {
  const std::vector<std::int64_t> offsets = block_offsets_bytes(run);
  std::vector<std::byte> mine = std::move(run.recv);
  run.root = 0;
  run.recv.assign(run.send.size(), std::byte{});
  run_nested(run, hw::CollectiveOp::Reduce);
  run.send = std::move(run.recv);
  run.block_offset.assign(offsets.begin(), offsets.end() - 1);
  run.block_bytes.resize(run.recv_counts.size());
  for (std::size_t i = 0; i < run.recv_counts.size(); ++i) run.block_bytes[i] = offsets[i + 1] - offsets[i];
  run.recv = std::move(mine);
  run_nested(run, hw::CollectiveOp::Scatterv);
}

void reduce_scatter_pairwise(CollectiveRun& run) {
  const std::vector<std::int64_t> offsets = block_offsets_bytes(run);
  const auto me = static_cast<std::size_t>(run.rank);
  const std::int64_t my_bytes = offsets[me + 1] - offsets[me];
  std::memcpy(run.recv.data(), run.send.data() + offsets[me], static_cast<std::size_t>(my_bytes));
  std::vector<std::byte> theirs(static_cast<std::size_t>(my_bytes));
  for (int step = 1; step < run.size; ++step) {
    const auto to = static_cast<std::size_t>((run.rank + step) % run.size);
    const int from = (run.rank - step + run.size) % run.size;
    run.exchange(run.send.data() + offsets[to], offsets[to + 1] - offsets[to], static_cast<int>(to), theirs.data(),
                 my_bytes, from);
    run.combine(theirs.data(), run.recv.data(), run.recv_counts[me]);  // commutative: order is free
  }
}

}  // namespace xo::mpi
