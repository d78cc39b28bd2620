#pragma once
// An OTF2 archive in memory, as columns (struct of vectors): the run's description, definitions,
// and the events turned into calls, matched messages, collective instances, protocol phases and
// one-sided synchronisation.
// Rows refer to each other by index (model_ids.hpp). read_trace() (read_trace.hpp) builds it.

#include <algorithm>
#include <limits>
#include <string>

#include "xo/analyzer/call_site_table.hpp"
#include "xo/analyzer/call_table.hpp"
#include "xo/analyzer/collective_table.hpp"
#include "xo/analyzer/communicator_table.hpp"
#include "xo/analyzer/location_table.hpp"
#include "xo/analyzer/message_table.hpp"
#include "xo/analyzer/phase_table.hpp"
#include "xo/analyzer/read_problems.hpp"
#include "xo/analyzer/region_table.hpp"
#include "xo/analyzer/rma_sync_table.hpp"
#include "xo/analyzer/run_description.hpp"
#include "xo/analyzer/string_table.hpp"

namespace xo::analyzer {

struct TraceModel {
  RunDescription run;
  StringTable strings;
  LocationTable locations;
  RegionTable regions;
  CommunicatorTable communicators;
  CallTable calls;
  CallSiteTable call_sites;
  MessageTable messages;
  UnreceivedSendTable unreceived;
  CollectiveTable collectives;
  PhaseTable phases;
  RmaSyncTable rma;
  ReadProblems problems;
  std::uint64_t events = 0;  // events read, every location

  // World ranks: the size of the MPI COMM_LOCATIONS group (0 for a trace without MPI).
  int ranks() const { return static_cast<int>(locations.location_of_rank.size()); }
  // The row of world rank `rank`'s location, kNoIndex if it has none.
  Index rank_location(RankId rank) const {
    const auto at = static_cast<std::size_t>(rank);
    return rank >= 0 && at < locations.location_of_rank.size() ? locations.location_of_rank[at] : kNoIndex;
  }
  // A rank with events: it has a location, which a trace filter did not leave out.
  bool rank_traced(RankId rank) const {
    const Index row = rank_location(rank);
    return row != kNoIndex && locations.traced[row];
  }
  // A rank a trace filter left out (xo record --trace-ranks): its location has no events.
  bool rank_left_out(RankId rank) const {
    const Index row = rank_location(rank);
    return row != kNoIndex && !locations.traced[row];
  }
  // Of the ranks, those with events.
  int traced_ranks() const {
    int n = 0;
    for (RankId r = 0; r < ranks(); ++r) n += rank_traced(r) ? 1 : 0;
    return n;
  }
  bool is_mpi_call(Index call) const { return regions.is_mpi(calls.region[call]); }
  // The rank whose calls hold row `call`: a search of CallTable::first_of_rank.
  RankId call_rank(Index call) const {
    const auto after = std::upper_bound(calls.first_of_rank.begin(), calls.first_of_rank.end(), call);
    return static_cast<RankId>(after - calls.first_of_rank.begin() - 1);
  }
  RankId phase_rank(Index phase) const { return locations.world_rank[phases.location[phase]]; }
  // "MPI Rank 3 network", "MPI Rank 3 network 2": lane `lane` of the location at row `location`
  // (PhaseTable::lane); a location that is a lane keeps its own name.
  std::string lane_name(Index location, std::uint32_t lane) const {
    std::string name = locations.name[location];
    if (locations.kind[location] == LocationKind::NetworkLane) return name;
    name += " network";
    if (lane > 1) name += ' ' + std::to_string(lane);
    return name;
  }

  // A message's times and call that MessageTable stores only where its calls do not say them; NaN
  // where neither the trace nor a call says.
  //
  // The MpiRecv / MpiIrecv event: most often its call's leave.
  double receive_time(Index message) const {
    return messages.receive_time.get(message, [&] { return leave_of(messages.receive_call[message]); });
  }
  // When the send's buffer became free: the "buffer_free" attribute (a nonblocking send's request
  // completed, perhaps long before MPI_Wait saw it; a blocking send done inside an MPI_Sendrecv that
  // still waits for its receive), else a blocking send's leave.
  double send_buffer_free(Index message) const {
    return messages.send_buffer_free.get(message, [&] { return leave_of(messages.send_call[message]); });
  }
  // The call around MpiIsendComplete (MPI_Wait ...), else kNoIndex.
  Index send_complete_call(Index message) const {
    return messages.send_complete_call.get(message, [] { return kNoIndex; });
  }
  // Enter of the blocking receive call, or the MpiIrecvRequest.
  double receive_posted(Index message) const {
    return messages.receive_posted.get(message, [&] { return enter_of(messages.receive_call[message]); });
  }
  // When the receive was complete: a blocking receive's leave; a nonblocking one's "arrived"
  // attribute (the request completed, perhaps long before MPI_Wait saw it).
  double receive_complete(Index message) const {
    return messages.receive_complete.get(message, [&] { return leave_of(messages.receive_call[message]); });
  }
  // A call's enter and leave, NaN for kNoIndex.
  double enter_of(Index call) const { return call == kNoIndex ? kNoTime : calls.enter[call]; }
  double leave_of(Index call) const { return call == kNoIndex ? kNoTime : calls.leave[call]; }

  static constexpr double kNoTime = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace xo::analyzer
