#pragma once
// While it lives, OTF2's error messages go to this object instead of stderr. OTF2 reports one
// failure as a cascade of messages from the innermost call outwards; the innermost names the cause
// (the file that is missing or short), so the first message since the last clear() is kept.

#include <otf2/otf2.h>

#include <mutex>
#include <string>

namespace xo::analyzer {

class Otf2ErrorCapture {
 public:
  Otf2ErrorCapture();
  // Restores the handler that was registered before. OTF2 does not return the previous handler's
  // user data; its default handler needs none.
  ~Otf2ErrorCapture();
  Otf2ErrorCapture(const Otf2ErrorCapture&) = delete;
  Otf2ErrorCapture& operator=(const Otf2ErrorCapture&) = delete;

  // Locations may be read on several threads (location_reading.hpp): the message is kept under a
  // lock, and handed out as a copy.
  std::string first_message() const {
    const std::lock_guard lock(mutex_);
    return first_message_;
  }
  // Forgets what OTF2 said (after a failure that was expected and handled).
  void clear() {
    const std::lock_guard lock(mutex_);
    first_message_.clear();
  }

 private:
  static OTF2_ErrorCode keep(void* self, const char* file, uint64_t line, const char* function, OTF2_ErrorCode code,
                             const char* format, va_list args);

  mutable std::mutex mutex_;
  std::string first_message_;
  OTF2_ErrorCallback previous_;
};

}  // namespace xo::analyzer
