#include "location_reading.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "event_reader.hpp"
#include "evt_file_decoder.hpp"
#include "otf2_event_files.hpp"
#include "parallel_jobs.hpp"
#include "trace_damage.hpp"
#include "xo/analyzer/huge_page_reserve.hpp"
#include "xo/tracer/file_digest.hpp"

namespace xo::analyzer {

namespace {

// A contiguous share of the read order and what reading it gave. The first share's calls and
// phases are the model's own tables.
struct Share {
  std::size_t begin = 0;
  std::size_t end = 0;
  CallTable calls;
  PhaseTable phases;
  ReadProblems problems;
  EventRecords records;
  std::size_t calls_before = 0;  // rows of the shares before
  std::size_t call_rows = 0;     // its own
};

using Job = std::function<void()>;

Index shifted(Index row, std::size_t by) { return row == kNoIndex ? kNoIndex : static_cast<Index>(row + by); }

// Appends the column `of(share)` of every share after the first to `to`, and frees it; a column of
// call rows has them moved past the calls of the shares before.
template <class T, class Of>
Job append_rows(std::vector<T>& to, std::vector<Share>& shares, Of of, bool of_call_rows) {
  return [&to, &shares, of, of_call_rows] {
    for (std::size_t s = 1; s < shares.size(); ++s) {
      const std::size_t at = to.size();
      append_releasing(to, of(shares[s]));
      if constexpr (std::is_same_v<T, Index>) {
        if (of_call_rows) {
          for (std::size_t k = at; k < to.size(); ++k) to[k] = shifted(to[k], shares[s].calls_before);
        }
      }
    }
  };
}

// A column of the calls or phases tables: the first share's are the model's own.
template <class Table, class T>
Job append_column(std::vector<T>& to, std::vector<Share>& shares, Table Share::*table, std::vector<T> Table::*column) {
  return append_rows(
      to, shares, [table, column](Share& s) -> std::vector<T>& { return s.*table.*column; }, false);
}

// Appends the collective (or RMA synchronisation) records of every share after the first to the
// first's, their call rows moved past the calls of the shares before.
template <class Record>
Job append_records(std::vector<Share>& shares, std::vector<Record> EventRecords::*records) {
  return [&shares, records] {
    std::vector<Record>& to = shares[0].records.*records;
    for (std::size_t s = 1; s < shares.size(); ++s) {
      std::vector<Record>& from = shares[s].records.*records;
      const std::size_t by = shares[s].calls_before;
      for (Record r : from) {
        r.call = shifted(r.call, by);
        if constexpr (requires { r.complete_call; }) r.complete_call = shifted(r.complete_call, by);
        to.push_back(r);
      }
      std::vector<Record>().swap(from);
    }
  };
}

// A column that appends its own kind (SparseColumn, NarrowColumn): `of` every share after the
// first appended to `to`, and freed.
template <class Column, class Of>
Job append_whole(Column& to, std::vector<Share>& shares, Of of) {
  return [&to, &shares, of] {
    for (std::size_t s = 1; s < shares.size(); ++s) to.append(of(shares[s]));
  };
}

// The call sites of the shares after the first appended to the first's. A share whose calls named
// no site has no column: the model's exists only if some share's does, filled out with kNoIndex.
Job append_sites(std::vector<Share>& shares, CallTable& calls) {
  return [&shares, &calls] {
    const bool named = !calls.site.empty() || std::any_of(shares.begin() + 1, shares.end(),
                                                          [](const Share& s) { return !s.calls.site.empty(); });
    if (!named) return;
    calls.site.resize(shares[0].call_rows, kNoIndex);
    for (std::size_t s = 1; s < shares.size(); ++s) {
      std::vector<Index>& from = shares[s].calls.site;
      from.resize(shares[s].call_rows, kNoIndex);
      calls.site.insert(calls.site.end(), from.begin(), from.end());
      std::vector<Index>().swap(from);
    }
  };
}

template <class A, class B>
bool same_member(A a, B b) {
  if constexpr (std::is_same_v<A, B>) return a == b;
  return false;
}

// A column of the message sides, appended to the first share's.
template <class Sides, class T>
Job append_side_column(std::vector<Share>& shares, Sides EventRecords::*sides, std::vector<T> Sides::*column) {
  const bool of_calls = std::apply([column](auto... call_column) { return (same_member(call_column, column) || ...); },
                                   Sides::kCallColumns);
  return append_rows(
      shares[0].records.*sides.*column, shares,
      [sides, column](Share& s) -> std::vector<T>& { return s.records.*sides.*column; }, of_calls);
}

// A sparse column of the message sides, appended to the first share's; a column of call rows has
// them moved past the calls of the shares before.
template <class Sides, class T>
Job append_sparse_side_column(std::vector<Share>& shares, Sides EventRecords::*sides, SparseColumn<T> Sides::*column,
                              bool of_call_rows) {
  return [&shares, sides, column, of_call_rows] {
    SparseColumn<T>& to = shares[0].records.*sides.*column;
    for (std::size_t s = 1; s < shares.size(); ++s) {
      const std::size_t by = of_call_rows ? shares[s].calls_before : 0;
      to.append(shares[s].records.*sides.*column, [by](T value) {
        if constexpr (std::is_same_v<T, Index>) return shifted(value, by);
        return value;
      });
    }
  };
}

template <class Sides>
void add_side_jobs(std::vector<Share>& shares, Sides EventRecords::*sides, std::vector<Job>& jobs) {
  std::apply([&](auto... column) { (jobs.push_back(append_side_column(shares, sides, column)), ...); },
             Sides::kColumns);
  std::apply(
      [&](auto... column) {
        (jobs.push_back(append_whole(
             shares[0].records.*sides.*column, shares,
             [ sides, column ](Share & s) -> auto& { return s.records.*sides.*column; })),
         ...);
      },
      Sides::kNarrowColumns);
}

// The model's tables get the rows of the shares after the first, a job per column.
std::vector<Job> appending_jobs(std::vector<Share>& shares, TraceModel& model) {
  CallTable& c = model.calls;
  PhaseTable& p = model.phases;
  constexpr auto calls = &Share::calls;
  constexpr auto phases = &Share::phases;
  // The widest columns first, so that the threads finish together.
  std::vector<Job> jobs;
  add_side_jobs(shares, &EventRecords::sends, jobs);
  add_side_jobs(shares, &EventRecords::receives, jobs);
  jobs.insert(jobs.end(), {append_sparse_side_column(shares, &EventRecords::sends, &SendSides::buffer_free, false),
                           append_sparse_side_column(shares, &EventRecords::sends, &SendSides::complete_call, true),
                           append_sparse_side_column(shares, &EventRecords::receives, &ReceiveSides::posted, false),
                           append_sparse_side_column(shares, &EventRecords::receives, &ReceiveSides::arrived, false),
                           append_sparse_side_column(shares, &EventRecords::receives, &ReceiveSides::time, false)});
  jobs.insert(jobs.end(), {append_records(shares, &EventRecords::collective_members),
                           append_records(shares, &EventRecords::rma_syncs),
                           append_column(c.enter, shares, calls, &CallTable::enter),
                           append_column(c.leave, shares, calls, &CallTable::leave),
                           append_column(p.start, shares, phases, &PhaseTable::start),
                           append_column(p.end, shares, phases, &PhaseTable::end),
                           append_whole(
                               p.bytes, shares, [](Share & s) -> auto& { return s.phases.bytes; }),
                           append_whole(
                               c.region, shares, [](Share & s) -> auto& { return s.calls.region; }),
                           append_sites(shares, c),
                           append_whole(
                               p.region, shares, [](Share & s) -> auto& { return s.phases.region; }),
                           append_whole(
                               p.location, shares, [](Share & s) -> auto& { return s.phases.location; }),
                           append_whole(
                               p.lane, shares, [](Share & s) -> auto& { return s.phases.lane; }),
                           append_whole(
                               p.protocol, shares, [](Share & s) -> auto& { return s.phases.protocol; }),
                           append_column(p.peer, shares, phases, &PhaseTable::peer),
                           append_whole(
                               c.depth, shares, [](Share & s) -> auto& { return s.calls.depth; })});
  return jobs;
}

// Whether the event file of a location of Crossover's is the one its writer digested.
void check_digest(const std::string& evt, Index row, std::uint64_t digest, const DefinitionIndex& index,
                  ProblemLog& log) {
  if (!index.has_digest[row] || digest == index.digest[row]) return;
  log.add(&ReadProblems::changed_files, [&] {
    return evt +
           " is not the file its writer wrote (its digest differs from the one recorded): it was changed or "
           "cut afterwards, or copied in from another trace";
  });
}

// Crossover writes no local definitions; any found would remap the events' references unseen.
void check_no_local_definitions(const std::string& def, Index row, const DefinitionIndex& index, ProblemLog& log) {
  if (!index.has_digest[row] || no_local_definitions(def)) return;
  log.add(&ReadProblems::changed_files, [&] {
    return def + " holds local definitions, which Crossover's writer never writes: it was changed afterwards";
  });
}

// A count of 0 in another writer's archive may mean it did not count (otf2_event_files.cpp).
void check_event_count(const std::string& evt, Index row, std::uint64_t events, const DefinitionIndex& index,
                       const TraceModel& model, ProblemLog& log) {
  if (events <= model.locations.events[row] || (model.locations.events[row] == 0 && !index.has_digest[row])) return;
  log.add(&ReadProblems::event_count_mismatches, [&] {
    return evt + " holds more events than the " + std::to_string(model.locations.events[row]) +
           " its definition announces";
  });
}

}  // namespace

std::uint64_t announced_events(const DefinitionIndex& index, const TraceModel& model) {
  std::uint64_t events = 0;
  for (Index row : index.read_order) events += model.locations.events[row];
  return events;
}

EventRecords read_locations(tracer::Otf2TraceFile& file, const DefinitionIndex& index, TraceModel& model,
                            unsigned threads, EventDecoding decoding, Damage damage, const ReadProgress& progress) {
  const std::vector<Index>& order = index.read_order;
  const LocationTable& locations = model.locations;
  const std::uint64_t announced = announced_events(index, model);
  threads = std::max(1u, std::min(threads, static_cast<unsigned>(order.size())));

  // Shares of about equal events, in read order.
  std::vector<Share> shares(threads);
  const std::uint64_t per_share = announced / threads + 1;
  std::size_t at = 0;
  for (unsigned t = 0; t < threads; ++t) {
    shares[t].begin = at;
    std::uint64_t taken = 0;
    while (at < order.size() && (taken < per_share || t + 1 == threads)) taken += locations.events[order[at++]];
    shares[t].end = at;
  }
  // Events on rank locations and on network lanes, of each share and of all.
  auto events_of = [&](std::size_t begin, std::size_t end) {
    std::uint64_t rank = 0, lane = 0;
    for (std::size_t i = begin; i < end; ++i) {
      (locations.kind[order[i]] == LocationKind::Rank ? rank : lane) += locations.events[order[i]];
    }
    return std::pair(rank, lane);
  };
  const auto [all_rank_events, all_lane_events] = events_of(0, order.size());

  // Each rank's location counts its calls and message sides into its own entries.
  const std::size_t rank_entries = static_cast<std::size_t>(model.ranks()) + 1;
  model.calls.first_of_rank.assign(rank_entries, 0);
  std::vector<Index> sends_of_rank(rank_entries, 0), receives_of_rank(rank_entries, 0);
  // libotf2's callbacks, shared by the threads; the own decoder calls the reader directly.
  const auto callbacks = decoding == EventDecoding::Otf2 ? EventReader::callbacks() : nullptr;
  std::atomic<std::uint64_t> read{0};
  std::mutex progress_mutex;
  auto read_share = [&](Share& share, bool first) {
    ProblemLog share_log(share.problems);
    EventReader reader(index, model,
                       {first ? model.calls : share.calls,
                        first ? model.phases : share.phases,
                        share.problems,
                        model.locations.kind,
                        {model.calls.first_of_rank, sends_of_rank, receives_of_rank}},
                       share_log);
    // The first share's tables take the others' rows afterwards: room for all of them.
    const auto [rank_events, lane_events] =
        first ? std::pair(all_rank_events, all_lane_events) : events_of(share.begin, share.end);
    reader.reserve(rank_events, lane_events);
    const auto chunk_read = [&](std::uint64_t n) {
      const std::uint64_t so_far = read += n;
      if (!progress) return;
      const std::lock_guard lock(progress_mutex);
      progress(so_far, announced);
    };
    if (decoding == EventDecoding::Own) {
      EvtFileDecoder decoder(file.event_chunk_bytes());
      for (std::size_t i = share.begin; i < share.end; ++i) {
        const Index row = order[i];
        const OTF2_LocationRef id = locations.id[row];
        reader.begin_location(row);
        const std::string evt = file.location_file(id, ".evt");
        const std::uint64_t events = decoder.decode(evt, file.location_file(id, ".def"), reader, chunk_read);
        if (events < locations.events[row]) {
          throw DecodingRefused(evt + " holds fewer events than its definition announces");
        }
        reader.end_location();
        check_digest(evt, row, decoder.digest(), index, share_log);
        check_event_count(evt, row, events, index, model, share_log);
        refuse_if_damaged(file.path(), share.problems, damage);
      }
    } else {
      std::vector<OTF2_LocationRef> refs;
      for (std::size_t i = share.begin; i < share.end; ++i) refs.push_back(locations.id[order[i]]);
      Otf2EventFiles files(file, refs);
      for (std::size_t i = share.begin; i < share.end; ++i) {
        const Index row = order[i];
        const OTF2_LocationRef id = locations.id[row];
        const std::string evt = file.posix() ? file.location_file(id, ".evt") : "";
        std::optional<std::uint64_t> digest;  // of a file Crossover sealed
        if (file.posix() && index.has_digest[row]) {
          file.check_complete(evt);              // a cut file is named so, before its digest differs
          digest = tracer::digest_of_file(evt);  // none for a file that is not regular: read_location names it
          check_no_local_definitions(file.location_file(id, ".def"), row, index, share_log);
          // Refused before libotf2 parses the bytes: it reads past what a damaged chunk holds.
          if (damage == Damage::Refuse && digest) check_digest(evt, row, *digest, index, share_log);
          refuse_if_damaged(file.path(), share.problems, damage);
        }
        reader.begin_location(row);
        const std::uint64_t events =
            files.read_location(id, locations.events[row], callbacks.get(), &reader, chunk_read);
        reader.end_location();
        // Tolerated, logged where the own decoder logs it, so both read the same problems.
        if (damage == Damage::Tolerate && digest) check_digest(evt, row, *digest, index, share_log);
        check_event_count(file.posix() ? evt : "location " + std::to_string(id), row, events, index, model, share_log);
        refuse_if_damaged(file.path(), share.problems, damage);
      }
      files.close();
    }
    share.records = std::move(reader.records());
  };
  std::vector<Job> reading;
  for (unsigned t = 0; t < threads; ++t) reading.push_back([&, t] { read_share(shares[t], t == 0); });
  run_jobs(threads, reading);  // the first failure in read order, as one thread would meet it
  model.events = read;

  std::size_t calls = model.calls.size();
  shares[0].call_rows = calls;
  for (std::size_t s = 1; s < shares.size(); ++s) {
    shares[s].calls_before = calls;
    shares[s].call_rows = shares[s].calls.size();
    calls += shares[s].call_rows;
  }
  run_jobs(threads, appending_jobs(shares, model));
  EventRecords& records = shares[0].records;
  for (auto* counts : {&sends_of_rank, &receives_of_rank}) {
    for (std::size_t r = 1; r < counts->size(); ++r) (*counts)[r] += (*counts)[r - 1];
  }
  records.sends.first_of_rank = std::move(sends_of_rank);
  records.receives.first_of_rank = std::move(receives_of_rank);
  for (const Share& share : shares) model.problems.add(share.problems, ProblemLog::kExamples);
  return std::move(records);
}

}  // namespace xo::analyzer
