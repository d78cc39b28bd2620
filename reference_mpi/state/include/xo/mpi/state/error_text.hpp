#pragma once
// Names and descriptions of the MPI error classes.

namespace xo::mpi {

const char* error_class_name(int error_class);         // "MPI_ERR_RANK"
const char* error_class_description(int error_class);  // "invalid rank"

}  // namespace xo::mpi
