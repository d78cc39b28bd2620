#pragma once
// The one error the history raises for anything a user can meet: a database from a newer xo, a
// file that is not a history (another program's SQLite database, or not SQLite) or is damaged, a
// directory that does not exist, permissions that stop a read or a write, a full file system, a
// database locked for longer than the busy timeout, an unknown run. The message names the file,
// the true cause and the way out; the front end prints it as "xo: <message>".

#include <stdexcept>
#include <string>

namespace xo::db {

class HistoryError : public std::runtime_error {
 public:
  enum class Cause {
    Problem,  // the file or the request itself: the same command will fail again
    Busy,     // another process held the database longer than the busy timeout
    Failure,  // the disk: full, or an I/O error
  };
  explicit HistoryError(const std::string& message, Cause cause = Cause::Problem)
      : std::runtime_error(message), cause_(cause) {}
  Cause cause() const { return cause_; }
  // Whether the same command may succeed later unchanged.
  bool transient() const { return cause_ != Cause::Problem; }

 private:
  Cause cause_;
};

}  // namespace xo::db
