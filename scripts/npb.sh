#!/usr/bin/env bash
# Builds the NAS Parallel Benchmarks (NPB3.x-MPI, a checkout outside this project) with the
# reference MPI's wrappers (build/bin/mpi/mpif90 and mpicc), runs each with `xo run` and reports
# which verify ("Verification = SUCCESSFUL"). The checkout is copied to the work folder and built
# there, so it is never changed. BT and SP need a square number of ranks, CG, FT, IS, LU and MG a
# power of two; a kernel the rank count does not suit is skipped and reported as such.
#
#   scripts/npb.sh NPB_DIR [--classes "S W"] [--kernels "cg ep ft is lu mg bt sp"] [--ranks 4]
#                  [--machine NAME] [--work DIR] [--timeout SECONDS]
#
# NPB_DIR is the NPB3.x-MPI folder (it holds config/ and the benchmarks' folders), or a folder
# holding one. Exit status: 0 when every kernel built, ran and verified; 1 when one did not; 2 for
# a mistake on the command line or a missing checkout.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}
die() {  # one line, exit 2: the command line or the checkout is wrong
  echo "npb.sh: $*" >&2
  exit 2
}

npb=""
classes="S W"
kernels="cg ep ft is lu mg bt sp"
ranks=4
machine=""
work=""
timeout=600
while (($#)); do
  case $1 in
    -h | --help) usage; exit 0 ;;
    --classes | --kernels | --ranks | --machine | --work | --timeout)
      (($# >= 2)) || die "$1 needs a value"
      case $1 in
        --classes) classes=$2 ;; --kernels) kernels=$2 ;; --ranks) ranks=$2 ;;
        --machine) machine=$2 ;; --work) work=$2 ;; --timeout) timeout=$2 ;;
      esac
      shift 2
      ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *)
      [[ -z $npb ]] || die "one NPB checkout only, got '$npb' and '$1'"
      npb=$1
      shift
      ;;
  esac
done

[[ $ranks =~ ^[1-9][0-9]*$ ]] || die "--ranks wants a positive integer, not '$ranks'"
[[ $timeout =~ ^[1-9][0-9]*$ ]] || die "--timeout wants a positive number of seconds, not '$timeout'"
for class in $classes; do
  [[ $class =~ ^[SWABCDEF]$ ]] || die "unknown class '$class' (S, W, A, B, C, D, E or F)"
done
for kernel in $kernels; do
  case $kernel in cg | ep | ft | is | lu | mg | bt | sp) ;; *) die "unknown kernel '$kernel' (cg ep ft is lu mg bt sp)" ;; esac
done
[[ -n $npb ]] || die "give the path of an NPB3.x-MPI checkout (it is not part of this project; see --help)"
[[ -d $npb ]] || die "no such directory: $npb (the NAS Parallel Benchmarks are not on this machine; download NPB3.x from https://www.nas.nasa.gov/software/npb.html)"
npb=$(cd "$npb" && pwd)
if [[ ! -d $npb/config ]]; then  # the folder that holds NPB3.x-MPI
  inner=$(find "$npb" -maxdepth 1 -type d -name 'NPB3.*-MPI' | sort | tail -1)
  [[ -n $inner && -d $inner/config ]] || die "$npb is not an NPB3.x-MPI checkout: it has no config/ folder, nor an NPB3.*-MPI folder with one"
  npb=$inner
fi

xo=$root/build/bin/xo
wrappers=$root/build/bin/mpi
[[ -x $xo && -x $wrappers/mpif90 && -x $wrappers/mpicc ]] ||
  die "build Crossover first (cmake --build build): $wrappers/mpif90 and mpicc are missing"

# Whether `ranks` suits a kernel: squares for BT and SP, powers of two for the rest but EP.
suits() {
  local kernel=$1 n=$ranks root_n
  case $kernel in
    ep) return 0 ;;
    bt | sp)
      root_n=$(awk -v n="$n" 'BEGIN { printf "%d", sqrt(n) + 0.5 }')
      ((root_n * root_n == n))
      ;;
    *) ((n & (n - 1))) && return 1 || return 0 ;;
  esac
}

[[ -n $work ]] || work=$(mktemp -d /tmp/xo-npb.XXXXXX)
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "npb.sh: building $npb in $work/npb with $wrappers/mpif90 and mpicc; logs in $work/logs"
rm -rf "$work/npb" && cp -r "$npb" "$work/npb"
mkdir -p "$work/logs" "$work/npb/bin"
# make.def under both NPB 3.3's names (MPIF77, FMPI_*) and 3.4's (MPIFC, F_*).
cat >"$work/npb/config/make.def" <<DEF
MPIFC = $wrappers/mpif90
MPIF77 = $wrappers/mpif90
FLINK = $wrappers/mpif90
F_LIB =
F_INC =
FMPI_LIB =
FMPI_INC =
FFLAGS = -O2
FLINKFLAGS = -O2
MPICC = $wrappers/mpicc
CLINK = $wrappers/mpicc
C_LIB = -lm
C_INC =
CMPI_LIB = -lm
CMPI_INC =
CFLAGS = -O2
CLINKFLAGS = -O2
CC = cc -g
UCC = cc
BINDIR = ../bin
RAND = randi8
WTIME = wtime.c
DEF

status=0
printf '\n%-6s %-5s %-6s %s\n' kernel class ranks result
for kernel in $kernels; do
  for class in $classes; do
    upper=${kernel^^}
    log=$work/logs/$kernel.$class
    if ! suits "$kernel"; then
      printf '%-6s %-5s %-6s %s\n' "$upper" "$class" "$ranks" "skipped: $upper needs a $([[ $kernel == bt || $kernel == sp ]] && echo square || echo 'power of two') rank count"
      continue
    fi
    if ! make -C "$work/npb" "$kernel" CLASS="$class" NPROCS="$ranks" >"$log.build" 2>&1; then
      printf '%-6s %-5s %-6s %s\n' "$upper" "$class" "$ranks" "build failed (see $log.build)"
      status=1
      continue
    fi
    # NPB 3.4 names a binary cg.S.x, NPB 3.3 cg.S.4.
    binary=$work/npb/bin/$kernel.$class.x
    [[ -x $binary ]] || binary=$work/npb/bin/$kernel.$class.$ranks
    if [[ ! -x $binary ]]; then
      printf '%-6s %-5s %-6s %s\n' "$upper" "$class" "$ranks" "built, but no bin/$kernel.$class.x or .$ranks"
      status=1
      continue
    fi
    run=("$xo" run -q -n "$ranks")
    [[ -z $machine ]] || run+=(--machine "$machine")
    if ! (cd "$work/npb/bin" && timeout "$timeout" "${run[@]}" -- "$binary") >"$log.run" 2>&1; then
      printf '%-6s %-5s %-6s %s\n' "$upper" "$class" "$ranks" "run failed (see $log.run)"
      status=1
    elif grep -qE 'Verification += *SUCCESSFUL' "$log.run"; then
      printf '%-6s %-5s %-6s %s\n' "$upper" "$class" "$ranks" "verification successful"
    else
      printf '%-6s %-5s %-6s %s\n' "$upper" "$class" "$ranks" "ran, verification failed (see $log.run)"
      status=1
    fi
  done
done
exit $status
