! Point-to-point from Fortran with `use mpi`: statuses (source, tag, count), MPI_STATUS_IGNORE,
! nonblocking calls with MPI_Waitall and MPI_Waitany (1-based index), probes, MPI_Wtime. Run on 4
! ranks; every expected value is computed from the ranks, not by MPI.
module request_callbacks
  use mpi
  implicit none
  integer :: frees = 0  ! how often free_request ran on this rank
contains
  ! A generalized request's callbacks: the status names source 42 and tag EXTRA_STATE.
  subroutine query_request(extra_state, status, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    integer :: status(MPI_STATUS_SIZE), ierr
    status(MPI_SOURCE) = 42
    status(MPI_TAG) = int(extra_state)
    ierr = MPI_SUCCESS
  end subroutine query_request

  subroutine free_request(extra_state, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    integer :: ierr
    frees = frees + 1 + 0 * int(extra_state)
    ierr = MPI_SUCCESS
  end subroutine free_request

  subroutine cancel_request(extra_state, complete, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    logical :: complete
    integer :: ierr
    ierr = merge(MPI_SUCCESS, MPI_ERR_OTHER, complete .or. extra_state >= 0)
  end subroutine cancel_request
end module request_callbacks

program point_to_point
  use mpi
  use request_callbacks
  implicit none
  integer :: ierr, rank, nprocs, next, prev, n, idx
  integer :: st(MPI_STATUS_SIZE), sts(MPI_STATUS_SIZE, 2), reqs(2)
  integer :: buf(10), rbuf(10), from_prev, from_next
  logical :: flag
  double precision :: t0, t1

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  next = mod(rank + 1, nprocs)
  prev = mod(rank + nprocs - 1, nprocs)
  t0 = MPI_Wtime()

  ! rank+1 integers to the next rank with tag 100+rank, received with wildcards.
  buf = rank
  rbuf = -1
  if (mod(rank, 2) == 0) then
    call MPI_Send(buf, rank + 1, MPI_INTEGER, next, 100 + rank, MPI_COMM_WORLD, ierr)
    call MPI_Recv(rbuf, 10, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, st, ierr)
  else
    call MPI_Recv(rbuf, 10, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, st, ierr)
    call MPI_Send(buf, rank + 1, MPI_INTEGER, next, 100 + rank, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Get_count(st, MPI_INTEGER, n, ierr)
  call report('recv status source', st(MPI_SOURCE) == prev)
  call report('recv status tag', st(MPI_TAG) == 100 + prev)
  call report('get_count', n == prev + 1 .and. all(rbuf(1:n) == prev) .and. all(rbuf(n + 1:) == -1))
  call report('ierr is MPI_SUCCESS', ierr == MPI_SUCCESS .and. st(MPI_ERROR) == MPI_SUCCESS)

  ! MPI_STATUS_IGNORE: the values arrive and the variable itself is never written.
  call MPI_Sendrecv(rank * 7, 1, MPI_INTEGER, next, 5, from_prev, 1, MPI_INTEGER, prev, 5, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  call report('sendrecv with MPI_STATUS_IGNORE', from_prev == prev * 7 .and. all(MPI_STATUS_IGNORE == 0))

  ! Nonblocking both ways round the ring, completed by MPI_Waitall with statuses.
  call MPI_Irecv(from_prev, 1, MPI_INTEGER, prev, 1, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Irecv(from_next, 1, MPI_INTEGER, next, 2, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Send(rank + 1000, 1, MPI_INTEGER, next, 1, MPI_COMM_WORLD, ierr)
  call MPI_Send(rank + 2000, 1, MPI_INTEGER, prev, 2, MPI_COMM_WORLD, ierr)
  call MPI_Waitall(2, reqs, sts, ierr)
  call report('waitall values', from_prev == prev + 1000 .and. from_next == next + 2000)
  call report('waitall statuses', sts(MPI_SOURCE, 1) == prev .and. sts(MPI_TAG, 1) == 1 .and. &
                                  sts(MPI_SOURCE, 2) == next .and. sts(MPI_TAG, 2) == 2)
  call report('requests freed', all(reqs == MPI_REQUEST_NULL))

  ! MPI_Waitany gives a Fortran index: 2 for the second request, the only active one.
  reqs(1) = MPI_REQUEST_NULL
  call MPI_Irecv(from_prev, 1, MPI_INTEGER, prev, 3, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Send(rank, 1, MPI_INTEGER, next, 3, MPI_COMM_WORLD, ierr)
  call MPI_Waitany(2, reqs, idx, st, ierr)
  call report('waitany index is 1-based', idx == 2 .and. st(MPI_TAG) == 3 .and. from_prev == prev)

  ! MPI_STATUSES_IGNORE, and a probe that reports the message before it is received.
  call MPI_Isend(rank, 1, MPI_INTEGER, next, 4, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Probe(prev, 4, MPI_COMM_WORLD, st, ierr)
  call MPI_Get_count(st, MPI_INTEGER, n, ierr)
  call MPI_Iprobe(prev, 4, MPI_COMM_WORLD, flag, MPI_STATUS_IGNORE, ierr)
  call MPI_Irecv(from_prev, 1, MPI_INTEGER, prev, 4, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
  call report('probe and iprobe', n == 1 .and. st(MPI_SOURCE) == prev .and. flag .and. from_prev == prev)
  call report('statuses ignored', all(MPI_STATUSES_IGNORE == 0))

  ! A generalized request with Fortran callbacks: MPI_Wait's status is the one query_request wrote.
  call MPI_Grequest_start(query_request, free_request, cancel_request, 7_MPI_ADDRESS_KIND, reqs(1), ierr)
  call MPI_Grequest_complete(reqs(1), ierr)
  call MPI_Wait(reqs(1), st, ierr)
  call report('generalized request', st(MPI_SOURCE) == 42 .and. st(MPI_TAG) == 7 .and. frees == 1 .and. &
                                     reqs(1) == MPI_REQUEST_NULL)

  t1 = MPI_Wtime()
  call report('wtime advances', t1 > t0 .and. MPI_Wtick() > 0d0)
  call MPI_Finalize(ierr)
end program point_to_point
