#pragma once
// While it lives, std::terminate (a C++ exception no rank caught, a throw out of a noexcept
// function) first notes what was thrown, then calls abort() as the default handler does: the
// SIGABRT that follows ends the rank (kernel/fault_guard.hpp), and the note lets the message say
// which exception it was rather than only "abort() was called".

#include <string>

namespace xo::mpi {

class UncaughtExceptionNote {
 public:
  UncaughtExceptionNote();
  ~UncaughtExceptionNote();
  UncaughtExceptionNote(const UncaughtExceptionNote&) = delete;
  UncaughtExceptionNote& operator=(const UncaughtExceptionNote&) = delete;

  // "an uncaught C++ exception of type std::runtime_error: what() said", or "" if none ended a
  // rank.
  std::string note() const;
};

}  // namespace xo::mpi
