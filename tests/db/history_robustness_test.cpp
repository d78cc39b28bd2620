// What the history survives: concurrent writers, a writer killed in the middle of a run, a
// database from a newer xo, a file that is not a history (another program's SQLite database, or
// not SQLite at all) or is damaged, places it may not read or write, a full file system, and a lock
// held too long. Whatever it refuses, it leaves as it was, byte for byte.

#include <gtest/gtest.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "sqlite_connection.hpp"
#include "support/history_fixtures.hpp"
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
  for (int i = 0; i < 5000; ++i)
    big.measurements.push_back({"m/" + std::to_string(i), i * 1.5, "s", xo::db::Direction::LowerIsBetter, {}, {}, {}});
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
    EXPECT_TRUE(contains(error, path + " is not a Crossover history: it is not a SQLite database at all (")) << error;
    EXPECT_TRUE(contains(error, "xo leaves it as it is")) << error;
  }
  EXPECT_EQ(file_bytes(path), noise);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

// Another program's SQLite database, given by --db: opening it for writing would add our tables to
// it. It is recognised read-only, by what it holds, and left byte for byte as it was.
TEST(HistoryRobustness, AnotherProgramsSqliteDatabaseIsRefusedUntouched) {
  ScratchDir dir;
  const std::string notes = dir.file("notes.db");
  {
    xo::db::Connection raw(notes, xo::db::Connection::Mode::ReadWriteCreate);
    raw.execute(
        "CREATE TABLE people (name); CREATE TABLE notes (text); CREATE VIEW named AS SELECT name FROM people;"
        "INSERT INTO notes VALUES ('keep me')",
        "test");
  }
  // Its own user_version in our range, even a table called runs: still not ours.
  const std::string versioned = dir.file("versioned.db");
  {
    xo::db::Connection raw(versioned, xo::db::Connection::Mode::ReadWriteCreate);
    raw.execute("CREATE TABLE runs (lap, seconds); PRAGMA user_version = 2", "test");
  }
  const std::string bare = dir.file("bare.db");
  {
    xo::db::Connection raw(bare, xo::db::Connection::Mode::ReadWriteCreate);
    raw.execute("PRAGMA user_version = 1", "test");
  }
  for (const auto& [path, holds] :
       std::vector<std::pair<std::string, std::string>>{{notes, "tables notes, people"},
                                                        {versioned, "table runs"},
                                                        {bare, "no tables, yet its user_version is 1"}}) {
    const std::string before = file_bytes(path);
    ASSERT_FALSE(before.empty());
    for (auto access : {HistoryAccess::ReadWrite, HistoryAccess::ReadOnly}) {
      EXPECT_EQ(open_error(path, access), path + " is a SQLite database, but not a Crossover history: it holds " +
                                              holds + "; xo leaves it as it is: choose another file with --db PATH");
    }
    EXPECT_EQ(file_bytes(path), before) << "not a byte changed";
    EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
  }
}

TEST(HistoryRobustness, AnEmptyFileBecomesAHistory) {
  ScratchDir dir;
  const std::string path = dir.file("empty.db");
  std::ofstream(path).close();
  ASSERT_EQ(std::filesystem::file_size(path), 0u);
  auto history = History::open(path, HistoryAccess::ReadWrite);
  EXPECT_EQ(history.schema_version(), History::latest_schema_version());
  EXPECT_GT(history.store(sample_run()), 0);
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
  std::string error;
  try {
    History::open(dir.file("plain/sub/history.db"), HistoryAccess::ReadWrite, {.create_directories = true});
  } catch (const HistoryError& e) {
    error = e.what();
  }
  EXPECT_TRUE(contains(error, "cannot create the directory " + dir.file("plain/sub"))) << error;
  EXPECT_TRUE(contains(error, "--db PATH")) << error;
  EXPECT_TRUE(contains(open_error(dir.path(), HistoryAccess::ReadWrite), "is a directory"));
}

// Permissions: each refusal names the file or directory in the way, its permissions, and the fix.
// As root they stop nothing, so these tests skip there (run them as another user to see them).

