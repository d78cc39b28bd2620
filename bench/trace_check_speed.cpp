// Trace checking speed: events per wall-clock second and peak memory of check_trace on a
// synthetic archive of MPI-like traffic (a ring of blocking Send/Recv pairs, every 8th step an
// Isend/Irecv pair completed by a Waitall, every 64th an Allreduce, all in MPI_Xxx regions). Each
// check runs in a forked child so that its peak resident memory is its own; figures are medians.
//
// OTF2's merged reader holds one event chunk per location, so the writer's chunk size (--chunk-kib,
// OTF2's default 1,024) sets most of the memory on many locations.
//
//   trace_check_speed [--quick] [--events N] [--ranks N] [--chunk-kib N] [--runs N]

#include <otf2/otf2.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "child_run.hpp"
#include "scratch_dir.hpp"
#include "xo/tracer/trace_check.hpp"

namespace {

using xo::bench::median;
using xo::bench::peak_rss_kib;
using xo::bench::run_in_child;

struct Sample {
  double wall_seconds = 0;
  double events = 0;
  double problems = 0;
  double peak_rss_kib = 0;
};

void ok(OTF2_ErrorCode code) {
  if (code != OTF2_SUCCESS) throw std::runtime_error(std::string("OTF2 writer: ") + OTF2_Error_GetName(code));
}

enum Region : OTF2_RegionRef { kMain, kSend, kRecv, kIrecv, kIsend, kWaitall, kAllreduce, kRegions };
const char* const kRegionNames[kRegions] = {"main",      "MPI_Send",    "MPI_Recv",     "MPI_Irecv",
                                            "MPI_Isend", "MPI_Waitall", "MPI_Allreduce"};

// One rank's events for `steps` ring steps; time advances 1,000 ticks a step, and each rank sends
// before its neighbour's receive completes.
void write_rank(OTF2_EvtWriter* w, std::uint32_t rank, std::uint32_t ranks, std::uint64_t steps) {
  const std::uint32_t right = (rank + 1) % ranks, left = (rank + ranks - 1) % ranks;
  ok(OTF2_EvtWriter_Enter(w, nullptr, 0, kMain));
  for (std::uint64_t s = 0; s < steps; ++s) {
    const OTF2_TimeStamp t = 1000 * s + 1;
    ok(OTF2_EvtWriter_Enter(w, nullptr, t, kSend));
    ok(OTF2_EvtWriter_MpiSend(w, nullptr, t + 1, right, 0, 0, 1024));
    ok(OTF2_EvtWriter_Leave(w, nullptr, t + 2, kSend));
    ok(OTF2_EvtWriter_Enter(w, nullptr, t + 3, kRecv));
    ok(OTF2_EvtWriter_MpiRecv(w, nullptr, t + 400, left, 0, 0, 1024));
    ok(OTF2_EvtWriter_Leave(w, nullptr, t + 401, kRecv));
    if (s % 8 == 0) {
      ok(OTF2_EvtWriter_Enter(w, nullptr, t + 410, kIrecv));
      ok(OTF2_EvtWriter_MpiIrecvRequest(w, nullptr, t + 411, 2 * s));
      ok(OTF2_EvtWriter_Leave(w, nullptr, t + 412, kIrecv));
      ok(OTF2_EvtWriter_Enter(w, nullptr, t + 420, kIsend));
      ok(OTF2_EvtWriter_MpiIsend(w, nullptr, t + 421, left, 0, 1, 64, 2 * s + 1));
      ok(OTF2_EvtWriter_Leave(w, nullptr, t + 422, kIsend));
      ok(OTF2_EvtWriter_Enter(w, nullptr, t + 600, kWaitall));
      ok(OTF2_EvtWriter_MpiIrecv(w, nullptr, t + 601, right, 0, 1, 64, 2 * s));
      ok(OTF2_EvtWriter_MpiIsendComplete(w, nullptr, t + 602, 2 * s + 1));
      ok(OTF2_EvtWriter_Leave(w, nullptr, t + 603, kWaitall));
    }
    if (s % 64 == 0) {
      ok(OTF2_EvtWriter_Enter(w, nullptr, t + 700, kAllreduce));
      ok(OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, t + 701));
      ok(OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, t + 900, OTF2_COLLECTIVE_OP_ALLREDUCE, 0,
                                         OTF2_COLLECTIVE_ROOT_NONE, 8, 8));
      ok(OTF2_EvtWriter_Leave(w, nullptr, t + 901, kAllreduce));
    }
  }
  ok(OTF2_EvtWriter_Leave(w, nullptr, 1000 * steps + 1, kMain));
}

