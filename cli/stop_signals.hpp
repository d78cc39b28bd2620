#pragma once
// Holds back the stop signals (SIGINT, SIGTERM, SIGHUP) while an object lives, so that a stop
// arriving between two steps that must go together (a directory made and listed for the handler
// that removes it; a child forked and recorded for the handler that stops it) waits for both.

#include <pthread.h>

#include <array>
#include <csignal>

namespace xo::cli {

// The signals that stop xo and its children (the scratch directories' handlers take these too).
inline constexpr std::array kStopSignals{SIGINT, SIGTERM, SIGHUP};

class StopSignalsBlocked {
 public:
  StopSignalsBlocked() {
    sigset_t stops;
    sigemptyset(&stops);
    for (int s : kStopSignals) sigaddset(&stops, s);
    pthread_sigmask(SIG_BLOCK, &stops, &previous_);
  }
  ~StopSignalsBlocked() { restore(); }
  StopSignalsBlocked(const StopSignalsBlocked&) = delete;
  StopSignalsBlocked& operator=(const StopSignalsBlocked&) = delete;

  // The mask as it was (also for a forked child, before it runs another program).
  void restore() const { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

 private:
  sigset_t previous_;
};

}  // namespace xo::cli
