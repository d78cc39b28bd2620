// Trace speed: what tracing costs a run and how fast the archive is written. Synthetic observer
// calls for 64 ranks (each rank alternately sends and receives with MPI_Send / MPI_Recv, every
// tenth call is an MPI_Isend + MPI_Wait, every hundredth an MPI_Allreduce, and each message has
// an eager phase on its sender's network) go to an Otf2Writer, then finish() writes the archive.
// Figures: nanoseconds per recorded MPI call (its Enter, Leave, message event and phase: the
// cost a traced run pays per call), events written per second by finish(), and for comparison
// the same events written straight through OTF2. Each run happens in a forked child; figures are
// medians over runs.
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
#include "xo/tracer/otf2_writer.hpp"

namespace {

using xo::bench::median;
using xo::bench::peak_rss_kib;
using xo::bench::run_in_child;
using Clock = std::chrono::steady_clock;

constexpr int kRanks = 64;

struct Sample {
  double record_ns_per_call = 0;
  double write_events_per_s = 0;
  double otf2_events_per_s = 0;
  double events = 0;
  double calls = 0;
  double peak_rss_kib = 0;
};

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A directory of its own under the temporary directory, removed with its contents.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "xo_trace_speed_XXXXXX").string();
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

xo::mpi::RunInfo run_info() {
  xo::mpi::RunInfo info;
  info.ranks = kRanks;
  info.ranks_per_node = 4;
  info.machine = "xt3";
  info.compute_mode = "none";
  info.program_args = {"bench"};
  info.parameters = {{"L", "5.5"}, {"o_s", "2"}};
  info.environment = {{"MPICH_MAX_SHORT_MSG_SIZE", "128000"}};
  return info;
}

// `calls_per_rank` MPI calls on every rank, rank by rank as far as the observer is concerned:
// its contract is time order per rank only. Returns the number of MPI calls reported.
std::uint64_t report_calls(xo::mpi::RunObserver& o, int calls_per_rank) {
  std::uint64_t calls = 0;
  for (int rank = 0; rank < kRanks; ++rank) {
    const int partner = rank ^ 1;
    std::int64_t t = 0;
    for (int i = 0; i < calls_per_rank; ++i) {
      const std::int64_t bytes = 8 << (i % 12);
      const bool sends = (i + rank) % 2 == 0;
      if (i % 100 == 99) {
        o.call_entered(rank, "MPI_Allreduce", t);
        o.collective_begin(rank, t);
        xo::mpi::CollectiveEvent c;
        c.call = "MPI_Allreduce";
        c.comm_id = 1;
        c.bytes_sent = 8;
        c.bytes_received = 8;
        c.algorithm = "recursive_doubling";
        o.collective_end(rank, c, t + 5000);
        o.call_left(rank, "MPI_Allreduce", t + 5000);
      } else if (i % 10 == 9) {
        const auto request = static_cast<std::uint64_t>(i);
        o.call_entered(rank, "MPI_Isend", t);
        o.isend(rank, {1, partner, i, bytes, request}, t);
        o.call_left(rank, "MPI_Isend", t + 300);
        o.call_entered(rank, "MPI_Wait", t + 400);
        o.isend_complete(rank, request, t + 900);
        o.call_left(rank, "MPI_Wait", t + 900);
        o.phase({xo::mpi::Phase::Eager, "short", rank, partner, bytes, t + 100, t + 800});
        ++calls;
      } else if (sends) {
        o.call_entered(rank, "MPI_Send", t);
        o.send(rank, {1, partner, i, bytes, 0}, t + 50);
        o.call_left(rank, "MPI_Send", t + 600);
        o.phase({xo::mpi::Phase::Eager, "short", rank, partner, bytes, t + 100, t + 700});
      } else {
        o.call_entered(rank, "MPI_Recv", t);
        o.recv(rank, {1, partner, i, bytes, 0}, t + 900);
        o.call_left(rank, "MPI_Recv", t + 900);
      }
      ++calls;
      t += 1000;
    }
  }
  return calls;
}

Sample trace_once(int calls_per_rank) {
  Sample sample;
  ScratchDir dir;
  if (dir.path().empty()) return sample;
  xo::tracer::Otf2Writer writer(dir.path(), {"trace_speed", "trace_speed"});
  writer.run_started(run_info());
  std::vector<int> world(kRanks);
  std::iota(world.begin(), world.end(), 0);
  writer.comm_defined({1, "MPI_COMM_WORLD", world, 0});
  const auto start = Clock::now();
  const std::uint64_t calls = report_calls(writer, calls_per_rank);
  sample.record_ns_per_call = seconds_since(start) * 1e9 / static_cast<double>(calls);
  writer.run_finished(static_cast<std::int64_t>(calls_per_rank) * 1000, 0);
  const auto write_start = Clock::now();
  writer.finish();
  sample.write_events_per_s = static_cast<double>(writer.events_written()) / seconds_since(write_start);
  sample.events = static_cast<double>(writer.events_written());
  sample.calls = static_cast<double>(calls);
  sample.peak_rss_kib = peak_rss_kib();
  return sample;
}

OTF2_FlushType flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }

// The floor: OTF2 alone writing `events` events (Enter, MpiSend, Leave) over 64 locations.
Sample otf2_alone(double events) {
  Sample sample;
  ScratchDir dir;
  if (dir.path().empty()) return sample;
  const auto start = Clock::now();
  OTF2_Archive* archive =
      OTF2_Archive_Open(dir.path().c_str(), "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_EVENTS_DEFAULT,
                        OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  const OTF2_FlushCallbacks callbacks = {flush, nullptr};
  OTF2_Archive_SetFlushCallbacks(archive, &callbacks, nullptr);
  OTF2_Archive_SetSerialCollectiveCallbacks(archive);
  OTF2_Archive_OpenEvtFiles(archive);
  const auto per_location = static_cast<std::uint64_t>(events / kRanks / 3);
  for (OTF2_LocationRef location = 0; location < kRanks; ++location) {
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
  sample.otf2_events_per_s = static_cast<double>(per_location * 3 * kRanks) / seconds_since(start);
  return sample;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  int runs = 5;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
      runs = 1;
    } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: trace_speed [--quick] [--runs N]\n");
      return 2;
    }
  }
  const int calls_per_rank = quick ? 200 : 50000;
  std::vector<double> record, write, otf2, rss;
  Sample last;
  for (int r = 0; r < runs; ++r) {
    last = run_in_child([&] { return trace_once(calls_per_rank); });
    if (last.calls == 0) {
      std::fprintf(stderr, "trace_speed: the traced run failed\n");
      return 1;
    }
    record.push_back(last.record_ns_per_call);
    write.push_back(last.write_events_per_s / 1e6);
    rss.push_back(last.peak_rss_kib);
    otf2.push_back(run_in_child([&] { return otf2_alone(last.events); }).otf2_events_per_s / 1e6);
  }
  std::printf("Trace speed (%d ranks, %.0f MPI calls, %.0f events; median of %d runs)\n", kRanks, last.calls,
              last.events, runs);
  std::printf("  recording:    %8.1f ns per MPI call (Enter, Leave, message event, phase)\n", median(record));
  std::printf("  writing:      %8.2f M events/s (finish: definitions, lanes, events)\n", median(write));
  std::printf("  OTF2 alone:   %8.2f M events/s (the same number of Enter/MpiSend/Leave)\n", median(otf2));
  std::printf("  peak RSS:     %8.1f MB (%.1f bytes per event)\n", median(rss) / 1024,
              median(rss) * 1024 / last.events);
  return 0;
}
