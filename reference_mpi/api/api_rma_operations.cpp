// The one-sided operations (MPI-3.1 sections 11.3 and 11.3.4): put, get, the accumulates and the
// atomics. Each checks its window, epoch, datatypes and target range, moves its data at once (the
// origin's fiber reads and writes the target's window memory: the standard leaves it undefined
// until the epoch ends, and a correct program cannot tell), and leaves its simulated cost in flight
// for the synchronisation that completes it (rma_completion.hpp). Operations at one rank run one
// at a time, so the accumulates are element-wise atomic, as MPI requires.

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "buffer_check.hpp"
#include "p2p_calls.hpp"
#include "rma_completion.hpp"
#include "rma_messages.hpp"
#include "rma_trace.hpp"
#include "window_support.hpp"
#include "xo/mpi/protocol/entry_points.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/reduction_op.hpp"

using xo::mpi::DatatypeRef;
using xo::mpi::MpiError;
using xo::mpi::window_call;
using xo::mpi::WindowHandle;
using xo::mpi::World;

namespace {

// The target of an operation: its window rank and where its data lies in the target's memory.
struct Target {
  WindowHandle* window;
  int rank;
  std::byte* data;
  DatatypeRef type;
  std::int64_t count;
  std::int64_t bytes() const { return count * type->size(); }
};

// Checks what every operation names of its target; nullopt for MPI_PROC_NULL, which does nothing.
// The target's data in a dynamic window: `address` (from MPI_Get_address at the target) inside a
// region the target attached.
std::byte* attached_data(const char* call, const xo::mpi::WindowMember& m, int target_rank, MPI_Aint address,
                         int target_count, const xo::mpi::Datatype& type) {
  auto* at = reinterpret_cast<std::byte*>(address);
  if (target_count == 0 || type.size() == 0) return at;
  const std::byte* first = at + type.true_lb();
  const std::byte* end = at + (target_count - 1) * type.extent() + type.true_ub();
  // Regions attached side by side serve an access across their border, as one.
  const std::byte* covered = first;
  for (bool extended = true; extended && covered < end;) {
    extended = false;
    for (const auto& [base, size] : m.attached) {
      if (covered >= base && covered < base + size) {
        covered = base + size;
        extended = true;
      }
    }
  }
  if (covered >= end) return at;
  throw MpiError(MPI_ERR_RMA_RANGE, std::string(call) + " reaches " + std::to_string(end - first) +
                                        " bytes at address " + std::to_string(address) + " of rank " +
                                        std::to_string(target_rank) +
                                        ", outside the memory it attached to the dynamic window (MPI_Win_attach)");
}

std::optional<Target> find_target(const char* call, MPI_Win win, int target_rank, MPI_Aint target_disp,
                                  int target_count, MPI_Datatype target_datatype, bool request_based = false) {
  xo::mpi::RankState& self = World::current().self();
  WindowHandle& w = self.windows.get(win);
  xo::mpi::require_count(target_count);
  DatatypeRef type = self.datatypes.get_committed(target_datatype);
  if (target_rank == MPI_PROC_NULL) return std::nullopt;
  xo::mpi::require_window_rank(w, target_rank, "target_rank");
  xo::mpi::require_access_epoch(w, target_rank, call);
  if (request_based && !w.locked_all && !w.locks.contains(target_rank)) {
    throw MpiError(MPI_ERR_RMA_SYNC, std::string(call) +
                                         " outside a passive-target epoch: request-based operations need "
                                         "MPI_Win_lock or MPI_Win_lock_all (MPI-3.1 section 11.3.5)");
  }
  const xo::mpi::WindowMember& target_member = w.member(target_rank);
  if (w.shared->flavor == MPI_WIN_FLAVOR_DYNAMIC) {
    std::byte* data = attached_data(call, target_member, target_rank, target_disp, target_count, *type);
    return Target{&w, target_rank, data, std::move(type), target_count};
  }
  if (target_disp < 0) {
    throw MpiError(MPI_ERR_DISP, "target_disp " + std::to_string(target_disp) + " is negative");
  }
  const xo::mpi::WindowMember& m = target_member;
  const std::int64_t offset = target_disp * m.disp_unit;
  if (target_count > 0 && type->size() > 0) {
    const std::int64_t first = offset + type->true_lb();
    const std::int64_t end = offset + (target_count - 1) * type->extent() + type->true_ub();
    if (first < 0 || end > m.size) {
      throw MpiError(MPI_ERR_RMA_RANGE, std::string(call) + " reaches bytes " + std::to_string(first) + ".." +
                                            std::to_string(end) + " of rank " + std::to_string(target_rank) +
                                            "'s window, which holds " + std::to_string(m.size) +
                                            " bytes (target_disp " + std::to_string(target_disp) + " in units of " +
                                            std::to_string(m.disp_unit) + " bytes)");
    }
  }
  return Target{&w, target_rank, m.base + offset, std::move(type), target_count};
}

// The origin's data in packed form, after checking it matches the target's in size.
std::vector<std::byte> packed_origin(const char* what, const void* buffer, int count, MPI_Datatype datatype,
                                     const Target& target) {
  xo::mpi::require_count(count);
  const DatatypeRef type = World::current().self().datatypes.get_committed(datatype);
  const std::int64_t bytes = count * type->size();
  if (bytes != target.bytes()) {
    throw MpiError(MPI_ERR_TYPE, std::string(what) + " holds " + std::to_string(bytes) + " bytes, the target " +
                                     std::to_string(target.bytes()) +
                                     ": origin and target must have the same type signature");
  }
  std::vector<std::byte> data(static_cast<std::size_t>(bytes));
  if (bytes > 0) {
    xo::mpi::require_buffer(buffer, count, *type, what);
    xo::mpi::pack(buffer, count, *type, data.data());
  }
  return data;
}

// The target's data in packed form.
std::vector<std::byte> packed_target(const Target& target) {
  std::vector<std::byte> data(static_cast<std::size_t>(target.bytes()));
  if (!data.empty()) xo::mpi::pack(target.data, target.count, *target.type, data.data());
  return data;
}

// Unpacks `data` into an origin buffer of `count` `datatype`, which must hold it exactly.
void unpack_to_origin(const char* what, const std::vector<std::byte>& data, void* buffer, int count,
                      MPI_Datatype datatype) {
  xo::mpi::require_count(count);
  const DatatypeRef type = World::current().self().datatypes.get_committed(datatype);
  const std::int64_t bytes = count * type->size();
  if (bytes != static_cast<std::int64_t>(data.size())) {
    throw MpiError(MPI_ERR_TYPE, std::string(what) + " holds " + std::to_string(bytes) + " bytes, the target " +
                                     std::to_string(data.size()) +
                                     ": origin and target must have the same type signature");
  }
  if (bytes == 0) return;
  xo::mpi::require_buffer(buffer, count, *type, what);
  xo::mpi::unpack(data.data(), bytes, *type, buffer);
}

// The operation of an accumulate: a predefined one defined for the target's type, MPI_REPLACE, or
// (where `no_op_allowed`) MPI_NO_OP; null for those two.
const xo::mpi::ReductionOp* accumulate_op(MPI_Op op, const Target& target, bool no_op_allowed) {
  if (op == MPI_REPLACE || (op == MPI_NO_OP && no_op_allowed)) return nullptr;
  const xo::mpi::ReductionOp* reduction = xo::mpi::ReductionOp::predefined(op);
  if (reduction == nullptr) {
    throw MpiError(MPI_ERR_OP, "operation " + std::to_string(op) +
                                   " cannot accumulate: one-sided accumulates take a predefined operation or "
                                   "MPI_REPLACE" +
                                   (no_op_allowed ? " or MPI_NO_OP" : "") +
                                   ", never one made by MPI_Op_create (MPI-3.1 section 11.3.4)");
  }
  reduction->check(*target.type);
  return reduction;
}

// target = operand op target, element by element; MPI_REPLACE stores the operand, MPI_NO_OP nothing.
void accumulate(const Target& target, MPI_Datatype target_datatype, const std::vector<std::byte>& operand, MPI_Op op,
                const xo::mpi::ReductionOp* reduction) {
  if (op == MPI_NO_OP || operand.empty()) return;
  if (reduction == nullptr) {
    xo::mpi::unpack(operand.data(), target.bytes(), *target.type, target.data);
    return;
  }
  std::vector<std::byte> current = packed_target(target);
  reduction->apply(operand.data(), current.data(), target.count, *target.type, target_datatype);
  xo::mpi::unpack(current.data(), target.bytes(), *target.type, target.data);
}

// The origin's overhead to issue an operation (where the machine defers it, to send it at the
// epoch's end). It yields to whatever is due earlier, so the operation's data moves in the order
// of simulated time (a rank spinning on MPI_Get lets the others run).
void begin_issue(const Target& target) {
  World& world = World::current();
  const WindowHandle& w = *target.window;
  if (!w.shared->deferred) {
    world.engine().advance(xo::mpi::issue_overhead(world, w.world_rank(w.rank()), w.world_rank(target.rank)));
  }
  world.engine().sync();
}

// The simulated part of an issued operation: `out` bytes to the target and, for one that brings
// data back (`back` >= 0), the reply; now, or at the end of the epoch where the machine defers.
struct Paths {
  const char* out;
  const char* back = nullptr;
};
void send_operation(const Target& target, xo::mpi::RmaKind kind, std::int64_t out, std::int64_t back, bool writes,
                    Paths paths) {
  World& world = World::current();
  WindowHandle& w = *target.window;
  const std::uint64_t traced =
      xo::mpi::trace_operation(world, w, target.rank, kind, out, std::max<std::int64_t>(back, 0));
  const WindowHandle::Queued op{target.rank, out, back, writes, paths.out, paths.back, traced};
  if (!w.shared->deferred) return xo::mpi::send_operation_now(world, w, op, world.engine().now());
  xo::mpi::hold_rma_event(world, world.self());
  w.queued.push_back(op);
  if (w.fence_epoch) w.issued_since_fence = true;
}

// The bodies of the operations the blocking and request-based calls share; each returns its
// target (nullopt for MPI_PROC_NULL).
std::optional<Target> put(const char* call, const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                          int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
                          MPI_Win win, bool request_based) {
  auto target = find_target(call, win, target_rank, target_disp, target_count, target_datatype, request_based);
  if (!target) return target;
  const std::vector<std::byte> data = packed_origin("origin_addr", origin_addr, origin_count, origin_datatype, *target);
  begin_issue(*target);
  if (!data.empty()) xo::mpi::unpack(data.data(), target->bytes(), *target->type, target->data);
  send_operation(*target, xo::mpi::RmaKind::Put, target->bytes(), -1, true, {"put"});
  return target;
}

std::optional<Target> get(const char* call, void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                          int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
                          MPI_Win win, bool request_based) {
  auto target = find_target(call, win, target_rank, target_disp, target_count, target_datatype, request_based);
  if (!target) return target;
  begin_issue(*target);
  unpack_to_origin("origin_addr", packed_target(*target), origin_addr, origin_count, origin_datatype);
  send_operation(*target, xo::mpi::RmaKind::Get, 0, target->bytes(), false, {"get-request", "get"});
  return target;
}

std::optional<Target> accumulate_call(const char* call, const void* origin_addr, int origin_count,
                                      MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
                                      int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                                      bool request_based) {
  auto target = find_target(call, win, target_rank, target_disp, target_count, target_datatype, request_based);
  if (!target) return target;
  const xo::mpi::ReductionOp* reduction = accumulate_op(op, *target, false);
  const std::vector<std::byte> data = packed_origin("origin_addr", origin_addr, origin_count, origin_datatype, *target);
  begin_issue(*target);
  accumulate(*target, target_datatype, data, op, reduction);
  send_operation(*target, xo::mpi::RmaKind::Accumulate, target->bytes(), -1, true, {"accumulate"});
  return target;
}

std::optional<Target> get_accumulate(const char* call, const void* origin_addr, int origin_count,
                                     MPI_Datatype origin_datatype, void* result_addr, int result_count,
                                     MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                                     int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                                     bool request_based) {
  auto target = find_target(call, win, target_rank, target_disp, target_count, target_datatype, request_based);
  if (!target) return target;
  const xo::mpi::ReductionOp* reduction = accumulate_op(op, *target, true);
  // MPI_NO_OP reads the origin buffer not at all.
  const std::vector<std::byte> data =
      op == MPI_NO_OP ? std::vector<std::byte>{}
                      : packed_origin("origin_addr", origin_addr, origin_count, origin_datatype, *target);
  begin_issue(*target);
  unpack_to_origin("result_addr", packed_target(*target), result_addr, result_count, result_datatype);
  accumulate(*target, target_datatype, data, op, reduction);
  send_operation(*target, xo::mpi::RmaKind::GetAccumulate, static_cast<std::int64_t>(data.size()), target->bytes(),
                 op != MPI_NO_OP, {"get-accumulate", "get-accumulate-reply"});
  return target;
}

// The request of a request-based operation: complete once the operations to its target landed. It
// goes at once, also where the machine defers the others to the end of the epoch.
MPI_Request operation_request(const char* call, const std::optional<Target>& target) {
  World& world = World::current();
  xo::mpi::Request* request = xo::mpi::completed_request(call);
  if (target) {
    WindowHandle& w = *target->window;
    xo::mpi::send_queued(world, w, target->rank);
    if (const auto ops = w.in_flight.find(target->rank); ops != w.in_flight.end()) {
      request->complete_time = std::max(request->complete_time, ops->second.landed);
    }
  }
  return xo::mpi::add_request(request);
}

}  // namespace

