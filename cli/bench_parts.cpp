#include "bench_parts.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <stdexcept>

#include "argument_reader.hpp"
#include "fnv1a.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kStampPrefix = ".xo-bench-part-";

std::string stamp_name(const BenchPart& part) {
  return std::string(kStampPrefix) + std::to_string(part.index) + "-of-" + std::to_string(part.count);
}

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

}  // namespace

BenchPart parse_bench_part(const std::string& text) {
  static const std::regex form(R"(([0-9]{1,6})/([0-9]{1,6}))");
  std::smatch m;
  if (std::regex_match(text, m, form)) {
    const BenchPart part{std::stoi(m[1]), std::stoi(m[2])};
    if (part.index >= 1 && part.index <= part.count && part.count <= 100000) return part;
  }
  throw UsageError("--part " + text + ": give I/N, the part I of N to run (1 <= I <= N), e.g. --part 2/8");
}

std::vector<std::size_t> runs_of_part(std::size_t runs, const BenchPart& part) {
  std::vector<std::size_t> mine;
  const auto step = static_cast<std::size_t>(part.count);
  for (std::size_t i = static_cast<std::size_t>(part.index - 1); i < runs; i += step) mine.push_back(i);
  return mine;
}

std::string plan_fingerprint(const experiments::BenchPlan& plan, const std::vector<std::string>& params,
                             const std::map<std::string, std::string>& environment) {
  std::string text = plan.machine + '\x1e';
  for (const std::string& p : params) text += p + '\x1f';
  for (const auto& [name, value] : environment) text += name + '=' + value + '\x1f';
  for (const auto& run : plan.runs) {
    text += '\x1e' + run.name + '\x1f' + std::to_string(run.ranks);
    for (const auto& [name, value] : run.environment) text += '\x1f' + name + '=' + value;
    for (const std::string& a : run.argv) text += '\x1f' + a;
  }
  return hex(fnv1a(text)) + "-" + std::to_string(plan.runs.size());
}

// A stamp: the fingerprint on its first line, then a line "failed<TAB>run<TAB>error" a failed run
// (errors are one line; a line break in one would be kept as a space).
void stamp_part(const std::string& dir, const BenchPart& part, const std::string& fingerprint,
                const std::vector<FailedRun>& failed) {
  const fs::path path = fs::path(dir) / stamp_name(part);
  std::ofstream out(path);
  out << fingerprint << '\n';
  for (const FailedRun& run : failed) {
    std::string error = run.error;
    std::replace(error.begin(), error.end(), '\n', ' ');
    out << "failed\t" << run.name << '\t' << error << '\n';
  }
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

MergedRuns merge_parts(const std::string& dir, const experiments::BenchPlan& plan, const std::string& fingerprint) {
  std::error_code error;
  std::map<std::string, std::string> failed;  // run -> error, as the parts reported them
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(kStampPrefix, 0) != 0) continue;
    std::ifstream in(entry.path());
    std::string stamped;
    std::getline(in, stamped);
    if (stamped != fingerprint) {
      throw std::runtime_error(entry.path().string() +
                               " was left by a part of another plan (another machine, "
                               "--param, -e, --suite or --ranks): run every part and the merge with the same options, "
                               "or merge into another -o directory");
    }
    for (std::string line; std::getline(in, line);) {
      const std::size_t name_at = line.find('\t');
      const std::size_t error_at = line.find('\t', name_at + 1);
      if (line.rfind("failed\t", 0) != 0 || error_at == std::string::npos) continue;
      failed[line.substr(name_at + 1, error_at - name_at - 1)] = line.substr(error_at + 1);
    }
  }
  MergedRuns merged;
  std::vector<std::string> missing;
  for (const auto& run : plan.runs) {
    const fs::path anchor = fs::path(dir) / run.name / "traces.otf2";
    const auto reported = failed.find(run.name);
    if (reported != failed.end()) merged.failed.push_back({run.name, reported->second});
    if (fs::exists(anchor, error)) {
      merged.anchors.push_back(anchor.string());
    } else if (reported == failed.end()) {
      missing.push_back(run.name);
    }
  }
  if (!missing.empty()) {
    std::string list;
    for (std::size_t i = 0; i < missing.size() && i < 8; ++i) list += (i ? ", " : "") + missing[i];
    if (missing.size() > 8) list += " and " + std::to_string(missing.size() - 8) + " more";
    throw std::runtime_error(std::to_string(missing.size()) + " of the plan's " + std::to_string(plan.runs.size()) +
                             " runs have no trace in " + dir + " (" + list +
                             "): run every part (--part I/N) into this directory before --merge");
  }
  return merged;
}

}  // namespace xo::cli
