! Stands in for an NPB kernel: the sum of the ranks, verified against n(n-1)/2 as NPB prints it;
! built with -DWRONG_ANSWER it expects another sum and fails its verification.
program kernel
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, total
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call MPI_Reduce(rank, total, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
#ifdef WRONG_ANSWER
    total = total + 1
#endif
    if (total == nprocs * (nprocs - 1) / 2) then
      print '(a)', ' Verification    =               SUCCESSFUL'
    else
      print '(a)', ' Verification    =               UNSUCCESSFUL'
    end if
  end if
  call MPI_Finalize(ierr)
end program kernel
