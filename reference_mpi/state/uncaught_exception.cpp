#include "uncaught_exception.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <exception>
#include <memory>
#include <typeinfo>

namespace xo::mpi {

namespace {

std::terminate_handler g_previous = nullptr;
std::string g_note;

std::string demangled(const char* name) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> text(abi::__cxa_demangle(name, nullptr, nullptr, &status), &std::free);
  return status == 0 && text ? std::string(text.get()) : std::string(name);
}

[[noreturn]] void on_terminate() {
  if (std::exception_ptr thrown = std::current_exception()) {
    try {
      std::rethrow_exception(thrown);
    } catch (const std::exception& error) {
      g_note = "an uncaught C++ exception of type " + demangled(typeid(error).name()) + ": " + error.what();
    } catch (...) {
      const std::type_info* type = abi::__cxa_current_exception_type();
      g_note = "an uncaught C++ exception of type " + (type != nullptr ? demangled(type->name()) : "unknown");
    }
  } else {
    g_note = "std::terminate(), called with no exception in flight";
  }
  std::abort();
}

}  // namespace

UncaughtExceptionNote::UncaughtExceptionNote() {
  g_note.clear();
  g_previous = std::set_terminate(&on_terminate);
}

UncaughtExceptionNote::~UncaughtExceptionNote() { std::set_terminate(g_previous); }

std::string UncaughtExceptionNote::note() const { return g_note; }

}  // namespace xo::mpi
