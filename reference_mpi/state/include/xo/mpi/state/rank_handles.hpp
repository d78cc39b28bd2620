#pragma once
// One rank's MPI handle tables: everything a handle the program holds (communicator, group,
// datatype, request, op, keyval, errhandler, error class, info, window) resolves through. Handles are
// per process in MPI, so every simulated rank has its own.

#include <map>
#include <string>

#include "xo/mpi/state/attributes.hpp"
#include "xo/mpi/state/communicator.hpp"
#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/errhandler_table.hpp"
#include "xo/mpi/state/error_registry.hpp"
#include "xo/mpi/state/generalized_request.hpp"
#include "xo/mpi/state/group_table.hpp"
#include "xo/mpi/state/info_table.hpp"
#include "xo/mpi/state/op_table.hpp"
#include "xo/mpi/state/request_table.hpp"
#include "xo/mpi/state/window.hpp"

namespace xo::mpi {

// What a rank keeps on a datatype handle besides the type itself: its name and attributes.
struct TypeExtras {
  std::string name;
  bool named = false;
  AttributeList attributes;
};

// The values behind the predefined attribute keyvals (MPI_TAG_UB ...): MPI_Comm_get_attr hands out
// their addresses, so they live as long as the rank.
struct EnvironmentAttributes {
  int tag_ub = MPI_TAG_UB_VALUE;
  int host = MPI_PROC_NULL;  // no rank is the host
  int io = MPI_ANY_SOURCE;   // every rank can do I/O
  int wtime_is_global = 1;   // the virtual clocks share one timeline
  int universe_size = 1;     // the world size
  int appnum = 0;            // one program
};

struct RankHandles {
  CommTable comms;
  GroupTable groups;
  DatatypeTable datatypes;
  RequestTable requests;
  OpTable ops;
  KeyvalTable keyvals;
  std::map<MPI_Datatype, TypeExtras>
      type_extras;  // types with a name or attributes (stable nodes: callbacks may add some)
  ErrhandlerTable errhandlers;
  ErrorRegistry errors;
  InfoTable infos;
  EnvironmentAttributes environment;
  GeneralizedRequests generalized;  // MPI_Grequest_start's callbacks, by request
  WindowTable windows;
};

}  // namespace xo::mpi
