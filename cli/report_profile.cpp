#include "report_profile.hpp"

#include <filesystem>

#include "report_text.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/analysis/profile_summary.hpp"
#include "xo/tracer/run_profile.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;
using analyzer::bytes_text;
using analyzer::duration_text;
using analyzer::percent_text;
using analyzer::ProfileSummary;

constexpr std::size_t kMostPairs = 1000;

ReportSection run_section(const ProfileSummary& s, const std::string& file) {
  ReportSection out{"run", "Run", {}, std::nullopt};
  out.lines.push_back("profile: " + file + " (" + std::to_string(s.profile.ranks) + " ranks)");
  if (s.run) {
    out.lines.push_back("machine: " + s.run->machine + " (" + s.run->machine_description + "), compute " +
                        s.run->compute_mode);
    if (!s.run->command_line.empty()) out.lines.push_back("command: " + s.run->command_line);
    if (s.run->exit_code && *s.run->exit_code != 0) {
      out.lines.push_back("the run failed: exit code " + std::to_string(*s.run->exit_code) +
                          "; the figures below cover only what ran before");
    }
  }
  out.lines.push_back(
      "a profile keeps sums per rank, not events: no wait states, point-to-point models, root causes, call sites or "
      "timeline, and no bench; for those, record a trace of the run (xo record, with --trace-ranks LIST for part "
      "of a large one) and report that");
  return out;
}

ReportSection spread_section(const ProfileSummary& s) {
  ReportSection out{"mpi_time_by_rank", "Time in MPI by rank", {}, std::nullopt};
  out.lines.push_back("least " + duration_text(s.least_mpi_seconds) + " (rank " + std::to_string(s.least_rank) +
                      "), median " + duration_text(s.median_mpi_seconds) + ", most " +
                      duration_text(s.most_mpi_seconds) + " (rank " + std::to_string(s.most_rank) + ")");
  return out;
}

ReportSection paths_section(const ProfileSummary& s, std::size_t top) {
  ReportSection out{"protocol_paths",
                    "Protocol paths (the phases on the ranks' network interfaces)",
                    {},
                    ReportTable{{"path", "phases", "bytes", "busy time"}, {}}};
  if (s.by_path.empty()) out.lines.push_back("no protocol phases (the machine model has none)");
  for (std::size_t i = 0; i < s.by_path.size() && i < top; ++i) {
    const auto& p = s.by_path[i];
    out.table->rows.push_back(
        {p.path, std::to_string(p.phases), bytes_text(static_cast<double>(p.bytes)), duration_text(p.seconds)});
  }
  return out;
}

ReportSection sizes_section(const ProfileSummary& s) {
  ReportSection out{
      "message_sizes", "Point-to-point messages by size (sent)", {}, ReportTable{{"size", "messages", "bytes"}, {}}};
  for (const auto& b : s.sizes) {
    const std::string range = b.largest == 0            ? "0 B"
                              : b.smallest == b.largest ? bytes_text(static_cast<double>(b.smallest))
                                                        : bytes_text(static_cast<double>(b.smallest)) + " - " +
                                                              bytes_text(static_cast<double>(b.largest));
    out.table->rows.push_back({range, std::to_string(b.messages), bytes_text(static_cast<double>(b.bytes))});
  }
  if (s.sizes.empty()) out.lines.push_back("no point-to-point messages");
  return out;
}

ReportSection pairs_section(const ProfileSummary& s, std::size_t top) {
  ReportSection out{"busiest_pairs",
                    "Busiest pairs of ranks (point-to-point, sent)",
                    {},
                    ReportTable{{"rank", "to", "messages", "bytes"}, {}}};
  for (std::size_t i = 0; i < s.busiest.size() && i < top; ++i) {
    const auto& p = s.busiest[i];
    out.table->rows.push_back(
        {std::to_string(p.rank),
         p.peer < 0 ? "others (beyond " + std::to_string(tracer::RunProfile::kMostPeers) + ")" : std::to_string(p.peer),
         std::to_string(p.messages), bytes_text(static_cast<double>(p.bytes))});
  }
  if (s.busiest.empty()) out.lines.push_back("no point-to-point messages");
  return out;
}

