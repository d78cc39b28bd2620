// Analysis speed: how fast the analyzer's trace model reads an archive, against OTF2 reading the
// same archive with empty callbacks. A synthetic run (ranks in pairs: MPI_Send/MPI_Recv, every
// tenth message MPI_Isend/MPI_Irecv with MPI_Wait, every hundredth step an MPI_Allreduce; an eager
// phase per message on the sender's network) goes through the OTF2 writer once; then each run, in
// a forked child: a bare read of every location's events with the reader read_trace uses (local
// event readers), the same through OTF2's global reader merging the locations in time order (what
// many tools do), and read_trace itself. Figures: events per second (median over runs), the ratio
// of read_trace's time to the bare read's, read_trace's peak resident memory and that per event.
//
//   analysis_speed [--quick] [--runs N]

#include <otf2/otf2.h>
#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <string>
#include <vector>

#include "child_run.hpp"
#include "scratch_dir.hpp"
#include "synthetic_archive.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace {

using xo::bench::median;
using xo::bench::peak_rss_kib;
using xo::bench::run_in_child;
using xo::bench::ScratchDir;
using xo::bench::write_archive;
using xo::bench::Written;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

struct Sample {
  double events_per_s = 0;
  double seconds = 0;
  double peak_rss_kib = 0;
  double messages = 0;
  double problems = 0;
};

OTF2_CallbackCode ignore_location(void* locations, OTF2_LocationRef self, OTF2_StringRef, OTF2_LocationType,
                                  std::uint64_t, OTF2_LocationGroupRef) {
  static_cast<std::vector<OTF2_LocationRef>*>(locations)->push_back(self);
  return OTF2_CALLBACK_SUCCESS;
}

// Empty callbacks for the records read_trace handles, so that OTF2 decodes the same records.
template <class Callbacks, class... Setters>
void register_empty(Callbacks* c, Setters... setters) {
  (setters(c, [](auto...) { return OTF2_CALLBACK_SUCCESS; }), ...);
}

template <class Callbacks>
void empty_callbacks(Callbacks* c);

template <>
void empty_callbacks(OTF2_EvtReaderCallbacks* c) {
  register_empty(c, OTF2_EvtReaderCallbacks_SetEnterCallback, OTF2_EvtReaderCallbacks_SetLeaveCallback,
                 OTF2_EvtReaderCallbacks_SetMpiSendCallback, OTF2_EvtReaderCallbacks_SetMpiIsendCallback,
                 OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback,
                 OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback, OTF2_EvtReaderCallbacks_SetMpiRecvCallback,
                 OTF2_EvtReaderCallbacks_SetMpiIrecvCallback, OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback,
                 OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback,
                 OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback);
}

template <>
void empty_callbacks(OTF2_GlobalEvtReaderCallbacks* c) {
  register_empty(c, OTF2_GlobalEvtReaderCallbacks_SetEnterCallback, OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback,
                 OTF2_GlobalEvtReaderCallbacks_SetMpiSendCallback, OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCallback,
                 OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCompleteCallback,
                 OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvRequestCallback,
                 OTF2_GlobalEvtReaderCallbacks_SetMpiRecvCallback, OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvCallback,
                 OTF2_GlobalEvtReaderCallbacks_SetMpiRequestCancelledCallback,
                 OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveBeginCallback,
                 OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveEndCallback);
}

