#pragma once
// The collective table (collective_table.def) as data: which algorithms the reference MPI has for
// each operation, what each needs to serve a call, and which one serves every call. Machines choose
// among these rows; the reference MPI runs them; `xo machines --show` and the XO_COLL_<OP> knobs
// list them.

#include <cstdint>
#include <span>
#include <string_view>

#include "xo/hwmodels/collective.hpp"

namespace xo::hw {

// What a call and the machine must offer for an algorithm to serve the call. The query is the same
// at every member of the communicator, so all members agree.
enum class AlgorithmNeeds : std::uint8_t {
  Nothing,           // serves every call of its operation
  PowerOfTwoRanks,   // a communicator of 2^k ranks
  Commutative,       // a commutative reduction
  CommutativeLong,   // commutative, with an element for each rank of the power-of-two core (Rabenseifner)
  BroadcastNetwork,  // a machine-wide broadcast network (AP1000 B-net)
  SyncNetwork,       // barrier hardware, and a communicator of every rank
  FetchAdd,          // atomic fetch-and-add on shared words
  RemoteFlags,       // remote stores into other ranks' memory (X1 gps structure)
  XyReduction,       // AP1000 xy routines: every rank, a predefined operation on int, float or double
};

struct CollectiveAlgorithm {
  CollectiveOp op;
  Algorithm algorithm;
  AlgorithmNeeds needs;
  bool last_resort;  // serves every call; taken when neither the forced nor the machine's choice can
  std::string_view description;
};

// Every row, in the table's order.
std::span<const CollectiveAlgorithm> collective_table();
// The row of `algorithm` for `op`; nullptr if the reference MPI has no such algorithm for it.
const CollectiveAlgorithm* find_collective_algorithm(CollectiveOp op, Algorithm algorithm);
// The algorithms of `op` in the table's order, Auto first: the choices of its XO_COLL_<OP> knob.
std::span<const Algorithm> algorithms_for(CollectiveOp op);
// The row that serves every call of `op`.
const CollectiveAlgorithm& last_resort(CollectiveOp op);

// Whether `row` can serve `query` on a machine with `hardware`.
bool can_serve(const CollectiveAlgorithm& row, const CollectiveHardware& hardware, const CollectiveQuery& query);
// Whether the machine has the hardware `needs` asks for (true when it asks for none).
bool has_hardware_for(AlgorithmNeeds needs, const CollectiveHardware& hardware);
// "broadcast network", "2^k ranks"; "-" for Nothing.
std::string_view needs_text(AlgorithmNeeds needs);

}  // namespace xo::hw
