#pragma once
// The attributes the event reader takes from an event's attribute list (Crossover's traces carry a
// call site on an MPI call's Enter, bytes and peer on a protocol phase, and so on).
//
// OTF2_AttributeList_GetAttributeByID reports an attribute the list lacks as an OTF2 error: its
// error callback runs (formatting the message, under Otf2ErrorCapture) for every event without the
// attribute, which made most Enters cost an error report. Presence is therefore tested first.

#include <otf2/otf2.h>

#include <cstdint>

namespace xo::analyzer {

// The attribute `ref` of `list` if present (and `ref` defined): its type and value.
inline bool find_attribute(const OTF2_AttributeList* list, OTF2_AttributeRef ref, OTF2_Type& type,
                           OTF2_AttributeValue& value) {
  return ref != OTF2_UNDEFINED_ATTRIBUTE && list != nullptr && OTF2_AttributeList_GetNumberOfElements(list) != 0 &&
         OTF2_AttributeList_TestAttributeByID(list, ref) &&
         OTF2_AttributeList_GetAttributeByID(list, ref, &type, &value) == OTF2_SUCCESS;
}

// An integer attribute of any integer type, if present.
inline bool integer_attribute(const OTF2_AttributeList* list, OTF2_AttributeRef ref, std::int64_t& out) {
  OTF2_Type type;
  OTF2_AttributeValue value;
  if (!find_attribute(list, ref, type, value)) return false;
  switch (type) {
    case OTF2_TYPE_UINT8:
      out = value.uint8;
      return true;
    case OTF2_TYPE_UINT16:
      out = value.uint16;
      return true;
    case OTF2_TYPE_UINT32:
      out = value.uint32;
      return true;
    case OTF2_TYPE_UINT64:
      out = static_cast<std::int64_t>(value.uint64);
      return true;
    case OTF2_TYPE_INT8:
      out = value.int8;
      return true;
    case OTF2_TYPE_INT16:
      out = value.int16;
      return true;
    case OTF2_TYPE_INT32:
      out = value.int32;
      return true;
    case OTF2_TYPE_INT64:
      out = value.int64;
      return true;
    default:
      return false;
  }
}

// A string attribute's string ref, if present and a string.
inline bool string_attribute(const OTF2_AttributeList* list, OTF2_AttributeRef ref, OTF2_StringRef& out) {
  OTF2_Type type;
  OTF2_AttributeValue value;
  if (!find_attribute(list, ref, type, value) || type != OTF2_TYPE_STRING) return false;
  out = value.stringRef;
  return true;
}

// A calling context attribute's ref, if present and a calling context.
inline bool calling_context_attribute(const OTF2_AttributeList* list, OTF2_AttributeRef ref,
                                      OTF2_CallingContextRef& out) {
  OTF2_Type type;
  OTF2_AttributeValue value;
  if (!find_attribute(list, ref, type, value) || type != OTF2_TYPE_CALLING_CONTEXT) return false;
  out = value.callingContextRef;
  return true;
}

}  // namespace xo::analyzer
