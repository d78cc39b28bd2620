#include "fault_guard.hpp"

#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace xo::sim {

namespace {

constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
constexpr int kFaultSignalCount = static_cast<int>(sizeof kFaultSignals / sizeof kFaultSignals[0]);

FaultGuard::RankFaulted g_on_fault = nullptr;
void* g_engine = nullptr;
const FiberStack* g_running_stack = nullptr;
int g_running_rank = -1;
int g_running_fiber = -1;
volatile unsigned long g_resumes = 0;
pid_t g_simulation_thread = 0;
sigset_t g_run_mask;  // the simulation thread's mask when the run began, restored after a fault
struct sigaction g_previous[kFaultSignalCount];
std::vector<char> g_alt_stack;

pid_t this_thread() { return static_cast<pid_t>(syscall(SYS_gettid)); }

// The stack pointer of the interrupted code (x86-64 and AArch64; elsewhere only the fault address
// tells an overflow).
const void* interrupted_stack_pointer(void* context) {
  const auto* uc = static_cast<const ucontext_t*>(context);
#if defined(__x86_64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RSP]);
#elif defined(__aarch64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.sp);
#else
  (void)uc;
  return nullptr;
#endif
}

void restore_previous(int signal) {
  for (int i = 0; i < kFaultSignalCount; ++i) {
    if (kFaultSignals[i] == signal) sigaction(signal, &g_previous[i], nullptr);
  }
}

// Only async-signal-safe calls from here on: snprintf without floating point, write, sigaction.
void say(const char* text) { (void)!write(STDERR_FILENO, text, std::strlen(text)); }

void on_fault(int signal, siginfo_t* info, void* context) {
  const bool simulation_thread = this_thread() == g_simulation_thread;
  if (simulation_thread && g_running_stack != nullptr && g_on_fault != nullptr) {
    const void* sp = interrupted_stack_pointer(context);
    RankFault fault;
    fault.rank = g_running_rank;
    fault.fiber = g_running_fiber;
    fault.signal = signal;
    fault.code = info->si_code;
    fault.address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    fault.stack_bytes = g_running_stack->usable_bytes();
    fault.stack_overflow = (signal == SIGSEGV || signal == SIGBUS) &&
                           (g_running_stack->in_guard(info->si_addr) || (sp != nullptr && g_running_stack->below(sp)));
    const FaultGuard::RankFaulted on_rank_fault = g_on_fault;
    g_running_stack = nullptr;  // a second fault before the engine is back is not this rank's
    // The handler never returns: the signal it blocked would stay blocked.
    pthread_sigmask(SIG_SETMASK, &g_run_mask, nullptr);
    on_rank_fault(g_engine, fault);
  }
  char message[256];
  const char* name = sigabbrev_np(signal);
  if (!simulation_thread) {
    std::snprintf(message, sizeof message,
                  "xo: a thread the program started (not a rank's main thread) was killed by SIG%s; the whole "
                  "process ends, without its trace\n",
                  name != nullptr ? name : "?");
  } else {
    std::snprintf(message, sizeof message,
                  "xo: the simulator itself was killed by SIG%s outside any rank's code: a bug in Crossover, or "
                  "memory a rank overwrote; please report it with the command line\n",
                  name != nullptr ? name : "?");
  }
  say(message);
  restore_previous(signal);
  // A fault the hardware raised happens again on return, now with the default action; a signal
  // sent by kill() or raise() must be sent again.
  if (info->si_code <= 0) raise(signal);
}

}  // namespace

FaultGuard::FaultGuard(RankFaulted rank_faulted, void* engine) {
  g_on_fault = rank_faulted;
  g_engine = engine;
  g_simulation_thread = this_thread();
  pthread_sigmask(SIG_SETMASK, nullptr, &g_run_mask);
  g_alt_stack.resize(64 * 1024);
  stack_t alt{};
  alt.ss_sp = g_alt_stack.data();
  alt.ss_size = g_alt_stack.size();
  sigaltstack(&alt, nullptr);
  struct sigaction action {};
  action.sa_sigaction = &on_fault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < kFaultSignalCount; ++i) sigaction(kFaultSignals[i], &action, &g_previous[i]);
}

FaultGuard::~FaultGuard() {
  for (int i = 0; i < kFaultSignalCount; ++i) sigaction(kFaultSignals[i], &g_previous[i], nullptr);
  stack_t disable{};
  disable.ss_flags = SS_DISABLE;
  sigaltstack(&disable, nullptr);
  g_running_stack = nullptr;
  g_on_fault = nullptr;
  g_engine = nullptr;
}

void FaultGuard::clear_running() {
  g_running_stack = nullptr;
  g_running_rank = -1;
  g_running_fiber = -1;
}

bool FaultGuard::running() { return g_running_stack != nullptr; }

unsigned long FaultGuard::resumes() { return g_resumes; }

void FaultGuard::set_running(const FiberStack& stack, int rank, int fiber) {
  g_resumes = g_resumes + 1;
  g_running_stack = &stack;
  g_running_rank = rank;
  g_running_fiber = fiber;
}

}  // namespace xo::sim
