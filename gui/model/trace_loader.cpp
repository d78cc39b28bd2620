#include "model/trace_loader.hpp"

#include <malloc.h>

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <mutex>
#include <optional>

#include "model/tool_process.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/tracer/run_profile.hpp"

namespace xo::gui {

namespace {

// OTF2's error handler is process-wide while read_trace runs (read_trace.hpp), so reads take turns.
std::mutex otf2_mutex;

struct Cancelled {};

constexpr int kReportTimeoutMs = 10 * 60 * 1000;
constexpr int kHistoryTimeoutMs = 60 * 1000;

enum class Storing { No, Yes };

// Opening a trace runs the report with --no-store: it stores no run (File > Store in history runs
// it storing, through store()), but the history's bench cache makes a second opening of the same
// setup fast. A damaged trace read anyway is reported on likewise, marked.
QStringList report_arguments(const QString& anchor, analyzer::Damage damage, Storing storing) {
  QStringList args = {"report", "--format", "json"};
  if (storing == Storing::No) args << "--no-store";
  if (damage == analyzer::Damage::Tolerate) args << "--tolerate";
  return args << anchor;
}

}  // namespace

struct TraceLoader::Job {
  quint64 id = 0;
  std::atomic<bool> stop{false};
  QFuture<void> future;
};

TraceLoader::TraceLoader(QString xo_program, QObject* parent) : QObject(parent), xo_(std::move(xo_program)) {
  // Blocks of 4 MB and more get pages of their own, given back when freed. By default glibc raises
  // that threshold to each freed block's size, up to 32 MB, and keeps what the read's and the
  // analysis' transients freed in its heaps, where the trace's columns cannot reuse it (at 10^8
  // events 0.2 GB of a 1.55 GB peak).
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
}

TraceLoader::~TraceLoader() {
  for (auto& job : jobs_) job->stop = true;
  for (auto& job : jobs_) job->future.waitForFinished();
}

template <class Deliver>
void TraceLoader::post(quint64 job, Deliver deliver) {
  QMetaObject::invokeMethod(
      this,
      [this, job, deliver = std::move(deliver)]() mutable {
        if (job == current_.load() || job == history_job_ || job == store_job_) deliver();
      },
      Qt::QueuedConnection);
}

quint64 TraceLoader::load(const QString& path, bool with_report) {
  cancel();
  forget_finished();
  auto job = std::make_shared<Job>();
  job->id = ++next_id_;
  current_ = job->id;
  const analyzer::Damage damage = tolerate_damage_ ? analyzer::Damage::Tolerate : analyzer::Damage::Refuse;
  job->future = QtConcurrent::run([this, job, path, with_report, damage] { run_load(job, path, with_report, damage); });
  jobs_.push_back(job);
  return job->id;
}

quint64 TraceLoader::load_history() {
  forget_finished();
  auto job = std::make_shared<Job>();
  job->id = ++next_id_;
  history_job_ = job->id;
  job->future = QtConcurrent::run([this, job] { run_history(job); });
  jobs_.push_back(job);
  return job->id;
}

quint64 TraceLoader::store(const QString& path) {
  forget_finished();
  auto job = std::make_shared<Job>();
  job->id = ++next_id_;
  store_job_ = job->id;
  const analyzer::Damage damage = tolerate_damage_ ? analyzer::Damage::Tolerate : analyzer::Damage::Refuse;
  job->future = QtConcurrent::run([this, job, path, damage] { run_store(job, path, damage); });
  jobs_.push_back(job);
  return job->id;
}

void TraceLoader::cancel() {
  for (auto& job : jobs_) {
    if (job->id != history_job_ && job->id != store_job_) job->stop = true;
  }
  current_ = 0;
}

bool TraceLoader::busy() const {
  for (const auto& job : jobs_) {
    if (job->id == current_.load() && !job->future.isFinished()) return true;
  }
  return false;
}

void TraceLoader::forget_finished() {
  std::erase_if(jobs_, [](const std::shared_ptr<Job>& job) { return job->future.isFinished(); });
}

bool TraceLoader::load_profile(quint64 id, const QString& path) {
  const std::optional<std::string> file = tracer::profile_file_of(path.toStdString());
  if (!file) return false;
  const QString name = QString::fromStdString(*file);
  post(id, [this, id, name] { emit progress(id, 0, "reading the profile " + name); });
  const tracer::RunProfile profile = tracer::read_profile(*file);
  auto loaded = std::make_shared<const LoadedProfile>(describe_profile(path, name, profile));
  auto analysis = std::make_shared<const TraceAnalysis>(analyse_profile(profile));
  post(id, [this, id, loaded, analysis] {
    emit profile_loaded(id, loaded);
    emit progress(id, 100, "profile read");
    emit analysed(id, analysis);
  });
  return true;
}

void TraceLoader::run_load(const std::shared_ptr<Job>& job, const QString& path, bool with_report,
                           analyzer::Damage damage) {
  const quint64 id = job->id;
  const QString anchor = anchor_of(path);
  auto progress = [this, id](int percent, const QString& stage) {
    post(id, [this, id, percent, stage] { emit this->progress(id, percent, stage); });
  };
  std::shared_ptr<LoadedTrace> loaded;
  // The trace before this one is closed by now. glibc keeps what a thread freed in that thread's
  // heap (chunks up to 32 MB once large ones have been freed), where a read on another pool thread
  // cannot reuse it: given back, a trace opened again peaks where it did the first time.
  malloc_trim(0);
  try {
    if (load_profile(id, path)) return;
    progress(0, "reading " + anchor);
    auto model = std::make_shared<analyzer::TraceModel>();
    {
      std::lock_guard lock(otf2_mutex);
      int last_percent = -1;
      *model = analyzer::read_trace(
          anchor.toStdString(),
          [&](std::uint64_t read, std::uint64_t total) {
            if (job->stop) throw Cancelled{};
            const int percent = total > 0 ? static_cast<int>(std::min<std::uint64_t>(80, 80 * read / total)) : 0;
            if (percent != last_percent) progress(percent, "reading " + anchor);
            last_percent = percent;
          },
          damage);
    }
    if (job->stop) return;
    progress(85, "building the timeline");
    loaded = std::make_shared<LoadedTrace>();
    loaded->path = path;
    loaded->anchor = anchor;
    loaded->timeline = build_timeline_data(std::move(model));
    post(id, [this, id, loaded] { emit this->loaded(id, loaded); });
    if (job->stop) return;
    progress(92, "analysing: profile, wait states, fits");
    auto analysis = std::make_shared<TraceAnalysis>(analyse_trace(loaded->model()));
    post(id, [this, id, analysis] {
      emit this->progress(id, 100, "analysed");
      emit this->analysed(id, analysis);
    });
  } catch (const Cancelled&) {
    return;
  } catch (const std::exception& e) {
    const QString message = QString::fromUtf8(e.what());
    post(id, [this, id, message] { emit failed(id, message); });
    return;
  }

  if (!with_report || job->stop) return;
  const auto& run = loaded->model().run;
  const bool real_job = run.crossover && run.crossover->compute_mode == "real";  // xo record --mpi
  if (!run.crossover || (run.crossover->machine.empty() && !real_job)) {
    post(id, [this, id] {
      emit report_failed(id,
                         "not a trace of a machine model (no CROSSOVER::MACHINE property), so there is no bench: "
                         "no crossovers or recommendations");
    });
    return;
  }
  post(id, [this, id] { emit report_started(id); });
  if (!QFileInfo(xo_).isExecutable()) {
    const QString message = QString("cannot compute recommendations: %1 is missing; build the xo target").arg(xo_);
    post(id, [this, id, message] { emit report_failed(id, message); });
    return;
  }
  const ToolResult r = run_tool(xo_, report_arguments(anchor, damage, Storing::No), job->stop, kReportTimeoutMs,
                                [this, id](const QString& line) {
                                  if (line.startsWith('['))
                                    post(id, [this, id, line] { emit report_progress(id, line); });
                                });
  if (r.cancelled) return;
  try {
    if (!r.ok()) {
      throw std::runtime_error(QString("xo report failed: %1").arg(r.failure(kReportTimeoutMs)).toStdString());
    }
    auto report = std::make_shared<const ReportData>(parse_report_json(r.out));
    post(id, [this, id, report] { emit report_ready(id, report); });
  } catch (const std::exception& e) {
    const QString message = QString::fromUtf8(e.what());
    post(id, [this, id, message] { emit report_failed(id, message); });
  }
}

void TraceLoader::run_store(const std::shared_ptr<Job>& job, const QString& path, analyzer::Damage damage) {
  const quint64 id = job->id;
  auto fail = [this, id](const QString& message) { post(id, [this, message] { emit store_failed(message); }); };
  if (!QFileInfo(xo_).isExecutable())
    return fail(QString("cannot store the run: %1 is missing; build the xo target").arg(xo_));
  const ToolResult r = run_tool(xo_, report_arguments(anchor_of(path), damage, Storing::Yes), job->stop,
                                kReportTimeoutMs, [this, id](const QString& line) {
                                  if (line.startsWith('[')) post(id, [this, line] { emit store_progress(line); });
                                });
  if (r.cancelled) return;
  if (!r.ok()) return fail(QString("xo report failed: %1").arg(r.failure(kReportTimeoutMs)));
  // xo says where it stored the run on its standard error ("xo: stored as run 7 in PATH").
  QString message = "stored";
  for (const QString& line : r.err.split('\n')) {
    if (line.contains("stored as run")) message = line.section("xo: ", -1).trimmed();
  }
  post(id, [this, message] { emit stored(message); });
}

void TraceLoader::run_history(const std::shared_ptr<Job>& job) {
  const quint64 id = job->id;
  auto unavailable = [this, id](const QString& message) {
    post(id, [this, message] { emit history_unavailable(message); });
  };
  if (!QFileInfo(xo_).isExecutable()) return unavailable(QString("no history: %1 is missing").arg(xo_));
  const ToolResult r = run_tool(xo_, {"history", "export", "--format", "json"}, job->stop, kHistoryTimeoutMs);
  if (r.cancelled) return;
  if (!r.ok()) {  // xo's one-line message: no history yet, or why it cannot be read
    return unavailable(r.started && !r.crashed && !r.timed_out && !r.err.isEmpty()
                           ? r.err.trimmed()
                           : QString("xo history export failed: %1").arg(r.failure(kHistoryTimeoutMs)));
  }
  try {
    auto rows = std::make_shared<const std::vector<HistoryRow>>(parse_history_json(r.out));
    post(id, [this, rows] { emit history_ready(rows); });
  } catch (const std::exception& e) {
    unavailable(QString::fromUtf8(e.what()));
  }
}

}  // namespace xo::gui