// OTF2 alone: definitions, then every location's local definitions and events. `merged` reads
// them through the global event reader (in time order across locations), otherwise one location
// at a time. Return codes are not checked: the archive is the one just written, and read_trace's
// run below would fail on it.
Sample bare_read(const std::string& anchor, double events, bool merged) {
  Sample sample;
  const auto start = Clock::now();
  OTF2_Reader* reader = OTF2_Reader_Open(anchor.c_str());
  OTF2_Reader_SetSerialCollectiveCallbacks(reader);
  std::vector<OTF2_LocationRef> locations;
  OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader);
  OTF2_GlobalDefReaderCallbacks* def_callbacks = OTF2_GlobalDefReaderCallbacks_New();
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(def_callbacks, ignore_location);
  OTF2_Reader_RegisterGlobalDefCallbacks(reader, defs, def_callbacks, &locations);
  std::uint64_t read = 0;
  OTF2_Reader_ReadAllGlobalDefinitions(reader, defs, &read);
  OTF2_Reader_CloseGlobalDefReader(reader, defs);
  OTF2_GlobalDefReaderCallbacks_Delete(def_callbacks);
  if (merged) {
    OTF2_Boolean global_only = OTF2_TRUE;
    OTF2_Reader_SetHint(reader, OTF2_HINT_GLOBAL_READER, &global_only);
  }
  for (OTF2_LocationRef l : locations) OTF2_Reader_SelectLocation(reader, l);
  OTF2_Reader_OpenDefFiles(reader);
  OTF2_Reader_OpenEvtFiles(reader);
  auto local_definitions = [&](OTF2_LocationRef l) {
    OTF2_DefReader* local = OTF2_Reader_GetDefReader(reader, l);
    OTF2_Reader_ReadAllLocalDefinitions(reader, local, &read);
    OTF2_Reader_CloseDefReader(reader, local);
  };
  if (merged) {
    for (OTF2_LocationRef l : locations) {
      local_definitions(l);
      OTF2_Reader_GetEvtReader(reader, l);
    }
    OTF2_GlobalEvtReader* all = OTF2_Reader_GetGlobalEvtReader(reader);
    OTF2_GlobalEvtReaderCallbacks* callbacks = OTF2_GlobalEvtReaderCallbacks_New();
    empty_callbacks(callbacks);
    OTF2_Reader_RegisterGlobalEvtCallbacks(reader, all, callbacks, nullptr);
    OTF2_Reader_ReadAllGlobalEvents(reader, all, &read);
    OTF2_Reader_CloseGlobalEvtReader(reader, all);
    OTF2_GlobalEvtReaderCallbacks_Delete(callbacks);
  } else {
    OTF2_EvtReaderCallbacks* callbacks = OTF2_EvtReaderCallbacks_New();
    empty_callbacks(callbacks);
    for (OTF2_LocationRef l : locations) {
      local_definitions(l);
      OTF2_EvtReader* one = OTF2_Reader_GetEvtReader(reader, l);
      OTF2_Reader_RegisterEvtCallbacks(reader, one, callbacks, nullptr);
      OTF2_Reader_ReadAllLocalEvents(reader, one, &read);
      OTF2_Reader_CloseEvtReader(reader, one);
    }
    OTF2_EvtReaderCallbacks_Delete(callbacks);
  }
  OTF2_Reader_CloseDefFiles(reader);
  OTF2_Reader_CloseEvtFiles(reader);
  OTF2_Reader_Close(reader);
  sample.seconds = seconds_since(start);
  sample.events_per_s = events / sample.seconds;
  sample.peak_rss_kib = peak_rss_kib();
  return sample;
}

Sample model_read(const std::string& anchor) {
  Sample sample;
  const auto start = Clock::now();
  const xo::analyzer::TraceModel model = xo::analyzer::read_trace(anchor);
  sample.seconds = seconds_since(start);
  sample.events_per_s = static_cast<double>(model.events) / sample.seconds;
  sample.peak_rss_kib = peak_rss_kib();
  sample.messages = static_cast<double>(model.messages.size());
  sample.problems = static_cast<double>(model.problems.total());
  return sample;
}

}  // namespace

int main(int argc, char** argv) {
  xo::bench::RunCount count;
  if (!xo::bench::read_run_count(argc, argv, "analysis_speed [--quick] [--runs N]", count)) return 2;
  const int ranks = count.quick ? 8 : 64;
  const int steps = count.quick ? 200 : 40000;
  ScratchDir dir("xo_analysis_speed");
  if (dir.path().empty()) return 1;
  // Written in a child, so that the readers' children do not inherit the writer's memory.
  const Written written = run_in_child([&] { return write_archive(dir.path(), ranks, steps); });
  if (written.events == 0) {
    std::fprintf(stderr, "analysis_speed: writing the archive failed\n");
    return 1;
  }
  const std::string anchor = dir.path() + "/traces.otf2";

  std::vector<double> local, merged, model, ratio, rss;
  Sample last;
  for (int r = 0; r < count.runs; ++r) {
    const Sample bare = run_in_child([&] { return bare_read(anchor, written.events, false); });
    const Sample global = run_in_child([&] { return bare_read(anchor, written.events, true); });
    last = run_in_child([&] { return model_read(anchor); });
    if (last.messages != written.messages || last.problems != 0) {
      std::fprintf(stderr, "analysis_speed: read_trace found %.0f messages of %.0f and %.0f problems\n", last.messages,
                   written.messages, last.problems);
      return 1;
    }
    local.push_back(bare.events_per_s / 1e6);
    merged.push_back(global.events_per_s / 1e6);
    model.push_back(last.events_per_s / 1e6);
    ratio.push_back(last.seconds / bare.seconds);
    rss.push_back(last.peak_rss_kib);
  }
  std::printf("Analysis speed: %d ranks, %.0f events, %.0f messages (median of %d runs)\n", ranks, written.events,
              written.messages, count.runs);
  std::printf("%22s %22s %18s %14s %12s %10s\n", "OTF2 bare M ev/s", "OTF2 merged M ev/s", "read_trace M ev/s",
              "time / bare", "peak MB", "B/event");
  std::printf("%22.2f %22.2f %18.2f %14.2f %12.1f %10.1f\n", median(local), median(merged), median(model),
              median(ratio), median(rss) / 1024, median(rss) * 1024 / written.events);
  return 0;
}
