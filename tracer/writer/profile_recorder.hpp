#pragma once
// Sums a run into its profile (xo/tracer/run_profile.hpp) as the run reports it: per rank, a few
// small tables that grow with the calls, paths, sizes and peers the rank used, never with how often
// it used them, kept beside the rank's state (inline_rows.hpp). Rows are found by a linear search of
// the rank's few; a rank's peers beyond RunProfile::kMostPeers are summed into one row.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "inline_rows.hpp"
#include "xo/reference_mpi/protocol_phase.hpp"
#include "xo/reference_mpi/run_observer.hpp"
#include "xo/tracer/run_profile.hpp"

namespace xo::tracer {

class ProfileRecorder {
 public:
  void run_started(const mpi::RunInfo& info);
  void comm_defined(const mpi::CommInfo& comm);
  void call_entered(int rank, const char* call, std::int64_t time_ps);
  void call_left(int rank, std::int64_t time_ps);
  void message(int rank, const mpi::MessageEvent& m, bool sent);
  void collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t time_ps);
  void phase(const mpi::PhaseRecord& p);
  void run_finished(std::int64_t end_ps) { end_ps_ = end_ps; }

  // Writes the profile, its rows in rank order, as DIR/profile.xop; the path written. The
  // recorder is spent.
  std::string write(const std::string& dir, std::map<std::string, std::string> properties);

 private:
  RunProfile take(std::map<std::string, std::string> properties);

  struct CallStat {
    std::uint32_t name;
    std::uint64_t count, total_ps, longest_ps;
  };
  struct PathStat {
    std::uint32_t name;
    RunProfile::PathKind kind;
    std::uint64_t count, bytes, total_ps;
  };
  struct SizeStat {
    std::uint8_t bin;
    bool sent;
    std::uint64_t count, bytes;
  };
  struct PeerStat {
    std::uint32_t peer;
    std::uint64_t sent, sent_bytes, received, received_bytes;
  };
  // A rank's state and its tables, the first rows of each inline (inline_rows.hpp), sized for what
  // most programs use: a few kinds of call, a path or two, a size or two, two neighbours.
  struct RankState {
    std::uint32_t open_call = kNoName;
    std::int64_t entered = 0;
    InlineRows<CallStat, 6> calls;
    InlineRows<PathStat, 2> paths;
    InlineRows<SizeStat, 2> sizes;
    InlineRows<PeerStat, 2> peers;
  };
  static constexpr std::uint32_t kNoName = 0xffffffffu;

  std::uint32_t name_of(std::string_view name);
  std::uint32_t call_name(const char* call);
  // Communicator `comm_id`, null if not defined.
  const mpi::CommInfo* comm(int comm_id);
  RankState& state(int rank) { return ranks_[static_cast<std::size_t>(rank)]; }

  std::vector<RankState> ranks_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::uint32_t> name_ids_;
  std::unordered_map<const char*, std::uint32_t> call_ids_;  // by the reference MPI's name pointers
  std::unordered_map<const char*, std::uint32_t> path_ids_;  // by the machine's path names' data
  std::unordered_map<int, mpi::CommInfo> comms_;
  int last_comm_id_ = -1;  // and its entry: a cache of the last lookup
  const mpi::CommInfo* last_comm_ = nullptr;
  std::int64_t end_ps_ = 0;
};

}  // namespace xo::tracer
