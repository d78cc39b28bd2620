// Fortran bindings: packing and unpacking, native and "external32". POSITION is read and updated.

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_pack_(const void* inbuf, const Fint* incount, const Fint* type, void* outbuf, const Fint* outsize,
               Fint* position, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Pack(buffer(inbuf), *incount, *type, outbuf, *outsize, position, *comm);
}

void mpi_unpack_(const void* inbuf, const Fint* insize, Fint* position, void* outbuf, const Fint* outcount,
                 const Fint* type, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Unpack(inbuf, *insize, position, buffer(outbuf), *outcount, *type, *comm);
}

void mpi_pack_size_(const Fint* incount, const Fint* type, const Fint* comm, Fint* size, Fint* ierr) {
  *ierr = MPI_Pack_size(*incount, *type, *comm, size);
}

void mpi_pack_external_(const char* datarep, const void* inbuf, const Fint* incount, const Fint* type, void* outbuf,
                        const MPI_Aint* outsize, MPI_Aint* position, Fint* ierr, std::size_t datarep_length) {
  *ierr = MPI_Pack_external(trimmed(datarep, datarep_length).c_str(), buffer(inbuf), *incount, *type, outbuf, *outsize,
                            position);
}

void mpi_unpack_external_(const char* datarep, const void* inbuf, const MPI_Aint* insize, MPI_Aint* position,
                          void* outbuf, const Fint* outcount, const Fint* type, Fint* ierr,
                          std::size_t datarep_length) {
  *ierr = MPI_Unpack_external(trimmed(datarep, datarep_length).c_str(), inbuf, *insize, position, buffer(outbuf),
                              *outcount, *type);
}

void mpi_pack_external_size_(const char* datarep, const Fint* incount, const Fint* type, MPI_Aint* size, Fint* ierr,
                             std::size_t datarep_length) {
  *ierr = MPI_Pack_external_size(trimmed(datarep, datarep_length).c_str(), *incount, *type, size);
}

}  // extern "C"
