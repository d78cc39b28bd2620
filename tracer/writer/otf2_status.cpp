#include "otf2_status.hpp"

#include <sys/statvfs.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace xo::tracer {

namespace {

// The code OTF2 itself said first, else the one returned.
OTF2_ErrorCode reported_code(OTF2_ErrorCode returned) {
  const Otf2ErrorCapture::Said& first = Otf2ErrorCapture::first();
  return first.code != OTF2_SUCCESS ? first.code : returned;
}

// "Not a directory (POSIX: /x/traces)": what the error code says, then OTF2's own words.
std::string cause_of(OTF2_ErrorCode returned) {
  const Otf2ErrorCapture::Said& first = Otf2ErrorCapture::first();
  std::string cause = OTF2_Error_GetDescription(reported_code(returned));
  std::string detail = first.text;
  for (char& c : detail) {
    if (c == '\n') c = ' ';
  }
  while (!detail.empty() && (detail.back() == ' ' || detail.back() == '.')) detail.pop_back();
  if (!detail.empty() && detail != cause) cause += " (" + detail + ")";
  return cause;
}

// OTF2's code for the errno values fix_for advises on (libotf2 maps them alike).
OTF2_ErrorCode code_of_errno(int error_number) {
  switch (error_number) {
    case ENOSPC: return OTF2_ERROR_ENOSPC;
    case EDQUOT: return OTF2_ERROR_EDQUOT;
    case EACCES: return OTF2_ERROR_EACCES;
    case EPERM: return OTF2_ERROR_EPERM;
    case EROFS: return OTF2_ERROR_EROFS;
    default: return OTF2_ERROR_EIO;
  }
}

// What the user can do about a failure the file system reported; "" for the others.
std::string fix_for(OTF2_ErrorCode code, const std::string& dir) {
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

Otf2Status::Otf2Status(std::string archive_dir) : archive_dir_(std::move(archive_dir)) {}

void Otf2Status::fail(const std::string& what, OTF2_ErrorCode code) const {
  throw std::runtime_error("cannot write the OTF2 trace in " + archive_dir_ + ": " + what +
                           " failed: " + cause_of(code) + fix_for(reported_code(code), archive_dir_));
}

void Otf2Status::fail_errno(const std::string& what, int error_number) const {
  throw std::runtime_error("cannot write the OTF2 trace in " + archive_dir_ + ": " + what + " failed: " +
                           std::strerror(error_number) + fix_for(code_of_errno(error_number), archive_dir_));
}

std::string Otf2Status::read_back(const std::string& path) const {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("reading back " + path + ": " + std::strerror(errno), OTF2_ERROR_EIO);
  std::string bytes(std::istreambuf_iterator<char>(in), {});
  if (!in.good() && !in.eof()) fail("reading back " + path, OTF2_ERROR_EIO);
  return bytes;
}

}  // namespace xo::tracer
