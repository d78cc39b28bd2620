! Derived datatypes, a reduction written in Fortran, MPI_BOTTOM, attributes with Fortran callbacks,
! and CHARACTER arguments (processor name, communicator names, error strings, info values) from
! Fortran with `use mpi`. Run on 4 ranks.
module combine
  implicit none
  integer :: deletions = 0  ! how often delete_attribute ran on this rank
contains
  ! An attribute copy callback: the copy is the value plus EXTRA_STATE.
  subroutine copy_attribute(oldcomm, keyval, extra_state, value_in, value_out, flag, ierr)
    use mpi
    integer :: oldcomm, keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: extra_state, value_in, value_out
    logical :: flag
    value_out = value_in + extra_state + 0 * (oldcomm + keyval)
    flag = .true.
    ierr = MPI_SUCCESS
  end subroutine copy_attribute

  subroutine delete_attribute(comm, keyval, value, extra_state, ierr)
    use mpi
    integer :: comm, keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: value, extra_state
    deletions = deletions + 1 + 0 * (comm + keyval + int(value + extra_state))
    ierr = MPI_SUCCESS
  end subroutine delete_attribute

  ! A user reduction, called by MPI with Fortran's convention (all four arguments by reference):
  ! inout = in + inout + 1, so a reduction over n ranks adds n - 1 to the plain sum.
  subroutine sum_plus_one(invec, inoutvec, len, datatype)
    integer, intent(in) :: len, datatype
    integer, intent(in) :: invec(len)
    integer, intent(inout) :: inoutvec(len)
    inoutvec = invec + inoutvec + 1
    if (datatype < 0) inoutvec = -1  ! never: it only shows the argument arrives
  end subroutine sum_plus_one
end module combine

