#include "xo/mpi/kernel/rank_fault.hpp"

#include <signal.h>

#include <cstdio>
#include <cstring>
#include <sstream>

namespace xo::sim {

namespace {

std::string hex(std::uintptr_t address) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(address));
  return text;
}

// What si_code says about a fault the hardware raised (signal(7), sigaction(2)).
std::string hardware_cause(int signal, int code, std::uintptr_t address) {
  switch (signal) {
    case SIGSEGV:
      if (code == SEGV_MAPERR) return "a segmentation fault: address " + hex(address) + " is not mapped";
      if (code == SEGV_ACCERR) return "a segmentation fault: no permission to access address " + hex(address);
      return "a segmentation fault at address " + hex(address);
    case SIGBUS:
      if (code == BUS_ADRALN) return "a bus error: misaligned access at address " + hex(address);
      if (code == BUS_ADRERR) return "a bus error: address " + hex(address) + " is past the end of a mapped file";
      return "a bus error at address " + hex(address);
    case SIGFPE:
      if (code == FPE_INTDIV) return "an arithmetic fault: integer division by zero";
      if (code == FPE_INTOVF) return "an arithmetic fault: integer overflow";
      if (code == FPE_FLTDIV) return "an arithmetic fault: floating-point division by zero";
      if (code == FPE_FLTINV) return "an arithmetic fault: invalid floating-point operation";
      return "an arithmetic fault";
    case SIGILL: return "an illegal instruction at address " + hex(address);
    case SIGABRT: return "abort() was called: by the program, a failed assert(), or the C library on a corrupted heap";
    default: return "";
  }
}

}  // namespace

std::string describe_signal(int signal, int code, std::uintptr_t address) {
  const char* abbreviation = sigabbrev_np(signal);
  std::string name = abbreviation != nullptr ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
  // Sent, not raised by the hardware: si_code says who (kill(2), tgkill(2), sigqueue(3)).
  if (code == SI_USER || code == SI_TKILL || code == SI_QUEUE) {
    if (signal == SIGABRT) return name + ", " + hardware_cause(signal, code, address);
    return name + ", sent by kill() or raise()";
  }
  const std::string cause = hardware_cause(signal, code, address);
  return cause.empty() ? name : name + ", " + cause;
}

int fault_exit_code(const RankFault& fault) { return 128 + (fault.signal != 0 ? fault.signal : SIGSEGV); }

std::string larger_stack_option(std::size_t stack_bytes) {
  const std::size_t mib = (2 * stack_bytes + (1 << 20) - 1) >> 20;
  return "--stack-size=" + std::to_string(mib < 1 ? 1 : mib) + "M";
}

std::string describe_fault(const RankFault& fault, const std::string& place, const std::string& cause) {
  std::ostringstream out;
  out << "rank " << fault.rank;
  if (fault.stack_overflow) {
    out << " overflowed its " << (fault.stack_bytes + 1023) / 1024 << " KiB fiber stack";
  } else {
    out << " was killed by " << (cause.empty() ? describe_signal(fault.signal, fault.code, fault.address) : cause)
        << ";";
  }
  if (!place.empty()) out << " " << place << ",";
  out << " at t=" << time_to_seconds(fault.time) * 1e6 << " us";
  if (fault.stack_overflow)
    out << "; run again with a larger --stack-size (for example " << larger_stack_option(fault.stack_bytes) << ")";
  return out.str();
}

}  // namespace xo::sim
