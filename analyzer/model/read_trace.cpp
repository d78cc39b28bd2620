#include "xo/analyzer/read_trace.hpp"

#include <string>

#include "collective_assembler.hpp"
#include "crossover_run_decoder.hpp"
#include "definition_index.hpp"
#include "definition_reader.hpp"
#include "event_reader.hpp"
#include "message_matcher.hpp"
#include "otf2_trace_file.hpp"
#include "problem_log.hpp"
#include "protocol_labeler.hpp"

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

  std::uint64_t announced = 0;
  std::uint64_t rank_events = 0;
  std::uint64_t lane_events = 0;
  std::vector<OTF2_LocationRef> refs;
  for (Index row : index.read_order) {
    const std::uint64_t events = model.locations.events[row];
    announced += events;
    (model.locations.kind[row] == LocationKind::Rank ? rank_events : lane_events) += events;
    refs.push_back(model.locations.id[row]);
  }
  EventReader reader(index, model, log);
  reader.reserve(rank_events, lane_events);
  const auto callbacks = EventReader::callbacks();
  file.open_events(refs);
  for (Index row : index.read_order) {
    reader.begin_location(row);
    file.read_location(model.locations.id[row], model.locations.events[row], callbacks.get(), &reader,
                       [&](std::uint64_t n) {
                         model.events += n;
                         if (progress) progress(model.events, announced);
                       });
    reader.end_location();
  }
  file.close_events();

  index_calls_by_rank(model);
  match_messages(reader.records(), model, log);
  assemble_collectives(reader.records(), model, log);
  label_protocols(model);
  return model;
}

}  // namespace xo::analyzer
