// Trace speed: what tracing costs a run and how fast the archive is written. Synthetic observer
// calls (each rank alternately sends and receives with MPI_Send / MPI_Recv, every tenth call is an
// MPI_Isend + MPI_Wait, every hundredth an MPI_Allreduce, and each message has an eager phase on
// its sender's network) go to an Otf2Writer, then finish() writes the archive: 64 ranks with many
// calls each, and 1,024 ranks with fewer (where the cost per location, two files, shows). Figures:
// nanoseconds per recorded MPI call (its Enter, Leave, message event and phase: the cost a traced
// run pays per call), events written per second by finish(), and for comparison the same number
// of plain events written straight through OTF2 on as many locations. Each run happens in a
// forked child; figures are medians over runs.
//
//   trace_speed [--quick] [--runs N]

#include <otf2/otf2.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <numeric>
#include <string>
#include <vector>

#include "child_run.hpp"
#include "scratch_dir.hpp"
#include "synthetic_calls.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace {

using xo::bench::median;
using xo::bench::peak_rss_kib;
using xo::bench::run_in_child;
using xo::bench::ScratchDir;
using Clock = std::chrono::steady_clock;

struct Scenario {
  int ranks;
  int calls_per_rank;
};

struct Sample {
  double record_ns_per_call = 0;
  double write_events_per_s = 0;
  double otf2_events_per_s = 0;
  double events = 0;
  double calls = 0;
  double peak_rss_kib = 0;
};

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

xo::mpi::RunInfo run_info(int ranks) {
  xo::mpi::RunInfo info;
  info.ranks = ranks;
  info.ranks_per_node = 4;
  info.machine = "xt3";
  info.compute_mode = "none";
  info.program_args = {"bench"};
  info.parameters = {{"L", "5.5"}, {"o_s", "2"}};
  info.environment = {{"MPICH_MAX_SHORT_MSG_SIZE", "128000"}};
  return info;
}

struct Reported {
  std::uint64_t calls = 0;
  std::int64_t end = 0;  // the latest rank clock
};

// `calls_per_rank` MPI calls on every rank, the ranks taking turns as a simulation's do (so each
// callback touches another rank's buffer); each rank's own events are in time order.
Reported report_calls(xo::mpi::RunObserver& o, const Scenario& s) {
  Reported reported;
  std::int64_t t = 0;  // every rank's clock: they move in step
  for (int i = 0; i < s.calls_per_rank; ++i) {
    const std::int64_t bytes = 8 << (i % 12);
    const bool allreduce = i % 100 == 99;
    for (int rank = 0; rank < s.ranks; ++rank) {
      const int partner = rank ^ 1;
      if (allreduce) {
        xo::bench::report_allreduce(o, rank, t);
      } else if (i % 10 == 9) {
        const auto request = static_cast<std::uint64_t>(i);
        o.call_entered(rank, "MPI_Isend", t, 0);
        o.isend(rank, {1, partner, i, bytes, request}, t);
        o.call_left(rank, "MPI_Isend", t + 300);
        o.call_entered(rank, "MPI_Wait", t + 400, 0);
        o.isend_complete(rank, request, t + 900, t + 800);
        o.call_left(rank, "MPI_Wait", t + 900);
        o.phase({xo::mpi::Phase::Eager, "short", rank, partner, bytes, t + 100, t + 800});
        ++reported.calls;
      } else if ((i + rank) % 2 == 0) {
        o.call_entered(rank, "MPI_Send", t, 0);
        o.send(rank, {1, partner, i, bytes, 0}, t + 50);
        o.call_left(rank, "MPI_Send", t + 600);
        o.phase({xo::mpi::Phase::Eager, "short", rank, partner, bytes, t + 100, t + 700});
      } else {
        o.call_entered(rank, "MPI_Recv", t, 0);
        o.recv(rank, {1, partner, i, bytes, 0}, t + 900);
        o.call_left(rank, "MPI_Recv", t + 900);
      }
      ++reported.calls;
    }
    t += allreduce ? 6000 : 1000;
  }
  reported.end = t;
  return reported;
}

