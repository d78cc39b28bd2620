! Collectives from fixed-form Fortran with INCLUDE 'mpif.h': bcast, reduce and allreduce with
! MPI_SUM and MPI_MAX on INTEGER, REAL and DOUBLE PRECISION, MPI_IN_PLACE, MPI_MAXLOC on
! MPI_2INTEGER, gather, scatter, alltoall and MPI_Comm_split. Expected values are computed from
! the ranks alone.
      PROGRAM COLLECTIVES
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER IERR, RANK, NP, I, ROOT, ISUM, IMAX, SUB, SUBRANK
      INTEGER SUBSIZE, COLOR, IVEC(4), PAIR(2), PAIRMAX(2)
      INTEGER GATHERED(64), SCATTERED, ALLSEND(64), ALLRECV(64)
      REAL RMAX
      DOUBLE PRECISION DSUM, DVEC(3)
      LOGICAL OK

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NP, IERR)

!     Broadcast from the last rank.
      ROOT = NP - 1
      IVEC = -1
      IF (RANK .EQ. ROOT) IVEC = (/ 11, 22, 33, 44 /)
      CALL MPI_BCAST(IVEC, 4, MPI_INTEGER, ROOT, MPI_COMM_WORLD, IERR)
      CALL REPORT('bcast integer', ALL(IVEC .EQ. (/11, 22, 33, 44/)))

!     Reduce to rank 1 (sum of ranks), allreduce max of REAL and sum of DOUBLE PRECISION.
      ISUM = -1
      CALL MPI_REDUCE(RANK, ISUM, 1, MPI_INTEGER, MPI_SUM, 1,
     &                MPI_COMM_WORLD, IERR)
      OK = RANK .NE. 1 .OR. ISUM .EQ. NP * (NP - 1) / 2
      CALL REPORT('reduce sum integer', OK)
      CALL MPI_ALLREDUCE(RANK, IMAX, 1, MPI_INTEGER, MPI_MAX,
     &                   MPI_COMM_WORLD, IERR)
      CALL REPORT('allreduce max integer', IMAX .EQ. NP - 1)
      CALL MPI_ALLREDUCE(1.5 * RANK, RMAX, 1, MPI_REAL, MPI_MAX,
     &                   MPI_COMM_WORLD, IERR)
      CALL REPORT('allreduce max real', RMAX .EQ. 1.5 * (NP - 1))
      CALL MPI_ALLREDUCE(0.25D0 * (RANK + 1), DSUM, 1,
     &     MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, IERR)
      CALL REPORT('allreduce sum double precision',
     &            DSUM .EQ. 0.25D0 * NP * (NP + 1) / 2)

!     In place: every rank's vector is replaced by the sum.
      DO I = 1, 3
        DVEC(I) = I * (RANK + 1)
      END DO
      CALL MPI_ALLREDUCE(MPI_IN_PLACE, DVEC, 3, MPI_DOUBLE_PRECISION,
     &                   MPI_SUM, MPI_COMM_WORLD, IERR)
      OK = .TRUE.
      DO I = 1, 3
        OK = OK .AND. DVEC(I) .EQ. I * NP * (NP + 1) / 2
      END DO
      CALL REPORT('allreduce in place', OK)
      ISUM = RANK + 10
      IF (RANK .EQ. 0) THEN
        CALL MPI_REDUCE(MPI_IN_PLACE, ISUM, 1, MPI_INTEGER, MPI_SUM, 0,
     &                  MPI_COMM_WORLD, IERR)
      ELSE
        CALL MPI_REDUCE(ISUM, I, 1, MPI_INTEGER, MPI_SUM, 0,
     &                  MPI_COMM_WORLD, IERR)
      END IF
      OK = RANK .NE. 0 .OR. ISUM .EQ. NP * (NP - 1) / 2 + 10 * NP
      CALL REPORT('reduce in place at the root', OK)

!     MAXLOC on (value, index) pairs: the largest value is rank 2's (for 4 ranks).
      PAIR(1) = MOD(RANK + 2, NP)
      PAIR(2) = RANK
      CALL MPI_ALLREDUCE(PAIR, PAIRMAX, 1, MPI_2INTEGER, MPI_MAXLOC,
     &                   MPI_COMM_WORLD, IERR)
      CALL REPORT('maxloc 2integer', PAIRMAX(1) .EQ. NP - 1 .AND.
     &            PAIRMAX(2) .EQ. MOD(2 * NP - 3, NP))

!     Gather rank*10 at rank 0; scatter i*3 from rank 0.
      CALL MPI_GATHER(RANK * 10, 1, MPI_INTEGER, GATHERED, 1,
     &                MPI_INTEGER, 0, MPI_COMM_WORLD, IERR)
      OK = .TRUE.
      IF (RANK .EQ. 0) THEN
        DO I = 1, NP
          OK = OK .AND. GATHERED(I) .EQ. (I - 1) * 10
        END DO
      END IF
      CALL REPORT('gather', OK)
      DO I = 1, NP
        GATHERED(I) = (I - 1) * 3
      END DO
      CALL MPI_SCATTER(GATHERED, 1, MPI_INTEGER, SCATTERED, 1,
     &                 MPI_INTEGER, 0, MPI_COMM_WORLD, IERR)
      CALL REPORT('scatter', SCATTERED .EQ. RANK * 3)

!     Alltoall: element j of rank r goes to rank j as element r.
      DO I = 1, NP
        ALLSEND(I) = RANK * 100 + (I - 1)
      END DO
      CALL MPI_ALLTOALL(ALLSEND, 1, MPI_INTEGER, ALLRECV, 1,
     &                  MPI_INTEGER, MPI_COMM_WORLD, IERR)
      OK = .TRUE.
      DO I = 1, NP
        OK = OK .AND. ALLRECV(I) .EQ. (I - 1) * 100 + RANK
      END DO
      CALL REPORT('alltoall', OK)

!     Split into even and odd ranks, ordered by descending world rank.
      COLOR = MOD(RANK, 2)
      CALL MPI_COMM_SPLIT(MPI_COMM_WORLD, COLOR, -RANK, SUB, IERR)
      CALL MPI_COMM_SIZE(SUB, SUBSIZE, IERR)
      CALL MPI_COMM_RANK(SUB, SUBRANK, IERR)
      CALL MPI_ALLREDUCE(RANK, ISUM, 1, MPI_INTEGER, MPI_SUM, SUB, IERR)
      OK = SUBSIZE .EQ. (NP + 1 - COLOR) / 2 .AND.
     &     SUBRANK .EQ. (NP - 1 - MOD(NP - 1 - COLOR, 2) - RANK) / 2
      CALL REPORT('comm_split size and order', OK)
      IF (COLOR .EQ. 0) THEN
        OK = ISUM .EQ. (NP / 2) * (NP / 2 - 1)
      ELSE
        OK = ISUM .EQ. (NP / 2) * (NP / 2 - 1) + NP / 2
      END IF
      CALL REPORT('comm_split allreduce', OK)
      CALL MPI_COMM_FREE(SUB, IERR)
      CALL REPORT('comm_free', SUB .EQ. MPI_COMM_NULL)
      CALL MPI_FINALIZE(IERR)
      END
