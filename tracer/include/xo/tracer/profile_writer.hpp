#pragma once
// A run observer that keeps only the run's profile (run_profile.hpp): what `xo record --profile`
// attaches instead of the OTF2 writer, for runs too large to trace. Its cost does not grow with the
// run's length; finish() writes DIR/profile.xop.

#include <memory>
#include <optional>
#include <string>

#include "xo/reference_mpi/run_observer.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::tracer {

class ProfileRecorder;

class ProfileWriter final : public mpi::RunObserver {
 public:
  // `dir` must be an existing directory; throws std::runtime_error naming it and the fix if not.
  ProfileWriter(std::string dir, Otf2WriterOptions options);
  ~ProfileWriter() override;
  ProfileWriter(const ProfileWriter&) = delete;
  ProfileWriter& operator=(const ProfileWriter&) = delete;

  void run_started(const mpi::RunInfo& info) override;
  void comm_defined(const mpi::CommInfo& comm) override;
  void call_entered(int rank, const char* call, std::int64_t time_ps, std::uintptr_t call_site) override;
  bool wants_call_sites() const override { return false; }  // a profile keeps none
  void call_left(int rank, const char* call, std::int64_t time_ps) override;
  void send(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) override;
  void isend(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) override;
  void recv(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) override;
  void irecv(int rank, const mpi::MessageEvent& m, std::int64_t time_ps, std::int64_t arrived_ps) override;
  void collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t time_ps) override;
  void collective_complete(int rank, const mpi::CollectiveEvent& c, std::uint64_t request_id,
                           std::int64_t time_ps) override;
  void phase(const mpi::PhaseRecord& p) override;
  void run_failed(const mpi::RunFailure& failure) override { failure_ = failure; }
  void run_finished(std::int64_t end_ps, int exit_code) override;

  // Writes the profile; the path written.
  std::string finish();

 private:
  std::string dir_;
  Otf2WriterOptions options_;
  std::unique_ptr<ProfileRecorder> recorder_;
  mpi::RunInfo info_;
  std::optional<int> exit_code_;
  std::optional<mpi::RunFailure> failure_;
};

}  // namespace xo::tracer