Sample trace_once(const Scenario& s) {
  Sample sample;
  ScratchDir dir("xo_trace_speed");
  if (dir.path().empty()) return sample;
  xo::tracer::Otf2Writer writer(dir.path(), {"trace_speed", "trace_speed"});
  writer.run_started(run_info(s.ranks));
  std::vector<int> world(static_cast<std::size_t>(s.ranks));
  std::iota(world.begin(), world.end(), 0);
  writer.comm_defined({1, "MPI_COMM_WORLD", world, 0});
  const auto start = Clock::now();
  const Reported reported = report_calls(writer, s);
  sample.record_ns_per_call = seconds_since(start) * 1e9 / static_cast<double>(reported.calls);
  if (writer.repaired_events() != 0) return sample;  // the synthetic run broke the observer's contract
  writer.run_finished(reported.end, 0);
  const auto write_start = Clock::now();
  writer.finish();
  sample.write_events_per_s = static_cast<double>(writer.events_written()) / seconds_since(write_start);
  sample.events = static_cast<double>(writer.events_written());
  sample.calls = static_cast<double>(reported.calls);
  sample.peak_rss_kib = peak_rss_kib();
  return sample;
}

OTF2_FlushType flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }

// The floor: OTF2 alone writing `events` events (Enter, MpiSend, Leave) over `locations`
// locations, with the writer's event chunk size.
Sample otf2_alone(double events, int locations) {
  Sample sample;
  ScratchDir dir("xo_trace_speed");
  if (dir.path().empty()) return sample;
  const auto start = Clock::now();
  OTF2_Archive* archive =
      OTF2_Archive_Open(dir.path().c_str(), "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_MIN,
                        OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  const OTF2_FlushCallbacks callbacks = {flush, nullptr};
  OTF2_Archive_SetFlushCallbacks(archive, &callbacks, nullptr);
  OTF2_Archive_SetSerialCollectiveCallbacks(archive);
  OTF2_Archive_OpenEvtFiles(archive);
  const auto per_location = static_cast<std::uint64_t>(events / locations / 3);
  for (OTF2_LocationRef location = 0; location < static_cast<OTF2_LocationRef>(locations); ++location) {
    OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, location);
    for (std::uint64_t i = 0; i < per_location; ++i) {
      OTF2_EvtWriter_Enter(w, nullptr, i * 1000, 0);
      OTF2_EvtWriter_MpiSend(w, nullptr, i * 1000 + 50, location ^ 1, 0, static_cast<std::uint32_t>(i), 8 << (i % 12));
      OTF2_EvtWriter_Leave(w, nullptr, i * 1000 + 600, 0);
    }
    OTF2_Archive_CloseEvtWriter(archive, w);
  }
  OTF2_Archive_CloseEvtFiles(archive);
  OTF2_Archive_Close(archive);
  sample.otf2_events_per_s =
      static_cast<double>(per_location * 3 * static_cast<std::uint64_t>(locations)) / seconds_since(start);
  return sample;
}

}  // namespace

int main(int argc, char** argv) {
  xo::bench::RunCount count;
  if (!xo::bench::read_run_count(argc, argv, "trace_speed [--quick] [--runs N]", count)) return 2;
  const bool quick = count.quick;
  const int runs = count.runs;
  const std::vector<Scenario> scenarios = {{64, quick ? 200 : 50000}, {quick ? 256 : 1024, quick ? 10 : 200}};
  std::printf("Trace speed (median of %d runs)\n", runs);
  std::printf("%7s %10s %11s %14s %13s %13s %9s %10s\n", "ranks", "MPI calls", "events", "record ns/call",
              "write M ev/s", "OTF2 M ev/s", "peak MB", "B/event");
  for (const Scenario& s : scenarios) {
    std::vector<double> record, write, otf2, rss;
    Sample last;
    for (int r = 0; r < runs; ++r) {
      last = run_in_child([&] { return trace_once(s); });
      if (last.calls == 0) {
        std::fprintf(stderr, "trace_speed: the traced run of %d ranks failed\n", s.ranks);
        return 1;
      }
      record.push_back(last.record_ns_per_call);
      write.push_back(last.write_events_per_s / 1e6);
      rss.push_back(last.peak_rss_kib);
      otf2.push_back(run_in_child([&] { return otf2_alone(last.events, s.ranks); }).otf2_events_per_s / 1e6);
    }
    std::printf("%7d %10.0f %11.0f %14.1f %13.2f %13.2f %9.1f %10.1f\n", s.ranks, last.calls, last.events,
                median(record), median(write), median(otf2), median(rss) / 1024, median(rss) * 1024 / last.events);
  }
  return 0;
}
