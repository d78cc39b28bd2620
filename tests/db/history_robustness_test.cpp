// What the history survives: concurrent writers, a writer killed in the middle of a run, a
// database from a newer xo, a file that is not a history or is damaged, places it cannot write,
// and a lock held too long. Whatever it refuses, it leaves as it was, byte for byte.

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "history_fixtures.hpp"
#include "sqlite_connection.hpp"
#include "xo/db/history.hpp"
#include "xo/db/history_error.hpp"

using xo::db::History;
using xo::db::HistoryAccess;
using xo::db::HistoryError;
using xo::test::file_bytes;
using xo::test::sample_run;
using xo::test::ScratchDir;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The message of the HistoryError that opening `path` throws; "" if it opens.
std::string open_error(const std::string& path, HistoryAccess access) {
  try {
    History::open(path, access);
  } catch (const HistoryError& e) {
    return e.what();
  }
  return "";
}

std::string integrity(const std::string& path) {
  xo::db::Connection raw(path, xo::db::Connection::Mode::ReadOnly);
  auto check = raw.prepare("PRAGMA integrity_check");
  std::string result;
  while (check.step()) result += check.text(0);
  return result;
}

// Runs `body` in a child process; its exit status is 0 if the body returned without throwing.
pid_t in_child(const std::function<void()>& body) {
  const pid_t pid = fork();
  if (pid != 0) return pid;
  try {
    body();
  } catch (...) {
    _exit(1);
  }
  _exit(0);
}

int exit_status(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// True when file permissions do not stop this process (root): then read-only cases cannot be made.
bool permissions_are_ignored(const std::string& path) { return access(path.c_str(), W_OK) == 0; }

}  // namespace

TEST(HistoryRobustness, ProcessesWritingAtOnceAllGetEveryRunIn) {
  ScratchDir dir;
  const std::string path = dir.file("shared.db");  // a new file: they race to create it too
  constexpr int kWriters = 4, kRunsEach = 15;
  int gate[2];
  ASSERT_EQ(pipe(gate), 0);
  std::vector<pid_t> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.push_back(in_child([&, w] {
      close(gate[1]);
      char byte;
      if (read(gate[0], &byte, 1) != 0) _exit(2);  // all start when the parent closes the gate
      auto history = History::open(path, HistoryAccess::ReadWrite);
      for (int i = 0; i < kRunsEach; ++i) history.store(sample_run(w % 2 ? "xt3" : "ap1000"));
    }));
  }
  close(gate[0]);
  close(gate[1]);
  for (pid_t pid : writers) EXPECT_EQ(exit_status(pid), 0);
  auto history = History::open(path, HistoryAccess::ReadOnly);
  EXPECT_EQ(history.run_count(), kWriters * kRunsEach);
  EXPECT_EQ(history.runs({"xt3", {}, 0}).size(), static_cast<std::size_t>(kWriters / 2 * kRunsEach));
  EXPECT_EQ(integrity(path), "ok");
}

TEST(HistoryRobustness, AWriterKilledBeforeCommitLeavesNoTraceOfItsRun) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  History::open(path, HistoryAccess::ReadWrite).store(sample_run());
  auto big = sample_run();
  for (int i = 0; i < 5000; ++i) big.measurements.push_back({"m/" + std::to_string(i), i * 1.5, "s", xo::db::Direction::LowerIsBetter, {}, {}, {}});
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  const pid_t writer = in_child([&] {
    auto history = History::open(path, HistoryAccess::ReadWrite);
    history.store(big, [&] {
      if (write(ready[1], "x", 1) != 1) _exit(2);
      pause();  // killed here, the run written but not committed
    });
  });
  char byte = 0;
  ASSERT_EQ(read(ready[0], &byte, 1), 1) << "the writer never reached its commit";
  kill(writer, SIGKILL);
  int status = 0;
  waitpid(writer, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status));
  close(ready[0]);
  close(ready[1]);

  EXPECT_EQ(integrity(path), "ok");
  auto history = History::open(path, HistoryAccess::ReadWrite);
  EXPECT_EQ(history.run_count(), 1) << "the killed writer's run is not there, not even in part";
  EXPECT_EQ(history.figure_values("m/*").size(), 0u);
  EXPECT_GT(history.store(sample_run()), 0) << "and the database takes the next run";
}

TEST(HistoryRobustness, ADatabaseFromANewerXoIsRefusedUntouched) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  History::open(path, HistoryAccess::ReadWrite).store(sample_run());
  {
    xo::db::Connection raw(path, xo::db::Connection::Mode::ReadWrite);
    raw.execute("PRAGMA user_version = 99", "test");
  }
  const std::string before = file_bytes(path);
  for (auto access : {HistoryAccess::ReadWrite, HistoryAccess::ReadOnly}) {
    const std::string error = open_error(path, access);
    EXPECT_TRUE(contains(error, path + " was written by a newer xo (schema 99, this xo knows " +
                                    std::to_string(History::latest_schema_version()) + "); use that xo"))
        << error;
    EXPECT_TRUE(contains(error, "--db")) << error;
  }
  EXPECT_EQ(file_bytes(path), before) << "not a byte changed";
}

