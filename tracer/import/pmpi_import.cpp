#include "xo/tracer/pmpi_import.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>

#include "xo/tracer/pmpi_log.h"

namespace xo::tracer {

namespace {

namespace fs = std::filesystem;

#define XO_PMPI_CALL_NAME(name) #name,
constexpr const char* kCallNames[] = {XO_PMPI_CALLS(XO_PMPI_CALL_NAME)};
#undef XO_PMPI_CALL_NAME
static_assert(std::size(kCallNames) == XO_PMPI_CALL_COUNT);

struct RankLog {
  xo_pmpi_log_header header{};
  std::vector<xo_pmpi_record> records;
  std::map<int, std::vector<int>> comm_members;  // the rank's communicator ids: members (world ranks)
};

RankLog read_rank(const fs::path& log) {
  RankLog r;
  std::ifstream in(log, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(&r.header), sizeof r.header) ||
      std::memcmp(r.header.magic, XO_PMPI_LOG_MAGIC, sizeof r.header.magic) != 0) {
    throw std::runtime_error(log.string() + " is not a log of Crossover's PMPI tracer (no header)");
  }
  xo_pmpi_record record;
  while (in.read(reinterpret_cast<char*>(&record), sizeof record)) r.records.push_back(record);
  fs::path comms = log;
  comms.replace_extension(".comms");
  std::ifstream lines(comms);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    int id = 0, size = 0;
    if (!(fields >> id >> size) || size < 0) continue;
    std::vector<int> members(static_cast<std::size_t>(size));
    for (int& m : members) fields >> m;
    if (fields) r.comm_members[id] = std::move(members);
  }
  return r;
}

// Global communicator ids: world and self as they are, the others by (members, how many with the
// same members the rank had used before): a communicator's members create it in the same order.
class CommunicatorIds {
 public:
  void add_rank(int rank, const RankLog& log) {
    std::map<std::vector<int>, int> seen;
    for (const auto& [id, members] : log.comm_members) {
      const auto key = std::make_pair(members, seen[members]++);
      auto [it, added] = global_.try_emplace(key, next_);
      if (added) {
        mpi::CommInfo info;
        info.id = next_++;
        info.name = "communicator of " + std::to_string(members.size()) + " ranks";
        info.world_ranks = members;
        comms_.push_back(std::move(info));
      }
      local_[{rank, id}] = it->second;
    }
  }
  int global(int rank, int local) const {
    if (local == XO_PMPI_COMM_WORLD || local == XO_PMPI_COMM_SELF) return local;
    auto it = local_.find({rank, local});
    return it == local_.end() ? XO_PMPI_COMM_WORLD : it->second;
  }
  const std::vector<mpi::CommInfo>& comms() const { return comms_; }

 private:
  std::map<std::pair<std::vector<int>, int>, int> global_;
  std::map<std::pair<int, int>, int> local_;
  std::vector<mpi::CommInfo> comms_;
  int next_ = XO_PMPI_COMM_SELF + 1;
};

const char* call_name(std::int32_t id) {
  return id >= 0 && id < XO_PMPI_CALL_COUNT ? kCallNames[id] : "MPI_Unknown";
}

// A rank's clock on rank 0's: the offsets measured at MPI_Init and MPI_Finalize, linear between
// (and beyond) them, as Score-P corrects drift; the header's offset alone for a rank that never
// reached MPI_Finalize.
class RankClock {
 public:
  explicit RankClock(const RankLog& log) {
    for (const xo_pmpi_record& r : log.records) {
      if (r.kind != XO_PMPI_CLOCK) continue;
      points_.push_back({r.time_ns, static_cast<std::int64_t>(r.wide)});
      error_ns_ = std::max<std::int64_t>(error_ns_, r.a);
    }
    if (points_.empty()) points_.push_back({0, log.header.clock_offset_ns});
  }
  // `t` of this rank's clock, on rank 0's.
  std::int64_t on_rank_zero(std::int64_t t) const {
    const auto& [t1, o1] = points_.front();
    const auto& [t2, o2] = points_.back();
    if (t2 == t1) return t + o1;
    const double slope = static_cast<double>(o2 - o1) / static_cast<double>(t2 - t1);
    return t + o1 + static_cast<std::int64_t>(slope * static_cast<double>(t - t1));
  }
  std::int64_t error_ns() const { return error_ns_; }

 private:
  std::vector<std::pair<std::int64_t, std::int64_t>> points_;  // (local time, offset)
  std::int64_t error_ns_ = 0;
};

// One rank's records replayed into the writer, times in picoseconds since `zero_ns` of rank 0's clock.
void replay(int rank, const RankLog& log, const CommunicatorIds& comms, std::int64_t zero_ns, Otf2Writer& w) {
  const RankClock clock(log);
  auto ps = [&](const xo_pmpi_record& r) { return (clock.on_rank_zero(r.time_ns) - zero_ns) * 1000; };
  const auto& records = log.records;
  auto extra = [&](std::size_t& i) { return i + 1 < records.size() && records[i + 1].kind == XO_PMPI_EXTRA ? records[++i].wide : 0; };
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
        mpi::CollectiveEvent c;
        c.call = call_name(r.a);
        c.comm_id = comms.global(rank, r.b);
        c.root = r.c;
        c.bytes_sent = static_cast<std::int64_t>(r.wide);
        c.bytes_received = static_cast<std::int64_t>(extra(i));
        w.collective_end(rank, c, t);
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
  std::map<int, RankLog> logs;
  std::error_code error;
  for (fs::directory_iterator it(job.log_dir, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("rank-", 0) != 0 || it->path().extension() != ".log") continue;
    RankLog log = read_rank(it->path());
    const int rank = log.header.world_rank;
    logs.emplace(rank, std::move(log));
  }
  if (logs.empty()) {
    throw std::runtime_error("no rank of the job left a trace log in " + job.log_dir +
                             ": did the program call MPI_Init, and was it built with the MPI that xo record preloaded?");
  }
  PmpiImport out;
  out.ranks = logs.begin()->second.header.world_size;
  out.ranks_logged = static_cast<int>(logs.size());
  out.library = logs.begin()->second.header.library;
  CommunicatorIds comms;
  std::int64_t zero = std::numeric_limits<std::int64_t>::max(), last = 0;
  for (const auto& [rank, log] : logs) {
    if (rank < 0 || rank >= out.ranks) throw std::runtime_error("a log names rank " + std::to_string(rank) + " of " + std::to_string(out.ranks));
    comms.add_rank(rank, log);
    out.records += log.records.size();
    const RankClock clock(log);
    out.clock_error_ns = std::max(out.clock_error_ns, clock.error_ns());
    if (log.records.empty()) continue;
    zero = std::min(zero, clock.on_rank_zero(log.records.front().time_ns));
    last = std::max(last, clock.on_rank_zero(log.records.back().time_ns));
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
  info.program_args = job.command;
  w.run_started(info);
  mpi::CommInfo world{XO_PMPI_COMM_WORLD, "MPI_COMM_WORLD", {}, 0};
  for (int r = 0; r < out.ranks; ++r) world.world_ranks.push_back(r);
  w.comm_defined(world);
  w.comm_defined({XO_PMPI_COMM_SELF, "MPI_COMM_SELF", {}, 0});
  for (const mpi::CommInfo& c : comms.comms()) w.comm_defined(c);
  for (const auto& [rank, log] : logs) replay(rank, log, comms, zero, w);
  w.run_finished((last - zero) * 1000, job.exit_code);
  w.finish();
  return out;
}

}  // namespace xo::tracer