program types_ops_names
  use mpi
  use combine
  implicit none
  integer, parameter :: rows = 4, cols = 5
  integer :: ierr, rank, nprocs, i, j, row_type, op, total(3), length, dup, info, abs_type
  integer :: grid(rows, cols), row(cols)
  integer(kind=MPI_ADDRESS_KIND) :: address
  character(len=MPI_MAX_PROCESSOR_NAME) :: host
  character(len=MPI_MAX_OBJECT_NAME) :: name
  character(len=MPI_MAX_ERROR_STRING) :: text
  character(len=16) :: value
  logical :: flag, periods(2)
  integer :: dims(2), coords(2), keyval, keyval2

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

  ! A row of a column-major array is strided: MPI_Type_vector with the column length as stride.
  do j = 1, cols
    do i = 1, rows
      grid(i, j) = 10 * i + j + 1000 * rank
    end do
  end do
  call MPI_Type_vector(cols, 1, rows, MPI_INTEGER, row_type, ierr)
  call MPI_Type_commit(row_type, ierr)
  row = -1
  call MPI_Sendrecv(grid(2, 1), 1, row_type, mod(rank + 1, nprocs), 0, row, cols, MPI_INTEGER, &
                    mod(rank + nprocs - 1, nprocs), 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call report('type_vector row', all(row == [(20 + j + 1000 * mod(rank + nprocs - 1, nprocs), j = 1, cols)]))
  call MPI_Type_free(row_type, ierr)
  call report('type_free', row_type == MPI_DATATYPE_NULL)

  ! A struct at an absolute address, sent from MPI_BOTTOM.
  call MPI_Get_address(grid(3, 2), address, ierr)
  call MPI_Type_create_struct(1, [1], [address], [MPI_INTEGER], abs_type, ierr)
  call MPI_Type_commit(abs_type, ierr)
  row = -1
  call MPI_Sendrecv(MPI_BOTTOM, 1, abs_type, mod(rank + 1, nprocs), 1, row, 1, MPI_INTEGER, &
                    mod(rank + nprocs - 1, nprocs), 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call report('send from MPI_BOTTOM', row(1) == 32 + 1000 * mod(rank + nprocs - 1, nprocs))
  call MPI_Type_free(abs_type, ierr)

  ! A reduction written in Fortran.
  call MPI_Op_create(sum_plus_one, .true., op, ierr)
  call MPI_Allreduce([rank, 2 * rank, 1], total, 3, MPI_INTEGER, op, MPI_COMM_WORLD, ierr)
  call report('user op in Fortran', all(total == [nprocs * (nprocs - 1) / 2 + nprocs - 1, &
                                                  nprocs * (nprocs - 1) + nprocs - 1, 2 * nprocs - 1]))
  call MPI_Op_free(op, ierr)

  ! CHARACTER results are blank-padded and their length returned.
  host = repeat('x', len(host))
  call MPI_Get_processor_name(host, length, ierr)
  call report('processor name', length > 0 .and. len_trim(host) == length .and. host(length + 1:) == ' ')

  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Comm_set_name(dup, 'fortran dup   ', ierr)
  name = repeat('x', len(name))
  call MPI_Comm_get_name(dup, name, length, ierr)
  call report('comm name round trip', name == 'fortran dup' .and. length == 11)
  call MPI_Comm_get_name(MPI_COMM_WORLD, name, length, ierr)
  call report('comm world name', name == 'MPI_COMM_WORLD' .and. length == 14)
  call MPI_Comm_free(dup, ierr)

  call MPI_Error_string(MPI_ERR_RANK, text, length, ierr)
  call report('error string', length > 0 .and. len_trim(text) == length)

  call MPI_Info_create(info, ierr)
  call MPI_Info_set(info, 'colour ', 'blue  ', ierr)
  value = repeat('x', len(value))
  call MPI_Info_get(info, 'colour', len(value), value, flag, ierr)
  call report('info round trip', flag .and. value == 'blue')
  call MPI_Info_get(info, 'shape', len(value), value, flag, ierr)
  call report('info missing key', .not. flag)
  call MPI_Info_free(info, ierr)

  ! A predefined attribute read as an INTEGER(KIND=MPI_ADDRESS_KIND), and LOGICAL arrays both ways.
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, address, flag, ierr)
  call report('comm_get_attr tag_ub', flag .and. address >= 32767)
  call MPI_Cart_create(MPI_COMM_WORLD, 2, [2, nprocs / 2], [.true., .false.], .false., dup, ierr)
  call MPI_Cart_get(dup, 2, dims, periods, coords, ierr)
  call report('cart_get logical periods', all(dims == [2, nprocs / 2]) .and. periods(1) .and. .not. periods(2) &
                                          .and. coords(1) == rank / (nprocs / 2))
  call MPI_Comm_free(dup, ierr)

  ! Keyvals with Fortran callbacks: copied on MPI_Comm_dup, deleted on MPI_Comm_free; and the
  ! predefined MPI_COMM_DUP_FN.
  call MPI_Comm_create_keyval(copy_attribute, delete_attribute, keyval, 1000_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, int(rank, MPI_ADDRESS_KIND), ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Comm_get_attr(dup, keyval, address, flag, ierr)
  call report('fortran copy callback', flag .and. address == rank + 1000)
  call MPI_Comm_free(dup, ierr)
  call report('fortran delete callback', deletions == 1)
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, keyval2, 0_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval2, 77_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Comm_get_attr(dup, keyval2, address, flag, ierr)
  call report('MPI_COMM_DUP_FN', flag .and. address == 77)
  call MPI_Comm_free(dup, ierr)
  call MPI_Comm_free_keyval(keyval2, ierr)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval, ierr)
  call MPI_Comm_free_keyval(keyval, ierr)
  ! Three deletions: the first dup's copy, the second dup's (MPI_COMM_WORLD still had it), the original.
  call report('keyvals freed', deletions == 3 .and. keyval == MPI_KEYVAL_INVALID)
  call MPI_Finalize(ierr)
end program types_ops_names
