#pragma once
// The body every MPI_Type_xxx constructor of one old type shares: check the arguments, build the
// type map, record the combiner and arguments (for MPI_Type_get_contents) and hand out a handle.

#include <mpi.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "api_call.hpp"
#include "xo/mpi/state/datatype_envelope.hpp"
#include "xo/mpi/state/datatype_table.hpp"

namespace xo::mpi {

using TypeIntegers = std::vector<int>;
using TypeAddresses = std::vector<std::int64_t>;

// `build(old)` makes the type map (throwing MpiError on bad arguments); `arguments()` then gives the
// integers and addresses to record, as a pair. Both run only after the old type is known valid.
template <class Arguments, class Build>
int construct_datatype(const char* call, MPI_Datatype oldtype, MPI_Datatype* newtype, int combiner,
                       Arguments&& arguments, Build&& build) {
  return api_call(call, MPI_COMM_WORLD, [&] {
    require_pointer(newtype, "newtype");
    DatatypeTable& table = current_datatypes();
    Datatype type = build(table.get(oldtype));
    auto [integers, addresses] = arguments();
    type.set_envelope(make_envelope(table, combiner, std::move(integers), std::move(addresses), {oldtype}));
    *newtype = table.add(std::move(type));
  });
}

}  // namespace xo::mpi
