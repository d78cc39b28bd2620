#include "xo/analyzer/analysis/profile_summary.hpp"

#include <algorithm>
#include <map>

namespace xo::analyzer {

namespace {

constexpr double kSecondsPerPicosecond = 1e-12;

double seconds(std::uint64_t ps) { return static_cast<double>(ps) * kSecondsPerPicosecond; }

template <class Row, class Key>
void largest_first(std::vector<Row>& rows, Key key) {
  std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) { return key(a) > key(b); });
}

}  // namespace

ProfileSummary summarize_profile(const tracer::RunProfile& p, std::size_t most_pairs) {
  ProfileSummary out;
  out.run = decode_crossover_run(p.properties);
  MpiProfile& profile = out.profile;
  profile.ranks = p.ranks;
  profile.run_seconds = seconds(p.end_ps);

  std::map<std::uint32_t, CallTime> by_call;
  std::vector<double> mpi_of_rank(static_cast<std::size_t>(p.ranks), 0.0);
  for (const auto& r : p.calls) {
    CallTime& c = by_call[r.name];
    c.call = p.names[r.name];
    c.count += r.count;
    c.seconds += seconds(r.total_ps);
    c.longest = std::max(c.longest, seconds(r.longest_ps));
    mpi_of_rank[r.rank] += seconds(r.total_ps);
    profile.mpi_seconds += seconds(r.total_ps);
  }
  for (auto& [name, c] : by_call) profile.by_call.push_back(std::move(c));
  largest_first(profile.by_call, [](const CallTime& c) { return c.seconds; });

  std::map<std::uint32_t, ProtocolTime> by_algorithm;
  std::map<std::uint32_t, ProfileSummary::PathTime> by_path;
  for (const auto& r : p.paths) {
    if (r.kind == tracer::RunProfile::PathKind::Algorithm) {
      ProtocolTime& a = by_algorithm[r.name];
      a.protocol = p.names[r.name];
      a.messages += r.count;
      a.bytes += r.bytes;
      a.seconds += seconds(r.total_ps);
    } else {
      ProfileSummary::PathTime& t = by_path[r.name];
      t.path = p.names[r.name];
      t.phases += r.count;
      t.bytes += r.bytes;
      t.seconds += seconds(r.total_ps);
    }
  }
  for (auto& [name, a] : by_algorithm) profile.by_protocol.push_back(std::move(a));
  largest_first(profile.by_protocol, [](const ProtocolTime& a) { return a.seconds; });
  for (auto& [name, t] : by_path) out.by_path.push_back(std::move(t));
  largest_first(out.by_path, [](const ProfileSummary::PathTime& t) { return t.seconds; });

  std::map<std::uint8_t, ProfileSummary::SizeBin> bins;
  for (const auto& r : p.sizes) {
    if (!r.sent) continue;
    ProfileSummary::SizeBin& b = bins[r.bin];
    b.smallest = r.bin == 0 ? 0 : std::uint64_t{1} << (r.bin - 1);
    b.largest = r.bin == 0 ? 0 : (r.bin >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << r.bin) - 1);
    b.messages += r.count;
    b.bytes += r.bytes;
  }
  for (const auto& [bin, b] : bins) out.sizes.push_back(b);

  for (const auto& r : p.peers) {
    if (r.sent == 0) continue;
    const int peer = r.peer == tracer::RunProfile::kOtherPeers ? -1 : static_cast<int>(r.peer);
    out.busiest.push_back({static_cast<int>(r.rank), peer, r.sent, r.sent_bytes});
  }
  largest_first(out.busiest, [](const ProfileSummary::Pair& x) { return x.bytes; });
  if (out.busiest.size() > most_pairs) out.busiest.resize(most_pairs);

  if (!mpi_of_rank.empty()) {
    const auto [least, most] = std::minmax_element(mpi_of_rank.begin(), mpi_of_rank.end());
    out.least_mpi_seconds = *least;
    out.most_mpi_seconds = *most;
    out.least_rank = static_cast<int>(least - mpi_of_rank.begin());
    out.most_rank = static_cast<int>(most - mpi_of_rank.begin());
    std::vector<double> sorted = mpi_of_rank;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2), sorted.end());
    out.median_mpi_seconds = sorted[sorted.size() / 2];
  }
  out.mpi_seconds_of_rank = std::move(mpi_of_rank);
  return out;
}

}  // namespace xo::analyzer
