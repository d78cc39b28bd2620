/* Writes mpif.h, the Fortran header of the reference MPI, from mpi.h: compiled against mpi.h at build
 * time (reference_mpi/CMakeLists.txt), so every Fortran constant is the C header's own value and the
 * two cannot drift apart. The output is valid fixed and free form source (statements in columns
 * 7-72, comments starting with "!", no continuation lines), as mpif.h must be.
 *
 * The C constants that are addresses (MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE, ...) are COMMON
 * block variables in Fortran: the bindings recognise them by address (fortran_sentinels.h). */

#include <mpi.h>
#include <stdio.h>

struct Constant {
  const char* name;
  long long value;
};

#define C(name) \
  { #name, name }

/* The integer constants mpi.h defines that a Fortran program uses, as INTEGER parameters. */
static const struct Constant kConstants[] = {
    /* version */
    C(MPI_VERSION),
    C(MPI_SUBVERSION),
    /* handles: communicators, groups, requests, error handlers, info, messages */
    C(MPI_COMM_NULL),
    C(MPI_COMM_WORLD),
    C(MPI_COMM_SELF),
    C(MPI_GROUP_NULL),
    C(MPI_GROUP_EMPTY),
    C(MPI_REQUEST_NULL),
    C(MPI_ERRHANDLER_NULL),
    C(MPI_ERRORS_ARE_FATAL),
    C(MPI_ERRORS_RETURN),
    C(MPI_INFO_NULL),
    C(MPI_INFO_ENV),
    C(MPI_MESSAGE_NULL),
    C(MPI_MESSAGE_NO_PROC),
    /* reduction operations */
    C(MPI_OP_NULL),
    C(MPI_MAX),
    C(MPI_MIN),
    C(MPI_SUM),
    C(MPI_PROD),
    C(MPI_LAND),
    C(MPI_BAND),
    C(MPI_LOR),
    C(MPI_BOR),
    C(MPI_LXOR),
    C(MPI_BXOR),
    C(MPI_MAXLOC),
    C(MPI_MINLOC),
    C(MPI_REPLACE),
    C(MPI_NO_OP),
    /* datatypes: Fortran's, then C's (a Fortran code may describe C data) */
    C(MPI_DATATYPE_NULL),
    C(MPI_INTEGER),
    C(MPI_REAL),
    C(MPI_DOUBLE_PRECISION),
    C(MPI_COMPLEX),
    C(MPI_DOUBLE_COMPLEX),
    C(MPI_LOGICAL),
    C(MPI_CHARACTER),
    C(MPI_2INTEGER),
    C(MPI_2REAL),
    C(MPI_2DOUBLE_PRECISION),
    C(MPI_INTEGER1),
    C(MPI_INTEGER2),
    C(MPI_INTEGER4),
    C(MPI_INTEGER8),
    C(MPI_INTEGER16),
    C(MPI_REAL4),
    C(MPI_REAL8),
    C(MPI_REAL16),
    C(MPI_COMPLEX8),
    C(MPI_COMPLEX16),
    C(MPI_COMPLEX32),
    C(MPI_BYTE),
    C(MPI_PACKED),
    C(MPI_UB),
    C(MPI_LB),
    C(MPI_AINT),
    C(MPI_OFFSET),
    C(MPI_COUNT),
    C(MPI_CHAR),
    C(MPI_SIGNED_CHAR),
    C(MPI_UNSIGNED_CHAR),
    C(MPI_SHORT),
    C(MPI_UNSIGNED_SHORT),
    C(MPI_INT),
    C(MPI_UNSIGNED),
    C(MPI_LONG),
    C(MPI_UNSIGNED_LONG),
    C(MPI_LONG_LONG_INT),
    C(MPI_LONG_LONG),
    C(MPI_UNSIGNED_LONG_LONG),
    C(MPI_FLOAT),
    C(MPI_DOUBLE),
    C(MPI_LONG_DOUBLE),
    C(MPI_WCHAR),
    C(MPI_C_BOOL),
    C(MPI_INT8_T),
    C(MPI_INT16_T),
    C(MPI_INT32_T),
    C(MPI_INT64_T),
    C(MPI_UINT8_T),
    C(MPI_UINT16_T),
    C(MPI_UINT32_T),
    C(MPI_UINT64_T),
    C(MPI_FLOAT_INT),
    C(MPI_DOUBLE_INT),
    C(MPI_LONG_INT),
    C(MPI_2INT),
    C(MPI_SHORT_INT),
    C(MPI_LONG_DOUBLE_INT),
    C(MPI_C_COMPLEX),
    C(MPI_C_FLOAT_COMPLEX),
    C(MPI_C_DOUBLE_COMPLEX),
    C(MPI_C_LONG_DOUBLE_COMPLEX),
    C(MPI_CXX_BOOL),
    C(MPI_CXX_FLOAT_COMPLEX),
    C(MPI_CXX_DOUBLE_COMPLEX),
    C(MPI_CXX_LONG_DOUBLE_COMPLEX),
    /* wildcards and special values */
    C(MPI_ANY_SOURCE),
    C(MPI_ANY_TAG),
    C(MPI_PROC_NULL),
    C(MPI_ROOT),
    C(MPI_UNDEFINED),
    C(MPI_KEYVAL_INVALID),
    C(MPI_BSEND_OVERHEAD),
    C(MPI_MAX_PROCESSOR_NAME),
    C(MPI_MAX_ERROR_STRING),
    C(MPI_MAX_OBJECT_NAME),
    C(MPI_MAX_INFO_KEY),
    C(MPI_MAX_INFO_VAL),
    C(MPI_MAX_LIBRARY_VERSION_STRING),
    /* comparison results, topologies, thread levels, split types */
    C(MPI_IDENT),
    C(MPI_CONGRUENT),
    C(MPI_SIMILAR),
    C(MPI_UNEQUAL),
    C(MPI_GRAPH),
    C(MPI_CART),
    C(MPI_DIST_GRAPH),
    C(MPI_THREAD_SINGLE),
    C(MPI_THREAD_FUNNELED),
    C(MPI_THREAD_SERIALIZED),
    C(MPI_THREAD_MULTIPLE),
    C(MPI_COMM_TYPE_SHARED),
    /* predefined attribute keyvals */
    C(MPI_TAG_UB),
    C(MPI_HOST),
    C(MPI_IO),
    C(MPI_WTIME_IS_GLOBAL),
    C(MPI_UNIVERSE_SIZE),
    C(MPI_APPNUM),
    C(MPI_LASTUSEDCODE),
    /* error classes */
    C(MPI_SUCCESS),
    C(MPI_ERR_BUFFER),
    C(MPI_ERR_COUNT),
    C(MPI_ERR_TYPE),
    C(MPI_ERR_TAG),
    C(MPI_ERR_COMM),
    C(MPI_ERR_RANK),
    C(MPI_ERR_REQUEST),
    C(MPI_ERR_ROOT),
    C(MPI_ERR_GROUP),
    C(MPI_ERR_OP),
    C(MPI_ERR_TOPOLOGY),
    C(MPI_ERR_DIMS),
    C(MPI_ERR_ARG),
    C(MPI_ERR_UNKNOWN),
    C(MPI_ERR_TRUNCATE),
    C(MPI_ERR_OTHER),
    C(MPI_ERR_INTERN),
    C(MPI_ERR_IN_STATUS),
    C(MPI_ERR_PENDING),
    C(MPI_ERR_KEYVAL),
    C(MPI_ERR_INFO),
    C(MPI_ERR_INFO_KEY),
    C(MPI_ERR_INFO_VALUE),
    C(MPI_ERR_INFO_NOKEY),
    C(MPI_ERR_NO_MEM),
    C(MPI_ERR_BASE),
    C(MPI_ERR_SIZE),
    C(MPI_ERR_DISP),
    C(MPI_ERR_WIN),
    C(MPI_ERR_LOCKTYPE),
    C(MPI_ERR_ASSERT),
    C(MPI_ERR_RMA_CONFLICT),
    C(MPI_ERR_RMA_SYNC),
    C(MPI_ERR_RMA_RANGE),
    C(MPI_ERR_RMA_ATTACH),
    C(MPI_ERR_RMA_SHARED),
    C(MPI_ERR_RMA_FLAVOR),
    C(MPI_ERR_LASTCODE),
    /* one-sided communication: windows, lock types, assertions, window attributes, flavors, models */
    C(MPI_WIN_NULL),
    C(MPI_LOCK_EXCLUSIVE),
    C(MPI_LOCK_SHARED),
    C(MPI_MODE_NOCHECK),
    C(MPI_MODE_NOSTORE),
    C(MPI_MODE_NOPUT),
    C(MPI_MODE_NOPRECEDE),
    C(MPI_MODE_NOSUCCEED),
    C(MPI_WIN_BASE),
    C(MPI_WIN_SIZE),
    C(MPI_WIN_DISP_UNIT),
    C(MPI_WIN_CREATE_FLAVOR),
    C(MPI_WIN_MODEL),
    C(MPI_WIN_FLAVOR_CREATE),
    C(MPI_WIN_FLAVOR_ALLOCATE),
    C(MPI_WIN_FLAVOR_DYNAMIC),
    C(MPI_WIN_FLAVOR_SHARED),
    C(MPI_WIN_SEPARATE),
    C(MPI_WIN_UNIFIED),
    /* datatype combiners, array orders and distributions, type classes */
    C(MPI_COMBINER_NAMED),
    C(MPI_COMBINER_DUP),
    C(MPI_COMBINER_CONTIGUOUS),
    C(MPI_COMBINER_VECTOR),
    C(MPI_COMBINER_HVECTOR_INTEGER),
    C(MPI_COMBINER_HVECTOR),
    C(MPI_COMBINER_INDEXED),
    C(MPI_COMBINER_HINDEXED_INTEGER),
    C(MPI_COMBINER_HINDEXED),
    C(MPI_COMBINER_INDEXED_BLOCK),
    C(MPI_COMBINER_HINDEXED_BLOCK),
    C(MPI_COMBINER_STRUCT_INTEGER),
    C(MPI_COMBINER_STRUCT),
    C(MPI_COMBINER_SUBARRAY),
    C(MPI_COMBINER_DARRAY),
    C(MPI_COMBINER_RESIZED),
    C(MPI_COMBINER_F90_REAL),
    C(MPI_COMBINER_F90_COMPLEX),
    C(MPI_COMBINER_F90_INTEGER),
    C(MPI_ORDER_C),
    C(MPI_ORDER_FORTRAN),
    C(MPI_DISTRIBUTE_BLOCK),
    C(MPI_DISTRIBUTE_CYCLIC),
    C(MPI_DISTRIBUTE_NONE),
    C(MPI_DISTRIBUTE_DFLT_DARG),
    C(MPI_TYPECLASS_REAL),
    C(MPI_TYPECLASS_INTEGER),
    C(MPI_TYPECLASS_COMPLEX),
    /* the status array: its length and where the source, tag and error are (Fortran indices from 1) */
    {"MPI_STATUS_SIZE", MPI_F_STATUS_SIZE},
    {"MPI_SOURCE", MPI_F_SOURCE + 1},
    {"MPI_TAG", MPI_F_TAG + 1},
    {"MPI_ERROR", MPI_F_ERROR + 1},
    /* the KIND of INTEGER that holds an address, a file offset and a count: their C types' sizes,
     * which gfortran's INTEGER kinds equal */
    {"MPI_ADDRESS_KIND", sizeof(MPI_Aint)},
    {"MPI_OFFSET_KIND", sizeof(MPI_Offset)},
    {"MPI_COUNT_KIND", sizeof(MPI_Count)},
    {"MPI_INTEGER_KIND", sizeof(MPI_Fint)},
};

/* The address constants: a COMMON block each, named as fortran_sentinels.h declares them. */
static const char* const kSentinels[] = {
    "      INTEGER MPI_BOTTOM",
    "      COMMON /XO_MPI_BOTTOM/ MPI_BOTTOM",
    "      INTEGER MPI_IN_PLACE",
    "      COMMON /XO_MPI_IN_PLACE/ MPI_IN_PLACE",
    "      INTEGER MPI_STATUS_IGNORE(MPI_STATUS_SIZE)",
    "      COMMON /XO_MPI_STATUS_IGNORE/ MPI_STATUS_IGNORE",
    "      INTEGER MPI_STATUSES_IGNORE(MPI_STATUS_SIZE, 1)",
    "      COMMON /XO_MPI_STATUSES_IGNORE/ MPI_STATUSES_IGNORE",
    "      INTEGER MPI_ERRCODES_IGNORE(1)",
    "      COMMON /XO_MPI_ERRCODES_IGNORE/ MPI_ERRCODES_IGNORE",
    "      CHARACTER*1 MPI_ARGV_NULL(1)",
    "      COMMON /XO_MPI_ARGV_NULL/ MPI_ARGV_NULL",
    "      INTEGER MPI_UNWEIGHTED(1)",
    "      COMMON /XO_MPI_UNWEIGHTED/ MPI_UNWEIGHTED",
    "      INTEGER MPI_WEIGHTS_EMPTY(1)",
    "      COMMON /XO_MPI_WEIGHTS_EMPTY/ MPI_WEIGHTS_EMPTY",
    "      SAVE /XO_MPI_BOTTOM/, /XO_MPI_IN_PLACE/, /XO_MPI_STATUS_IGNORE/",
    "      SAVE /XO_MPI_STATUSES_IGNORE/, /XO_MPI_ERRCODES_IGNORE/",
    "      SAVE /XO_MPI_ARGV_NULL/, /XO_MPI_UNWEIGHTED/",
    "      SAVE /XO_MPI_WEIGHTS_EMPTY/",
};

static void write_header(FILE* out) {
  fprintf(out, "! mpif.h of Crossover's reference MPI, written at build time\n");
  fprintf(out, "! from mpi.h by reference_mpi/fortran/mpif_generator.c.\n");
  fprintf(out, "! Do not edit. Fixed and free form alike.\n");
  const size_t count = sizeof kConstants / sizeof kConstants[0];
  for (size_t i = 0; i < count; ++i) {
    fprintf(out, "      INTEGER %s\n      PARAMETER (%s=%lld)\n", kConstants[i].name, kConstants[i].name,
            kConstants[i].value);
  }
  for (size_t i = 0; i < sizeof kSentinels / sizeof kSentinels[0]; ++i) fprintf(out, "%s\n", kSentinels[i]);
  fprintf(out, "      DOUBLE PRECISION MPI_WTIME, MPI_WTICK\n      EXTERNAL MPI_WTIME, MPI_WTICK\n");
  fprintf(out, "      INTEGER(KIND=MPI_ADDRESS_KIND) MPI_AINT_ADD, MPI_AINT_DIFF\n");
  fprintf(out, "      EXTERNAL MPI_AINT_ADD, MPI_AINT_DIFF\n");
  /* The predefined attribute callbacks (bind_keyvals.cpp). */
  fprintf(out, "      EXTERNAL MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, MPI_DUP_FN\n");
  fprintf(out, "      EXTERNAL MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN\n");
  fprintf(out, "      EXTERNAL MPI_COMM_DUP_FN, MPI_TYPE_DUP_FN\n");
  fprintf(out, "      EXTERNAL MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN\n");
  fprintf(out, "      EXTERNAL MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN\n");
  fprintf(out, "      EXTERNAL MPI_WIN_DUP_FN\n");
}

/* mpif_generator OUTPUT */
int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: mpif_generator OUTPUT\n");
    return 2;
  }
  FILE* out = fopen(argv[1], "w");
  if (out == NULL) {
    perror(argv[1]);
    return 1;
  }
  write_header(out);
  return fclose(out) == 0 ? 0 : 1;
}
