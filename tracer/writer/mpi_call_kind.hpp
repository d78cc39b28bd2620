#pragma once
// What an MPI call is to trace tools: the OTF2 region role that Scalasca and Vampir classify MPI
// regions by (with the paradigm and the name), and the OTF2 collective operation of a collective.

#include <otf2/otf2.h>

#include <optional>
#include <string_view>

namespace xo::tracer {

struct MpiCallKind {
  OTF2_RegionRole role = OTF2_REGION_ROLE_FUNCTION;
  std::optional<OTF2_CollectiveOp> collective;  // for MpiCollectiveEnd; nothing if not a collective
};

// Any name: calls the table does not know are plain functions (MPI_Init, MPI_Type_commit ...).
MpiCallKind mpi_call_kind(std::string_view call);

}  // namespace xo::tracer
