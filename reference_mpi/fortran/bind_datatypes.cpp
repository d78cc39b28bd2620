// Fortran bindings: datatype constructors and their introspection. The MPI-1 calls take INTEGER
// displacements and extents (widened to MPI_Aint here); their MPI-2 successors take
// INTEGER(KIND=MPI_ADDRESS_KIND), which is MPI_Aint.

#include <vector>

#include "fortran_binding.hpp"

using namespace xo::fortran;

namespace {

std::vector<MPI_Aint> widened(const Fint* values, Fint count) {
  return std::vector<MPI_Aint>(values, values + (count > 0 ? count : 0));
}

// An MPI-1 INTEGER result from an MPI_Aint, or MPI_ERR_ARG when it does not fit (a 64-bit
// address): the program should call the MPI-2 form with an INTEGER(KIND=MPI_ADDRESS_KIND).
Fint narrowed(MPI_Aint value, Fint* out, int result) {
  if (result != MPI_SUCCESS) return result;
  *out = static_cast<Fint>(value);
  return *out == value ? MPI_SUCCESS : MPI_ERR_ARG;
}

}  // namespace

extern "C" {

void mpi_type_contiguous_(const Fint* count, const Fint* oldtype, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_contiguous(*count, *oldtype, newtype);
}

void mpi_type_vector_(const Fint* count, const Fint* blocklength, const Fint* stride, const Fint* oldtype,
                      Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_vector(*count, *blocklength, *stride, *oldtype, newtype);
}

void mpi_type_hvector_(const Fint* count, const Fint* blocklength, const Fint* stride, const Fint* oldtype,
                       Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_hvector(*count, *blocklength, *stride, *oldtype, newtype);
}

void mpi_type_create_hvector_(const Fint* count, const Fint* blocklength, const MPI_Aint* stride, const Fint* oldtype,
                              Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_hvector(*count, *blocklength, *stride, *oldtype, newtype);
}

void mpi_type_indexed_(const Fint* count, const Fint* blocklengths, const Fint* displacements, const Fint* oldtype,
                       Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_indexed(*count, blocklengths, displacements, *oldtype, newtype);
}

void mpi_type_hindexed_(const Fint* count, Fint* blocklengths, const Fint* displacements, const Fint* oldtype,
                        Fint* newtype, Fint* ierr) {
  std::vector<MPI_Aint> d = widened(displacements, *count);
  *ierr = MPI_Type_hindexed(*count, blocklengths, d.data(), *oldtype, newtype);
}

void mpi_type_create_hindexed_(const Fint* count, const Fint* blocklengths, const MPI_Aint* displacements,
                               const Fint* oldtype, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_hindexed(*count, blocklengths, displacements, *oldtype, newtype);
}

void mpi_type_create_indexed_block_(const Fint* count, const Fint* blocklength, const Fint* displacements,
                                    const Fint* oldtype, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_indexed_block(*count, *blocklength, displacements, *oldtype, newtype);
}

void mpi_type_create_hindexed_block_(const Fint* count, const Fint* blocklength, const MPI_Aint* displacements,
                                     const Fint* oldtype, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_hindexed_block(*count, *blocklength, displacements, *oldtype, newtype);
}

void mpi_type_struct_(const Fint* count, Fint* blocklengths, const Fint* displacements, Fint* types, Fint* newtype,
                      Fint* ierr) {
  std::vector<MPI_Aint> d = widened(displacements, *count);
  *ierr = MPI_Type_struct(*count, blocklengths, d.data(), types, newtype);
}

void mpi_type_create_struct_(const Fint* count, const Fint* blocklengths, const MPI_Aint* displacements,
                             const Fint* types, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_struct(*count, blocklengths, displacements, types, newtype);
}

void mpi_type_create_subarray_(const Fint* ndims, const Fint* sizes, const Fint* subsizes, const Fint* starts,
                               const Fint* order, const Fint* oldtype, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_subarray(*ndims, sizes, subsizes, starts, *order, *oldtype, newtype);
}

void mpi_type_create_darray_(const Fint* size, const Fint* rank, const Fint* ndims, const Fint* gsizes,
                             const Fint* distribs, const Fint* dargs, const Fint* psizes, const Fint* order,
                             const Fint* oldtype, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_darray(*size, *rank, *ndims, gsizes, distribs, dargs, psizes, *order, *oldtype, newtype);
}

void mpi_type_create_resized_(const Fint* oldtype, const MPI_Aint* lb, const MPI_Aint* extent, Fint* newtype,
                              Fint* ierr) {
  *ierr = MPI_Type_create_resized(*oldtype, *lb, *extent, newtype);
}

void mpi_type_dup_(const Fint* oldtype, Fint* newtype, Fint* ierr) { *ierr = MPI_Type_dup(*oldtype, newtype); }
void mpi_type_commit_(Fint* type, Fint* ierr) { *ierr = MPI_Type_commit(type); }
void mpi_type_free_(Fint* type, Fint* ierr) { *ierr = MPI_Type_free(type); }
void mpi_type_size_(const Fint* type, Fint* size, Fint* ierr) { *ierr = MPI_Type_size(*type, size); }
void mpi_type_size_x_(const Fint* type, MPI_Count* size, Fint* ierr) { *ierr = MPI_Type_size_x(*type, size); }

void mpi_type_get_extent_(const Fint* type, MPI_Aint* lb, MPI_Aint* extent, Fint* ierr) {
  *ierr = MPI_Type_get_extent(*type, lb, extent);
}

void mpi_type_get_extent_x_(const Fint* type, MPI_Count* lb, MPI_Count* extent, Fint* ierr) {
  *ierr = MPI_Type_get_extent_x(*type, lb, extent);
}

void mpi_type_get_true_extent_(const Fint* type, MPI_Aint* lb, MPI_Aint* extent, Fint* ierr) {
  *ierr = MPI_Type_get_true_extent(*type, lb, extent);
}

void mpi_type_get_true_extent_x_(const Fint* type, MPI_Count* lb, MPI_Count* extent, Fint* ierr) {
  *ierr = MPI_Type_get_true_extent_x(*type, lb, extent);
}

void mpi_type_extent_(const Fint* type, Fint* extent, Fint* ierr) {
  MPI_Aint c = 0;
  *ierr = narrowed(c, extent, MPI_Type_extent(*type, &c));
}

void mpi_type_lb_(const Fint* type, Fint* displacement, Fint* ierr) {
  MPI_Aint c = 0;
  *ierr = narrowed(c, displacement, MPI_Type_lb(*type, &c));
}

void mpi_type_ub_(const Fint* type, Fint* displacement, Fint* ierr) {
  MPI_Aint c = 0;
  *ierr = narrowed(c, displacement, MPI_Type_ub(*type, &c));
}

void mpi_get_address_(const void* location, MPI_Aint* address, Fint* ierr) {
  *ierr = MPI_Get_address(buffer(location), address);
}

void mpi_address_(void* location, Fint* address, Fint* ierr) {
  MPI_Aint c = 0;
  *ierr = narrowed(c, address, MPI_Address(buffer(location), &c));
}

void mpi_type_get_envelope_(const Fint* type, Fint* num_integers, Fint* num_addresses, Fint* num_datatypes,
                            Fint* combiner, Fint* ierr) {
  *ierr = MPI_Type_get_envelope(*type, num_integers, num_addresses, num_datatypes, combiner);
}

void mpi_type_get_contents_(const Fint* type, const Fint* max_integers, const Fint* max_addresses,
                            const Fint* max_datatypes, Fint* integers, MPI_Aint* addresses, Fint* datatypes,
                            Fint* ierr) {
  *ierr = MPI_Type_get_contents(*type, *max_integers, *max_addresses, *max_datatypes, integers, addresses, datatypes);
}

void mpi_type_set_name_(const Fint* type, const char* name, Fint* ierr, std::size_t name_length) {
  *ierr = MPI_Type_set_name(*type, trimmed(name, name_length).c_str());
}

void mpi_type_get_name_(const Fint* type, char* name, Fint* resultlen, Fint* ierr, std::size_t name_length) {
  char c[MPI_MAX_OBJECT_NAME + 1] = {};
  *ierr = MPI_Type_get_name(*type, c, resultlen);
  blank_padded(c, name, name_length);
}

void mpi_type_match_size_(const Fint* typeclass, const Fint* size, Fint* type, Fint* ierr) {
  *ierr = MPI_Type_match_size(*typeclass, *size, type);
}

void mpi_type_create_f90_real_(const Fint* p, const Fint* r, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_f90_real(*p, *r, newtype);
}

void mpi_type_create_f90_complex_(const Fint* p, const Fint* r, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_f90_complex(*p, *r, newtype);
}

void mpi_type_create_f90_integer_(const Fint* r, Fint* newtype, Fint* ierr) {
  *ierr = MPI_Type_create_f90_integer(*r, newtype);
}

}  // extern "C"
