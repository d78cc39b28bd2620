#include "profile_recorder.hpp"

#include <algorithm>
#include <bit>
#include <filesystem>

#include "peer_world_rank.hpp"
#include "xo/tracer/trace_properties.hpp"

namespace xo::tracer {

namespace {

std::uint64_t ps(std::int64_t t) { return t > 0 ? static_cast<std::uint64_t>(t) : 0; }

}  // namespace

void ProfileRecorder::run_started(const mpi::RunInfo& info) { ranks_.resize(static_cast<std::size_t>(info.ranks)); }

void ProfileRecorder::comm_defined(const mpi::CommInfo& comm) {
  comms_[comm.id] = comm;
  last_comm_id_ = -1;  // a communicator defined again has a new entry
}

std::uint32_t ProfileRecorder::name_of(std::string_view name) {
  auto [it, added] = name_ids_.try_emplace(std::string(name), static_cast<std::uint32_t>(names_.size()));
  if (added) names_.emplace_back(name);
  return it->second;
}

std::uint32_t ProfileRecorder::call_name(const char* call) {
  auto [it, added] = call_ids_.try_emplace(call, 0);
  if (added) it->second = name_of(call);
  return it->second;
}

void ProfileRecorder::call_entered(int rank, const char* call, std::int64_t time_ps) {
  RankState& s = state(rank);
  s.open_call = call_name(call);
  s.entered = time_ps;
}

void ProfileRecorder::call_left(int rank, std::int64_t time_ps) {
  RankState& s = state(rank);
  if (s.open_call == kNoName) return;
  const std::uint32_t name = s.open_call;
  CallStat& c = s.calls.find_or_add([&](const CallStat& r) { return r.name == name; }, CallStat{name, 0, 0, 0});
  const std::uint64_t took = ps(time_ps - s.entered);
  ++c.count;
  c.total_ps += took;
  c.longest_ps = std::max(c.longest_ps, took);
  s.open_call = kNoName;
}

const mpi::CommInfo* ProfileRecorder::comm(int comm_id) {
  if (comm_id != last_comm_id_) {  // most messages go on the communicator of the one before
    auto it = comms_.find(comm_id);
    last_comm_ = it == comms_.end() ? nullptr : &it->second;
    last_comm_id_ = comm_id;
  }
  return last_comm_;
}

void ProfileRecorder::message(int rank, const mpi::MessageEvent& m, bool sent) {
  RankState& s = state(rank);
  const auto bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(m.bytes, 0));
  const auto bin = static_cast<std::uint8_t>(std::bit_width(bytes));
  SizeStat& size =
      s.sizes.find_or_add([&](const SizeStat& r) { return r.bin == bin && r.sent == sent; }, SizeStat{bin, sent, 0, 0});
  ++size.count;
  size.bytes += bytes;
  const int world = peer_world_rank(comm(m.comm_id), rank, m.peer);
  std::uint32_t peer = world < 0 ? RunProfile::kOtherPeers : static_cast<std::uint32_t>(world);
  const bool known = s.peers.contains([&](const PeerStat& r) { return r.peer == peer; });
  if (!known && s.peers.size() >= RunProfile::kMostPeers) peer = RunProfile::kOtherPeers;
  PeerStat& p = s.peers.find_or_add([&](const PeerStat& r) { return r.peer == peer; }, PeerStat{peer, 0, 0, 0, 0});
  (sent ? p.sent : p.received) += 1;
  (sent ? p.sent_bytes : p.received_bytes) += bytes;
}

void ProfileRecorder::collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t time_ps) {
  if (c.algorithm.empty()) return;
  RankState& s = state(rank);
  const std::uint32_t name = name_of(std::string(c.call) + ": " + c.algorithm);
  PathStat& p = s.paths.find_or_add(
      [&](const PathStat& r) { return r.name == name && r.kind == RunProfile::PathKind::Algorithm; },
      PathStat{name, RunProfile::PathKind::Algorithm, 0, 0, 0});
  ++p.count;
  p.bytes += static_cast<std::uint64_t>(std::max<std::int64_t>(c.bytes_sent, 0));
  p.total_ps += s.open_call != kNoName ? ps(time_ps - s.entered) : 0;
}

void ProfileRecorder::phase(const mpi::PhaseRecord& p) {
  if (p.from_world_rank < 0 || static_cast<std::size_t>(p.from_world_rank) >= ranks_.size()) return;
  RankState& s = state(p.from_world_rank);
  // A path's name is one of the machine's strings: found by its address first, by its text once.
  auto [known, added] = path_ids_.try_emplace(p.path.data(), 0);
  if (added || names_[known->second] != p.path) known->second = name_of(p.path);
  const std::uint32_t name = known->second;
  PathStat& path =
      s.paths.find_or_add([&](const PathStat& r) { return r.name == name && r.kind == RunProfile::PathKind::Protocol; },
                          PathStat{name, RunProfile::PathKind::Protocol, 0, 0, 0});
  ++path.count;
  path.bytes += static_cast<std::uint64_t>(std::max<std::int64_t>(p.bytes, 0));
  path.total_ps += ps(p.end_ps - p.start_ps);
}

RunProfile ProfileRecorder::take(std::map<std::string, std::string> properties) {
  RunProfile out;
  out.properties = std::move(properties);
  out.properties.erase(kPropertyFileDigests);  // no files sealed
  out.end_ps = ps(end_ps_);
  out.ranks = static_cast<int>(ranks_.size());
  out.names = std::move(names_);
  std::size_t calls = 0, paths = 0, sizes = 0, peers = 0;  // the tables' rows, reserved at once
  for (const RankState& s : ranks_) {
    calls += s.calls.size(), paths += s.paths.size(), sizes += s.sizes.size(), peers += s.peers.size();
  }
  out.calls.reserve(calls), out.paths.reserve(paths), out.sizes.reserve(sizes), out.peers.reserve(peers);
  for (std::size_t r = 0; r < ranks_.size(); ++r) {
    const auto rank = static_cast<std::uint32_t>(r);
    RankState& s = ranks_[r];
    s.calls.for_each([&](const CallStat& c) {
      out.calls.push_back({rank, c.name, c.count, c.total_ps, c.longest_ps});
    });
    s.paths.for_each([&](const PathStat& p) {
      out.paths.push_back({rank, p.name, p.kind, p.count, p.bytes, p.total_ps});
    });
    s.sizes.for_each([&](const SizeStat& z) { out.sizes.push_back({rank, z.bin, z.sent, z.count, z.bytes}); });
    s.peers.for_each([&](const PeerStat& p) {
      out.peers.push_back({rank, p.peer, p.sent, p.sent_bytes, p.received, p.received_bytes});
    });
    s = RankState{};  // its memory goes as the rows come
  }
  ranks_ = {};  // the ranks' state, given back before the file is written
  return out;
}

std::string ProfileRecorder::write(const std::string& dir, std::map<std::string, std::string> properties) {
  const std::string path = (std::filesystem::path(dir) / kProfileFile).string();
  write_profile(path, take(std::move(properties)));
  return path;
}

}  // namespace xo::tracer
