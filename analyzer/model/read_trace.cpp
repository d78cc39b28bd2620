#include "xo/analyzer/read_trace.hpp"

#include <string>

#include "collective_assembler.hpp"
#include "crossover_run_decoder.hpp"
#include "definition_index.hpp"
#include "definition_reader.hpp"
#include "location_reading.hpp"
#include "message_matcher.hpp"
#include "otf2_trace_file.hpp"
#include "parallel_jobs.hpp"
#include "problem_log.hpp"
#include "protocol_labeler.hpp"
#include "read_threads.hpp"

namespace xo::analyzer {

namespace {

// Calls were read rank by rank in world-rank order, so each rank's rows are contiguous.
void index_calls_by_rank(TraceModel& model) {
  CallTable& calls = model.calls;
  calls.first_of_rank.assign(static_cast<std::size_t>(model.ranks()) + 1, 0);
  for (RankId rank : calls.rank) ++calls.first_of_rank[static_cast<std::size_t>(rank) + 1];
  for (std::size_t r = 1; r < calls.first_of_rank.size(); ++r) calls.first_of_rank[r] += calls.first_of_rank[r - 1];
}

}  // namespace

TraceModel read_trace(const std::string& anchor_path, const ReadProgress& progress) {
  TraceModel model;
  ProblemLog log(model.problems);
  Otf2TraceFile file(anchor_path);
  file.read_anchor(model.run);
  model.run.crossover = decode_crossover_run(model.run.properties);
  const DefinitionIndex index = resolve_definitions(read_definitions(file), model, file, log);

  const unsigned threads = read_threads(announced_events(index, model), file);
  EventRecords records = read_locations(file, index, model, threads, progress);
  index_calls_by_rank(model);
  match_messages(records, model, log, threads);
  assemble_collectives(records, model, log);
  // Returning the records' memory costs about what labelling does, so the two go side by side.
  run_jobs(threads, {[&] { label_protocols(model); }, [&] { records = EventRecords{}; }});
  return model;
}

}  // namespace xo::analyzer
