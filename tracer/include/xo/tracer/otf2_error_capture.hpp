#pragma once
// While it lives, OTF2's error messages go to this object instead of stderr. OTF2 reports one
// failure as a cascade of messages from the innermost call outwards; the innermost names the cause
// (the file that is missing or short, the errno of a write), so the first one since the last
// clear() is kept. The writer, the trace model's reader and the checker all hold one while they
// call OTF2.
//
// Locations are read on several threads at once (the analyzer's location reading), each with an
// OTF2 reader of its own. OTF2 calls its error handler on the thread that failed, so each thread
// keeps its own first message: a thread's failure is described by its own cause, and no lock is
// taken.

#include <otf2/otf2.h>

#include <string>

namespace xo::tracer {

class Otf2ErrorCapture {
 public:
  // What OTF2 said first on a thread: the error code and OTF2's own words.
  struct Said {
    OTF2_ErrorCode code = OTF2_SUCCESS;  // OTF2_SUCCESS: nothing said
    std::string text;
  };

  // Forgets what OTF2 said before on this thread.
  Otf2ErrorCapture();
  // Restores the handler that was registered before. OTF2 does not return the previous handler's
  // user data; its default handler needs none.
  ~Otf2ErrorCapture();
  Otf2ErrorCapture(const Otf2ErrorCapture&) = delete;
  Otf2ErrorCapture& operator=(const Otf2ErrorCapture&) = delete;

  // What OTF2 said first on the calling thread since its last clear().
  static const Said& first();
  // The same as one phrase, "<the code's description>: <OTF2's words>", or "" if nothing was said.
  static std::string first_message();
  // Forgets what OTF2 said on the calling thread (after a failure that was expected and handled,
  // or before a thread starts reading).
  static void clear();

 private:
  static OTF2_ErrorCode keep(void* self, const char* file, uint64_t line, const char* function, OTF2_ErrorCode code,
                             const char* format, va_list args);

  OTF2_ErrorCallback previous_;
};

}  // namespace xo::tracer