extern "C" {

int MPI_Put(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  return window_call("MPI_Put", win, [&] {
    put("MPI_Put", origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype,
        win, false);
  });
}

int MPI_Get(void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
            int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  return window_call("MPI_Get", win, [&] {
    get("MPI_Get", origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype,
        win, false);
  });
}

int MPI_Accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  return window_call("MPI_Accumulate", win, [&] {
    accumulate_call("MPI_Accumulate", origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                    target_count, target_datatype, op, win, false);
  });
}

int MPI_Get_accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, void* result_addr,
                       int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  return window_call("MPI_Get_accumulate", win, [&] {
    get_accumulate("MPI_Get_accumulate", origin_addr, origin_count, origin_datatype, result_addr, result_count,
                   result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, false);
  });
}

int MPI_Rput(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request* request) {
  return window_call("MPI_Rput", win, [&] {
    xo::mpi::require_pointer(request, "request");
    *request = operation_request("MPI_Rput", put("MPI_Rput", origin_addr, origin_count, origin_datatype, target_rank,
                                                 target_disp, target_count, target_datatype, win, true));
  });
}

int MPI_Rget(void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
             int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request* request) {
  return window_call("MPI_Rget", win, [&] {
    xo::mpi::require_pointer(request, "request");
    *request = operation_request("MPI_Rget", get("MPI_Rget", origin_addr, origin_count, origin_datatype, target_rank,
                                                 target_disp, target_count, target_datatype, win, true));
  });
}

