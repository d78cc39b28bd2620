#include "otf2_error_capture.hpp"

#include <cstdarg>
#include <cstdio>

namespace xo::analyzer {

Otf2ErrorCapture::Otf2ErrorCapture() : previous_(OTF2_Error_RegisterCallback(&Otf2ErrorCapture::keep, this)) {}

Otf2ErrorCapture::~Otf2ErrorCapture() { OTF2_Error_RegisterCallback(previous_, nullptr); }

OTF2_ErrorCode Otf2ErrorCapture::keep(void* self, const char*, uint64_t, const char*, OTF2_ErrorCode code,
                                      const char* format, va_list args) {
  auto& capture = *static_cast<Otf2ErrorCapture*>(self);
  const std::lock_guard lock(capture.mutex_);
  if (capture.first_message_.empty()) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, args);
    capture.first_message_ = std::string(OTF2_Error_GetDescription(code)) + ": " + text;
  }
  return code;
}

}  // namespace xo::analyzer
