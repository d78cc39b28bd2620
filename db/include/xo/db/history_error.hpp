#pragma once
// The one error the history raises for anything a user can meet: a database from a newer xo, a
// file that is not a history or is damaged, a place that cannot be written, a database locked for
// longer than the busy timeout, an unknown run. The message names the file and the way out; the
// front end prints it as "xo: <message>".

#include <stdexcept>
#include <string>

namespace xo::db {

class HistoryError : public std::runtime_error {
 public:
  // `transient`: the same command may succeed later unchanged (a lock, a full disk, an I/O error),
  // as opposed to a problem with the file or the request itself.
  explicit HistoryError(const std::string& message, bool transient = false)
      : std::runtime_error(message), transient_(transient) {}
  bool transient() const { return transient_; }

 private:
  bool transient_;
};

}  // namespace xo::db