TEST(HistoryRobustness, AReadOnlyDirectoryIsOneClearError) {
  ScratchDir dir;
  const std::string locked = dir.file("locked");
  std::filesystem::create_directory(locked);
  std::filesystem::permissions(locked, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  if (permissions_are_ignored(locked)) GTEST_SKIP() << "running as root: a read-only directory does not stop writes";
  EXPECT_EQ(open_error(locked + "/history.db", HistoryAccess::ReadWrite),
            "cannot store in " + locked + "/history.db: you may not create files in the directory " + locked +
                ", where SQLite keeps the history's journal files (history.db-wal, history.db-shm) (r-x------, owned "
                "by you); chmod u+w " +
                locked + ", or choose another --db PATH");
  EXPECT_FALSE(std::filesystem::exists(locked + "/history.db"));
}

// Even reading a history (WAL) needs its index file (-shm); where it is gone, SQLite must make it.
TEST(HistoryRobustness, ReadingInADirectoryThatCannotTakeTheIndexIsOneClearError) {
  ScratchDir dir;
  const std::string locked = dir.file("locked");
  std::filesystem::create_directory(locked);
  const std::string path = locked + "/h.db";
  History::open(path, HistoryAccess::ReadWrite).store(sample_run());
  ASSERT_FALSE(std::filesystem::exists(path + "-shm")) << "the last connection removes it";
  std::filesystem::permissions(locked, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  if (permissions_are_ignored(locked)) GTEST_SKIP() << "running as root: a read-only directory does not stop writes";
  EXPECT_EQ(open_error(path, HistoryAccess::ReadOnly),
            "cannot read " + path + ": you may not create files in the directory " + locked +
                ", where SQLite must make the history's index (h.db-shm) even to read it (r-x------, owned by you); "
                "chmod u+w " +
                locked + ", or choose another --db PATH");
}

TEST(HistoryRobustness, AReadOnlyFileCanBeReadButNotWritten) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  History::open(path, HistoryAccess::ReadWrite).store(sample_run());
  std::filesystem::permissions(path, std::filesystem::perms::owner_read);
  if (permissions_are_ignored(path)) GTEST_SKIP() << "running as root: a read-only file does not stop writes";
  const std::string before = file_bytes(path);
  EXPECT_EQ(open_error(path, HistoryAccess::ReadWrite),
            "cannot store in " + path + ": you may not write to it (r--------, owned by you); chmod u+w " + path +
                ", or choose another --db PATH");
  EXPECT_EQ(History::open(path, HistoryAccess::ReadOnly).run_count(), 1);
  EXPECT_EQ(file_bytes(path), before);
}

TEST(HistoryRobustness, AnUnreadableFileIsOneClearError) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  History::open(path, HistoryAccess::ReadWrite).store(sample_run());
  std::filesystem::permissions(path, std::filesystem::perms::owner_write);
  if (access(path.c_str(), R_OK) == 0) GTEST_SKIP() << "running as root: an unreadable file can be read";
  for (auto access : {HistoryAccess::ReadOnly, HistoryAccess::ReadWrite}) {
    EXPECT_EQ(open_error(path, access), "cannot read " + path + ": you may not read it (-w-------, owned by you); " +
                                            "chmod u+r " + path + ", or choose another --db PATH");
  }
}

TEST(HistoryRobustness, ADirectoryThatMayNotBeEnteredIsNamed) {
  ScratchDir dir;
  const std::string closed = dir.file("closed");
  std::filesystem::create_directory(closed);
  History::open(closed + "/h.db", HistoryAccess::ReadWrite).store(sample_run());
  std::filesystem::permissions(closed, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const bool ignored = access((closed + "/h.db").c_str(), R_OK) == 0;
  std::string read_error = open_error(closed + "/h.db", HistoryAccess::ReadOnly);
  std::string write_error = open_error(closed + "/h.db", HistoryAccess::ReadWrite);
  std::filesystem::permissions(closed, std::filesystem::perms::owner_all);  // for the cleanup
  if (ignored) GTEST_SKIP() << "running as root: a directory without x can be entered";
  const std::string why = ": you may not enter the directory " + closed + " (rw-------, owned by you); chmod u+x " +
                          closed + ", or choose another --db PATH";
  EXPECT_EQ(read_error, "cannot read " + closed + "/h.db" + why);
  EXPECT_EQ(write_error, "cannot store in " + closed + "/h.db" + why);
}

// A query on a write-protected history leaves its journal files (-wal, -shm) write-protected too,
// and they stop writing after the history itself is made writable again; SQLite says only "attempt
// to write a readonly database".
TEST(HistoryRobustness, AReadOnlyJournalFileIsNamed) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  History::open(path, HistoryAccess::ReadWrite).store(sample_run());
  std::filesystem::permissions(path, std::filesystem::perms::owner_read);
  if (permissions_are_ignored(path)) GTEST_SKIP() << "running as root: a read-only file does not stop writes";
  EXPECT_EQ(History::open(path, HistoryAccess::ReadOnly).run_count(), 1);
  std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::string error = open_error(path, HistoryAccess::ReadWrite);
  EXPECT_TRUE(contains(error, "cannot store in " + path + ": you may not write to its journal file " + path + "-"))
      << error;
  EXPECT_TRUE(contains(error, " (r--------, owned by you); chmod u+w " + path + "-")) << error;
  EXPECT_TRUE(contains(error, ", or choose another --db PATH")) << error;
}

