#pragma once
// The one layer between OTF2's event readers and Crossover's. OTF2 calls a function per record,
// through a local reader (one location: the trace model's parallel read) or the global one (every
// location merged in time order: the checker's); the two differ only in their callbacks' leading
// parameters. A Crossover reader is a class with a member function per record it interprets, and a
//
//   template <auto Member, typename... Record>
//   static void deliver(void* reader, OTF2_LocationRef, OTF2_TimeStamp, OTF2_AttributeList*, Record...);
//
// that calls the member as the reader wants it (the model decodes the attribute list first).
// route() registers one record, its parameters deduced from OTF2's setter, so each is one line;
// route_mpi_records() registers the records both readers interpret (otf2_mpi_records.def).

#include <otf2/otf2.h>

#include <cstdint>
#include <stdexcept>

namespace xo::tracer {

template <typename... Record>
using LocalEventCallback = OTF2_CallbackCode (*)(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t position, void*,
                                                 OTF2_AttributeList*, Record...);
template <typename... Record>
using GlobalEventCallback = OTF2_CallbackCode (*)(OTF2_LocationRef, OTF2_TimeStamp, void*, OTF2_AttributeList*,
                                                  Record...);

inline void registered_event_callback(OTF2_ErrorCode code) {
  if (code != OTF2_SUCCESS) throw std::logic_error("registering an OTF2 event callback failed");
}

template <typename Reader, auto Member, typename... Record>
OTF2_CallbackCode local_event(OTF2_LocationRef location, OTF2_TimeStamp time, std::uint64_t, void* reader,
                              OTF2_AttributeList* attributes, Record... record) {
  Reader::template deliver<Member>(reader, location, time, attributes, record...);
  return OTF2_CALLBACK_SUCCESS;
}

template <typename Reader, auto Member, typename... Record>
OTF2_CallbackCode global_event(OTF2_LocationRef location, OTF2_TimeStamp time, void* reader,
                               OTF2_AttributeList* attributes, Record... record) {
  Reader::template deliver<Member>(reader, location, time, attributes, record...);
  return OTF2_CALLBACK_SUCCESS;
}

template <typename Reader, auto Member, typename... Record>
void route(OTF2_ErrorCode (*set)(OTF2_EvtReaderCallbacks*, LocalEventCallback<Record...>),
           OTF2_EvtReaderCallbacks* callbacks) {
  registered_event_callback(set(callbacks, &local_event<Reader, Member, Record...>));
}

template <typename Reader, auto Member, typename... Record>
void route(OTF2_ErrorCode (*set)(OTF2_GlobalEvtReaderCallbacks*, GlobalEventCallback<Record...>),
           OTF2_GlobalEvtReaderCallbacks* callbacks) {
  registered_event_callback(set(callbacks, &global_event<Reader, Member, Record...>));
}

template <typename Reader>
void route_mpi_records(OTF2_EvtReaderCallbacks* callbacks) {
#define XO_OTF2_MPI_RECORD(record, member) \
  route<Reader, &Reader::member>(OTF2_EvtReaderCallbacks_Set##record##Callback, callbacks);
#include "xo/tracer/otf2_mpi_records.def"
#undef XO_OTF2_MPI_RECORD
}

template <typename Reader>
void route_mpi_records(OTF2_GlobalEvtReaderCallbacks* callbacks) {
#define XO_OTF2_MPI_RECORD(record, member) \
  route<Reader, &Reader::member>(OTF2_GlobalEvtReaderCallbacks_Set##record##Callback, callbacks);
#include "xo/tracer/otf2_mpi_records.def"
#undef XO_OTF2_MPI_RECORD
}

}  // namespace xo::tracer
