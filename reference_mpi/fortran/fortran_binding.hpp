#pragma once
// What the Fortran bindings share: gfortran's calling convention (every argument by reference,
// CHARACTER lengths as hidden size_t arguments after the last one), LOGICAL values (.TRUE. is 1),
// status arrays, and the address constants of mpif.h (fortran_sentinels.h). The bindings are
// extern "C" functions mpi_xxx_ (gfortran's lowercase name and one underscore) that call the MPI C
// API of mpi.h and nothing below it. Handles are MPI_Fint in Fortran and int in C: the same values.

#include <mpi.h>

#include <cstddef>
#include <string>
#include <vector>

namespace xo::fortran {

using Fint = MPI_Fint;

enum class Sentinel {
  None,
  Bottom,
  InPlace,
  StatusIgnore,
  StatusesIgnore,
  ErrcodesIgnore,
  ArgvNull,
  Unweighted,
  WeightsEmpty
};

// Which of mpif.h's address constants `address` is, in any copy of the program (sentinel_registry.cpp).
Sentinel sentinel_at(const void* address);

// A choice buffer as C takes it: MPI_BOTTOM and MPI_IN_PLACE become C's constants.
const void* buffer(const void* address);
void* buffer(void* address);

// LOGICAL as gfortran stores it: .TRUE. is 1, .FALSE. is 0 (any non-zero reads as true).
inline Fint logical(bool value) { return value ? 1 : 0; }

// A CHARACTER argument as a C string: the trailing blanks Fortran pads with trimmed.
std::string trimmed(const char* text, std::size_t length);
// Copies the C string `text` into a CHARACTER*length variable, padded with blanks.
void blank_padded(const char* text, char* out, std::size_t length);

// A Fortran status (MPI_STATUS_SIZE integers, as MPI_Status_c2f lays them out) and the C one.
void status_to_fortran(const MPI_Status& status, Fint* out);
MPI_Status status_from_fortran(const Fint* status);

// The C status a call fills for a Fortran status argument: MPI_STATUS_IGNORE for mpif.h's
// MPI_STATUS_IGNORE; store() copies it out afterwards.
class StatusOut {
 public:
  explicit StatusOut(Fint* fortran) : fortran_(sentinel_at(fortran) == Sentinel::StatusIgnore ? nullptr : fortran) {}
  MPI_Status* c() { return fortran_ ? &status_ : MPI_STATUS_IGNORE; }
  void store() const {
    if (fortran_) status_to_fortran(status_, fortran_);
  }

 private:
  Fint* fortran_;
  MPI_Status status_{};
};

// The C statuses of an array of `count` Fortran statuses (MPI_STATUSES_IGNORE recognised).
class StatusesOut {
 public:
  StatusesOut(Fint* fortran, int count);
  MPI_Status* c() { return fortran_ ? statuses_.data() : MPI_STATUSES_IGNORE; }
  // Copies the first `count` statuses out (MPI_Waitsome fills one per completed request), or all.
  void store(int count) const;
  void store() const { store(static_cast<int>(statuses_.size())); }

 private:
  Fint* fortran_;
  std::vector<MPI_Status> statuses_;
};

// Fortran's 1-based index of a C index (MPI_Waitany, MPI_Testsome, ...); MPI_UNDEFINED stays.
inline Fint fortran_index(int index) { return index == MPI_UNDEFINED || index < 0 ? index : index + 1; }

}  // namespace xo::fortran
