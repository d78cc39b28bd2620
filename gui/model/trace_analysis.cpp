#include "model/trace_analysis.hpp"

#include <QDir>
#include <QFileInfo>

#include "model/display_text.hpp"
#include "xo/analyzer/analysis/compute_imbalance.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/analysis/run_fits.hpp"
#include "xo/analyzer/analysis/wait_states.hpp"

namespace xo::gui {

QString LoadedTrace::title() const {
  const auto& run = model().run;
  QString text = QFileInfo(path).fileName();
  if (run.crossover && !run.crossover->machine.empty()) text += " on " + QString::fromStdString(run.crossover->machine);
  return text + QString(", %1 ranks").arg(model().ranks());
}

QString anchor_of(const QString& path) { return QFileInfo(path).isDir() ? QDir(path).filePath("traces.otf2") : path; }

namespace {

// Share of the time in MPI in percent, or "-" when the run spent none.
QVariant share_of_mpi(double seconds, double mpi) {
  return mpi > 0 ? QVariant(100 * seconds / mpi) : QVariant(QString("-"));
}

// The wait states' totals and the per-rank balance. The wait states (one per late message, hundreds
// of megabytes at 10^8 events) live only here, gone before the fits' samples take their memory.
void add_waits_and_balance(const analyzer::TraceModel& m, TraceAnalysis& a) {
  using U = CellUnit;
  const double mpi = a.profile.mpi_seconds;
  const auto share = [mpi](double s) { return share_of_mpi(s, mpi); };
  a.waits.header = {"pattern", "protocol", "count", "time", "share of MPI"};
  a.waits.units = {U::Plain, U::Plain, U::Count, U::Seconds, U::Percent};
  const auto wait_states = analyzer::find_wait_states(m);
  for (const auto& t : analyzer::total_wait_states(wait_states)) {
    const std::string_view protocol = m.strings.at(t.protocol);
    a.waits.rows.push_back({QString(analyzer::wait_kind_name(t.kind)),
                            protocol.empty() ? QString("(unknown)") : text_of(protocol), QVariant::fromValue(t.count),
                            t.seconds, share(t.seconds)});
  }
  if (a.waits.rows.empty()) a.waits.lines << "none: no rank waited for another inside MPI";
  const analyzer::ComputeImbalance balance = analyzer::find_compute_imbalance(m, wait_states);
  a.by_rank.header = {"rank", "computation", "in MPI", "waited", "made others wait", "waiting rooted here"};
  a.by_rank.units = {U::Count, U::Seconds, U::Seconds, U::Seconds, U::Seconds, U::Seconds};
  for (const analyzer::RankBalance& r : balance.ranks) {
    a.by_rank.rows.push_back(
        {r.rank, r.compute_seconds, r.mpi_seconds, r.waited_seconds, r.caused_seconds, r.root_seconds});
  }
  if (!balance.ranks.empty()) {
    a.balance = QString("load imbalance %1 % (the most computation over the mean, less 1); rank %2 computes most (%3)")
                    .arg(100 * balance.imbalance(), 0, 'f', 1)
                    .arg(balance.most_compute_rank)
                    .arg(QString::fromStdString(analyzer::duration_text(balance.max_compute_seconds)));
    if (const analyzer::RankBalance* root = balance.root_cause(); root && root->root_seconds > 0) {
      a.balance += QString("; the computation of rank %1 is the root of %2 of waiting")
                       .arg(root->rank)
                       .arg(QString::fromStdString(analyzer::duration_text(root->root_seconds)));
    }
  }
}

}  // namespace

void add_mpi_time_tables(TraceAnalysis& a) {
  const double mpi = a.profile.mpi_seconds;
  const auto share = [mpi](double s) { return share_of_mpi(s, mpi); };
  using U = CellUnit;
  a.by_call.header = {"call", "calls", "time", "share of MPI", "longest call"};
  a.by_call.units = {U::Plain, U::Count, U::Seconds, U::Percent, U::Seconds};
  for (const auto& c : a.profile.by_call) {
    a.by_call.rows.push_back(
        {QString::fromStdString(c.call), QVariant::fromValue(c.count), c.seconds, share(c.seconds), c.longest});
  }
  a.by_call_site.header = {"call", "site", "calls", "ranks", "time", "share of MPI"};
  a.by_call_site.units = {U::Plain, U::Plain, U::Count, U::Count, U::Seconds, U::Percent};
  for (const auto& c : a.profile.by_call_site) {
    const QString file = QFileInfo(QString::fromStdString(c.site.file)).fileName();
    const QString where =
        c.site.line > 0 ? QString("%1:%2").arg(file).arg(c.site.line) : file + ", no line (built without -g)";
    a.by_call_site.rows.push_back({QString::fromStdString(c.call),
                                   QString::fromStdString(c.site.function) + " (" + where + ")",
                                   QVariant::fromValue(c.count), c.ranks, c.seconds, share(c.seconds)});
    a.call_sites.push_back(c.site);
  }
  a.by_protocol.header = {"protocol or algorithm", "messages or calls", "bytes", "time", "share of MPI"};
  a.by_protocol.units = {U::Plain, U::Count, U::Bytes, U::Seconds, U::Percent};
  for (const auto& p : a.profile.by_protocol) {
    a.by_protocol.rows.push_back({QString::fromStdString(p.protocol), QVariant::fromValue(p.messages),
                                  QVariant::fromValue(p.bytes), p.seconds, share(p.seconds)});
  }
}

TraceAnalysis analyse_trace(const analyzer::TraceModel& m) {
  TraceAnalysis a;
  a.profile = analyzer::profile_mpi(m);
  add_mpi_time_tables(a);
  add_waits_and_balance(m, a);
  a.messages = message_statistics(m);
  a.fits = fit_chart_data(analyzer::end_to_end_times(m));
  return a;
}

}  // namespace xo::gui
