#include "xo/tracer/otf2_error_capture.hpp"

#include <cstdarg>
#include <cstdio>
#include <new>

namespace xo::tracer {

namespace {

thread_local Otf2ErrorCapture::Said first_said;  // otf2_error_capture.hpp: one per thread

}  // namespace

Otf2ErrorCapture::Otf2ErrorCapture() : previous_(OTF2_Error_RegisterCallback(&Otf2ErrorCapture::keep, nullptr)) {
  clear();
}

Otf2ErrorCapture::~Otf2ErrorCapture() { OTF2_Error_RegisterCallback(previous_, nullptr); }

const Otf2ErrorCapture::Said& Otf2ErrorCapture::first() { return first_said; }

std::string Otf2ErrorCapture::first_message() {
  if (first_said.code == OTF2_SUCCESS) return "";
  return std::string(OTF2_Error_GetDescription(first_said.code)) + ": " + first_said.text;
}

void Otf2ErrorCapture::clear() { first_said = {}; }

OTF2_ErrorCode Otf2ErrorCapture::keep(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code,
                                      const char* format, va_list args) {
  if (first_said.code == OTF2_SUCCESS) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, args);
    first_said.code = code;
    try {  // nothing may be thrown through OTF2, which is C
      first_said.text = text;
    } catch (const std::bad_alloc&) {
    }
  }
  return code;
}

}  // namespace xo::tracer
