#pragma once
// The trace `xo record` asked for through XO_RUN_TRACE: an OTF2 writer observing the run (with the
// run's profile beside it), or with XO_RUN_PROFILE=1 (xo record --profile) the profile alone,
// written out once the run is over, failed runs included (their trace shows where they stopped).

#include <memory>
#include <string>

#include "xo/tracer/otf2_writer.hpp"
#include "xo/tracer/profile_writer.hpp"
#include "xo/tracer/run_profile.hpp"

namespace xo::program {

class RunTrace {
 public:
  // Nothing to record unless XO_RUN_TRACE names a directory. Throws std::runtime_error naming the
  // directory and the fix if the writer refuses it.
  static std::unique_ptr<RunTrace> from_environment();

  mpi::RunObserver* observer() { return writer_ ? static_cast<mpi::RunObserver*>(writer_.get()) : profile_.get(); }
  // Writes the archive and returns the line telling the user where it went. Throws
  // std::runtime_error if OTF2 cannot write it.
  std::string finish();

 private:
  RunTrace(std::string dir, tracer::Otf2WriterOptions options, bool profile_only);

  std::string dir_;
  std::unique_ptr<tracer::Otf2Writer> writer_;      // or
  std::unique_ptr<tracer::ProfileWriter> profile_;  // (xo record --profile)
};

}  // namespace xo::program
