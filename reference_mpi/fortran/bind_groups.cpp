// Fortran bindings: groups. RANGES(3, N) of the range calls is laid out as C's int[n][3].

#include "fortran_binding.hpp"

using namespace xo::fortran;

namespace {

int (*as_ranges(Fint* ranges))[3] { return reinterpret_cast<int(*)[3]>(ranges); }

}  // namespace

extern "C" {

void mpi_group_size_(const Fint* group, Fint* size, Fint* ierr) { *ierr = MPI_Group_size(*group, size); }
void mpi_group_rank_(const Fint* group, Fint* rank, Fint* ierr) { *ierr = MPI_Group_rank(*group, rank); }
void mpi_group_free_(Fint* group, Fint* ierr) { *ierr = MPI_Group_free(group); }

void mpi_group_incl_(const Fint* group, const Fint* n, const Fint* ranks, Fint* newgroup, Fint* ierr) {
  *ierr = MPI_Group_incl(*group, *n, ranks, newgroup);
}

void mpi_group_excl_(const Fint* group, const Fint* n, const Fint* ranks, Fint* newgroup, Fint* ierr) {
  *ierr = MPI_Group_excl(*group, *n, ranks, newgroup);
}

void mpi_group_range_incl_(const Fint* group, const Fint* n, Fint* ranges, Fint* newgroup, Fint* ierr) {
  *ierr = MPI_Group_range_incl(*group, *n, as_ranges(ranges), newgroup);
}

void mpi_group_range_excl_(const Fint* group, const Fint* n, Fint* ranges, Fint* newgroup, Fint* ierr) {
  *ierr = MPI_Group_range_excl(*group, *n, as_ranges(ranges), newgroup);
}

void mpi_group_translate_ranks_(const Fint* group1, const Fint* n, const Fint* ranks1, const Fint* group2, Fint* ranks2,
                                Fint* ierr) {
  *ierr = MPI_Group_translate_ranks(*group1, *n, ranks1, *group2, ranks2);
}

void mpi_group_union_(const Fint* g1, const Fint* g2, Fint* newgroup, Fint* ierr) {
  *ierr = MPI_Group_union(*g1, *g2, newgroup);
}

void mpi_group_intersection_(const Fint* g1, const Fint* g2, Fint* newgroup, Fint* ierr) {
  *ierr = MPI_Group_intersection(*g1, *g2, newgroup);
}

void mpi_group_difference_(const Fint* g1, const Fint* g2, Fint* newgroup, Fint* ierr) {
  *ierr = MPI_Group_difference(*g1, *g2, newgroup);
}

void mpi_group_compare_(const Fint* g1, const Fint* g2, Fint* result, Fint* ierr) {
  *ierr = MPI_Group_compare(*g1, *g2, result);
}

}  // extern "C"
