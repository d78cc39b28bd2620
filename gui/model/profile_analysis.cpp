#include "model/profile_analysis.hpp"

#include <QFileInfo>
#include <algorithm>

#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/analysis/profile_summary.hpp"

namespace xo::gui {

QString LoadedProfile::title() const {
  QString text = QFileInfo(path).fileName();
  if (!machine.isEmpty()) text += " on " + machine;
  return text + QString(", %1 ranks (profile)").arg(ranks);
}

LoadedProfile describe_profile(const QString& path, const QString& file, const tracer::RunProfile& p) {
  LoadedProfile out{path, file, {}, p.ranks};
  if (const auto run = analyzer::decode_crossover_run(p.properties)) out.machine = QString::fromStdString(run->machine);
  return out;
}

namespace {

// Collective algorithms share the by-protocol table with a trace's; a protocol path's time is the
// network interfaces' busy time in its phases, not time in MPI, so it gets no share of MPI.
void add_paths(const analyzer::ProfileSummary& s, TraceAnalysis& a) {
  for (const auto& path : s.by_path) {
    a.by_protocol.rows.push_back({QString::fromStdString(path.path) + " (path: network busy time, phases)",
                                  QVariant::fromValue(path.phases), QVariant::fromValue(path.bytes), path.seconds,
                                  QString("-")});
  }
}

void add_ranks(const analyzer::ProfileSummary& s, TraceAnalysis& a) {
  using U = CellUnit;
  a.by_rank.header = {"rank", "in MPI", "outside MPI (to the run's end)"};
  a.by_rank.units = {U::Count, U::Seconds, U::Seconds};
  const double end = s.profile.run_seconds;
  for (std::size_t r = 0; r < s.mpi_seconds_of_rank.size(); ++r) {
    const double mpi = s.mpi_seconds_of_rank[r];
    a.by_rank.rows.push_back({static_cast<int>(r), mpi, std::max(0.0, end - mpi)});
  }
  if (s.mpi_seconds_of_rank.empty()) return;
  a.balance = QString(
                  "time in MPI per rank: least %1 (rank %2), median %3, most %4 (rank %5); waiting and its root "
                  "causes need a trace")
                  .arg(QString::fromStdString(analyzer::duration_text(s.least_mpi_seconds)))
                  .arg(s.least_rank)
                  .arg(QString::fromStdString(analyzer::duration_text(s.median_mpi_seconds)))
                  .arg(QString::fromStdString(analyzer::duration_text(s.most_mpi_seconds)))
                  .arg(s.most_rank);
}

// Sizes of the messages sent, and the matrix from each rank's peers; the peers beyond the ones a
// profile counts one by one have no column, so their messages are counted apart.
std::uint64_t add_messages_of(const tracer::RunProfile& p, TraceAnalysis& a) {
  std::vector<std::uint64_t> by_width(66, 0);
  for (const auto& row : p.sizes) {
    if (row.sent && row.bin < by_width.size()) by_width[row.bin] += row.count;
  }
  a.messages.sizes = size_histogram(by_width);
  a.messages.matrix = empty_comm_matrix(p.ranks);
  std::uint64_t unplaced = 0;
  for (const auto& row : p.peers) {
    if (row.peer == tracer::RunProfile::kOtherPeers) {
      unplaced += row.sent;
      continue;
    }
    add_messages(a.messages.matrix, static_cast<int>(row.rank), static_cast<int>(row.peer), row.sent, row.sent_bytes,
                 0.0);
  }
  return unplaced;
}

}  // namespace

TraceAnalysis analyse_profile(const tracer::RunProfile& p) {
  const analyzer::ProfileSummary s = analyzer::summarize_profile(p, 0);
  TraceAnalysis a;
  a.profile = s.profile;
  add_mpi_time_tables(a);
  add_paths(s, a);
  add_ranks(s, a);
  a.waits.header = {"pattern", "protocol", "count", "time", "share of MPI"};
  a.waits.units = {CellUnit::Plain, CellUnit::Plain, CellUnit::Count, CellUnit::Seconds, CellUnit::Percent};
  a.waits.lines << "needs a trace: wait states are found from the events, which a profile does not keep";
  const std::uint64_t unplaced = add_messages_of(p, a);
  a.needs_trace =
      "From the run's profile: call sites, wait states, waiting per rank, end-to-end times, fits and the timeline "
      "need a trace (xo record without --profile; --trace-ranks keeps a few ranks).";
  if (unplaced > 0) {
    a.needs_trace += QString(
                         " %1 messages went to peers beyond the %2 each rank's profile counts one by one: "
                         "they are in the sizes but not in the matrix.")
                         .arg(unplaced)
                         .arg(tracer::RunProfile::kMostPeers);
  }
  return a;
}

}  // namespace xo::gui
