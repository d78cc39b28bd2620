! The Jacobi iteration of halo_exchange.f90 with one-sided halos: the grid is a window, and each
! rank puts its edge columns straight into its neighbours' halo columns with MPI_Put, synchronised
! by MPI_Win_fence (the default) or by post-start-complete-wait with the neighbours only ("pscw").
! Rank 0 prints the checksum, which halo_exchange prints too for the same N and ITERATIONS.
!
!   xo fc -O2 halo_exchange_rma.f90 -o halo_exchange_rma
!   xo run -n 4 ./halo_exchange_rma [N [ITERATIONS [fence|pscw]]]
program halo_exchange_rma
  use mpi
  use, intrinsic :: iso_fortran_env, only: output_unit
  implicit none
  integer :: ierr, rank, nprocs, n, iterations, first, last, it, win, world_group, neighbours, count
  integer :: peers(2)
  integer(kind=MPI_ADDRESS_KIND) :: bytes, left_halo, right_halo
  double precision, allocatable :: u(:, :), v(:, :)
  double precision :: local_sum, checksum
  character(len=16) :: argument, mode
  logical :: pscw

  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  n = 48
  iterations = 60
  mode = 'fence'
  if (command_argument_count() >= 1) then
    call get_command_argument(1, argument)
    read (argument, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, argument)
    read (argument, *) iterations
  end if
  if (command_argument_count() >= 3) call get_command_argument(3, mode)
  pscw = mode == 'pscw'
  if (.not. pscw .and. mode /= 'fence') then
    ! Printed and flushed before any rank aborts: MPI_Abort ends the run without flushing.
    if (rank == 0) print '(a,a,a)', 'halo_exchange_rma: unknown mode ', trim(mode), '; use fence or pscw'
    flush (output_unit)
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
    call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  end if

  ! Columns first..last of 1..n as halo_exchange splits them; the window is this rank's u.
  first = rank * (n / nprocs) + min(rank, mod(n, nprocs)) + 1
  last = first + n / nprocs - 1
  if (rank < mod(n, nprocs)) last = last + 1
  allocate (u(0:n + 1, first - 1:last + 1), v(0:n + 1, first - 1:last + 1))
  u = 0
  u(0, :) = 1
  v = u
  bytes = 8 * size(u, kind=MPI_ADDRESS_KIND)
  call MPI_Win_create(u, bytes, 8, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)

  ! Displacements in the neighbours' windows, in DOUBLE PRECISION elements: the left neighbour's
  ! right halo column (its last + 1) and the right neighbour's left halo column (its first - 1,
  ! which is column 0 of its window), row 1.
  left_halo = int(n + 2, MPI_ADDRESS_KIND) * (columns_of(rank - 1) + 1) + 1
  right_halo = 1
  count = 0
  if (rank > 0) then
    count = count + 1
    peers(count) = rank - 1
  end if
  if (rank < nprocs - 1) then
    count = count + 1
    peers(count) = rank + 1
  end if
  call MPI_Comm_group(MPI_COMM_WORLD, world_group, ierr)
  call MPI_Group_incl(world_group, count, peers, neighbours, ierr)

  do it = 1, iterations
    if (pscw) then
      call MPI_Win_post(neighbours, 0, win, ierr)
      call MPI_Win_start(neighbours, 0, win, ierr)
    else
      call MPI_Win_fence(0, win, ierr)
    end if
    if (rank > 0) call MPI_Put(u(1, first), n, MPI_DOUBLE_PRECISION, rank - 1, left_halo, n, &
                               MPI_DOUBLE_PRECISION, win, ierr)
    if (rank < nprocs - 1) call MPI_Put(u(1, last), n, MPI_DOUBLE_PRECISION, rank + 1, right_halo, n, &
                                        MPI_DOUBLE_PRECISION, win, ierr)
    if (pscw) then
      call MPI_Win_complete(win, ierr)
      call MPI_Win_wait(win, ierr)
    else
      call MPI_Win_fence(0, win, ierr)
    end if
    call sweep(u, v, n, first, last)
    ! Neighbours read u's edge columns only inside the next epoch, after this rank's fence or post.
    u(1:n, first:last) = v(1:n, first:last)
  end do

  local_sum = sum(u(1:n, first:last))
  call MPI_Reduce(local_sum, checksum, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,i0,a,i0,a,a,a,es24.16)', 'halo_exchange_rma: ', n, 'x', n, ' grid, ', iterations, &
    ' iterations, ', trim(mode), ', checksum ', checksum
  call MPI_Group_free(neighbours, ierr)
  call MPI_Group_free(world_group, ierr)
  call MPI_Win_free(win, ierr)
  call MPI_Finalize(ierr)

contains

  ! How many columns rank r holds (halo_exchange's split).
  integer function columns_of(r)
    integer, intent(in) :: r
    columns_of = n / nprocs
    if (r < mod(n, nprocs)) columns_of = columns_of + 1
  end function columns_of

  ! One Jacobi sweep over columns first..last: each point the mean of its four neighbours.
  subroutine sweep(u, v, n, first, last)
    integer, intent(in) :: n, first, last
    double precision, intent(in) :: u(0:n + 1, first - 1:last + 1)
    double precision, intent(inout) :: v(0:n + 1, first - 1:last + 1)
    integer :: i, j
    do j = first, last
      do i = 1, n
        v(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
    end do
  end subroutine sweep

end program halo_exchange_rma
