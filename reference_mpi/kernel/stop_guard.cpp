#include "stop_guard.hpp"

#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "fault_guard.hpp"

namespace xo::sim {

namespace {

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGALRM};
constexpr int kStopSignalCount = static_cast<int>(sizeof kStopSignals / sizeof kStopSignals[0]);
constexpr long kGraceNanoseconds = 1'000'000'000;  // how long a running rank has to reach the engine

volatile sig_atomic_t g_requested = 0;
StopGuard::EndRunning g_end_running = nullptr;
void* g_engine = nullptr;
pid_t g_simulation_thread = 0;
sigset_t g_run_mask;
unsigned long g_resumes_at_request = 0;
timer_t g_timer{};
bool g_timer_made = false;
bool g_installed = false;
struct sigaction g_previous[kStopSignalCount];

pid_t this_thread() { return static_cast<pid_t>(syscall(SYS_gettid)); }

void arm_timer(long nanoseconds) {
  if (!g_timer_made) return;
  itimerspec when{};
  when.it_value.tv_sec = nanoseconds / 1'000'000'000;
  when.it_value.tv_nsec = nanoseconds % 1'000'000'000;
  timer_settime(g_timer, 0, &when, nullptr);
}

// Async-signal-safe only: loads, stores, timer_settime, pthread_sigmask.
void on_stop(int signal) {
  if (g_requested == 0) {
    g_requested = signal;
    g_resumes_at_request = FaultGuard::resumes();
    arm_timer(kGraceNanoseconds);  // the grace period: the timer's SIGALRM comes back here
    return;
  }
  // The grace period is over, or the user pressed Ctrl-C again: a rank that has not given the
  // engine a step since the request is ended where it runs.
  const bool same_rank_still_runs = FaultGuard::running() && FaultGuard::resumes() == g_resumes_at_request;
  if (this_thread() == g_simulation_thread && same_rank_still_runs && g_end_running != nullptr) {
    const StopGuard::EndRunning end_running = g_end_running;
    g_end_running = nullptr;
    pthread_sigmask(SIG_SETMASK, &g_run_mask, nullptr);
    end_running(g_engine);
  }
}

}  // namespace

StopGuard::StopGuard(EndRunning end_running, void* engine, bool catch_signals, double wall_limit_seconds) {
  g_requested = 0;
  g_installed = catch_signals || wall_limit_seconds > 0;
  if (!g_installed) return;  // a program's own SIGALRM stays its own
  g_end_running = end_running;
  g_engine = engine;
  g_simulation_thread = this_thread();
  pthread_sigmask(SIG_SETMASK, nullptr, &g_run_mask);
  // The timer's signal goes to the simulation thread: only there can a running rank be ended.
  sigevent event{};
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = SIGALRM;
  event._sigev_un._tid = g_simulation_thread;
  g_timer_made = timer_create(CLOCK_MONOTONIC, &event, &g_timer) == 0;
  struct sigaction action {};
  action.sa_handler = &on_stop;
  action.sa_flags = SA_ONSTACK | SA_RESTART;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < kStopSignalCount; ++i) {
    const bool timer = kStopSignals[i] == SIGALRM;
    sigaction(kStopSignals[i], catch_signals || timer ? &action : nullptr, &g_previous[i]);
  }
  if (wall_limit_seconds > 0) arm_timer(static_cast<long>(wall_limit_seconds * 1e9));
}

StopGuard::~StopGuard() {
  if (!g_installed) return;
  if (g_timer_made) timer_delete(g_timer);
  g_timer_made = false;
  for (int i = 0; i < kStopSignalCount; ++i) sigaction(kStopSignals[i], &g_previous[i], nullptr);
  g_end_running = nullptr;
  g_engine = nullptr;
  g_installed = false;
}

int StopGuard::requested() { return g_requested; }

}  // namespace xo::sim
