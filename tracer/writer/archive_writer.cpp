#include "archive_writer.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "archive_plan.hpp"
#include "archive_properties.hpp"
#include "event_selection.hpp"
#include "evt_file_encoder.hpp"
#include "global_definitions.hpp"
#include "lane_assignment.hpp"
#include "location_events.hpp"
#include "location_files.hpp"
#include "otf2_status.hpp"
#include "reproducible_trace_id.hpp"

namespace xo::tracer {

namespace {

// OTF2's documentation for a serial writer: flush a full chunk to its file, and no post-flush
// callback, so that no BufferFlush event (with a wall-clock time) enters the trace.
OTF2_FlushType flush_always(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
constexpr OTF2_FlushCallbacks kFlushCallbacks = {flush_always, nullptr};

// The smallest event chunks: a chunk is the unit readers load, and a run has many small locations.
constexpr std::uint64_t kEventChunkBytes = OTF2_CHUNK_SIZE_MIN;

// Locations are encoded and their files written on up to this many threads (the run is over: its
// simulation's one thread leaves every core free); each takes a few locations at a time, in order,
// so that the threads rarely meet.
constexpr unsigned kMostThreads = 4;
constexpr std::size_t kLocationsPerTake = 16;

// What a thread needs to encode a location, kept from one location to the next.
struct LocationScratch {
  EvtFileEncoder encoder{kEventChunkBytes};
  EventAttributes attributes;
  std::vector<PhaseSpan> phases;  // the rank's kept, to sort
};

// OTF2_Archive_Open: a definition chunk must hold the largest definition record (here the group
// of all ranks, at most 9 bytes a member) and be at least 10 bytes per location.
std::uint64_t definition_chunk_size(std::size_t locations, std::size_t ranks) {
  const std::uint64_t needed = std::max<std::uint64_t>(10 * locations, 9 * ranks + 4096);
  std::uint64_t size = OTF2_CHUNK_SIZE_MIN;
  while (size < needed && size < OTF2_CHUNK_SIZE_MAX) size *= 2;
  return size;
}

struct ArchiveCloser {
  void operator()(OTF2_Archive* archive) const { OTF2_Archive_Close(archive); }
};

class ArchiveWriter {
 public:
  ArchiveWriter(const std::string& dir, const TraceRecorder& run)
      : dir_(dir), status_(dir), run_(run), plan_(make_plan(run)) {}

  std::uint64_t write(const Otf2WriterOptions& options) {
    // The event files are this writer's own (evt_file_encoder.hpp), in OTF2's event chunk size;
    // the definition chunk size waits for the number of locations.
    archive_.reset(
        status_.check_handle(OTF2_Archive_Open(dir_.c_str(), "traces", OTF2_FILEMODE_WRITE, kEventChunkBytes,
                                               OTF2_UNDEFINED_UINT64, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE),
                             "opening the archive"));
    OTF2_Archive* a = archive_.get();
    status_.check(OTF2_Archive_SetFlushCallbacks(a, &kFlushCallbacks, nullptr), "setting the flush callbacks");
    status_.check(OTF2_Archive_SetSerialCollectiveCallbacks(a), "setting serial mode");
    set_archive_properties(a, run_, options, status_);

    const std::vector<OTF2_LocationRef> ids = traced_locations(options.filter);
    status_.check(OTF2_Archive_SetDefChunkSize(a, definition_chunk_size(ids.size(), run_.ranks().size())),
                  "setting the definition chunk size");
    if (!ids.empty()) {
      std::vector<std::string> names;
      names.reserve(ids.size());
      for (const OTF2_LocationRef id : ids) names.push_back(std::to_string(id));
      LocationFiles files(dir_ + "/traces", std::move(names), write_first_local_definitions(ids.front()));
      write_locations(ids, options.filter, files);
      if (files.failed()) status_.fail_errno(files.failure().what, files.failure().error_number);
      for (std::size_t i = 0; i < locations_.size(); ++i) locations_[i].digest = files.digests()[i];
    }

    OTF2_GlobalDefWriter* global =
        status_.check_handle(OTF2_Archive_GetGlobalDefWriter(a), "opening the global definitions");
    write_global_definitions(global, run_, plan_, locations_, status_);
    status_.check(OTF2_Archive_CloseGlobalDefWriter(a, global), "closing the global definitions");
    status_.check(OTF2_Archive_Close(archive_.release()), "closing the archive");
    make_trace_id_reproducible(dir_, status_);

    std::uint64_t events = 0;
    for (const LocationRecord& l : locations_) events += l.events;
    return events;
  }

 private:
  // The locations the archive will have: one per traced rank, id = world rank.
  std::vector<OTF2_LocationRef> traced_locations(const TraceFilter& filter) const {
    std::vector<OTF2_LocationRef> ids;
    for (std::size_t rank = 0; rank < run_.ranks().size(); ++rank) {
      if (filter.traces_rank(static_cast<int>(rank))) ids.push_back(static_cast<OTF2_LocationRef>(rank));
    }
    return ids;
  }

  // A location per traced rank (`ids`), its lanes' phases on tasks of its own: encoded and its
  // files written on every core there is, each thread taking the next few locations.
  void write_locations(const std::vector<OTF2_LocationRef>& ids, const TraceFilter& filter, LocationFiles& files) {
    const EventSelection selection(run_, filter);
    locations_.resize(ids.size());
    const std::int64_t end = run_.end_time();  // it looks at every rank: once
    std::atomic<std::size_t> next = 0;
    std::atomic<bool> stop = false;
    std::mutex failure_mutex;
    std::exception_ptr failure;  // the first thread's
    const auto work = [&] {
      try {
        LocationScratch scratch;
        for (std::size_t begin = next.fetch_add(kLocationsPerTake); begin < ids.size();
             begin = next.fetch_add(kLocationsPerTake)) {
          for (std::size_t i = begin; i < std::min(ids.size(), begin + kLocationsPerTake); ++i) {
            if (stop.load(std::memory_order_relaxed) || files.failed()) return;
            write_location(i, ids[i], selection, end, scratch, files);
          }
        }
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
    };
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const auto threads = static_cast<unsigned>(
        std::min<std::size_t>({cores, kMostThreads, (ids.size() + kLocationsPerTake - 1) / kLocationsPerTake}));
    std::vector<std::thread> helpers;
    for (unsigned k = 1; k < threads; ++k) {
      try {
        helpers.emplace_back(work);
      } catch (const std::system_error&) {
        break;  // the system gives no more threads: fewer do the work
      }
    }
    work();
    for (std::thread& helper : helpers) helper.join();
    if (failure) std::rethrow_exception(failure);
  }

  // The location of rank `rank`, the `index`th of the archive: encoded, and its files written.
  void write_location(std::size_t index, OTF2_LocationRef rank, const EventSelection& selection, std::int64_t end,
                      LocationScratch& scratch, LocationFiles& files) {
    const RankLog& log = run_.ranks()[rank];
    scratch.phases.clear();
    for (const PhaseSpan& p : log.phases) {
      if (selection.keeps_all() || selection.keeps_phase(rank, p)) scratch.phases.push_back(p);
    }
    const LaneAssignment lanes = assign_lanes(scratch.phases);
    const std::vector<bool>* kept = selection.keeps_all() ? nullptr : &selection.kept(rank);
    EvtFileEncoder& encoder = scratch.encoder;
    encoder.start();
    write_location_events(encoder, log, kept, scratch.phases, lanes, static_cast<std::uint32_t>(rank), plan_, end,
                          scratch.attributes);
    std::string name = "MPI Rank " + std::to_string(rank);
    // libotf2 would have refused the event: a bug of this writer's, not the run's.
    if (!encoder.in_time_order()) {
      status_.fail("writing the events of " + name + " in time order", OTF2_ERROR_INVALID_ARGUMENT);
    }
    if (!files.write(index, encoder.finish())) return;  // files.failure() says why
    locations_[index] = {rank, std::move(name), static_cast<OTF2_LocationGroupRef>(rank), encoder.events()};
  }

  // Empty local definitions, as readers open one per location: OTF2 writes the first location's,
  // whose bytes (a chunk header and the end of the file, nothing of the location's) every other
  // location's file copies (LocationFiles). Through OTF2 each file would cost a definition
  // chunk cleared, a search of OTF2's list of locations (which grows with each) and a buffered
  // stream: at 16,384 ranks about a fifth of the writing. Returns the bytes.
  std::string write_first_local_definitions(OTF2_LocationRef first) {
    OTF2_Archive* a = archive_.get();
    status_.check(OTF2_Archive_OpenDefFiles(a), "opening the local definition files");
    OTF2_DefWriter* defs = status_.check_handle(OTF2_Archive_GetDefWriter(a, first), "opening local definitions");
    status_.check(OTF2_Archive_CloseDefWriter(a, defs), "closing local definitions");
    status_.check(OTF2_Archive_CloseDefFiles(a), "closing the local definition files");
    return status_.read_back(dir_ + "/traces/" + std::to_string(first) + ".def");
  }

  const std::string& dir_;
  Otf2Status status_;
  const TraceRecorder& run_;
  ArchivePlan plan_;
  std::unique_ptr<OTF2_Archive, ArchiveCloser> archive_;
  std::vector<LocationRecord> locations_;
};

}  // namespace

std::uint64_t write_archive(const std::string& archive_dir, const Otf2WriterOptions& options,
                            const TraceRecorder& run) {
  return ArchiveWriter(archive_dir, run).write(options);
}

}  // namespace xo::tracer
