#pragma once
// OTF2 failures while an archive is written, as one exception: every OTF2 call's code is checked
// and a failure throws std::runtime_error naming the archive directory, the step and OTF2's
// reason. While a writer is alive, OTF2's own first message (it says which file and errno) is kept
// for the exception instead of printed (Otf2ErrorCapture).

#include <otf2/otf2.h>

#include <string>

#include "xo/tracer/otf2_error_capture.hpp"

namespace xo::tracer {

class Otf2Status {
 public:
  explicit Otf2Status(std::string archive_dir);
  Otf2Status(const Otf2Status&) = delete;
  Otf2Status& operator=(const Otf2Status&) = delete;

  // `what` is the step, "writing the global definitions".
  void check(OTF2_ErrorCode code, const char* what) const {
    if (code != OTF2_SUCCESS) [[unlikely]]
      fail(what, code);
  }
  // For OTF2 calls that return a null handle instead of a code.
  template <typename Handle>
  Handle* check_handle(Handle* handle, const char* what) const {
    if (handle == nullptr) [[unlikely]]
      fail(what, OTF2_ERROR_INVALID);
    return handle;
  }
  [[noreturn]] void fail(const std::string& what, OTF2_ErrorCode code) const;
  // A failure of the writer's own file work, with errno's reason.
  [[noreturn]] void fail_errno(const std::string& what, int error_number) const;
  // A file the writer has just written, read back whole; failing to read it is a failure to write.
  std::string read_back(const std::string& path) const;

 private:
  std::string archive_dir_;
  Otf2ErrorCapture errors_;
};

}  // namespace xo::tracer
