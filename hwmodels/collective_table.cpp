#include "xo/hwmodels/collective_table.hpp"

#include <array>
#include <bit>

namespace xo::hw {

namespace {

constexpr CollectiveAlgorithm kRows[] = {
#define XO_COLLECTIVE(op, algorithm, function, needs, last_resort, description) \
  CollectiveAlgorithm{CollectiveOp::op, Algorithm::algorithm, AlgorithmNeeds::needs, last_resort, description},
#include "xo/hwmodels/collective_table.def"
};

// Every operation has exactly one last resort, and it needs nothing; no row appears twice.
constexpr bool well_formed() {
  for (int op = 0; op < kCollectiveOps; ++op) {
    int last = 0;
    for (const CollectiveAlgorithm& row : kRows) {
      if (static_cast<int>(row.op) != op || !row.last_resort) continue;
      if (row.needs != AlgorithmNeeds::Nothing) return false;
      ++last;
    }
    if (last != 1) return false;
  }
  for (const CollectiveAlgorithm& a : kRows) {
    int same = 0;
    for (const CollectiveAlgorithm& b : kRows) same += a.op == b.op && a.algorithm == b.algorithm ? 1 : 0;
    if (same != 1) return false;
  }
  return true;
}
static_assert(well_formed(), "collective_table.def: one last resort (needing nothing) per operation, no repeated row");

// The knob choices of each operation: Auto, then the table's rows in order.
struct OperationChoices {
  std::array<Algorithm, 12> list{};
  std::size_t size = 0;
};

constexpr std::array<OperationChoices, kCollectiveOps> choices_by_operation() {
  std::array<OperationChoices, kCollectiveOps> all{};
  for (OperationChoices& c : all) c.list[c.size++] = Algorithm::Auto;
  for (const CollectiveAlgorithm& row : kRows) {
    OperationChoices& c = all[static_cast<std::size_t>(row.op)];
    c.list[c.size++] = row.algorithm;
  }
  return all;
}
constexpr auto kChoices = choices_by_operation();

constexpr std::array<std::size_t, kCollectiveOps> last_resort_rows() {
  std::array<std::size_t, kCollectiveOps> rows{};
  for (std::size_t i = 0; i < std::size(kRows); ++i) {
    if (kRows[i].last_resort) rows[static_cast<std::size_t>(kRows[i].op)] = i;
  }
  return rows;
}
constexpr auto kLastResort = last_resort_rows();

}  // namespace

std::span<const CollectiveAlgorithm> collective_table() { return kRows; }

const CollectiveAlgorithm* find_collective_algorithm(CollectiveOp op, Algorithm algorithm) {
  for (const CollectiveAlgorithm& row : kRows) {
    if (row.op == op && row.algorithm == algorithm) return &row;
  }
  return nullptr;
}

const CollectiveAlgorithm& last_resort(CollectiveOp op) { return kRows[kLastResort[static_cast<std::size_t>(op)]]; }

std::span<const Algorithm> algorithms_for(CollectiveOp op) {
  const OperationChoices& c = kChoices[static_cast<std::size_t>(op)];
  return {c.list.data(), c.size};
}

bool has_hardware_for(AlgorithmNeeds needs, const CollectiveHardware& hardware) {
  switch (needs) {
    case AlgorithmNeeds::BroadcastNetwork: return hardware.broadcast_startup >= 0;
    case AlgorithmNeeds::SyncNetwork: return hardware.sync >= 0;
    case AlgorithmNeeds::FetchAdd: return hardware.fetch_add >= 0;
    case AlgorithmNeeds::RemoteFlags: return hardware.remote_flag >= 0;
    case AlgorithmNeeds::XyReduction: return hardware.xy_reduction >= 0;
    default: return true;
  }
}

bool can_serve(const CollectiveAlgorithm& row, const CollectiveHardware& hardware, const CollectiveQuery& query) {
  if (!has_hardware_for(row.needs, hardware)) return false;
  const bool xy_element =
      query.element == ElementType::Int || query.element == ElementType::Float || query.element == ElementType::Double;
  switch (row.needs) {
    case AlgorithmNeeds::PowerOfTwoRanks: return std::has_single_bit(static_cast<unsigned>(query.ranks));
    case AlgorithmNeeds::Commutative: return query.commutative;
    case AlgorithmNeeds::CommutativeLong:
      return query.commutative &&
             query.count >= static_cast<std::int64_t>(std::bit_floor(static_cast<unsigned>(query.ranks)));
    case AlgorithmNeeds::SyncNetwork: return query.whole_machine;
    case AlgorithmNeeds::XyReduction: return query.whole_machine && query.builtin_op && xy_element;
    default: return true;
  }
}

std::string_view needs_text(AlgorithmNeeds needs) {
  switch (needs) {
    case AlgorithmNeeds::Nothing: return "-";
    case AlgorithmNeeds::PowerOfTwoRanks: return "2^k ranks";
    case AlgorithmNeeds::Commutative: return "commutative op";
    case AlgorithmNeeds::CommutativeLong: return "commutative op, count >= ranks' power-of-two core";
    case AlgorithmNeeds::BroadcastNetwork: return "broadcast network";
    case AlgorithmNeeds::SyncNetwork: return "barrier hardware, every rank";
    case AlgorithmNeeds::FetchAdd: return "fetch-and-add words";
    case AlgorithmNeeds::RemoteFlags: return "remote stores";
    case AlgorithmNeeds::XyReduction: return "xy hardware, every rank, int/float/double, predefined op";
  }
  return "?";
}

}  // namespace xo::hw
