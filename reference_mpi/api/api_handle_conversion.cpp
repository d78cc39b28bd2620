// Handle conversion between C and Fortran (MPI-3.1 sections 17.2.4 and 17.2.5). Every handle of this
// library is an int, the size of an MPI_Fint, so a conversion gives back the value it is given: a
// valid handle stays valid and an invalid one invalid, as the standard asks. These calls touch no
// state and cannot fail, so they skip the bookkeeping of an MPI call. A status becomes
// MPI_F_STATUS_SIZE integers: source, tag, error, then the received byte count in two halves and
// the cancelled flag.

#include <cstdint>

#include "api_call.hpp"

using xo::mpi::api_call;

extern "C" {

MPI_Fint MPI_Comm_c2f(MPI_Comm comm) { return comm; }
MPI_Comm MPI_Comm_f2c(MPI_Fint comm) { return comm; }
MPI_Fint MPI_Type_c2f(MPI_Datatype datatype) { return datatype; }
MPI_Datatype MPI_Type_f2c(MPI_Fint datatype) { return datatype; }
MPI_Fint MPI_Group_c2f(MPI_Group group) { return group; }
MPI_Group MPI_Group_f2c(MPI_Fint group) { return group; }
MPI_Fint MPI_Op_c2f(MPI_Op op) { return op; }
MPI_Op MPI_Op_f2c(MPI_Fint op) { return op; }
MPI_Fint MPI_Request_c2f(MPI_Request request) { return request; }
MPI_Request MPI_Request_f2c(MPI_Fint request) { return request; }
MPI_Fint MPI_Info_c2f(MPI_Info info) { return info; }
MPI_Info MPI_Info_f2c(MPI_Fint info) { return info; }
MPI_Fint MPI_Errhandler_c2f(MPI_Errhandler errhandler) { return errhandler; }
MPI_Errhandler MPI_Errhandler_f2c(MPI_Fint errhandler) { return errhandler; }
MPI_Fint MPI_Message_c2f(MPI_Message message) { return message; }
MPI_Message MPI_Message_f2c(MPI_Fint message) { return message; }

int MPI_Status_c2f(const MPI_Status* c_status, MPI_Fint* f_status) {
  return api_call("MPI_Status_c2f", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(c_status, "c_status (MPI_STATUS_IGNORE cannot be converted)");
    xo::mpi::require_pointer(f_status, "f_status");
    const auto bytes = static_cast<std::uint64_t>(c_status->xo_bytes);
    f_status[MPI_F_SOURCE] = c_status->MPI_SOURCE;
    f_status[MPI_F_TAG] = c_status->MPI_TAG;
    f_status[MPI_F_ERROR] = c_status->MPI_ERROR;
    f_status[3] = static_cast<MPI_Fint>(static_cast<std::uint32_t>(bytes));
    f_status[4] = static_cast<MPI_Fint>(static_cast<std::uint32_t>(bytes >> 32));
    f_status[5] = c_status->xo_cancelled;
  });
}

int MPI_Status_f2c(const MPI_Fint* f_status, MPI_Status* c_status) {
  return api_call("MPI_Status_f2c", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(f_status, "f_status");
    xo::mpi::require_pointer(c_status, "c_status (MPI_STATUS_IGNORE cannot be filled)");
    c_status->MPI_SOURCE = f_status[MPI_F_SOURCE];
    c_status->MPI_TAG = f_status[MPI_F_TAG];
    c_status->MPI_ERROR = f_status[MPI_F_ERROR];
    const std::uint64_t low = static_cast<std::uint32_t>(f_status[3]);
    const std::uint64_t high = static_cast<std::uint32_t>(f_status[4]);
    c_status->xo_bytes = static_cast<long>(high << 32 | low);
    c_status->xo_cancelled = f_status[5];
  });
}

}  // extern "C"
