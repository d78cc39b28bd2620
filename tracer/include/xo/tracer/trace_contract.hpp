#pragma once
// The trace contract: what Crossover's writer names and types its own definitions, and what the
// analyzer's reader looks them up by. One place, so that the two sides cannot drift apart
// (docs/trace_format.md describes each). The run's archive properties are in trace_properties.hpp.
// Header only: OTF2's type names, no OTF2 library.

#include <otf2/OTF2_GeneralDefinitions.h>

namespace xo::tracer::contract {

// An event attribute as the writer defines it. A reader takes any integer type for an integer
// attribute, so that other writers' widths are read too.
struct AttributeSpec {
  const char* name;
  OTF2_Type type;
  const char* description;
};

// On a protocol phase's Enter.
inline constexpr AttributeSpec kProtocolAttribute{"protocol", OTF2_TYPE_STRING,
                                                  "the machine's protocol path of this phase's message"};
inline constexpr AttributeSpec kBytesAttribute{"bytes", OTF2_TYPE_UINT64, "bytes this phase moves"};
inline constexpr AttributeSpec kPeerAttribute{"peer", OTF2_TYPE_INT32, "the other rank of this phase (MPI_COMM_WORLD)"};
// On a collective's end (MpiCollectiveEnd, NonBlockingCollectiveComplete).
inline constexpr AttributeSpec kAlgorithmAttribute{"algorithm", OTF2_TYPE_STRING,
                                                   "the collective algorithm the machine chose"};
// On MpiIsendComplete and a blocking MpiSend: a time stamp.
inline constexpr AttributeSpec kBufferFreeAttribute{
    "buffer_free", OTF2_TYPE_UINT64,
    "when the send's buffer became free: the request completed, before the call that reported it"};
// On MpiIrecv: a time stamp.
inline constexpr AttributeSpec kArrivedAttribute{
    "arrived", OTF2_TYPE_UINT64,
    "when the message had arrived and the receive request completed, before the call that reported it"};
// On an MPI call's Enter.
inline constexpr AttributeSpec kCallSiteAttribute{
    "callsite", OTF2_TYPE_CALLING_CONTEXT, "where the program made this MPI call: its function, source file and line"};

// MPI calls are regions of paradigm MPI named as the call, with this source file; protocol phases
// are regions of the hardware paradigm (the simulated machine's network interface at work, not the
// program's computation nor the tool's overhead) named as the phase.
inline constexpr const char* kMpiRegionFile = "MPI";
inline constexpr OTF2_Paradigm kProtocolPhaseParadigm = OTF2_PARADIGM_HARDWARE;
inline constexpr const char* kProtocolPhaseFile = "xo protocol";
inline constexpr const char* kProtocolPhaseDescription = "a protocol phase on the rank's network interface";

// Every rank is one location of this type, its id the world rank. Its MPI calls and records are
// on the location's implicit task; its protocol phases, which may overlap one another and the
// calls, are on tasks of their own (OTF2's ThreadTaskCreate/Switch/Complete, each task with its
// own Enter/Leave nesting), one task per network lane. The tasks belong to one thread team, the
// communicator named kNetworkLaneTeam whose group (of the hardware paradigm) lists every rank's
// location in world rank order: rank r's lane k is task (team, creating thread r, generation
// k + 1); generation 0 is the rank's implicit task. Traces written before this had a location of
// this type per lane in the rank's location group, after the rank's own; readers take both.
inline constexpr OTF2_LocationType kRankLocationType = OTF2_LOCATION_TYPE_CPU_THREAD;
inline constexpr OTF2_LocationType kNetworkLaneType = OTF2_LOCATION_TYPE_CPU_THREAD;
inline constexpr const char* kNetworkLaneTeam = "network lanes";
inline constexpr OTF2_Paradigm kNetworkLaneParadigm = OTF2_PARADIGM_HARDWARE;

}  // namespace xo::tracer::contract
