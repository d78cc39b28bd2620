// The loader job: a good trace arrives as loaded then analysed (off the test's thread), a corrupt
// one as one failed signal with read_trace's message and nothing else, a newer load drops the
// older one's results, and a trace of a machine model gets xo report's recommendations, with its
// progress, storing no run. A run's profile arrives as its analysis alone.

#include "model/trace_loader.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include "model/report_progress.hpp"
#include "model/tool_process.hpp"
#include "recorded_trace.hpp"

using namespace xo::gui;

class TraceLoaderTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString ring_, pingpong_;

 private slots:
  void initTestCase() {
    ring_ = test::record(dir_, "ring.otf2", "ring", 4, {"5"});
    pingpong_ = test::record(dir_, "pp.otf2", "pingpong", 2);
    QVERIFY(!ring_.isEmpty() && !pingpong_.isEmpty());
  }

  void loads_and_analyses_off_the_calling_thread() {
    TraceLoader loader(XO_BINARY);
    QSignalSpy loaded(&loader, &TraceLoader::loaded), analysed(&loader, &TraceLoader::analysed);
    QSignalSpy failed(&loader, &TraceLoader::failed), progress(&loader, &TraceLoader::progress);
    QThread* reader_thread = nullptr;
    connect(&loader, &TraceLoader::loaded, this, [&] { reader_thread = QThread::currentThread(); });
    const quint64 job = loader.load(ring_, false);
    QVERIFY(analysed.wait(30000));
    QCOMPARE(failed.count(), 0);
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(loaded.at(0).at(0).toULongLong(), job);
    QCOMPARE(reader_thread, QThread::currentThread());  // signals arrive on the loader's thread
    const auto trace = loaded.at(0).at(1).value<std::shared_ptr<const LoadedTrace>>();
    QCOMPARE(trace->model().ranks(), 4);
    QCOMPARE(trace->model().messages.size(), std::size_t{20});
    QVERIFY(progress.count() >= 2);
    QCOMPARE(progress.last().at(1).toInt(), 100);
  }

  void corrupt_trace_fails_with_one_message() {
    const QString bad = dir_.filePath("bad.otf2");
    QDir().mkpath(bad);
    QFile anchor(bad + "/traces.otf2");
    QVERIFY(anchor.open(QIODevice::WriteOnly));
    anchor.write("this is not an OTF2 anchor file\n");
    anchor.close();
    TraceLoader loader(XO_BINARY);
    QSignalSpy failed(&loader, &TraceLoader::failed), loaded(&loader, &TraceLoader::loaded);
    const quint64 job = loader.load(bad);
    QVERIFY(failed.wait(30000));
    QCOMPARE(failed.at(0).at(0).toULongLong(), job);
    const QString message = failed.at(0).at(1).toString();
    QVERIFY2(message.contains(bad) && !message.contains('\n'), qPrintable(message));
    QTest::qWait(200);
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(failed.count(), 1);

    loader.load(dir_.filePath("missing.otf2"));
    QVERIFY(failed.wait(30000));
    QVERIFY2(failed.at(1).at(1).toString().contains("no such file"), qPrintable(failed.at(1).at(1).toString()));
  }

  // A profile of the run ring_ traced: no trace arrives and no report runs, the analysis holds the
  // trace's calls, sizes and matrix, and says what needs a trace. A damaged profile is one message.
  void a_profile_is_analysed_as_the_trace_of_the_same_run() {
    const QString profile = test::record(dir_, "ring.prof", "ring", 4, {"5"}, {"--profile"});
    QVERIFY(!profile.isEmpty());
    TraceLoader loader(XO_BINARY);
    QSignalSpy profiled(&loader, &TraceLoader::profile_loaded), analysed(&loader, &TraceLoader::analysed);
    QSignalSpy loaded(&loader, &TraceLoader::loaded), started(&loader, &TraceLoader::report_started);
    loader.load(profile);
    QVERIFY(analysed.wait(30000));
    QTest::qWait(200);
    QCOMPARE(profiled.count(), 1);
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(started.count(), 0);
    const auto about = profiled.at(0).at(1).value<std::shared_ptr<const LoadedProfile>>();
    QCOMPARE(about->ranks, 4);
    QCOMPARE(about->file, profile + "/profile.xop");
    QVERIFY2(about->title().contains("on xt3, 4 ranks (profile)"), qPrintable(about->title()));
    const auto a = analysed.at(0).at(1).value<std::shared_ptr<const TraceAnalysis>>();
    QVERIFY(a->needs_trace.contains("need a trace"));
    QVERIFY(a->fits.protocols.empty() && a->call_sites.empty() && a->waits.rows.empty());
    QCOMPARE(a->by_rank.rows.size(), std::size_t{4});

    const TraceAnalysis traced = analyse_trace(*test::read(ring_));
    auto calls = [](const TraceAnalysis& x) {
      QMap<QString, qulonglong> out;
      for (const auto& row : x.by_call.rows) out[row.at(0).toString()] = row.at(1).toULongLong();
      return out;
    };
    QCOMPARE(calls(*a), calls(traced));
    QCOMPARE(a->messages.sizes.size(), traced.messages.sizes.size());
    for (std::size_t i = 0; i < traced.messages.sizes.size(); ++i) {
      QCOMPARE(a->messages.sizes[i].lower, traced.messages.sizes[i].lower);
      QCOMPARE(a->messages.sizes[i].messages, traced.messages.sizes[i].messages);
    }
    QCOMPARE(a->messages.matrix.cells, traced.messages.matrix.cells);
    QCOMPARE(a->messages.matrix.messages, traced.messages.matrix.messages);
    QCOMPARE(a->messages.matrix.bytes, traced.messages.matrix.bytes);

    loader.load(profile + "/profile.xop");  // the file itself
    QVERIFY(analysed.wait(30000));
    QCOMPARE(profiled.count(), 2);

    const QString damaged = dir_.filePath("damaged.prof");
    QVERIFY(QDir().mkpath(damaged));
    QFile file(profile + "/profile.xop");
    QVERIFY(file.open(QIODevice::ReadOnly));
    QFile cut(damaged + "/profile.xop");
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(file.readAll().left(40));
    cut.close();
    QSignalSpy failed(&loader, &TraceLoader::failed);
    loader.load(damaged);
    QVERIFY(failed.wait(30000));
    const QString message = failed.at(0).at(1).toString();
    QVERIFY2(message.contains(damaged + "/profile.xop") && !message.contains('\n'), qPrintable(message));
  }

  void a_newer_load_drops_the_older_results() {
    TraceLoader loader(XO_BINARY);
    QSignalSpy loaded(&loader, &TraceLoader::loaded), analysed(&loader, &TraceLoader::analysed);
    loader.load(ring_, false);
    const quint64 second = loader.load(pingpong_, false);
    QVERIFY(analysed.wait(30000));
    QTest::qWait(300);  // the first job, had it not been dropped, would have arrived by now
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(loaded.at(0).at(0).toULongLong(), second);
    QCOMPARE(loaded.at(0).at(1).value<std::shared_ptr<const LoadedTrace>>()->model().ranks(), 2);
  }

  void recommendations_come_from_xo_report() {
    TraceLoader loader(XO_BINARY);
    QSignalSpy started(&loader, &TraceLoader::report_started), ready(&loader, &TraceLoader::report_ready),
        failed(&loader, &TraceLoader::report_failed);
    loader.load(pingpong_);
    QVERIFY(ready.wait(120000));
    QCOMPARE(started.count(), 1);
    QCOMPARE(failed.count(), 0);
    const auto report = ready.at(0).at(1).value<std::shared_ptr<const ReportData>>();
    QVERIFY(report->has_bench);
    QVERIFY(!report->crossovers.empty());
    // The ping-pong's largest messages take the long protocol; the bench favours the short one.
    QVERIFY2(report->export_lines.join('\n').contains("export MPICH_MAX_SHORT_MSG_SIZE="),
             qPrintable(report->export_lines.join('\n')));
  }

  // Opening a trace stores no run, but the bench cache it fills makes the next opening fast; the
  // report's progress lines reach the window while it runs.
  void opening_a_trace_stores_no_run_but_caches_the_bench() {
    const QString history = qEnvironmentVariable("XDG_DATA_HOME") + "/crossover/history.db";  // test::record's
    for (int opening = 0; opening < 2; ++opening) {
      TraceLoader loader(XO_BINARY);
      QSignalSpy ready(&loader, &TraceLoader::report_ready), progress(&loader, &TraceLoader::report_progress);
      loader.load(ring_);
      QVERIFY(ready.wait(120000));
      if (opening == 0) QVERIFY(progress.count() > 0);
    }
    QVERIFY(QFileInfo::exists(history));
    const std::atomic<bool> no_stop{false};
    const ToolResult runs = run_tool(XO_BINARY, {"history", "list"}, no_stop, 30000);
    QVERIFY2((runs.err + runs.out).contains("no runs yet"), qPrintable(runs.err + runs.out));
    const ToolResult cached = run_tool(XO_BINARY, {"report", "--no-store", "--no-simulate", ring_}, no_stop, 60000);
    QVERIFY2(cached.out.contains("from the bench cache"), cached.out.constData());
  }

  // File > Store this run in the history: the run is stored only when asked, and xo's words say
  // where.
  void storing_is_asked_for() {
    TraceLoader loader(XO_BINARY);
    QSignalSpy stored(&loader, &TraceLoader::stored), failed(&loader, &TraceLoader::store_failed);
    loader.store(ring_);
    QVERIFY(QTest::qWaitFor([&] { return stored.count() + failed.count() > 0; }, 120000));
    QCOMPARE(failed.count(), 0);
    const QString message = stored.at(0).at(0).toString();
    QVERIFY2(message.startsWith("stored as run ") && message.contains("history.db"), qPrintable(message));
    const std::atomic<bool> no_stop{false};
    const ToolResult runs = run_tool(XO_BINARY, {"history", "list"}, no_stop, 30000);
    QVERIFY2(!(runs.err + runs.out).contains("no runs yet") && runs.out.contains("ring"), runs.out.constData());

    TraceLoader missing(dir_.filePath("no-such-xo"));
    QSignalSpy refused(&missing, &TraceLoader::store_failed);
    missing.store(ring_);
    QVERIFY(refused.wait(30000));
    QVERIFY(refused.at(0).at(0).toString().contains("no-such-xo is missing"));
  }

  // Closing the window (the loader's end) while the report benchmarks stops it, and the report
  // removes its temporary directories: nothing is left behind.
  void closing_stops_the_report_and_leaves_nothing() {
    QTemporaryDir scratch, data;
    const QByteArray old_tmpdir = qgetenv("TMPDIR"), old_data = qgetenv("XDG_DATA_HOME");
    qputenv("TMPDIR", scratch.path().toUtf8());      // the child xo report's temporary directories go here
    qputenv("XDG_DATA_HOME", data.path().toUtf8());  // an empty history: no bench cache, a bench that runs
    {
      TraceLoader loader(XO_BINARY);
      QSignalSpy progress(&loader, &TraceLoader::report_progress);
      loader.load(pingpong_);
      QVERIFY(QTest::qWaitFor(
          [&] {
            return !progress.isEmpty() && progress.last().at(1).toString().contains("trying the recommendations");
          },
          120000));
    }  // the destructor cancels and waits
    qputenv("TMPDIR", old_tmpdir);
    qputenv("XDG_DATA_HOME", old_data);
    QCOMPARE(QDir(scratch.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());
  }

  // A background job the kernel kills (as its out-of-memory killer does) is named with its signal,
  // the memory it held and the likely cause.
  void a_killed_job_says_why_and_how_much_memory() {
    const std::atomic<bool> no_stop{false};
    // Holds about 40 MB in a shell variable, then dies of SIGKILL.
    const ToolResult r = run_tool(
        "/bin/sh", {"-c", "x=$(head -c 40000000 /dev/zero | tr '\\0' a); sleep 0.5; kill -9 $$"}, no_stop, 60000);
    QVERIFY(r.started && r.crashed);
    const QString why = r.failure(60000);
    QVERIFY2(why.startsWith("killed by SIGKILL (signal 9) holding ") && why.contains("MiB of memory") &&
                 why.contains("ran out of memory"),
             qPrintable(why));
    QVERIFY(r.peak_bytes > 30e6);
  }

  // The report's progress lines in words, with the time left for the stage at its pace so far.
  void report_progress_in_words() {
    const auto step = parse_report_step("[  2/6] benchmarking xt3: ping-pong with X=0: long-pull as far as it goes");
    QVERIFY(step);
    QCOMPARE(step->done, 2LL);
    QCOMPARE(step->total, 6LL);
    QCOMPARE(step->stage, QString("benchmarking xt3"));
    QCOMPARE(step->detail, QString("ping-pong with X=0: long-pull as far as it goes"));
    QVERIFY(!parse_report_step("stencil: 64x64 grid"));
    QVERIFY(!parse_report_step("[7/6] nonsense"));
    ReportProgress progress;
    QCOMPARE(progress.update("[  0/6] benchmarking xt3: a", 1),
             QString("benchmarking xt3, 0 of 6 done (a); 1 s so far"));
    QCOMPARE(progress.update("[  2/6] benchmarking xt3: b", 9),
             QString("benchmarking xt3, 2 of 6 done (b); 9 s so far, about 16 s left for this stage"));
    // A new stage counts its own pace: 2 s for its first part, 2 parts left.
    QCOMPARE(progress.update("[  0/3] trying the recommendations on the program: c", 20).left(46),
             QString("trying the recommendations on the program, 0 o"));
    QVERIFY(progress.update("[  1/3] trying the recommendations on the program: d", 22)
                .endsWith("about 4 s left for this stage"));
    QCOMPARE(progress.update("plain line", 30), QString("plain line"));
  }

  void a_missing_xo_is_a_report_error() {
    TraceLoader loader(dir_.filePath("no-such-xo"));
    QSignalSpy failed(&loader, &TraceLoader::report_failed);
    loader.load(pingpong_);
    QVERIFY(failed.wait(30000));
    QVERIFY2(failed.at(0).at(1).toString().contains("no-such-xo is missing"),
             qPrintable(failed.at(0).at(1).toString()));
  }

  void history_says_why_it_is_not_there() {
    TraceLoader loader(XO_BINARY);
    QSignalSpy ready(&loader, &TraceLoader::history_ready), unavailable(&loader, &TraceLoader::history_unavailable);
    loader.load_history();
    QVERIFY(QTest::qWaitFor([&] { return ready.count() + unavailable.count() > 0; }, 30000));
    if (unavailable.count() > 0) QVERIFY(!unavailable.at(0).at(0).toString().isEmpty());
  }
};

QTEST_GUILESS_MAIN(TraceLoaderTest)
#include "trace_loader_test.moc"
