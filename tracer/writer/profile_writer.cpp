#include "xo/tracer/profile_writer.hpp"

#include <filesystem>
#include <stdexcept>

#include "archive_properties.hpp"
#include "profile_recorder.hpp"

namespace xo::tracer {

ProfileWriter::ProfileWriter(std::string dir, Otf2WriterOptions options)
    : dir_(std::move(dir)), options_(std::move(options)), recorder_(std::make_unique<ProfileRecorder>()) {
  std::error_code error;
  if (!std::filesystem::is_directory(dir_, error)) {
    throw std::runtime_error("cannot write the profile in " + dir_ + ": no such directory; create it first");
  }
}

ProfileWriter::~ProfileWriter() = default;

void ProfileWriter::run_started(const mpi::RunInfo& info) {
  info_ = info;
  recorder_->run_started(info);
}
void ProfileWriter::comm_defined(const mpi::CommInfo& comm) { recorder_->comm_defined(comm); }
void ProfileWriter::call_entered(int rank, const char* call, std::int64_t time_ps, std::uintptr_t) {
  recorder_->call_entered(rank, call, time_ps);
}
void ProfileWriter::call_left(int rank, const char*, std::int64_t time_ps) { recorder_->call_left(rank, time_ps); }
void ProfileWriter::send(int rank, const mpi::MessageEvent& m, std::int64_t) { recorder_->message(rank, m, true); }
void ProfileWriter::isend(int rank, const mpi::MessageEvent& m, std::int64_t) { recorder_->message(rank, m, true); }
void ProfileWriter::recv(int rank, const mpi::MessageEvent& m, std::int64_t) { recorder_->message(rank, m, false); }
void ProfileWriter::irecv(int rank, const mpi::MessageEvent& m, std::int64_t, std::int64_t) {
  recorder_->message(rank, m, false);
}
void ProfileWriter::collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t time_ps) {
  recorder_->collective_end(rank, c, time_ps);
}
void ProfileWriter::collective_complete(int rank, const mpi::CollectiveEvent& c, std::uint64_t, std::int64_t time_ps) {
  recorder_->collective_end(rank, c, time_ps);
}
void ProfileWriter::phase(const mpi::PhaseRecord& p) { recorder_->phase(p); }
void ProfileWriter::run_finished(std::int64_t end_ps, int exit_code) {
  exit_code_ = exit_code;
  recorder_->run_finished(end_ps);
}

std::string ProfileWriter::finish() {
  return recorder_->write(dir_, run_properties(info_, options_, exit_code_, failure_));
}

}  // namespace xo::tracer
