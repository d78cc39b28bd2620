// Fortran bindings: info objects. Keys and values are CHARACTER arguments: trimmed on the way in,
// blank-padded on the way out.

#include <string>

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_info_create_(Fint* info, Fint* ierr) { *ierr = MPI_Info_create(info); }
void mpi_info_dup_(const Fint* info, Fint* newinfo, Fint* ierr) { *ierr = MPI_Info_dup(*info, newinfo); }
void mpi_info_free_(Fint* info, Fint* ierr) { *ierr = MPI_Info_free(info); }
void mpi_info_get_nkeys_(const Fint* info, Fint* nkeys, Fint* ierr) { *ierr = MPI_Info_get_nkeys(*info, nkeys); }

void mpi_info_set_(const Fint* info, const char* key, const char* value, Fint* ierr, std::size_t key_length,
                   std::size_t value_length) {
  *ierr = MPI_Info_set(*info, trimmed(key, key_length).c_str(), trimmed(value, value_length).c_str());
}

void mpi_info_delete_(const Fint* info, const char* key, Fint* ierr, std::size_t key_length) {
  *ierr = MPI_Info_delete(*info, trimmed(key, key_length).c_str());
}

// VALUELEN is how many characters of the value C may write; the value then fills VALUE's length.
void mpi_info_get_(const Fint* info, const char* key, const Fint* valuelen, char* value, Fint* flag, Fint* ierr,
                   std::size_t key_length, std::size_t value_length) {
  std::string c(static_cast<std::size_t>(*valuelen > 0 ? *valuelen : 0) + 1, '\0');
  int found = 0;
  *ierr = MPI_Info_get(*info, trimmed(key, key_length).c_str(), *valuelen, c.data(), &found);
  *flag = logical(found);
  if (found) blank_padded(c.c_str(), value, value_length);
}

void mpi_info_get_nthkey_(const Fint* info, const Fint* n, char* key, Fint* ierr, std::size_t key_length) {
  char c[MPI_MAX_INFO_KEY + 1] = {};
  *ierr = MPI_Info_get_nthkey(*info, *n, c);
  blank_padded(c, key, key_length);
}

void mpi_info_get_valuelen_(const Fint* info, const char* key, Fint* valuelen, Fint* flag, Fint* ierr,
                            std::size_t key_length) {
  int found = 0;
  *ierr = MPI_Info_get_valuelen(*info, trimmed(key, key_length).c_str(), valuelen, &found);
  *flag = logical(found);
}

}  // extern "C"
