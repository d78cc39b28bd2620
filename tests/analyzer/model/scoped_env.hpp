#pragma once
// An environment variable set (or unset, for nullptr) while the object lives, unset afterwards:
// the readers' tuning variables (XO_READ_THREADS, XO_READ_DECODER) are read at every read_trace.

#include <cstdlib>
#include <string>

namespace xo::test {

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (value != nullptr) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() { unsetenv(name_.c_str()); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
};

}  // namespace xo::test
