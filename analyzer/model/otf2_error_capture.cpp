#include "otf2_error_capture.hpp"

#include <cstdarg>
#include <cstdio>

namespace xo::analyzer {

namespace {

thread_local std::string first_said;  // otf2_error_capture.hpp: one per thread

}  // namespace

Otf2ErrorCapture::Otf2ErrorCapture() : previous_(OTF2_Error_RegisterCallback(&Otf2ErrorCapture::keep, nullptr)) {
  clear();
}

Otf2ErrorCapture::~Otf2ErrorCapture() { OTF2_Error_RegisterCallback(previous_, nullptr); }

std::string Otf2ErrorCapture::first_message() { return first_said; }

void Otf2ErrorCapture::clear() { first_said.clear(); }

OTF2_ErrorCode Otf2ErrorCapture::keep(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code,
                                      const char* format, va_list args) {
  if (first_said.empty()) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, args);
    first_said = std::string(OTF2_Error_GetDescription(code)) + ": " + text;
  }
  return code;
}

}  // namespace xo::analyzer
