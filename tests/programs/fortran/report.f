! The checks' report, shared by the Fortran test programs: every rank gives its verdict, rank 0
! prints one line per check, "ok" only if all ranks agree. Fixed form with mpif.h.
      SUBROUTINE REPORT(NAME, OK)
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      CHARACTER*(*) NAME
      LOGICAL OK, ALLOK
      INTEGER RANK, IERR
      CALL MPI_ALLREDUCE(OK, ALLOK, 1, MPI_LOGICAL, MPI_LAND,
     &                   MPI_COMM_WORLD, IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      IF (.NOT. OK) PRINT '(A,I0,A,A)', 'rank ', RANK, ' failed ', NAME
      IF (RANK .EQ. 0) THEN
        IF (ALLOK) THEN
          PRINT '(A,A,A)', 'check ', NAME, ': ok'
        ELSE
          PRINT '(A,A,A)', 'check ', NAME, ': FAILED'
        END IF
      END IF
      END
