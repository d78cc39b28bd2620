#include "rank_log_file.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace xo::tracer {

PmpiRankLog read_rank_log(const std::filesystem::path& log) {
  PmpiRankLog r;
  std::ifstream in(log, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(&r.header), sizeof r.header) ||
      std::memcmp(r.header.magic, XO_PMPI_LOG_MAGIC, sizeof r.header.magic) != 0) {
    throw std::runtime_error(log.string() + " is not a log of Crossover's PMPI tracer (no header)");
  }
  xo_pmpi_record record;
  while (in.read(reinterpret_cast<char*>(&record), sizeof record)) r.records.push_back(record);
  std::filesystem::path comms = log;
  comms.replace_extension(".comms");
  std::ifstream lines(comms);
  // "<size> <world ranks...>" of one group.
  auto read_group = [](std::istringstream& fields, std::vector<int>& members) {
    int size = 0;
    if (!(fields >> size) || size < 0) return false;
    members.resize(static_cast<std::size_t>(size));
    for (int& m : members) fields >> m;
    return !fields.fail();
  };
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    int id = 0;
    std::vector<int> members, remote;
    if (!(fields >> id) || !read_group(fields, members)) continue;
    std::string word;
    if (fields >> word && word == "remote" && read_group(fields, remote)) r.comm_remote[id] = std::move(remote);
    r.comm_members[id] = std::move(members);
  }
  return r;
}

RankClock::RankClock(const PmpiRankLog& log) {
  for (const xo_pmpi_record& r : log.records) {
    if (r.kind != XO_PMPI_CLOCK) continue;
    points_.push_back({r.time_ns, static_cast<std::int64_t>(r.wide)});
    error_ns_ = std::max<std::int64_t>(error_ns_, r.a);
  }
  if (points_.empty()) points_.push_back({0, log.header.clock_offset_ns});
}

std::int64_t RankClock::on_rank_zero(std::int64_t t) const {
  const auto& [t1, o1] = points_.front();
  const auto& [t2, o2] = points_.back();
  if (t2 == t1) return t + o1;
  const double slope = static_cast<double>(o2 - o1) / static_cast<double>(t2 - t1);
  return t + o1 + static_cast<std::int64_t>(slope * static_cast<double>(t - t1));
}

}  // namespace xo::tracer
