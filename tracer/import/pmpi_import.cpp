#include "xo/tracer/pmpi_import.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "causal_clock.hpp"
#include "rank_log_file.hpp"
#include "xo/tracer/pmpi_log.h"

namespace xo::tracer {

namespace {

namespace fs = std::filesystem;

#define XO_PMPI_CALL_NAME(name) #name,
constexpr const char* kCallNames[] = {XO_PMPI_CALLS(XO_PMPI_CALL_NAME)};
#undef XO_PMPI_CALL_NAME
static_assert(std::size(kCallNames) == XO_PMPI_CALL_COUNT);

// Global communicator ids: world and self as they are, the others by their groups and how many
// with the same groups the rank had used before (a communicator's members create it in the same
// order). An intercommunicator has two groups, ordered as CommInfo has them whichever the rank is
// in: first the one holding the lower world rank.
class CommunicatorIds {
 public:
  void add_rank(int rank, const PmpiRankLog& log) {
    std::map<Groups, int> seen;
    for (const auto& [id, members] : log.comm_members) {
      Groups groups{members, {}};
      bool in_second = false;
      if (auto remote = log.comm_remote.find(id); remote != log.comm_remote.end() && !remote->second.empty()) {
        groups.second = remote->second;
        in_second = !members.empty() && lowest(groups.second) < lowest(members);
        if (in_second) std::swap(groups.first, groups.second);
      }
      const auto key = std::make_pair(groups, seen[groups]++);
      auto [it, added] = global_.try_emplace(key, next_);
      if (added) comms_.push_back(comm_info(next_++, groups));
      local_[{rank, id}] = {it->second, in_second};
    }
  }
  int global(int rank, int local) const {
    if (local == XO_PMPI_COMM_WORLD || local == XO_PMPI_COMM_SELF) return local;
    auto it = local_.find({rank, local});
    return it == local_.end() ? XO_PMPI_COMM_WORLD : it->second.global;
  }
  const std::vector<mpi::CommInfo>& comms() const { return comms_; }
  // World rank of communicator rank `peer` of `rank`'s communicator `local`; -1 if none. On an
  // intercommunicator `peer` is a rank of the group `rank` is not in.
  int world_rank(int rank, int local, int peer) const {
    if (local == XO_PMPI_COMM_SELF) return peer == 0 ? rank : -1;
    if (local == XO_PMPI_COMM_WORLD) return peer;
    auto it = local_.find({rank, local});
    if (it == local_.end()) return peer;  // unknown: taken as MPI_COMM_WORLD, as global() does
    const mpi::CommInfo& c = comms_[static_cast<std::size_t>(it->second.global - kFirstId)];
    const bool first_group = !c.inter || it->second.in_second;
    const std::vector<int>& group = first_group ? c.world_ranks : c.remote_world_ranks;
    return peer >= 0 && peer < static_cast<int>(group.size()) ? group[static_cast<std::size_t>(peer)] : -1;
  }

 private:
  using Groups = std::pair<std::vector<int>, std::vector<int>>;  // the second empty: an intracommunicator
  struct Local {
    int global = 0;
    bool in_second = false;  // the rank is in an intercommunicator's second group
  };
  static constexpr int kFirstId = XO_PMPI_COMM_SELF + 1;

  static int lowest(const std::vector<int>& ranks) { return *std::min_element(ranks.begin(), ranks.end()); }
  static mpi::CommInfo comm_info(int id, const Groups& groups) {
    mpi::CommInfo info;
    info.id = id;
    info.world_ranks = groups.first;
    if (groups.second.empty()) {
      info.name = "communicator of " + std::to_string(groups.first.size()) + " ranks";
      return info;
    }
    // Its parent, the common communicator, is not known: the tracer registers it from its groups.
    info.name = "intercommunicator of " + std::to_string(groups.first.size()) + " and " +
                std::to_string(groups.second.size()) + " ranks";
    info.inter = true;
    info.remote_world_ranks = groups.second;
    return info;
  }

