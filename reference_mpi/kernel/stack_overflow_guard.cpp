#include "stack_overflow_guard.hpp"

#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace xo::sim {

namespace {

const FiberStack* g_running_stack = nullptr;
int g_running_rank = -1;
struct sigaction g_previous {};
std::vector<char> g_alt_stack;

// The stack pointer of the interrupted code (x86-64 and AArch64; elsewhere only the fault address
// is used).
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

void on_segv(int signal, siginfo_t* info, void* context) {
  const void* sp = interrupted_stack_pointer(context);
  if (g_running_stack != nullptr &&
      (g_running_stack->in_guard(info->si_addr) || (sp != nullptr && g_running_stack->below(sp)))) {
    char message[256];
    const int n = std::snprintf(message, sizeof message,
                                "xo: rank %d overflowed its %zu KiB fiber stack; run again with a larger "
                                "--stack-size (for example --stack-size=8M)\n",
                                g_running_rank, (g_running_stack->usable_bytes() + 1023) / 1024);
    if (n > 0) (void)!write(STDERR_FILENO, message, static_cast<std::size_t>(n));
    _exit(134);
  }
  sigaction(signal, &g_previous, nullptr);  // not ours: let the fault happen again, as before
}

}  // namespace

StackOverflowGuard::StackOverflowGuard() {
  g_alt_stack.resize(64 * 1024);
  stack_t alt{};
  alt.ss_sp = g_alt_stack.data();
  alt.ss_size = g_alt_stack.size();
  sigaltstack(&alt, nullptr);
  struct sigaction action {};
  action.sa_sigaction = &on_segv;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, &g_previous);
}

StackOverflowGuard::~StackOverflowGuard() {
  sigaction(SIGSEGV, &g_previous, nullptr);
  stack_t disable{};
  disable.ss_flags = SS_DISABLE;
  sigaltstack(&disable, nullptr);
  g_running_stack = nullptr;
}

void StackOverflowGuard::clear_running() {
  g_running_stack = nullptr;
  g_running_rank = -1;
}

void StackOverflowGuard::set_running(const FiberStack& stack, int rank) {
  g_running_stack = &stack;
  g_running_rank = rank;
}

}  // namespace xo::sim
