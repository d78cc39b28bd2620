#include "trace_damage.hpp"

#include <charconv>
#include <filesystem>
#include <optional>
#include <system_error>
#include <unordered_set>

#include "xo/tracer/trace_properties.hpp"

namespace xo::analyzer {

namespace {

// The location a file of the POSIX substrate belongs to ("<location>.evt"), if its name says one.
std::optional<OTF2_LocationRef> location_of(const std::filesystem::path& file) {
  const std::string stem = file.stem().string();
  OTF2_LocationRef location = 0;
  const auto [end, error] = std::from_chars(stem.data(), stem.data() + stem.size(), location);
  if (error != std::errc() || end != stem.data() + stem.size()) return std::nullopt;
  return location;
}

// Event files that no defined location owns: another run's traces/ copied over a smaller one.
void check_event_file_set(const tracer::Otf2TraceFile& file, const TraceModel& model, ProblemLog& log) {
  const std::filesystem::path dir = std::filesystem::path(file.location_file(0, ".evt")).parent_path();
  std::unordered_set<OTF2_LocationRef> defined(model.locations.id.begin(), model.locations.id.end());
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    if (entry.path().extension() != ".evt") continue;
    const std::optional<OTF2_LocationRef> location = location_of(entry.path());
    if (location && defined.count(*location)) continue;
    log.add(&ReadProblems::changed_files, [&] {
      return entry.path().string() + " belongs to no location of the definitions (" +
             std::to_string(model.locations.size()) + " locations): it was copied in from another trace";
    });
  }
}

}  // namespace

void check_archive_identity(const tracer::Otf2TraceFile& file, const DefinitionIndex& index, const TraceModel& model,
                            ProblemLog& log) {
  const auto seal = model.run.properties.find(tracer::kPropertyFileDigests);
  if (!index.digests && seal == model.run.properties.end()) return;  // not sealed
  if (seal != model.run.properties.end() && seal->second != tracer::kFileDigestsVersion) {
    log.add(&ReadProblems::changed_files, [&] {
      return file.path() + " is sealed with digest '" + seal->second + "', which this xo does not know (it knows " +
             tracer::kFileDigestsVersion + "): a newer xo wrote it (read it with that one: " + model.run.creator +
             "), or the anchor is damaged";
    });
    return;  // every digest would differ
  }
  if (file.identity_holds() != true) {
    log.add(&ReadProblems::changed_files, [&] {
      return file.path() +
             " and its global definitions (traces.def) are not the pair their writer wrote (the trace identifier "
             "does not match their contents): one was changed afterwards, or copied in from another trace";
    });
  }
  for (Index row = 0; row < model.locations.size(); ++row) {
    if (index.has_digest[row] || !model.locations.traced[row]) continue;
    log.add(&ReadProblems::changed_files, [&] {
      return "location " + std::to_string(model.locations.id[row]) + " (" + model.locations.name[row] +
             ") has no digest of its event file, which Crossover's writer records for every location: the global "
             "definitions were changed afterwards";
    });
  }
  const std::optional<int> ranks = model.run.crossover ? model.run.crossover->ranks : std::nullopt;
  if (ranks && *ranks != model.ranks()) {
    log.add(&ReadProblems::changed_files, [&] {
      return file.path() + " describes a run of " + std::to_string(*ranks) + " ranks, its definitions have " +
             std::to_string(model.ranks()) + ": the anchor was copied in from another trace";
    });
  }
  if (file.posix()) check_event_file_set(file, model, log);
}

void refuse_if_damaged(const std::string& anchor_path, const ReadProblems& problems, Damage damage) {
  if (damage == Damage::Tolerate || problems.damage() == 0) return;
  const std::uint64_t more = problems.damage() - 1;
  throw TraceReadError("cannot trust trace " + anchor_path + ": " + problems.first_damage +
                       (more > 0
                            ? " (and " + std::to_string(more) + " more sign" + (more > 1 ? "s" : "") + " of damage)"
                            : std::string()) +
                       "; figures from it would be wrong. Record the run again, or read it anyway with --tolerate "
                       "(every figure is then marked as coming from a damaged trace)");
}

}  // namespace xo::analyzer
