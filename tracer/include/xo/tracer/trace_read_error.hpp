#pragma once
// The one error an archive that cannot be read raises, in every reader of traces (the trace model,
// the checker): one line naming the file, what is wrong with it and the fix.

#include <stdexcept>

namespace xo::tracer {

class TraceReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace xo::tracer
