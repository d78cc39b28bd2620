#include "location_reading.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "event_reader.hpp"

namespace xo::analyzer {

namespace {

// A contiguous share of the read order and what reading it gave.
struct Share {
  std::size_t begin = 0;
  std::size_t end = 0;
  CallTable calls;
  PhaseTable phases;
  ReadProblems problems;
  EventRecords records;
  std::exception_ptr failure;
};

template <class T>
void append(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

Index shifted(Index row, std::size_t by) { return row == kNoIndex ? kNoIndex : static_cast<Index>(row + by); }

// Appends a share's rows to the model's tables, its records' call rows moved past the calls before.
void append_share(Share& share, TraceModel& model, EventRecords& records) {
  const std::size_t calls_before = model.calls.size();
  CallTable& calls = model.calls;
  append(calls.rank, share.calls.rank);
  append(calls.region, share.calls.region);
  append(calls.depth, share.calls.depth);
  append(calls.enter, share.calls.enter);
  append(calls.leave, share.calls.leave);
  append(calls.is_mpi, share.calls.is_mpi);
  append(calls.site, share.calls.site);
  PhaseTable& phases = model.phases;
  append(phases.rank, share.phases.rank);
  append(phases.region, share.phases.region);
  append(phases.lane, share.phases.lane);
  append(phases.start, share.phases.start);
  append(phases.end, share.phases.end);
  append(phases.protocol, share.phases.protocol);
  append(phases.bytes, share.phases.bytes);
  append(phases.peer, share.phases.peer);
  for (SendRecord s : share.records.sends) {
    s.call = shifted(s.call, calls_before);
    s.complete_call = shifted(s.complete_call, calls_before);
    records.sends.push_back(s);
  }
  for (ReceiveRecord r : share.records.receives) {
    r.call = shifted(r.call, calls_before);
    records.receives.push_back(r);
  }
  for (CollectiveMemberRecord c : share.records.collective_members) {
    c.call = shifted(c.call, calls_before);
    c.complete_call = shifted(c.complete_call, calls_before);
    records.collective_members.push_back(c);
  }
  model.problems.add(share.problems, ProblemLog::kExamples);
}

// Threads to read `events` with (location_reading.hpp).
unsigned reading_threads(std::uint64_t events) {
  if (const char* forced = std::getenv("XO_READ_THREADS"); forced != nullptr && *forced != '\0') {
    return static_cast<unsigned>(std::clamp(std::atoi(forced), 1, 64));
  }
  constexpr std::uint64_t kParallelEvents = 200'000;
  if (events < kParallelEvents) return 1;
  return std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
}

}  // namespace

EventRecords read_locations(Otf2TraceFile& file, const DefinitionIndex& index, TraceModel& model,
                            const ReadProgress& progress) {
  const std::vector<Index>& order = index.read_order;
  std::uint64_t announced = 0;
  std::vector<OTF2_LocationRef> refs;
  for (Index row : order) {
    announced += model.locations.events[row];
    refs.push_back(model.locations.id[row]);
  }
  const auto callbacks = EventReader::callbacks();
  const unsigned threads = std::max(1u, std::min(reading_threads(announced), static_cast<unsigned>(order.size())));
  file.open_events(refs);

  // Shares of about equal events, in read order.
  std::vector<Share> shares(threads);
  const std::uint64_t per_share = announced / threads + 1;
  std::size_t at = 0;
  for (unsigned t = 0; t < threads; ++t) {
    shares[t].begin = at;
    std::uint64_t taken = 0;
    while (at < order.size() && (taken < per_share || t + 1 == threads)) taken += model.locations.events[order[at++]];
    shares[t].end = at;
  }
  std::atomic<std::uint64_t> read{0};
  std::mutex progress_mutex;
  auto read_share = [&](Share& share) {
    try {
      ProblemLog share_log(share.problems);
      EventReader reader(index, model, {share.calls, share.phases, share.problems, model.locations.kind}, share_log);
      std::uint64_t share_rank_events = 0, share_lane_events = 0;
      for (std::size_t i = share.begin; i < share.end; ++i) {
        const Index row = order[i];
        (model.locations.kind[row] == LocationKind::Rank ? share_rank_events : share_lane_events) +=
            model.locations.events[row];
      }
      reader.reserve(share_rank_events, share_lane_events);
      for (std::size_t i = share.begin; i < share.end; ++i) {
        const Index row = order[i];
        reader.begin_location(row);
        file.read_location(model.locations.id[row], model.locations.events[row], callbacks.get(), &reader,
                           [&](std::uint64_t n) {
                             const std::uint64_t so_far = read += n;
                             if (!progress) return;
                             const std::lock_guard lock(progress_mutex);
                             progress(so_far, announced);
                           });
        reader.end_location();
      }
      share.records = std::move(reader.records());
    } catch (...) {
      share.failure = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(read_share, std::ref(shares[t]));
  read_share(shares[0]);
  for (std::thread& w : workers) w.join();
  for (const Share& share : shares) {  // the first failure in read order, as one thread would meet it
    if (share.failure) std::rethrow_exception(share.failure);
  }
  file.close_events();
  model.events = read;
  // The first share's tables become the model's; the others are appended, each freed once copied.
  model.calls = std::move(shares[0].calls);
  model.phases = std::move(shares[0].phases);
  model.problems.add(shares[0].problems, ProblemLog::kExamples);
  EventRecords records = std::move(shares[0].records);
  for (std::size_t t = 1; t < shares.size(); ++t) {
    append_share(shares[t], model, records);
    shares[t] = Share{};
  }
  return records;
}

}  // namespace xo::analyzer
