# The MPI profiling interface (MPI-3.1 chapter 14): every MPI_Xxx function mpi.h declares is also
# PMPI_Xxx. Both lists below are read from mpi.h, so a function added there gets its PMPI_ name.
#
#   cmake -DMPI_H=reference_mpi/include/mpi.h -DHEADER=reference_mpi/include/mpi_profiling.h -P cmake/mpi_profiling.cmake
#     writes the PMPI_ declarations (a committed header; a test checks it is current);
#   cmake -DMPI_H=... -DLINKER_SCRIPT=out.ld -P cmake/mpi_profiling.cmake
#     writes "PMPI_Xxx = MPI_Xxx;" for every function, the aliases libxo_runtime.so is linked with;
#   cmake -DMPI_H=... -DCHECK_HEADER=reference_mpi/include/mpi_profiling.h -P cmake/mpi_profiling.cmake
#     fails if the committed header is not what mpi.h gives (a test runs it).

file(READ "${MPI_H}" content)
# CMake lists are ';'-separated: hide the C statement ends before matching declarations.
string(REPLACE ";" "@END@" content "${content}")
string(REGEX MATCHALL "(int|double|MPI_[A-Za-z]+) MPI_[A-Za-z0-9_]+\\([^@]*\\)@END@" declarations "${content}")

string(CONCAT header "/* Generated from mpi.h by cmake/mpi_profiling.cmake: do not edit. The profiling interface\n"
           " * (MPI-3.1 chapter 14): each MPI function under its PMPI_ name too, so that a tool can define\n"
           " * MPI_Xxx to intercept a call and reach the library through PMPI_Xxx. */\n"
           "/* clang-format off */\n"
           "#ifndef XO_MPI_PROFILING_H\n#define XO_MPI_PROFILING_H\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n")
set(aliases "/* Generated from mpi.h by cmake/mpi_profiling.cmake: the PMPI_ names of the MPI functions. */\n")
foreach(declaration IN LISTS declarations)
  string(REGEX REPLACE "@END@$" ";" declaration "${declaration}")
  string(REGEX REPLACE "^([A-Za-z_]+) MPI_" "\\1 PMPI_" profiled "${declaration}")
  # Continuation lines keep their place under the first argument, one column further right.
  string(REPLACE "\n " "\n  " profiled "${profiled}")
  string(APPEND header "${profiled}\n")
  string(REGEX MATCH " MPI_[A-Za-z0-9_]+\\(" name "${declaration}")
  string(REGEX REPLACE "^ (.*)\\($" "\\1" name "${name}")
  string(APPEND aliases "P${name} = ${name};\n")
endforeach()
string(APPEND header "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* XO_MPI_PROFILING_H */\n")

if(DEFINED HEADER)
  file(WRITE "${HEADER}" "${header}")
endif()
if(DEFINED CHECK_HEADER)  # the test: is the committed header what mpi.h gives?
  file(READ "${CHECK_HEADER}" committed)
  if(NOT committed STREQUAL header)
    message(FATAL_ERROR "${CHECK_HEADER} is out of date with ${MPI_H}; regenerate it with\n"
                        "  cmake -DMPI_H=reference_mpi/include/mpi.h -DHEADER=reference_mpi/include/mpi_profiling.h "
                        "-P cmake/mpi_profiling.cmake")
  endif()
endif()
if(DEFINED LINKER_SCRIPT)
  file(WRITE "${LINKER_SCRIPT}" "${aliases}")
endif()