// A full disk, made for real: a tmpfs of 400 KiB mounted in a mount namespace of a child process's
// own (and a user namespace when not root), so that the mount goes with the child and nothing
// outside sees it. Two ways SQLite meets the end of the space: a run that does not fit (a write
// fails: SQLITE_FULL), and a new history with 10 KiB left (its WAL index cannot grow:
// SQLITE_IOERR_SHMSIZE with ENOSPC). Both must be said as the full file system they are.
TEST(HistoryRobustness, AFullFileSystemIsSaidSoWithTheSpaceLeft) {
  ScratchDir dir;
  const std::string small = dir.file("small");
  std::filesystem::create_directory(small);
  const std::string path = small + "/h.db";
  const std::string report = dir.file("report");  // outside the tmpfs: what the child met, 3 lines a case
  constexpr int kNoMount = 77;
  const pid_t child = fork();
  if (child == 0) {
    const std::string uid = std::to_string(geteuid()), gid = std::to_string(getegid());
    if (unshare(CLONE_NEWNS) != 0) {
      if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) _exit(kNoMount);
      std::ofstream("/proc/self/setgroups") << "deny";
      std::ofstream("/proc/self/uid_map") << "0 " << uid << " 1";
      std::ofstream("/proc/self/gid_map") << "0 " << gid << " 1";
    }
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) _exit(kNoMount);
    std::ofstream out(report);
    for (const int filler_kib : {0, 390}) {
      if (mount("tmpfs", small.c_str(), "tmpfs", 0, "size=400k") != 0) _exit(kNoMount);
      std::ofstream(small + "/filler") << std::string(static_cast<std::size_t>(filler_kib) * 1024, 'x');
      try {
        auto history = History::open(path, HistoryAccess::ReadWrite);
        history.store(sample_run());
        auto big = sample_run();
        for (int i = 0; i < 20000; ++i) {
          big.measurements.push_back(
              {"m/" + std::to_string(i), i * 1.5, "s", xo::db::Direction::LowerIsBetter, {}, {}, {}});
        }
        try {
          history.store(big);
          out << "stored: the file system was never full\n-\n-\n";
        } catch (const HistoryError& e) {
          out << e.what() << "\n" << (e.transient() ? "transient" : "permanent") << "\n" << history.run_count() << "\n";
        }
      } catch (const HistoryError& e) {
        out << e.what() << "\n" << (e.transient() ? "transient" : "permanent") << "\nnone\n";
      }
      umount(small.c_str());
    }
    out.close();
    _exit(0);
  }
  const int status = exit_status(child);
  if (status == kNoMount) GTEST_SKIP() << "this system lets no test mount a small tmpfs";
  ASSERT_EQ(status, 0);
  std::istringstream lines(file_bytes(report));
  const std::string head = "cannot store in " + path + ": the file system holding it is full (";
  const std::string tail = " KiB free); free some space or choose another file with --db PATH";
  for (const char* expected_runs : {"1", "none"}) {  // the big run stored nothing; the new history never opened
    std::string message, cause, runs;
    std::getline(lines, message);
    std::getline(lines, cause);
    std::getline(lines, runs);
    EXPECT_EQ(message.substr(0, head.size()), head) << message;
    ASSERT_GT(message.size(), head.size() + tail.size()) << message;
    EXPECT_EQ(message.substr(message.size() - tail.size()), tail) << message;
    const std::string kib = message.substr(head.size(), message.size() - head.size() - tail.size());
    ASSERT_TRUE(!kib.empty() && kib.find_first_not_of("0123456789") == std::string::npos) << kib;
    EXPECT_LE(std::stoul(kib), 10u);
    EXPECT_EQ(cause, "transient") << "the same command may work once there is room";
    EXPECT_EQ(runs, expected_runs);
  }
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