TEST(HistoryRobustness, AFileThatIsNotAHistoryIsRefusedUntouched) {
  ScratchDir dir;
  const std::string path = dir.file("history.db");
  std::mt19937 random(7);
  std::string noise(8192, '\0');
  for (char& c : noise) c = static_cast<char>(random());
  std::ofstream(path, std::ios::binary) << noise;
  for (auto access : {HistoryAccess::ReadWrite, HistoryAccess::ReadOnly}) {
    const std::string error = open_error(path, access);
    EXPECT_TRUE(contains(error, path + " is not a Crossover history (not an SQLite database)")) << error;
    EXPECT_TRUE(contains(error, "xo leaves it as it is")) << error;
  }
  EXPECT_EQ(file_bytes(path), noise);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

TEST(HistoryRobustness, ADamagedDatabaseIsRefusedUntouched) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  {
    auto history = History::open(path, HistoryAccess::ReadWrite);
    for (int i = 0; i < 40; ++i) history.store(sample_run());
  }
  std::string bytes = file_bytes(path);
  ASSERT_GT(bytes.size(), 8u * 4096) << "enough pages to damage one in the middle";
  std::fill(bytes.begin() + 3 * 4096, bytes.begin() + 4 * 4096, '\xa5');  // page 4, header intact
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  const std::string error = open_error(path, HistoryAccess::ReadWrite);
  EXPECT_TRUE(contains(error, path + " is damaged")) << error;
  EXPECT_TRUE(contains(error, ".recover")) << error;
  EXPECT_EQ(file_bytes(path), bytes);
}

TEST(HistoryRobustness, APlaceThatCannotBeCreatedIsOneClearError) {
  ScratchDir dir;
  std::ofstream(dir.file("plain")) << "a file, not a directory";
  const std::string error = open_error(dir.file("plain/history.db"), HistoryAccess::ReadWrite);
  EXPECT_TRUE(contains(error, "cannot create the directory " + dir.file("plain"))) << error;
  EXPECT_TRUE(contains(error, "--db PATH")) << error;
  EXPECT_TRUE(contains(open_error(dir.path(), HistoryAccess::ReadWrite), "is a directory"));
}

TEST(HistoryRobustness, AReadOnlyDirectoryIsOneClearError) {
  ScratchDir dir;
  const std::string locked = dir.file("locked");
  std::filesystem::create_directory(locked);
  std::filesystem::permissions(locked, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  if (permissions_are_ignored(locked)) GTEST_SKIP() << "running as root: a read-only directory does not stop writes";
  const std::string error = open_error(locked + "/history.db", HistoryAccess::ReadWrite);
  EXPECT_TRUE(contains(error, "cannot write in " + locked)) << error;
  EXPECT_TRUE(contains(error, "--db PATH")) << error;
  EXPECT_FALSE(std::filesystem::exists(locked + "/history.db"));
}

TEST(HistoryRobustness, AReadOnlyFileCanBeReadButNotWritten) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  History::open(path, HistoryAccess::ReadWrite).store(sample_run());
  std::filesystem::permissions(path, std::filesystem::perms::owner_read);
  if (permissions_are_ignored(path)) GTEST_SKIP() << "running as root: a read-only file does not stop writes";
  const std::string before = file_bytes(path);
  const std::string error = open_error(path, HistoryAccess::ReadWrite);
  EXPECT_TRUE(contains(error, path + " is read-only; make it writable or choose another file with --db PATH")) << error;
  EXPECT_EQ(History::open(path, HistoryAccess::ReadOnly).run_count(), 1);
  EXPECT_EQ(file_bytes(path), before);
}

TEST(HistoryRobustness, ALockHeldBeyondTheBusyTimeoutIsOneClearError) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  auto history = History::open(path, HistoryAccess::ReadWrite, {200});
  xo::db::Connection holder(path, xo::db::Connection::Mode::ReadWrite);
  holder.execute("BEGIN IMMEDIATE", "test");
  try {
    history.store(sample_run());
    FAIL() << "the store must give up after the busy timeout";
  } catch (const HistoryError& e) {
    EXPECT_TRUE(contains(e.what(), path + " is locked by another process")) << e.what();
    EXPECT_TRUE(e.transient());
  }
  holder.rollback();
  EXPECT_GT(history.store(sample_run()), 0);
  EXPECT_EQ(history.run_count(), 1);
}

TEST(HistoryRobustness, AFailedStoreLeavesNothingBehind) {
  ScratchDir dir;
  auto history = History::open(dir.file("h.db"), HistoryAccess::ReadWrite);
  auto twice = sample_run();
  twice.measurements.push_back(twice.measurements.front());  // the same key twice in one run
  EXPECT_THROW(history.store(twice), HistoryError);
  EXPECT_EQ(history.run_count(), 0);
  EXPECT_TRUE(history.figure_values("fit/*").empty());
}