// Writes the archive into `dir` and returns the anchor file's path.
std::string write_archive(const std::string& dir, std::uint32_t ranks, std::uint64_t steps, std::uint64_t chunk) {
  OTF2_Archive* archive =
      OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, chunk, OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT,
                        OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == nullptr) throw std::runtime_error("cannot create an OTF2 archive in " + dir);
  OTF2_FlushCallbacks flush{
      [](void*, OTF2_FileType, OTF2_LocationRef, void*, bool) -> OTF2_FlushType { return OTF2_FLUSH; }, nullptr};
  ok(OTF2_Archive_SetFlushCallbacks(archive, &flush, nullptr));
  ok(OTF2_Archive_SetSerialCollectiveCallbacks(archive));
  ok(OTF2_Archive_OpenEvtFiles(archive));
  std::vector<std::uint64_t> counts;
  for (std::uint32_t r = 0; r < ranks; ++r) {
    OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, r);
    if (w == nullptr) throw std::runtime_error("no OTF2 event writer");
    write_rank(w, r, ranks, steps);
    ok(OTF2_EvtWriter_GetNumberOfEvents(w, &counts.emplace_back()));
    ok(OTF2_Archive_CloseEvtWriter(archive, w));
  }
  ok(OTF2_Archive_CloseEvtFiles(archive));

  OTF2_GlobalDefWriter* defs = OTF2_Archive_GetGlobalDefWriter(archive);
  OTF2_StringRef next_string = 0;
  auto string = [&](const std::string& text) {
    ok(OTF2_GlobalDefWriter_WriteString(defs, next_string, text.c_str()));
    return next_string++;
  };
  ok(OTF2_GlobalDefWriter_WriteClockProperties(defs, 1000000000, 0, 1000 * steps + 2, OTF2_UNDEFINED_TIMESTAMP));
  ok(OTF2_GlobalDefWriter_WriteSystemTreeNode(defs, 0, string("machine"), string("machine"),
                                              OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  std::vector<std::uint64_t> members;
  for (std::uint32_t r = 0; r < ranks; ++r) {
    const OTF2_StringRef name = string("rank " + std::to_string(r));
    ok(OTF2_GlobalDefWriter_WriteLocationGroup(defs, r, name, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                               OTF2_UNDEFINED_LOCATION_GROUP));
    ok(OTF2_GlobalDefWriter_WriteLocation(defs, r, name, OTF2_LOCATION_TYPE_CPU_THREAD, counts[r], r));
    members.push_back(r);
  }
  for (OTF2_RegionRef r = 0; r < kRegions; ++r) {
    const OTF2_StringRef name = string(kRegionNames[r]);
    ok(OTF2_GlobalDefWriter_WriteRegion(defs, r, name, name, name, OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI,
                                        OTF2_REGION_FLAG_NONE, name, 0, 0));
  }
  ok(OTF2_GlobalDefWriter_WriteGroup(defs, 0, string("MPI locations"), OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                     OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, ranks, members.data()));
  ok(OTF2_GlobalDefWriter_WriteGroup(defs, 1, string("world"), OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                     OTF2_GROUP_FLAG_NONE, ranks, members.data()));
  ok(OTF2_GlobalDefWriter_WriteComm(defs, 0, string("MPI_COMM_WORLD"), 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
  ok(OTF2_Archive_Close(archive));
  return dir + "/traces.otf2";
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t events = 10'000'000;
  std::uint32_t ranks = 64;
  std::uint64_t chunk = OTF2_CHUNK_SIZE_EVENTS_DEFAULT;
  int runs = 3;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--quick") {
      events = 100'000;
      runs = 1;
    } else if (arg == "--events" && i + 1 < argc) {
      events = std::stoull(argv[++i]);
    } else if (arg == "--ranks" && i + 1 < argc) {
      ranks = static_cast<std::uint32_t>(std::stoul(argv[++i]));
    } else if (arg == "--chunk-kib" && i + 1 < argc) {
      chunk = std::stoull(argv[++i]) * 1024;
    } else if (arg == "--runs" && i + 1 < argc) {
      runs = std::stoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: trace_check_speed [--quick] [--events N] [--ranks N] [--chunk-kib N] [--runs N]\n");
      return 2;
    }
  }
  if (chunk < OTF2_CHUNK_SIZE_MIN || chunk > OTF2_CHUNK_SIZE_MAX) {
    std::fprintf(stderr, "trace_check_speed: --chunk-kib must be between %llu and %llu (OTF2's limits)\n",
                 static_cast<unsigned long long>(OTF2_CHUNK_SIZE_MIN / 1024),
                 static_cast<unsigned long long>(OTF2_CHUNK_SIZE_MAX / 1024));
    return 2;
  }
  // A step writes 6 events, plus 10 every 8th step and 4 every 64th: 7.3 on average.
  const std::uint64_t steps = std::max<std::uint64_t>(1, events * 64 / (std::uint64_t{ranks} * 468));

  const xo::bench::ScratchDir scratch("xo-trace-check-speed");
  if (scratch.path().empty()) return 1;
  const std::string& dir = scratch.path();
  const std::string anchor = dir + "/archive/traces.otf2";
  // Written in a child too, so that the writer's buffers do not count towards the checks' memory.
  struct Written {
    bool ok = false;
  };
  if (!run_in_child([&] { return Written{write_archive(dir + "/archive", ranks, steps, chunk) == anchor}; }).ok) {
    std::fprintf(stderr, "trace_check_speed: writing the archive failed\n");
    return 1;
  }

  std::vector<double> seconds, rss;
  Sample last;
  for (int r = 0; r < runs; ++r) {
    last = run_in_child([&] {
      const auto start = std::chrono::steady_clock::now();
      const xo::tracer::TraceCheckReport report = xo::tracer::check_trace(anchor);
      const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
      return Sample{wall.count(), static_cast<double>(report.events),
                    static_cast<double>(report.problems.size() + report.problems_not_recorded), peak_rss_kib()};
    });
    seconds.push_back(last.wall_seconds);
    rss.push_back(last.peak_rss_kib);
  }
  if (last.events == 0 || last.problems != 0) {
    std::fprintf(stderr, "trace_check_speed: the check failed (%.0f events, %.0f problems)\n", last.events,
                 last.problems);
    return 1;
  }
  const double wall = median(seconds);
  std::printf(
      "%.0f events on %u locations, %llu KiB event chunks: %.2f s, %.2f M events/s, peak RSS %.1f MiB "
      "(median of %d)\n",
      last.events, ranks, static_cast<unsigned long long>(chunk / 1024), wall, last.events / wall / 1e6,
      median(rss) / 1024, runs);
  return 0;
}
