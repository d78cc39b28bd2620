#!/usr/bin/env bash
# xo fc's command line: the wrappers' queries name mpif.h's folder and the Fortran entry library;
# a missing compiler and a compiler variable leading back to xo each give one clear message and a
# non-zero exit.
#
#   fc_command_test.sh XO WRAPPER_DIR
set -euo pipefail
xo=$(realpath "$1")
wrappers=$(realpath "$2")
fail() {
  echo "fc_command_test.sh: $*" >&2
  exit 1
}

show=$("$xo" fc -show prog.f90 -o prog)
[[ $show == gfortran\ * ]] || fail "xo fc -show does not start with gfortran: $show"
[[ $show == *"-fallow-argument-mismatch"* && $show == *libxo_fortran_entry.a* && $show == *-lxo_runtime* ]] ||
  fail "xo fc -show lacks the Fortran flags or libraries: $show"
found=0
for flag in $("$wrappers/mpif90" -showme:compile); do
  [[ $flag == -I* && -f ${flag#-I}/mpif.h && -f ${flag#-I}/mpi.mod ]] && found=1
done
((found)) || fail "mpif90 -showme:compile names no folder with mpif.h and mpi.mod: $("$wrappers/mpif90" -showme:compile)"
for wrapper in mpif90 mpifort mpif77; do
  [[ $("$wrappers/$wrapper" -showme:link) == *libxo_fortran_entry.a* ]] || fail "$wrapper -showme:link"
done
"$xo" fc --help | grep -q "mpif.h" || fail "xo fc --help does not mention mpif.h"
"$xo" --help | grep -q "^  fc " || fail "xo --help does not list fc"

if message=$(XO_FC=/nonexistent/gfortran "$xo" fc prog.f90 2>&1); then fail "a missing compiler succeeded"; fi
[[ $message == *"apt-get install gfortran"* ]] || fail "a missing compiler's message names no package: $message"
if message=$(FC="$wrappers/mpif90" "$xo" fc prog.f90 2>&1); then fail "FC=mpif90 under xo fc succeeded"; fi
[[ $message == *"leads back to xo fc"* ]] || fail "FC=mpif90's message: $message"
echo "fc_command_test.sh: ok"
