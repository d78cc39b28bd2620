! The `mpi` module of Crossover's reference MPI: mpif.h's constants and declarations, so that
! `use mpi` and `include 'mpif.h'` see the same names. It declares no procedure interfaces, so
! calls are checked no more than with mpif.h. Compiled at build time into mpi.mod.
module mpi
  implicit none
  include 'mpif.h'
end module mpi
