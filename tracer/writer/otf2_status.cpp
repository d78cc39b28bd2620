#include "otf2_status.hpp"

#include <sys/statvfs.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <new>
#include <stdexcept>

namespace xo::tracer {

namespace {

// OTF2 reports a failure where it happens, deep inside, then returns codes up the stack: the first
// report is the one that says what went wrong. Written by the one thread that writes the archive.
struct FirstError {
  OTF2_ErrorCode code = OTF2_SUCCESS;
  std::string message;
};
FirstError first_error;

OTF2_ErrorCode keep_first_error(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code, const char* format,
                                va_list args) {
  if (first_error.code == OTF2_SUCCESS) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, args);
    first_error.code = code;
    try {  // nothing may be thrown through OTF2, which is C
      first_error.message = text;
    } catch (const std::bad_alloc&) {
    }
  }
  return code;
}

// "Not a directory (POSIX: /x/traces)": what the error code says, then OTF2's own words.
std::string cause_of(OTF2_ErrorCode returned) {
  const OTF2_ErrorCode code = first_error.code != OTF2_SUCCESS ? first_error.code : returned;
  std::string cause = OTF2_Error_GetDescription(code);
  std::string detail = first_error.message;
  for (char& c : detail) {
    if (c == '\n') c = ' ';
  }
  while (!detail.empty() && (detail.back() == ' ' || detail.back() == '.')) detail.pop_back();
  if (!detail.empty() && detail != cause) cause += " (" + detail + ")";
  return cause;
}

// What the user can do about a failure the file system reported; "" for the others.
std::string fix_for(OTF2_ErrorCode returned, const std::string& dir) {
  const OTF2_ErrorCode code = first_error.code != OTF2_SUCCESS ? first_error.code : returned;
  if (code == OTF2_ERROR_ENOSPC || code == OTF2_ERROR_EDQUOT) {
    struct statvfs space {};
    const std::string left =
        statvfs(dir.c_str(), &space) == 0
            ? " (" + std::to_string(static_cast<std::uint64_t>(space.f_bavail) * space.f_frsize / 1024) + " KiB free)"
            : "";
    return "; the file system holding " + dir + (code == OTF2_ERROR_EDQUOT ? " is over your quota" : " is full") +
           left + ": free some space, or record elsewhere with -o DIR";
  }
  if (code == OTF2_ERROR_EACCES || code == OTF2_ERROR_EPERM || code == OTF2_ERROR_EROFS) {
    return "; you may not write in " + dir + ": record elsewhere with -o DIR";
  }
  return "";
}

}  // namespace

Otf2Status::Otf2Status(std::string archive_dir)
    : archive_dir_(std::move(archive_dir)), previous_(OTF2_Error_RegisterCallback(keep_first_error, nullptr)) {
  first_error = {};
}

// OTF2 does not tell the previous handler's user data; its default handler takes none.
Otf2Status::~Otf2Status() { OTF2_Error_RegisterCallback(previous_, nullptr); }

void Otf2Status::fail(const std::string& what, OTF2_ErrorCode code) const {
  throw std::runtime_error("cannot write the OTF2 trace in " + archive_dir_ + ": " + what +
                           " failed: " + cause_of(code) + fix_for(code, archive_dir_));
}

}  // namespace xo::tracer
