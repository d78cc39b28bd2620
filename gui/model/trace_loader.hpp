#pragma once
// The worker jobs behind the window, as hotspot runs its parser: each load runs on a pool thread
// (QtConcurrent) and reports progress, failure or results back to the GUI thread by queued calls.
// A load reads the trace (read_trace), builds the timeline, analyses it, then runs
// `xo report --format json` for the crossovers and recommendations. Every load has a job id; a
// newer load cancels the older one (a stop flag the reader's progress callback and the child
// process poll) and results of any job but the current are dropped on arrival, so a slow old
// trace can never overwrite a new one. Signals are emitted on the GUI thread only.

#include <QFuture>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <vector>

#include "model/history_rows.hpp"
#include "model/profile_analysis.hpp"
#include "model/report_data.hpp"
#include "model/trace_analysis.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace xo::gui {

class TraceLoader : public QObject {
  Q_OBJECT

 public:
  // `xo_program`: the xo binary that computes reports and keeps the history.
  explicit TraceLoader(QString xo_program, QObject* parent = nullptr);
  ~TraceLoader() override;  // cancels and waits for its jobs

  // Starts loading `path` (a trace directory or its traces.otf2, or a run's profile: a directory of
  // xo record --profile or its profile.xop); returns the new job's id.
  quint64 load(const QString& path, bool with_report = true);
  quint64 load_history();
  // Stores the trace's run in the history, as `xo report` does (the GUI stores nothing unless
  // asked): its own job, not cancelled by a newer load, only by the loader's end.
  quint64 store(const QString& path);
  // Whether a damaged trace is read anyway (xo gui --tolerate), for the loads started after.
  void set_tolerate_damage(bool tolerate) { tolerate_damage_ = tolerate; }
  void cancel();  // the current load; its results will not arrive
  quint64 current_job() const { return current_; }
  bool busy() const;

 signals:
  void progress(quint64 job, int percent, const QString& stage);
  void failed(quint64 job, const QString& message);
  void loaded(quint64 job, std::shared_ptr<const xo::gui::LoadedTrace> trace);
  // Instead of loaded, for a profile; analysed follows, and nothing else (no report: a profile has
  // no messages to fit).
  void profile_loaded(quint64 job, std::shared_ptr<const xo::gui::LoadedProfile> profile);
  void analysed(quint64 job, std::shared_ptr<const xo::gui::TraceAnalysis> analysis);
  void report_started(quint64 job);
  // A progress line of xo report ("[ 2/12] benchmarking xt3: ...").
  void report_progress(quint64 job, const QString& line);
  void report_ready(quint64 job, std::shared_ptr<const xo::gui::ReportData> report);
  void report_failed(quint64 job, const QString& message);
  void history_ready(std::shared_ptr<const std::vector<xo::gui::HistoryRow>> rows);
  void store_progress(const QString& line);
  void stored(const QString& message);  // "stored as run 7 in /root/.local/share/crossover/history.db"
  void store_failed(const QString& message);
  void history_unavailable(const QString& message);

 private:
  struct Job;
  // Loads a profile if `path` names one; false if it does not.
  bool load_profile(quint64 id, const QString& path);
  void run_load(const std::shared_ptr<Job>& job, const QString& path, bool with_report, analyzer::Damage damage);
  void run_history(const std::shared_ptr<Job>& job);
  void run_store(const std::shared_ptr<Job>& job, const QString& path, analyzer::Damage damage);
  // Calls `deliver` on the GUI thread if `job` is still the current load when it gets there.
  template <class Deliver>
  void post(quint64 job, Deliver deliver);
  void forget_finished();

  QString xo_;
  bool tolerate_damage_ = false;
  quint64 next_id_ = 0;
  std::atomic<quint64> current_{0};
  quint64 history_job_ = 0;
  quint64 store_job_ = 0;
  std::vector<std::shared_ptr<Job>> jobs_;
};

}  // namespace xo::gui
