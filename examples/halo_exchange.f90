! Jacobi iteration on an N x N grid (the top edge held at 1, the other edges at 0), its columns split
! among the ranks of a 1-D Cartesian communicator. Each sweep exchanges one halo column with each
! neighbour by MPI_Sendrecv (MPI_PROC_NULL at the ends, from MPI_Cart_shift); Fortran stores a
! column contiguously, so a halo is N plain DOUBLE PRECISION values. Rank 0 checks the distributed
! checksum against the same iteration done serially on the whole grid.
!
!   xo fc -O2 halo_exchange.f90 -o halo_exchange && xo run -n 4 ./halo_exchange [N [ITERATIONS]]
program halo_exchange
  use mpi
  use, intrinsic :: iso_fortran_env, only: output_unit
  implicit none
  integer :: ierr, rank, nprocs, cart, left, right, n, iterations, first, last, it
  double precision, allocatable :: u(:, :), v(:, :)
  double precision :: local_sum, checksum, serial
  character(len=32) :: text

  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call MPI_Cart_create(MPI_COMM_WORLD, 1, [nprocs], [.false.], .true., cart, ierr)
  call MPI_Comm_rank(cart, rank, ierr)
  call MPI_Cart_shift(cart, 0, 1, left, right, ierr)
  n = integer_argument(1, 48)
  iterations = integer_argument(2, 60)
  if (n < nprocs) then
    ! Printed and flushed before any rank aborts: MPI_Abort ends the run without flushing.
    if (rank == 0) print '(a,i0,a,i0,a)', 'halo_exchange: N=', n, ' is smaller than the ', nprocs, ' ranks'
    flush (output_unit)
    call MPI_Barrier(cart, ierr)
    call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  end if

  ! This rank's columns first..last of 1..n, the remainder going to the first ranks, with a halo
  ! column either side (column 0 and n+1 are the grid's fixed edges).
  first = rank * (n / nprocs) + min(rank, mod(n, nprocs)) + 1
  last = first + n / nprocs - 1
  if (rank < mod(n, nprocs)) last = last + 1
  allocate (u(0:n + 1, first - 1:last + 1), v(0:n + 1, first - 1:last + 1))
  u = 0
  u(0, :) = 1
  v = u

  do it = 1, iterations
    call MPI_Sendrecv(u(1, first), n, MPI_DOUBLE_PRECISION, left, 0, u(1, last + 1), n, MPI_DOUBLE_PRECISION, right, &
                      0, cart, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(u(1, last), n, MPI_DOUBLE_PRECISION, right, 1, u(1, first - 1), n, MPI_DOUBLE_PRECISION, left, &
                      1, cart, MPI_STATUS_IGNORE, ierr)
    call sweep(u, v, n, first, last)
    u(1:n, first:last) = v(1:n, first:last)
  end do

  local_sum = sum(u(1:n, first:last))
  call MPI_Reduce(local_sum, checksum, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, cart, ierr)
  if (rank == 0) then
    serial = serial_checksum(n, iterations)
    write (text, '(es17.10e2)') checksum
    print '(a,i0,a,i0,a,i0,a,a)', 'halo_exchange: ', n, 'x', n, ' grid, ', iterations, ' iterations, checksum ', &
      lowercase_exponent(adjustl(text))
    if (abs(checksum - serial) > 1d-12 * abs(serial)) then
      print '(a,es24.16)', 'halo_exchange: MISMATCH with the serial checksum ', serial
      flush (output_unit)
      call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
    end if
    print '(a)', 'halo_exchange: verified against the serial iteration'
  end if
  call MPI_Comm_free(cart, ierr)
  call MPI_Finalize(ierr)

contains

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

  double precision function serial_checksum(n, iterations)
    integer, intent(in) :: n, iterations
    double precision :: whole(0:n + 1, 0:n + 1), next(0:n + 1, 0:n + 1)
    integer :: it
    whole = 0
    whole(0, :) = 1
    next = whole
    do it = 1, iterations
      call sweep(whole, next, n, 1, n)
      whole(1:n, 1:n) = next(1:n, 1:n)
    end do
    serial_checksum = sum(whole(1:n, 1:n))
  end function serial_checksum

  integer function integer_argument(position, default)
    integer, intent(in) :: position, default
    character(len=16) :: argument
    integer :: status
    integer_argument = default
    if (command_argument_count() < position) return
    call get_command_argument(position, argument)
    read (argument, *, iostat=status) integer_argument
    if (status /= 0 .or. integer_argument < 1) then
      print '(a,a)', 'halo_exchange: not a positive integer: ', trim(argument)
      flush (output_unit)
      call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
    end if
  end function integer_argument

  ! 1.2345E+01 as C's printf("%e") writes it: 1.2345e+01.
  function lowercase_exponent(text) result(out)
    character(len=*), intent(in) :: text
    character(len=len_trim(text)) :: out
    out = text(1:len_trim(text))
    if (index(out, 'E') > 0) out(index(out, 'E'):index(out, 'E')) = 'e'
  end function lowercase_exponent

end program halo_exchange
