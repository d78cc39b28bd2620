#include "report_profile.hpp"

#include "json_writer.hpp"
#include "report_text.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/analysis/profile_summary.hpp"
#include "xo/tracer/run_profile.hpp"

namespace xo::cli {

namespace {

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
  JsonWriter j(out);
  // `key`: a list, each row an object `fill` writes the members of.
  const auto list = [&](const char* key, const auto& rows, const auto& fill) {
    j.key(key).begin_array();
    for (const auto& row : rows) {
      j.begin_object();
      fill(row);
      j.end_object();
    }
    j.end_array();
  };
  j.begin_object();
  j.key("profile").value(file);
  j.key("ranks").value(s.profile.ranks);
  j.key("run_seconds").value(s.profile.run_seconds);
  j.key("mpi_seconds").value(s.profile.mpi_seconds);
  j.key("machine").value(s.run ? s.run->machine : "");
  j.key("command").value(s.run ? s.run->command_line : "");
  list("by_call", s.profile.by_call, [&](const analyzer::CallTime& c) {
    j.key("call").value(c.call);
    j.key("count").value(c.count);
    j.key("seconds").value(c.seconds);
    j.key("longest").value(c.longest);
  });
  list("by_algorithm", s.profile.by_protocol, [&](const analyzer::ProtocolTime& a) {
    j.key("algorithm").value(a.protocol);
    j.key("calls").value(a.messages);
    j.key("bytes").value(a.bytes);
    j.key("seconds").value(a.seconds);
  });
  list("by_path", s.by_path, [&](const ProfileSummary::PathTime& p) {
    j.key("path").value(p.path);
    j.key("phases").value(p.phases);
    j.key("bytes").value(p.bytes);
    j.key("seconds").value(p.seconds);
  });
  list("sizes", s.sizes, [&](const ProfileSummary::SizeBin& b) {
    j.key("smallest").value(b.smallest);
    j.key("largest").value(b.largest);
    j.key("messages").value(b.messages);
    j.key("bytes").value(b.bytes);
  });
  list("busiest_pairs", s.busiest, [&](const ProfileSummary::Pair& p) {
    j.key("rank").value(p.rank);
    j.key("peer").value(p.peer);
    j.key("messages").value(p.messages);
    j.key("bytes").value(p.bytes);
  });
  j.key("mpi_seconds_by_rank").begin_object();
  j.key("least").value(s.least_mpi_seconds);
  j.key("least_rank").value(s.least_rank);
  j.key("median").value(s.median_mpi_seconds);
  j.key("most").value(s.most_mpi_seconds);
  j.key("most_rank").value(s.most_rank);
  j.end_object();
  j.end_object();
  j.finish();
}

}  // namespace

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