int MPI_Raccumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                    MPI_Request* request) {
  return window_call("MPI_Raccumulate", win, [&] {
    xo::mpi::require_pointer(request, "request");
    *request = operation_request(
        "MPI_Raccumulate", accumulate_call("MPI_Raccumulate", origin_addr, origin_count, origin_datatype, target_rank,
                                           target_disp, target_count, target_datatype, op, win, true));
  });
}

int MPI_Rget_accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, void* result_addr,
                        int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                        int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request* request) {
  return window_call("MPI_Rget_accumulate", win, [&] {
    xo::mpi::require_pointer(request, "request");
    *request = operation_request(
        "MPI_Rget_accumulate",
        get_accumulate("MPI_Rget_accumulate", origin_addr, origin_count, origin_datatype, result_addr, result_count,
                       result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, true));
  });
}

int MPI_Fetch_and_op(const void* origin_addr, void* result_addr, MPI_Datatype datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Op op, MPI_Win win) {
  return window_call("MPI_Fetch_and_op", win, [&] {
    const auto target = find_target("MPI_Fetch_and_op", win, target_rank, target_disp, 1, datatype);
    if (!target) return;
    const xo::mpi::ReductionOp* reduction = accumulate_op(op, *target, true);
    const std::vector<std::byte> data =
        op == MPI_NO_OP ? std::vector<std::byte>{} : packed_origin("origin_addr", origin_addr, 1, datatype, *target);
    begin_issue(*target);
    unpack_to_origin("result_addr", packed_target(*target), result_addr, 1, datatype);
    accumulate(*target, datatype, data, op, reduction);
    send_operation(*target, xo::mpi::RmaKind::FetchAndOp, static_cast<std::int64_t>(data.size()), target->bytes(),
                   op != MPI_NO_OP, {"fetch-and-op", "fetch-and-op-reply"});
  });
}

int MPI_Compare_and_swap(const void* origin_addr, const void* compare_addr, void* result_addr, MPI_Datatype datatype,
                         int target_rank, MPI_Aint target_disp, MPI_Win win) {
  return window_call("MPI_Compare_and_swap", win, [&] {
    const auto target = find_target("MPI_Compare_and_swap", win, target_rank, target_disp, 1, datatype);
    if (!target) return;
    const std::vector<std::byte> swap = packed_origin("origin_addr", origin_addr, 1, datatype, *target);
    const std::vector<std::byte> compare = packed_origin("compare_addr", compare_addr, 1, datatype, *target);
    begin_issue(*target);
    const std::vector<std::byte> old = packed_target(*target);
    unpack_to_origin("result_addr", old, result_addr, 1, datatype);
    if (old == compare && !swap.empty()) xo::mpi::unpack(swap.data(), target->bytes(), *target->type, target->data);
    send_operation(*target, xo::mpi::RmaKind::CompareAndSwap, 2 * target->bytes(), target->bytes(), true,
                   {"compare-and-swap", "compare-and-swap-reply"});
  });
}

}  // extern "C"
