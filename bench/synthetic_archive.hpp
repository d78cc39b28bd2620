#pragma once
// The synthetic run the trace-reading benchmarks (analysis_speed, gui_speed) write: ranks in
// pairs exchanging MPI_Send/MPI_Recv, every tenth message MPI_Isend/MPI_Irecv with MPI_Wait, every
// hundredth step an MPI_Allreduce, an eager phase per message on the sender's network. 64 ranks
// and 40,000 steps make 10.9 M events and 1.27 M messages.

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "synthetic_calls.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::bench {

struct Written {
  double events = 0;
  double messages = 0;
};

// Each step, rank r and its partner r ^ 1 exchange one message, one sending and one receiving
// (turns alternate); every rank's own events are in time order.
inline Written write_archive(const std::string& dir, int ranks, int steps) {
  xo::tracer::Otf2Writer writer(dir, {"analysis_speed", "analysis_speed"});
  xo::mpi::RunInfo info;
  info.ranks = ranks;
  info.ranks_per_node = 4;
  info.machine = "loggp";
  info.compute_mode = "none";
  info.program_args = {"bench"};
  writer.run_started(info);
  std::vector<int> world(static_cast<std::size_t>(ranks));
  std::iota(world.begin(), world.end(), 0);
  writer.comm_defined({1, "MPI_COMM_WORLD", world, 0});
  Written written;
  std::int64_t t = 0;
  for (int i = 0; i < steps; ++i) {
    const std::int64_t bytes = 8 << (i % 12);
    const bool allreduce = i % 100 == 99;
    const bool nonblocking = i % 10 == 9;
    for (int rank = 0; rank < ranks; ++rank) {
      const int partner = rank ^ 1;
      const bool sends = (i + rank) % 2 == 0;
      if (allreduce) {
        xo::bench::report_allreduce(writer, rank, t);
        continue;
      }
      const auto request = static_cast<std::uint64_t>(i) + 1;
      const xo::mpi::MessageEvent m{1, partner, i, bytes, nonblocking ? request : 0};
      if (sends) {
        if (nonblocking) {
          writer.call_entered(rank, "MPI_Isend", t, 0);
          writer.isend(rank, m, t + 50);
          writer.call_left(rank, "MPI_Isend", t + 300);
          writer.call_entered(rank, "MPI_Wait", t + 400, 0);
          writer.isend_complete(rank, request, t + 800, t + 700);
          writer.call_left(rank, "MPI_Wait", t + 800);
        } else {
          writer.call_entered(rank, "MPI_Send", t, 0);
          writer.send(rank, m, t + 50);
          writer.call_left(rank, "MPI_Send", t + 600);
        }
        writer.phase({xo::mpi::Phase::Eager, "eager", rank, partner, bytes, t + 100, t + 700});
        ++written.messages;
      } else if (nonblocking) {
        writer.call_entered(rank, "MPI_Irecv", t, 0);
        writer.irecv_request(rank, request, t + 50);
        writer.call_left(rank, "MPI_Irecv", t + 100);
        writer.call_entered(rank, "MPI_Wait", t + 200, 0);
        writer.irecv(rank, m, t + 900, t + 800);
        writer.call_left(rank, "MPI_Wait", t + 900);
      } else {
        writer.call_entered(rank, "MPI_Recv", t, 0);
        writer.recv(rank, m, t + 900);
        writer.call_left(rank, "MPI_Recv", t + 900);
      }
    }
    t += allreduce ? 6000 : 1000;
  }
  writer.run_finished(t, 0);
  writer.finish();
  written.events = static_cast<double>(writer.events_written());
  return written;
}

}  // namespace xo::bench
