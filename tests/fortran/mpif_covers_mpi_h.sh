#!/usr/bin/env bash
# Every integer constant mpi.h defines is in mpif.h too (reference_mpi/fortran/mpif_generator.c
# takes the values from mpi.h, but the names are listed by hand), save the address constants
# (COMMON blocks in mpif.h), the callbacks (EXTERNALs) and the C-only names below. A constant added
# to mpi.h fails this test until it is added to the generator's list or, if C alone has it, here.
#
#   mpif_covers_mpi_h.sh MPI_H MPIF_H
set -euo pipefail
mpi_h=$1
mpif_h=$2
c_only="MPI_BOTTOM MPI_IN_PLACE MPI_STATUS_IGNORE MPI_STATUSES_IGNORE MPI_UNWEIGHTED MPI_WEIGHTS_EMPTY
MPI_COMM_DUP_FN MPI_COMM_NULL_COPY_FN MPI_COMM_NULL_DELETE_FN MPI_DUP_FN MPI_NULL_COPY_FN MPI_NULL_DELETE_FN
MPI_TYPE_DUP_FN MPI_TYPE_NULL_COPY_FN MPI_TYPE_NULL_DELETE_FN MPI_WIN_DUP_FN MPI_WIN_NULL_COPY_FN MPI_WIN_NULL_DELETE_FN
MPI_F_STATUS_SIZE MPI_F_SOURCE MPI_F_TAG MPI_F_ERROR MPI_TAG_UB_VALUE"
missing=$(comm -23 <(grep -oE '^#define MPI_[A-Z0-9_]+' "$mpi_h" | awk '{print $2}' | sort -u) \
  <( (grep -oE 'PARAMETER \(MPI_[A-Z0-9_]+' "$mpif_h" | cut -d'(' -f2; tr ' ' '\n' <<<"$c_only") | sort -u))
if [[ -n $missing ]]; then
  echo "mpif_covers_mpi_h.sh: mpi.h defines constants mpif.h lacks: $(echo $missing)" >&2
  echo "  add them to kConstants in reference_mpi/fortran/mpif_generator.c (or, if Fortran has no" >&2
  echo "  use for them, to c_only in tests/fortran/mpif_covers_mpi_h.sh)" >&2
  exit 1
fi
echo "mpif_covers_mpi_h.sh: mpif.h has every integer constant of mpi.h"
