! Each rank runs its own copy of a Fortran program: a COMMON block, a module variable and a SAVEd
! local hold the rank that wrote them, even after the other ranks wrote theirs (the barrier lets
! them all run first). With shared globals (xo run --privatize=off) every check fails.
module per_rank
  implicit none
  integer :: module_rank = -1
end module per_rank

program private_state
  use mpi
  use per_rank
  implicit none
  integer :: ierr, rank, common_rank
  common /ranks/ common_rank

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  common_rank = rank
  module_rank = rank
  call remember(rank)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call report('common block per rank', common_rank == rank)
  call report('module variable per rank', module_rank == rank)
  call report('saved local per rank', remembered() == rank)
  call MPI_Finalize(ierr)

contains

  subroutine remember(value)
    integer, intent(in) :: value
    integer :: ignored
    call keep(value, ignored)
  end subroutine remember

  integer function remembered()
    call keep(-1, remembered)
  end function remembered

end program private_state

! The SAVEd local: a value >= 0 is kept; the kept value is returned.
subroutine keep(value, kept_value)
  implicit none
  integer, intent(in) :: value
  integer, intent(out) :: kept_value
  integer, save :: kept = -1
  if (value >= 0) kept = value
  kept_value = kept
end subroutine keep
