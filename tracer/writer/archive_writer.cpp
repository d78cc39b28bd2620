#include "archive_writer.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "archive_plan.hpp"
#include "archive_properties.hpp"
#include "chunk_pool.hpp"
#include "event_selection.hpp"
#include "global_definitions.hpp"
#include "lane_assignment.hpp"
#include "location_events.hpp"
#include "location_file_finisher.hpp"
#include "otf2_status.hpp"
#include "reproducible_trace_id.hpp"

namespace xo::tracer {

namespace {

// OTF2's documentation for a serial writer: flush a full chunk to its file, and no post-flush
// callback, so that no BufferFlush event (with a wall-clock time) enters the trace.
OTF2_FlushType flush_always(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
constexpr OTF2_FlushCallbacks kFlushCallbacks = {flush_always, nullptr};

// How many event files the finisher may fall behind before it hears of them: a notice a file
// would wake its thread thousands of times for little work each.
constexpr std::size_t kFilesPerNotice = 256;

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
struct AttributeListDeleter {
  void operator()(OTF2_AttributeList* list) const { OTF2_AttributeList_Delete(list); }
};

class ArchiveWriter {
 public:
  ArchiveWriter(const std::string& dir, const TraceRecorder& run)
      : dir_(dir), status_(dir), run_(run), plan_(make_plan(run)) {}

  std::uint64_t write(const Otf2WriterOptions& options) {
    // The smallest event chunks: OTF2 fills a chunk per location whatever it holds, and a run has
    // many locations; the definition chunk size waits for the number of locations.
    archive_.reset(
        status_.check_handle(OTF2_Archive_Open(dir_.c_str(), "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_MIN,
                                               OTF2_UNDEFINED_UINT64, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE),
                             "opening the archive"));
    OTF2_Archive* a = archive_.get();
    status_.check(OTF2_Archive_SetFlushCallbacks(a, &kFlushCallbacks, nullptr), "setting the flush callbacks");
    status_.check(OTF2_Archive_SetMemoryCallbacks(a, ChunkPool::callbacks(), &chunks_), "setting the memory callbacks");
    status_.check(OTF2_Archive_SetSerialCollectiveCallbacks(a), "setting serial mode");
    set_archive_properties(a, run_, options, status_);
    attributes_.reset(status_.check_handle(OTF2_AttributeList_New(), "making an attribute list"));

    const std::vector<OTF2_LocationRef> ids = traced_locations(options.filter);
    status_.check(OTF2_Archive_SetDefChunkSize(a, definition_chunk_size(ids.size(), run_.ranks().size())),
                  "setting the definition chunk size");
    std::optional<LocationFileFinisher> finisher;
    if (!ids.empty()) {
      std::vector<std::string> paths;
      paths.reserve(ids.size());
      for (const OTF2_LocationRef id : ids) paths.push_back(dir_ + "/traces/" + std::to_string(id));
      finisher.emplace(std::move(paths), write_first_local_definitions(ids.front()));
    }
    status_.check(OTF2_Archive_OpenEvtFiles(a), "opening the event files");
    write_rank_locations(options.filter, finisher ? &*finisher : nullptr);
    status_.check(OTF2_Archive_CloseEvtFiles(a), "closing the event files");
    if (finisher) {
      LocationFileFinisher::Result files = finisher->finish();
      if (!files.error.empty()) status_.fail(files.error, OTF2_ERROR_EIO);
      for (std::size_t i = 0; i < locations_.size(); ++i) locations_[i].digest = files.digests[i];
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

  // A location per traced rank, its lanes' phases on tasks of its own; `finisher` hears of every
  // few event files closed.
  void write_rank_locations(const TraceFilter& filter, LocationFileFinisher* finisher) {
    const std::int64_t end = run_.end_time();
    const EventSelection selection(run_, filter);
    std::vector<PhaseSpan> phases;  // the rank's, to sort
    for (std::size_t rank = 0; rank < run_.ranks().size(); ++rank) {
      if (!filter.traces_rank(static_cast<int>(rank))) continue;
      const RankLog& log = run_.ranks()[rank];
      phases.clear();
      for (const PhaseSpan& p : log.phases) {
        if (selection.keeps_all() || selection.keeps_phase(rank, p)) phases.push_back(p);
      }
      const LaneAssignment lanes = assign_lanes(phases);
      const auto id = static_cast<OTF2_LocationRef>(rank);
      std::string name = "MPI Rank " + std::to_string(rank);
      const std::vector<bool>* kept = selection.keeps_all() ? nullptr : &selection.kept(rank);
      const std::uint64_t events = write_location(id, name, [&](OTF2_EvtWriter* w) {
        return write_location_events(w, log, kept, phases, lanes, static_cast<std::uint32_t>(rank), plan_, end,
                                     attributes_.get());
      });
      locations_.push_back({id, std::move(name), static_cast<OTF2_LocationGroupRef>(rank), events});
      if (finisher && locations_.size() % kFilesPerNotice == 0) finisher->closed(locations_.size());
    }
  }

  // Empty local definitions, as readers open one per location: OTF2 writes the first location's,
  // whose bytes (a chunk header and the end of the file, nothing of the location's) every other
  // location's file copies (LocationFileFinisher). Through OTF2 each file would cost a definition
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

  // Writes one location's events; returns how many.
  template <typename WriteEvents>
  std::uint64_t write_location(OTF2_LocationRef id, const std::string& name, const WriteEvents& write_events) {
    OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive_.get(), id);
    if (w == nullptr) status_.fail("opening the event writer of " + name, OTF2_ERROR_INVALID);
    const OTF2_ErrorCode code = write_events(w);
    if (code != OTF2_SUCCESS) status_.fail("writing the events of " + name, code);
    std::uint64_t events = 0;
    status_.check(OTF2_EvtWriter_GetNumberOfEvents(w, &events), "counting events");
    status_.check(OTF2_Archive_CloseEvtWriter(archive_.get(), w), "closing an event writer");
    return events;
  }

  const std::string& dir_;
  Otf2Status status_;
  const TraceRecorder& run_;
  ArchivePlan plan_;
  ChunkPool chunks_;  // outlives the archive
  std::unique_ptr<OTF2_Archive, ArchiveCloser> archive_;
  std::unique_ptr<OTF2_AttributeList, AttributeListDeleter> attributes_;
  std::vector<LocationRecord> locations_;
};

}  // namespace

std::uint64_t write_archive(const std::string& archive_dir, const Otf2WriterOptions& options,
                            const TraceRecorder& run) {
  return ArchiveWriter(archive_dir, run).write(options);
}

}  // namespace xo::tracer