void write_json(const ProfileSummary& s, const std::string& file, std::FILE* out) {
  const auto quoted = [](const std::string& text) {
    std::string q = "\"";
    for (char c : text) {
      if (c == '"' || c == '\\') q += '\\';
      if (static_cast<unsigned char>(c) < 0x20) continue;
      q += c;
    }
    return q + "\"";
  };
  std::fprintf(out, "{\"profile\": %s, \"ranks\": %d, \"run_seconds\": %.12g, \"mpi_seconds\": %.12g,\n",
               quoted(file).c_str(), s.profile.ranks, s.profile.run_seconds, s.profile.mpi_seconds);
  std::fprintf(out, " \"machine\": %s, \"command\": %s,\n", quoted(s.run ? s.run->machine : "").c_str(),
               quoted(s.run ? s.run->command_line : "").c_str());
  // `key`: a list, each row as `print` writes it.
  const auto list = [&](const char* key, const auto& rows, const auto& print) {
    std::fprintf(out, " \"%s\": [", key);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (i > 0) std::fprintf(out, ", ");
      print(rows[i]);
    }
    std::fprintf(out, "],\n");
  };
  using ull = unsigned long long;
  list("by_call", s.profile.by_call, [&](const auto& c) {
    std::fprintf(out, "{\"call\": %s, \"count\": %llu, \"seconds\": %.12g, \"longest\": %.12g}", quoted(c.call).c_str(),
                 static_cast<ull>(c.count), c.seconds, c.longest);
  });
  list("by_algorithm", s.profile.by_protocol, [&](const auto& a) {
    std::fprintf(out, "{\"algorithm\": %s, \"calls\": %llu, \"bytes\": %llu, \"seconds\": %.12g}",
                 quoted(a.protocol).c_str(), static_cast<ull>(a.messages), static_cast<ull>(a.bytes), a.seconds);
  });
  list("by_path", s.by_path, [&](const auto& p) {
    std::fprintf(out, "{\"path\": %s, \"phases\": %llu, \"bytes\": %llu, \"seconds\": %.12g}", quoted(p.path).c_str(),
                 static_cast<ull>(p.phases), static_cast<ull>(p.bytes), p.seconds);
  });
  list("sizes", s.sizes, [&](const auto& b) {
    std::fprintf(out, "{\"smallest\": %llu, \"largest\": %llu, \"messages\": %llu, \"bytes\": %llu}",
                 static_cast<ull>(b.smallest), static_cast<ull>(b.largest), static_cast<ull>(b.messages),
                 static_cast<ull>(b.bytes));
  });
  list("busiest_pairs", s.busiest, [&](const auto& p) {
    std::fprintf(out, "{\"rank\": %d, \"peer\": %d, \"messages\": %llu, \"bytes\": %llu}", p.rank, p.peer,
                 static_cast<ull>(p.messages), static_cast<ull>(p.bytes));
  });
  std::fprintf(out,
               " \"mpi_seconds_by_rank\": {\"least\": %.12g, \"least_rank\": %d, \"median\": %.12g, "
               "\"most\": %.12g, \"most_rank\": %d}}\n",
               s.least_mpi_seconds, s.least_rank, s.median_mpi_seconds, s.most_mpi_seconds, s.most_rank);
}

}  // namespace

std::optional<std::string> profile_file_of(const std::string& path) {
  std::error_code error;
  if (fs::is_directory(path, error)) {
    const fs::path dir(path);
    // Any file of a trace makes it a trace's directory, damaged perhaps: reported as one.
    for (const char* part : {"traces.otf2", "traces.def", "traces"}) {
      if (fs::exists(dir / part, error)) return std::nullopt;
    }
    if (!fs::exists(dir / tracer::kProfileFile, error)) return std::nullopt;
    return (dir / tracer::kProfileFile).string();
  }
  if (tracer::is_profile_file(path)) return path;
  return std::nullopt;
}

void report_profile(const std::string& file, const std::string& title, ReportFormat format, std::size_t top,
                    std::FILE* out) {
  const ProfileSummary s = analyzer::summarize_profile(tracer::read_profile(file), kMostPairs);
  if (format == ReportFormat::Json) {
    write_json(s, file, out);
    return;
  }
  ReportDocument doc{title, {}};
  doc.sections.push_back(run_section(s, file));
  doc.sections.push_back(calls_section(s.profile, top));
  doc.sections.push_back(spread_section(s));
  ReportSection algorithms = protocols_section(s.profile, top);
  algorithms.title = "Time in MPI by collective algorithm";
  if (s.profile.by_protocol.empty()) algorithms.lines.push_back("no collectives with an algorithm");
  doc.sections.push_back(std::move(algorithms));
  doc.sections.push_back(paths_section(s, top));
  doc.sections.push_back(sizes_section(s));
  doc.sections.push_back(pairs_section(s, top));
  render(doc, format, out);
}

}  // namespace xo::cli
