#include "xo/analyzer/read_trace.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

#include "collective_assembler.hpp"
#include "definition_index.hpp"
#include "evt_file_decoder.hpp"
#include "location_reading.hpp"
#include "message_matcher.hpp"
#include "parallel_jobs.hpp"
#include "problem_log.hpp"
#include "protocol_labeler.hpp"
#include "read_threads.hpp"
#include "trace_damage.hpp"
#include "xo/analyzer/run_description.hpp"
#include "xo/tracer/otf2_trace_file.hpp"

namespace xo::analyzer {

namespace {

// Calls were read rank by rank in world-rank order, so each rank's rows are contiguous; the reader
// left each rank's count of calls after its first row.
void index_calls_by_rank(TraceModel& model) {
  std::vector<Index>& first = model.calls.first_of_rank;
  for (std::size_t r = 1; r < first.size(); ++r) first[r] += first[r - 1];
}

// XO_READ_DECODER: unset or empty for the own decoder with libotf2 behind it, `own` for the own
// decoder alone (a refusal is an error: to see why it refuses), `otf2` for libotf2 alone.
enum class DecoderChoice { Auto, Own, Otf2 };

DecoderChoice requested_decoder(const std::string& anchor_path) {
  const char* asked = std::getenv("XO_READ_DECODER");
  if (asked == nullptr || *asked == '\0') return DecoderChoice::Auto;
  if (std::strcmp(asked, "own") == 0) return DecoderChoice::Own;
  if (std::strcmp(asked, "otf2") == 0) return DecoderChoice::Otf2;
  throw TraceReadError("cannot read trace " + anchor_path + ": XO_READ_DECODER=" + asked +
                       ": give own (Crossover's event decoder alone) or otf2 (libotf2's), or unset it for the own "
                       "decoder with libotf2 reading what it refuses");
}

TraceModel read_with(const std::string& anchor_path, const ReadProgress& progress, EventDecoding decoding,
                     Damage damage) {
  TraceModel model;
  ProblemLog log(model.problems);
  tracer::Otf2TraceFile file(anchor_path);
  if (decoding == EventDecoding::Own && !file.plain_files()) {
    throw DecodingRefused("its files are not a plain file per location (another substrate, or compressed)");
  }
  tracer::AnchorFile anchor = file.read_anchor();
  model.run.creator = std::move(anchor.creator);
  model.run.machine_name = std::move(anchor.machine_name);
  model.run.description = std::move(anchor.description);
  model.run.properties = std::move(anchor.properties);
  model.run.crossover = decode_crossover_run(model.run.properties);
  const DefinitionIndex index = read_definition_index(file, model, log);
  check_archive_identity(file, index, model, log);
  refuse_if_damaged(anchor_path, model.problems, damage);  // before any event file is read

  const unsigned threads = read_threads(announced_events(index, model), file);
  EventRecords records = read_locations(file, index, model, threads, decoding, damage, progress);
  index_calls_by_rank(model);
  match_messages(records, model, log, threads);
  assemble_collectives(records, model, log);
  model.rma.events = std::move(records.rma_syncs);
  refuse_if_damaged(anchor_path, model.problems, damage);
  // Returning the records' memory costs about what labelling does, so the two go side by side.
  run_jobs(threads, {[&] { label_protocols(model); }, [&] { records = EventRecords{}; }});
  return model;
}

}  // namespace

// An archive the own decoder refuses anywhere (another writer's records, local definitions, damage)
// is read again through libotf2, which reads or names the problem as the reference does.
TraceModel read_trace(const std::string& anchor_path, const ReadProgress& progress, Damage damage) {
  const DecoderChoice choice = requested_decoder(anchor_path);
  if (choice != DecoderChoice::Otf2) {
    try {
      return read_with(anchor_path, progress, EventDecoding::Own, damage);
    } catch (const DecodingRefused& refused) {
      if (choice == DecoderChoice::Own) {
        throw TraceReadError("cannot read trace " + anchor_path + ": XO_READ_DECODER=own: Crossover's event decoder " +
                             "does not read it (" + refused.what() + "); unset XO_READ_DECODER to read it with " +
                             "libotf2");
      }
    }
  }
  return read_with(anchor_path, progress, EventDecoding::Otf2, damage);
}

}  // namespace xo::analyzer
