#pragma once
// An OTF2 archive opened for reading, and the only place OTF2 reader calls are made. Every OTF2
// failure becomes one std::runtime_error naming the anchor file and OTF2's own first complaint;
// while the archive is open, OTF2's error messages are captured instead of printed.

#include <otf2/otf2.h>

#include <memory>
#include <string>
#include <vector>

namespace xo::tracer {

class Otf2Archive {
 public:
  explicit Otf2Archive(const std::string& anchor_path);

  void read_global_definitions(const OTF2_GlobalDefReaderCallbacks* callbacks, void* user_data);
  // Reads the events of `locations` merged in time order (OTF2's global event reader), after their
  // local definitions (mapping tables and clock offsets, which OTF2 then applies).
  void read_events(const std::vector<OTF2_LocationRef>& locations, const OTF2_GlobalEvtReaderCallbacks* callbacks,
                   void* user_data);

 private:
  // Routes OTF2's error messages to the exception for as long as it lives.
  class ErrorCapture {
   public:
    ErrorCapture();
    ~ErrorCapture();
    ErrorCapture(const ErrorCapture&) = delete;
    ErrorCapture& operator=(const ErrorCapture&) = delete;

   private:
    OTF2_ErrorCallback previous_;
  };
  struct ReaderClose {
    void operator()(OTF2_Reader* reader) const { OTF2_Reader_Close(reader); }
  };

  void check(OTF2_ErrorCode code, const std::string& doing) const;
  [[noreturn]] void fail(const std::string& doing, OTF2_ErrorCode code) const;

  std::string path_;
  ErrorCapture capture_;
  std::unique_ptr<OTF2_Reader, ReaderClose> reader_;
};

}  // namespace xo::tracer