  std::map<std::pair<Groups, int>, int> global_;
  std::map<std::pair<int, int>, Local> local_;
  std::vector<mpi::CommInfo> comms_;
  int next_ = kFirstId;
};

// A collective's root as the writer takes it (pmpi_log.h, run_observer.hpp).
int collective_root(std::int32_t logged) {
  if (logged == XO_PMPI_ROOT_SELF) return mpi::CollectiveEvent::kRootSelf;
  if (logged == XO_PMPI_ROOT_THIS_GROUP) return mpi::CollectiveEvent::kRootThisGroup;
  return logged < 0 ? -1 : logged;
}

const char* call_name(std::int32_t id) { return id >= 0 && id < XO_PMPI_CALL_COUNT ? kCallNames[id] : "MPI_Unknown"; }

// One rank's records replayed into the writer, at `times` (rank 0's clock, causal_clock.hpp) in
// picoseconds since `zero_ns`.
void replay(int rank, const PmpiRankLog& log, const std::vector<std::int64_t>& times, const CommunicatorIds& comms,
            std::int64_t zero_ns, Otf2Writer& w) {
  const auto& records = log.records;
  auto ps = [&](const xo_pmpi_record& r) {
    return (times[static_cast<std::size_t>(&r - records.data())] - zero_ns) * 1000;
  };
  // A COLLECTIVE_END or _COMPLETE record as the writer takes it; its first EXTRA is `received`.
  auto collective = [&](const xo_pmpi_record& r, std::uint64_t received) {
    mpi::CollectiveEvent c;
    c.call = call_name(r.a);
    c.comm_id = comms.global(rank, r.b);
    c.root = collective_root(r.c);
    c.bytes_sent = static_cast<std::int64_t>(r.wide);
    c.bytes_received = static_cast<std::int64_t>(received);
    return c;
  };
  auto extra = [&](std::size_t& i) {
    return i + 1 < records.size() && records[i + 1].kind == XO_PMPI_EXTRA ? records[++i].wide : 0;
  };
  int open_call = -1;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const xo_pmpi_record& r = records[i];
    const std::int64_t t = ps(r);
    const mpi::MessageEvent m{comms.global(rank, r.b), r.a, r.c, static_cast<std::int64_t>(r.wide), 0};
    switch (r.kind) {
      case XO_PMPI_ENTER:
        w.call_entered(rank, call_name(r.a), t, 0);
        open_call = r.a;
        break;
      case XO_PMPI_LEAVE:
        w.call_left(rank, call_name(r.a), t);
        open_call = -1;
        break;
      case XO_PMPI_SEND: w.send(rank, m, t); break;
      case XO_PMPI_RECV: w.recv(rank, m, t); break;
      case XO_PMPI_ISEND: {
        mpi::MessageEvent started = m;
        started.request_id = extra(i);
        w.isend(rank, started, t);
        break;
      }
      case XO_PMPI_IRECV: {
        mpi::MessageEvent arrived = m;
        arrived.request_id = extra(i);
        w.irecv(rank, arrived, t, t);
        break;
      }
      case XO_PMPI_ISEND_COMPLETE: w.isend_complete(rank, r.wide, t, t); break;
      case XO_PMPI_IRECV_REQUEST: w.irecv_request(rank, r.wide, t); break;
      case XO_PMPI_COLLECTIVE_BEGIN: w.collective_begin(rank, t); break;
      case XO_PMPI_COLLECTIVE_END: {
        const mpi::CollectiveEvent c = collective(r, extra(i));
        w.collective_end(rank, c, t);
        break;
      }
      case XO_PMPI_COLLECTIVE_REQUEST: w.collective_request(rank, r.wide, t); break;
      case XO_PMPI_COLLECTIVE_COMPLETE: {
        const mpi::CollectiveEvent c = collective(r, extra(i));
        w.collective_complete(rank, c, extra(i), t);
        break;
      }
      default: break;  // CLOCK, an EXTRA without its record, or a kind of a newer tracer
    }
  }
  // A rank killed inside a call: its Leave at its last record.
  if (open_call >= 0 && !records.empty()) w.call_left(rank, call_name(open_call), ps(records.back()));
}

}  // namespace

