#include "xo/analyzer/analysis/rma_profile.hpp"

#include <algorithm>
#include <map>
#include <string_view>

#include "xo/hwmodels/machine_registry.hpp"

namespace xo::analyzer {

namespace {

struct CallKind {
  std::string_view call;
  std::string_view mode;
  std::string_view waits;  // what a rank waits for in it, "" if nothing
  bool ends_epoch;         // completes operations (and, where the MPI defers them, sends them)
};

// MPI-3.1 chapter 11's calls by synchronisation mode (section 11.5).
constexpr CallKind kCalls[] = {
    {"MPI_Put", "operations", "", false},
    {"MPI_Get", "operations", "", false},
    {"MPI_Accumulate", "operations", "", false},
    {"MPI_Get_accumulate", "operations", "", false},
    {"MPI_Fetch_and_op", "operations", "", false},
    {"MPI_Compare_and_swap", "operations", "", false},
    {"MPI_Rput", "operations", "", false},
    {"MPI_Rget", "operations", "", false},
    {"MPI_Raccumulate", "operations", "", false},
    {"MPI_Rget_accumulate", "operations", "", false},
    {"MPI_Win_fence", "fence", "the slowest member (a wait at fence)", true},
    {"MPI_Win_post", "post-start-complete-wait", "", false},
    {"MPI_Win_start", "post-start-complete-wait", "the targets' MPI_Win_post (a late post)", false},
    {"MPI_Win_complete", "post-start-complete-wait", "", true},
    {"MPI_Win_wait", "post-start-complete-wait", "the origins' MPI_Win_complete (an early wait)", true},
    {"MPI_Win_test", "post-start-complete-wait", "", true},
    {"MPI_Win_lock", "locks and flushes", "a conflicting lock another origin held (lock contention)", false},
    {"MPI_Win_unlock", "locks and flushes", "", true},
    {"MPI_Win_lock_all", "locks and flushes", "an exclusive lock held by another origin", false},
    {"MPI_Win_unlock_all", "locks and flushes", "", true},
    {"MPI_Win_flush", "locks and flushes", "", true},
    {"MPI_Win_flush_all", "locks and flushes", "", true},
    {"MPI_Win_flush_local", "locks and flushes", "", true},
    {"MPI_Win_flush_local_all", "locks and flushes", "", true},
    {"MPI_Win_sync", "locks and flushes", "", false},
    {"MPI_Win_create", "windows", "", false},
    {"MPI_Win_allocate", "windows", "", false},
    {"MPI_Win_allocate_shared", "windows", "", false},
    {"MPI_Win_create_dynamic", "windows", "", false},
    {"MPI_Win_attach", "windows", "", false},
    {"MPI_Win_detach", "windows", "", false},
    {"MPI_Win_free", "windows", "", true},
};

const CallKind* kind_of(std::string_view call) {
  for (const CallKind& k : kCalls) {
    if (k.call == call) return &k;
  }
  return nullptr;
}

bool machine_defers(const std::string& machine) {
  if (machine.empty()) return false;
  try {
    return hw::builtin_machines().create(machine)->rma_deferred_to_epoch_end();
  } catch (const std::exception&) {
    return false;  // a machine this build does not know
  }
}

}  // namespace

bool is_rma_call(const std::string& call) { return kind_of(call) != nullptr; }

RmaProfile profile_rma(const MpiProfile& profile, const std::string& machine, const std::vector<RmaWaitState>& waits) {
  RmaProfile out;
  std::map<std::string_view, RmaModeTime> modes;
  for (const CallTime& c : profile.by_call) {
    const CallKind* kind = kind_of(c.call);
    if (kind == nullptr) continue;
    out.seconds += c.seconds;
    RmaModeTime& mode = modes.try_emplace(kind->mode, RmaModeTime{std::string(kind->mode)}).first->second;
    mode.calls += c.count;
    mode.seconds += c.seconds;
    if (!kind->waits.empty()) {
      RmaWaitingCall& w = out.waiting.emplace_back();
      w.call = c.call;
      w.waits = kind->waits;
      w.calls = c.count;
      w.seconds = c.seconds;
      for (const RmaWaitState& state : waits) {
        if (state.call == c.call) w.wait_seconds = state.seconds, w.waiting_calls = state.waiting;
      }
    }
    if (kind->mode == "operations") out.operation_seconds += c.seconds;
    if (kind->ends_epoch) out.completing_seconds += c.seconds;
  }
  if (out.seconds == 0 && modes.empty()) return out;
  for (auto& [name, mode] : modes) out.by_mode.push_back(mode);
  const auto larger = [](const auto& a, const auto& b) { return a.seconds > b.seconds; };
  std::stable_sort(out.by_mode.begin(), out.by_mode.end(), larger);
  std::stable_sort(out.waiting.begin(), out.waiting.end(), larger);
  out.deferred = machine_defers(machine);
  return out;
}

}  // namespace xo::analyzer
