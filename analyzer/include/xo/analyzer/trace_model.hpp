#pragma once
// An OTF2 archive in memory, as columns (struct of vectors): the run's description, definitions,
// and the events turned into calls, matched messages, collective instances and protocol phases.
// Rows refer to each other by index (model_ids.hpp). read_trace() (read_trace.hpp) builds it.

#include "xo/analyzer/call_site_table.hpp"
#include "xo/analyzer/call_table.hpp"
#include "xo/analyzer/collective_table.hpp"
#include "xo/analyzer/communicator_table.hpp"
#include "xo/analyzer/location_table.hpp"
#include "xo/analyzer/message_table.hpp"
#include "xo/analyzer/phase_table.hpp"
#include "xo/analyzer/read_problems.hpp"
#include "xo/analyzer/region_table.hpp"
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
  ReadProblems problems;
  std::uint64_t events = 0;  // events read, every location

  // World ranks: the size of the MPI COMM_LOCATIONS group (0 for a trace without MPI).
  int ranks() const { return static_cast<int>(locations.location_of_rank.size()); }
  bool is_mpi_call(Index call) const { return regions.is_mpi(calls.region[call]); }
  RankId phase_rank(Index phase) const { return locations.world_rank[phases.lane[phase]]; }
};

}  // namespace xo::analyzer
