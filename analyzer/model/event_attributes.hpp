#pragma once
// The attributes the event reader takes from an event's attribute list (Crossover's traces carry a
// call site on an MPI call's Enter, bytes and peer on a protocol phase, and so on). Events come
// with either OTF2's attribute list (read through libotf2) or the entries Crossover's own event
// file decoder read (evt_file_decoder.hpp); EventAttributes looks in either.
//
// OTF2_AttributeList_GetAttributeByID reports an attribute the list lacks as an OTF2 error: its
// error callback runs (formatting the message, under Otf2ErrorCapture) for every event without the
// attribute, which made most Enters cost an error report. Presence is therefore tested first.

#include <otf2/otf2.h>

#include <array>
#include <cstdint>

namespace xo::analyzer {

// An attribute list as the own decoder reads it: a few entries, looked up by a linear scan.
struct DecodedAttributes {
  static constexpr std::uint32_t kMost = 16;  // a longer list is left to libotf2
  struct Entry {
    OTF2_AttributeRef ref;
    OTF2_Type type;
    OTF2_AttributeValue value;
  };
  std::array<Entry, kMost> entries;
  std::uint32_t count = 0;
};

class EventAttributes {
 public:
  explicit EventAttributes(const OTF2_AttributeList* list) : otf2_(list) {}
  explicit EventAttributes(const DecodedAttributes& decoded) : decoded_(&decoded) {}

  // The attribute `ref` if present (and `ref` defined): its type and value.
  bool find(OTF2_AttributeRef ref, OTF2_Type& type, OTF2_AttributeValue& value) const {
    if (ref == OTF2_UNDEFINED_ATTRIBUTE) return false;
    if (decoded_ != nullptr) {
      for (std::uint32_t i = 0; i < decoded_->count; ++i) {
        if (decoded_->entries[i].ref != ref) continue;
        type = decoded_->entries[i].type;
        value = decoded_->entries[i].value;
        return true;
      }
      return false;
    }
    return otf2_ != nullptr && OTF2_AttributeList_GetNumberOfElements(otf2_) != 0 &&
           OTF2_AttributeList_TestAttributeByID(otf2_, ref) &&
           OTF2_AttributeList_GetAttributeByID(otf2_, ref, &type, &value) == OTF2_SUCCESS;
  }

 private:
  const OTF2_AttributeList* otf2_ = nullptr;
  const DecodedAttributes* decoded_ = nullptr;
};

// An integer attribute of any integer type, if present.
inline bool integer_attribute(const EventAttributes& list, OTF2_AttributeRef ref, std::int64_t& out) {
  OTF2_Type type;
  OTF2_AttributeValue value;
  if (!list.find(ref, type, value)) return false;
  switch (type) {
    case OTF2_TYPE_UINT8: out = value.uint8; return true;
    case OTF2_TYPE_UINT16: out = value.uint16; return true;
    case OTF2_TYPE_UINT32: out = value.uint32; return true;
    case OTF2_TYPE_UINT64: out = static_cast<std::int64_t>(value.uint64); return true;
    case OTF2_TYPE_INT8: out = value.int8; return true;
    case OTF2_TYPE_INT16: out = value.int16; return true;
    case OTF2_TYPE_INT32: out = value.int32; return true;
    case OTF2_TYPE_INT64: out = value.int64; return true;
    default: return false;
  }
}

// A string attribute's string ref, if present and a string.
inline bool string_attribute(const EventAttributes& list, OTF2_AttributeRef ref, OTF2_StringRef& out) {
  OTF2_Type type;
  OTF2_AttributeValue value;
  if (!list.find(ref, type, value) || type != OTF2_TYPE_STRING) return false;
  out = value.stringRef;
  return true;
}

// A calling context attribute's ref, if present and a calling context.
inline bool calling_context_attribute(const EventAttributes& list, OTF2_AttributeRef ref, OTF2_CallingContextRef& out) {
  OTF2_Type type;
  OTF2_AttributeValue value;
  if (!list.find(ref, type, value) || type != OTF2_TYPE_CALLING_CONTEXT) return false;
  out = value.callingContextRef;
  return true;
}

}  // namespace xo::analyzer