PmpiImport import_pmpi_job(const PmpiJob& job, const std::string& archive_dir, const Otf2WriterOptions& options) {
  std::map<int, PmpiRankLog> logs;
  std::error_code error;
  for (fs::directory_iterator it(job.log_dir, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("rank-", 0) != 0 || it->path().extension() != ".log") continue;
    PmpiRankLog log = read_rank_log(it->path());
    const int rank = log.header.world_rank;
    logs.emplace(rank, std::move(log));
  }
  if (logs.empty()) {
    throw std::runtime_error(
        "no rank of the job left a trace log in " + job.log_dir +
        ": did the program call MPI_Init, and was it built with the MPI that xo record preloaded?");
  }
  PmpiImport out;
  out.ranks = logs.begin()->second.header.world_size;
  out.ranks_logged = static_cast<int>(logs.size());
  out.library = logs.begin()->second.header.library;
  CommunicatorIds comms;
  std::int64_t zero = std::numeric_limits<std::int64_t>::max(), last = 0;
  for (const auto& [rank, log] : logs) {
    if (rank < 0 || rank >= out.ranks)
      throw std::runtime_error("a log names rank " + std::to_string(rank) + " of " + std::to_string(out.ranks));
    comms.add_rank(rank, log);
    out.records += log.records.size();
    bool other_host = false;
    for (const xo_pmpi_record& r : log.records) {
      if (r.kind == XO_PMPI_OTHER_THREAD_CALLS) out.other_thread_calls += r.wide;
      if (r.kind == XO_PMPI_CLOCK && r.c == 1) other_host = true;
    }
    if (other_host) ++out.ranks_on_other_hosts;
    if (other_host && rank == out.ranks - 1) out.last_rank_on_other_host = true;
  }
  const CausalTimes times = causal_times(
      logs, [&](int rank, int local, int peer) { return comms.world_rank(rank, local, peer); },
      [&](int rank, int local) { return comms.global(rank, local); });
  out.clock_error_ns = times.clock_error_ns;
  out.messages_moved = times.moved;
  out.largest_move_ns = times.largest_move_ns;
  for (const auto& [rank, ns] : times.ns) {
    if (ns.empty()) continue;
    zero = std::min(zero, ns.front());
    last = std::max(last, ns.back());
  }
  if (zero == std::numeric_limits<std::int64_t>::max()) zero = last = 0;

  Otf2Writer w(archive_dir, options);
  mpi::RunInfo info;
  info.ranks = out.ranks;
  info.machine_description = out.library;
  info.environment = job.environment;
  info.compute_mode = "real";
  // How well the ranks' clocks were put on rank 0's (0: all on its host).
  info.parameters.push_back({"clock_sync_error_ns", std::to_string(out.clock_error_ns)});
  // Receives moved after their sends (causal_clock.hpp), and by how much at most.
  info.parameters.push_back({"clock_moved_receives", std::to_string(out.messages_moved)});
  if (out.other_thread_calls > 0)
    info.parameters.push_back({"other_thread_calls", std::to_string(out.other_thread_calls)});
  // How the ranks were placed: how many run on other hosts than rank 0, and whether the last does.
  info.parameters.push_back({"ranks_on_other_hosts", std::to_string(out.ranks_on_other_hosts)});
  info.parameters.push_back({"last_rank_on_other_host", out.last_rank_on_other_host ? "1" : "0"});
  info.parameters.push_back({"clock_largest_move_ns", std::to_string(out.largest_move_ns)});
  info.program_args = job.command;
  w.run_started(info);
  mpi::CommInfo world{XO_PMPI_COMM_WORLD, "MPI_COMM_WORLD", {}, 0};
  for (int r = 0; r < out.ranks; ++r) world.world_ranks.push_back(r);
  w.comm_defined(world);
  w.comm_defined({XO_PMPI_COMM_SELF, "MPI_COMM_SELF", {}, 0});
  for (const mpi::CommInfo& c : comms.comms()) w.comm_defined(c);
  for (const auto& [rank, log] : logs) replay(rank, log, times.ns.at(rank), comms, zero, w);
  w.run_finished((last - zero) * 1000, job.exit_code);
  w.finish();
  return out;
}

}  // namespace xo::tracer
