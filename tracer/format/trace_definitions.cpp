#include "xo/tracer/trace_definitions.hpp"

#include <array>

namespace xo::tracer {

namespace {

template <typename Table>
bool defined(const Table& table, typename Table::key_type ref) {
  return table.count(ref) != 0;
}

}  // namespace

bool Definitions::resolves(OTF2_Type type, const OTF2_AttributeValue& value) const {
  switch (type) {
    case OTF2_TYPE_STRING: return defined(strings, value.stringRef);
    case OTF2_TYPE_ATTRIBUTE: return defined(attributes, value.attributeRef);
    case OTF2_TYPE_LOCATION: return defined(location_index, value.locationRef);
    case OTF2_TYPE_REGION: return defined(regions, value.regionRef);
    case OTF2_TYPE_GROUP: return defined(groups, value.groupRef);
    case OTF2_TYPE_COMM: return defined(comms, value.commRef);
    case OTF2_TYPE_LOCATION_GROUP: return defined(location_groups, value.locationGroupRef);
    case OTF2_TYPE_SOURCE_CODE_LOCATION: return defined(source_code_locations, value.sourceCodeLocationRef);
    case OTF2_TYPE_CALLING_CONTEXT: return defined(calling_contexts, value.callingContextRef);
    default: return true;
  }
}

std::string Definitions::named(const char* kind, std::uint64_t ref, bool is_defined, OTF2_StringRef name) const {
  std::string label = std::string(kind) + " " + std::to_string(ref);
  if (!is_defined) return label + " (undefined)";
  auto it = strings.find(name);
  return it == strings.end() ? label : label + " " + quoted(it->second);
}

std::string Definitions::location_label(LocationIndex location) const {
  const Location& l = locations[location];
  return named("location", l.ref, true, l.name);
}

std::string Definitions::region_label(OTF2_RegionRef ref) const {
  auto it = regions.find(ref);
  return named("region", ref, it != regions.end(), it == regions.end() ? OTF2_UNDEFINED_STRING : it->second.name);
}

std::string Definitions::comm_label(OTF2_CommRef ref) const {
  auto it = comms.find(ref);
  return named("communicator", ref, it != comms.end(), it == comms.end() ? OTF2_UNDEFINED_STRING : it->second.name);
}

std::string Definitions::group_label(OTF2_GroupRef ref) const {
  auto it = groups.find(ref);
  return named("group", ref, it != groups.end(), it == groups.end() ? OTF2_UNDEFINED_STRING : it->second.name);
}

std::string Definitions::attribute_label(OTF2_AttributeRef ref) const {
  auto it = attributes.find(ref);
  return named("attribute", ref, it != attributes.end(),
               it == attributes.end() ? OTF2_UNDEFINED_STRING : it->second.name);
}

std::string Definitions::paradigm_label(OTF2_Paradigm paradigm) const {
  auto it = paradigms.find(paradigm);
  return named("paradigm", paradigm, true, it == paradigms.end() ? OTF2_UNDEFINED_STRING : it->second);
}

std::string Definitions::string_label(OTF2_StringRef ref) const {
  return "string " + std::to_string(ref) + (defined(strings, ref) ? "" : " (undefined)");
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Names as OTF2_GeneralDefinitions.h and OTF2_Events.h (OTF2 3.0) spell them, without the prefix.
std::string type_name(OTF2_Type type) {
  static constexpr std::array<const char*, 26> kNames = {"NONE",
                                                         "UINT8",
                                                         "UINT16",
                                                         "UINT32",
                                                         "UINT64",
                                                         "INT8",
                                                         "INT16",
                                                         "INT32",
                                                         "INT64",
                                                         "FLOAT",
                                                         "DOUBLE",
                                                         "STRING",
                                                         "ATTRIBUTE",
                                                         "LOCATION",
                                                         "REGION",
                                                         "GROUP",
                                                         "METRIC",
                                                         "COMM",
                                                         "PARAMETER",
                                                         "RMA_WIN",
                                                         "SOURCE_CODE_LOCATION",
                                                         "CALLING_CONTEXT",
                                                         "INTERRUPT_GENERATOR",
                                                         "IO_FILE",
                                                         "IO_HANDLE",
                                                         "LOCATION_GROUP"};
  return type < kNames.size() ? kNames[type] : "type " + std::to_string(type);
}

std::string collective_op_name(OTF2_CollectiveOp op) {
  static constexpr std::array<const char*, 23> kNames = {"BARRIER",
                                                         "BCAST",
                                                         "GATHER",
                                                         "GATHERV",
                                                         "SCATTER",
                                                         "SCATTERV",
                                                         "ALLGATHER",
                                                         "ALLGATHERV",
                                                         "ALLTOALL",
                                                         "ALLTOALLV",
                                                         "ALLTOALLW",
                                                         "ALLREDUCE",
                                                         "REDUCE",
                                                         "REDUCE_SCATTER",
                                                         "SCAN",
                                                         "EXSCAN",
                                                         "REDUCE_SCATTER_BLOCK",
                                                         "CREATE_HANDLE",
                                                         "DESTROY_HANDLE",
                                                         "ALLOCATE",
                                                         "DEALLOCATE",
                                                         "CREATE_HANDLE_AND_ALLOCATE",
                                                         "DESTROY_HANDLE_AND_DEALLOCATE"};
  return op < kNames.size() ? kNames[op] : "operation " + std::to_string(op);
}

}  // namespace xo::tracer
