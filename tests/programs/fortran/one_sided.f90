! One-sided communication from Fortran with `use mpi`: MPI_Win_create and MPI_Win_allocate, puts and
! gets under fences, accumulate, fetch-and-op under locks, post-start-complete-wait, window
! attributes (predefined and a program's keyval) and names. Run on 4 ranks; every expected value
! is computed from the ranks.
program one_sided
  use mpi
  use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
  implicit none
  integer :: ierr, rank, nprocs, next, prev, win, counter_win, i, world_group, group, keyval
  integer :: slots(4), got(4), ticket, one, disp_unit, flag_int, resultlen, mine
  integer(kind=MPI_ADDRESS_KIND) :: size_bytes, disp, value, baseptr
  logical :: flag, ok
  integer, pointer :: counter(:)
  type(c_ptr) :: base
  character(len=MPI_MAX_OBJECT_NAME) :: name

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  next = mod(rank + 1, nprocs)
  prev = mod(rank + nprocs - 1, nprocs)

  ! Fence epochs: every rank puts its rank + 10 into slot rank + 1 of the next rank's window.
  slots = -1
  size_bytes = 4 * 4
  call MPI_Win_create(slots, size_bytes, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  disp = rank
  mine = rank + 10  ! an origin buffer lives until the epoch ends: no expression
  call MPI_Put(mine, 1, MPI_INTEGER, next, disp, 1, MPI_INTEGER, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  ok = slots(prev + 1) == prev + 10 .and. count(slots == -1) == 3
  call report('put under fences', ok)
  disp = 0
  call MPI_Get(got, 4, MPI_INTEGER, next, disp, 4, MPI_INTEGER, win, ierr)
  call MPI_Win_fence(MPI_MODE_NOSUCCEED, win, ierr)
  ok = got(rank + 1) == rank + 10 .and. count(got == -1) == 3
  call report('get under fences', ok)

  ! Attributes and names.
  call MPI_Win_get_attr(win, MPI_WIN_SIZE, value, flag, ierr)
  ok = flag .and. value == 16
  call MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, value, flag, ierr)
  ok = ok .and. flag .and. value == 4
  call report('window attributes', ok)
  call MPI_Win_set_name(win, 'slots   ', ierr)
  call MPI_Win_get_name(win, name, resultlen, ierr)
  call report('window name', name == 'slots' .and. resultlen == 5)
  call MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, keyval, 0_MPI_ADDRESS_KIND, ierr)
  value = 42 + rank
  call MPI_Win_set_attr(win, keyval, value, ierr)
  value = 0
  call MPI_Win_get_attr(win, keyval, value, flag, ierr)
  ok = flag .and. value == 42 + rank
  call MPI_Win_delete_attr(win, keyval, ierr)
  call MPI_Win_get_attr(win, keyval, value, flag, ierr)
  call MPI_Win_free_keyval(keyval, ierr)
  call report('window keyval attribute', ok .and. .not. flag .and. keyval == MPI_KEYVAL_INVALID)

  ! Post-start-complete-wait: each rank exposes its window to the previous rank and accumulates
  ! into the next one's slot 1.
  call MPI_Comm_group(MPI_COMM_WORLD, world_group, ierr)
  slots = 0
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Group_incl(world_group, 1, [prev], group, ierr)
  call MPI_Win_post(group, 0, win, ierr)
  call MPI_Group_free(group, ierr)
  call MPI_Group_incl(world_group, 1, [next], group, ierr)
  call MPI_Win_start(group, 0, win, ierr)
  disp = 0
  mine = rank + 1
  call MPI_Accumulate(mine, 1, MPI_INTEGER, next, disp, 1, MPI_INTEGER, MPI_SUM, win, ierr)
  call MPI_Accumulate(mine, 1, MPI_INTEGER, next, disp, 1, MPI_INTEGER, MPI_SUM, win, ierr)
  call MPI_Win_complete(win, ierr)
  call MPI_Win_wait(win, ierr)
  call MPI_Group_free(group, ierr)
  call report('accumulate under post-start-complete-wait', slots(1) == 2 * (prev + 1))
  call MPI_Win_free(win, ierr)
  call report('window freed', win == MPI_WIN_NULL)

  ! A counter at rank 0 from MPI_Win_allocate: every rank takes 3 tickets with fetch-and-op.
  size_bytes = 4
  disp_unit = 4
  call MPI_Win_allocate(size_bytes, disp_unit, MPI_INFO_NULL, MPI_COMM_WORLD, baseptr, counter_win, ierr)
  base = transfer(baseptr, base)
  call c_f_pointer(base, counter, [1])
  counter(1) = 0
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  one = 1
  ok = .true.
  do i = 1, 3
    call MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, counter_win, ierr)
    disp = 0
    call MPI_Fetch_and_op(one, ticket, MPI_INTEGER, 0, disp, MPI_SUM, counter_win, ierr)
    call MPI_Win_unlock(0, counter_win, ierr)
    ok = ok .and. ticket >= 0 .and. ticket < 3 * nprocs
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0) ok = ok .and. counter(1) == 3 * nprocs
  call report('fetch_and_op tickets', ok)
  call MPI_Win_get_attr(counter_win, MPI_WIN_CREATE_FLAVOR, value, flag, ierr)
  flag_int = int(value)
  call report('allocated window flavor', flag .and. flag_int == MPI_WIN_FLAVOR_ALLOCATE)

  ! An exclusive lock around a get_accumulate: the counter's value before, and the sum added.
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, counter_win, ierr)
  disp = 0
  call MPI_Get_accumulate(one, 1, MPI_INTEGER, ticket, 1, MPI_INTEGER, 0, disp, 1, MPI_INTEGER, MPI_SUM, &
                          counter_win, ierr)
  call MPI_Win_unlock(0, counter_win, ierr)
  ok = ticket >= 3 * nprocs .and. ticket < 4 * nprocs
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0) ok = ok .and. counter(1) == 4 * nprocs
  call report('get_accumulate under an exclusive lock', ok)
  call MPI_Win_free(counter_win, ierr)
  call MPI_Group_free(world_group, ierr)
  call MPI_Finalize(ierr)
end program one_sided
