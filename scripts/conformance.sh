#!/usr/bin/env bash
# The conformance yardstick: builds MPICH's test suite (test/mpi) and the OSU micro-benchmarks,
# unmodified, with build/bin/mpi's wrappers, runs them under our mpiexec and writes a report of
# the pass rate by folder with every failure and its cause (docs/conformance.md by default).
# The suites are never copied into the project: give the paths of their checkouts.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/conformance.sh --mpich DIR [--osu DIR] [--out FILE] [--work DIR]
                              [--folders "pt2pt coll ..."] [--jobs N] [--timeout S]

  --mpich DIR     an MPICH source tree (a clone of pmodels/mpich): DIR/test/mpi is the suite
  --osu DIR       an OSU micro-benchmarks source tree (with its configure script); optional
  --out FILE      the Markdown report (default: docs/conformance.md of this project)
  --work DIR      scratch directory for objects, programs and logs (default: a new one under
                  ${TMPDIR:-/tmp}); it must be new, empty or left by an earlier run, and is emptied
  --folders LIST  MPICH folders to run (default: pt2pt coll comm group datatype init attr topo
                  errhan info rma)
  --jobs N        builds and runs at once (default: the number of cores)
  --timeout S     seconds a test may run when its testlist gives no timeLimit= (default: 180,
                  runtests' default)

Tests are compiled directly with mpicc (no configure; the script writes its own mpitestconf.h),
run as `mpiexec -n NP --compute=none -q ./NAME ARGS` and judged as MPICH's runtests judges them.
Progress goes to stderr, one line per folder. The wrappers are build/bin/mpi of this project
(XO_MPI_WRAPPERS=DIR chooses others, as the tests do).
EOF
}

root=$(cd "$(dirname "$0")/.." && pwd)
helper="$root/scripts/conformance_helper.py"
die() { echo "conformance: $*" >&2; exit 2; }
say() { echo "conformance: $*" >&2; }

mpich="" osu="" out="$root/docs/conformance.md" work="" jobs=$(nproc) timeout=180
folders="pt2pt coll comm group datatype init attr topo errhan info rma"
command_line="scripts/conformance.sh$(printf ' %q' "$@")"
while (($#)); do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --mpich | --osu | --out | --work | --folders | --jobs | --timeout)
      (($# >= 2)) || die "$1 needs a value (see --help)"
      case "$1" in
        --mpich) mpich=$2 ;; --osu) osu=$2 ;; --out) out=$2 ;; --work) work=$2 ;;
        --folders) folders=$2 ;; --jobs) jobs=$2 ;; --timeout) timeout=$2 ;;
      esac
      shift 2 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done

# --- checks: each names the fix -------------------------------------------------------------
[[ -n $mpich ]] || die "--mpich DIR is required: the path of an MPICH checkout (git clone https://github.com/pmodels/mpich)"
[[ -d $mpich ]] || die "--mpich $mpich: no such directory; give the path of an MPICH checkout"
[[ -d $mpich/test/mpi && -f $mpich/test/mpi/include/mpitest.h ]] ||
  die "--mpich $mpich: no test/mpi/include/mpitest.h there; give the top of an MPICH source tree (the folder holding test/)"
[[ -f $mpich/test/mpi/util/mtest.c ]] || die "--mpich $mpich: test/mpi/util/mtest.c is missing; the checkout is incomplete"
if [[ -n $osu ]]; then
  [[ -d $osu ]] || die "--osu $osu: no such directory; give the path of an OSU micro-benchmarks checkout"
  [[ -x $osu/configure && -n $(find "$osu" -name osu_latency.c -print -quit) ]] ||
    die "--osu $osu: no configure script and osu_latency.c there; give the top of an OSU micro-benchmarks source tree"
fi
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs $jobs: give a positive number"
[[ $timeout =~ ^[1-9][0-9]*$ ]] || die "--timeout $timeout: give a positive number of seconds"
command -v python3 >/dev/null || die "python3 is missing: apt-get install python3"
command -v timeout >/dev/null || die "timeout is missing: apt-get install coreutils"
wrappers=${XO_MPI_WRAPPERS:-$root/build/bin/mpi}  # the tests point it at their build tree
[[ -x $wrappers/mpicc && -x $wrappers/mpiexec ]] ||
  die "$wrappers/mpicc and mpiexec are not built; run scripts/setup.sh (or ninja -C build xo xo_runtime xo_program_entry xo_program_interpreter)"
mpich=$(cd "$mpich" && pwd)
[[ -z $osu ]] || osu=$(cd "$osu" && pwd)
suite="$mpich/test/mpi"
for folder in $folders; do
  [[ -d $suite/$folder ]] || die "--folders: $suite/$folder does not exist; choose among the folders of test/mpi"
done
if [[ -z $work ]]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/conformance.XXXXXX")
else
  mkdir -p "$work" || die "--work $work cannot be created; choose a writable scratch directory"
  case "$(cd "$work" && pwd)/" in
    "$mpich"/* | "${osu:-/nonexistent}"/*) die "--work $work is inside a checkout; choose a scratch directory elsewhere" ;;
  esac
  # Emptied only if it is empty or one of ours, so that a mistyped --work cannot delete a home.
  [[ -z $(ls -A "$work") || -f $work/.conformance-work ]] ||
    die "--work $work is not empty and was not made by this script; give a new or empty directory"
  find "$work" -mindepth 1 -delete
fi
touch "$work/.conformance-work"
work=$(cd "$work" && pwd)
export PATH="$wrappers:$PATH" CONFORMANCE_WORK="$work" CONFORMANCE_SUITE="$suite"
start=$SECONDS
say "work directory $work, $jobs jobs"

# --- MPICH: support code ----------------------------------------------------------------------
# What MPICH's configure would write into include/mpitestconf.h, for the macros mtest.c, dtypes.c
# and the tests of the tracked folders test on Debian (gcc, glibc). Everything else stays
# undefined, so optional code (GPU memory, MPI-2 extras guarded by HAVE_MPI_*) is left out.
mkdir -p "$work/include" "$work/lib" "$work/mpich"
cat >"$work/include/mpitestconf.h" <<'EOF'
/* Written by Crossover's scripts/conformance.sh instead of running MPICH's configure. */
#define HAVE_STDARG_H 1     /* mtest.c, dtypes.c: variadic MTestPrintfMsg */
#define HAVE_STDLIB_H 1     /* malloc, exit, atoi in the tests */
#define HAVE_STRING_H 1     /* mpitest.h and ~30 tests include <string.h> only under it */
#define HAVE_UNISTD_H 1     /* mpitest.h: sleep/usleep for MTestSleep */
#define HAVE_SYS_TIME_H 1   /* mtest.c: gettimeofday */
#define HAVE_LONG_DOUBLE 1  /* gcc has long double: tests of MPI_LONG_DOUBLE (allred, dtypes.c) */
#define HAVE_LONG_LONG 1    /* and long long: tests of MPI_LONG_LONG */
#define HAVE_LONG_LONG_INT 1 /* the same, as dtypes.c and mtest.c spell it */
/* configure defines these when a program naming the type compiles against mpi.h, even if the name
 * is MPI_DATATYPE_NULL (test/mpi/configure.ac); typename.c then skips a null one as optional. */
#define HAVE_MPI_INTEGER16 1
#define HAVE_MPI_REAL16 1
#define HAVE_MPI_COMPLEX32 1
/* configure defines it when MPI_Win_create links: mtest.c's MTestGetWin/MTestFreeWin, which the
 * window tests (winname, fkeyvalwin ...) call. */
#define HAVE_MPI_WIN_CREATE 1
/* mpithreadtest.h insists on a thread package; the single-threaded folders need none, and this is
 * what configure --with-thread-package=none writes (the threads folder is not run). */
#define THREAD_PACKAGE_NAME THREAD_PACKAGE_NONE
EOF
# MPICH's autogen generates mtest_mpix.h (MPIX_ names for upcoming MPI functions) and, outside
# MPICH, leaves it empty (test/mpi/autogen.sh); so do we.
: >"$work/include/mtest_mpix.h"
# dtpools includes "../dtpoolsconf.h", its configure's header, which nothing tests; the include
# resolves through -I$work/include to $work/dtpoolsconf.h.
echo "/* dtpools' configure header: nothing in dtpools tests its macros. */" >"$work/dtpoolsconf.h"

include_flags=(-I"$suite/include" -I"$work/include" -I"$suite/dtpools/include")
# Each support file is compiled on its own; those that compile go into lib/libNAME.a. What did
# not compile is listed in lib/support.tsv with its log, so that the report can name it as the
# cause of the tests that need it instead of stopping here.
build_support() { # name source...
  local name=$1 src obj objs=() status
  shift
  for src in "$@"; do
    [[ -f $suite/$src ]] || continue
    obj="$work/lib/$(basename "${src%.c}").o"
    mpicc -c "${include_flags[@]}" "$suite/$src" -o "$obj" >"$obj.log" 2>&1 && status=0 || status=$?
    ((status)) || objs+=("$obj")
    printf '%s\t%s\t%s\n' "$src" "$status" "$obj.log" >>"$work/lib/support.tsv"
  done
  rm -f "$work/lib/lib$name.a"
  ar rcs "$work/lib/lib$name.a" "${objs[@]}"
}
say "building the support code (util/mtest.c, util/mtest_common.c, util/dtypes.c, dtpools)"
: >"$work/lib/support.tsv"
# mtest_single.c is the rest of MPICH's libmtest_single (the thread-package hooks mtest.c calls).
build_support mtest util/mtest.c util/mtest_common.c util/mtest_single.c util/dtypes.c
build_support dtpools $(cd "$suite" && ls dtpools/src/*.c 2>/dev/null)
# util/run_mpitests.c is main() for tests that define run() (maint/all_mpitests.txt).
build_support run_mpitests util/run_mpitests.c
say "support code: $(awk -F'\t' '$2 == 0' "$work/lib/support.tsv" | wc -l) of $(wc -l <"$work/lib/support.tsv") files compile"

# --- MPICH: one folder at a time --------------------------------------------------------------
build_one() { # a line of builds.tsv: dir name sources flags extra
  local dir name sources flags extra
  IFS=$'\t' read -r dir name sources flags extra <<<"$1"
  local outdir="$CONFORMANCE_WORK/mpich/$FOLDER" base lib="$CONFORMANCE_WORK/lib" link=() word
  base="$outdir/build/${dir//\//_}__$name"
  mkdir -p "$outdir/bin/$dir"
  [[ $flags == - ]] && flags=""
  [[ $extra == - ]] && extra=""
  for word in $extra; do
    case "$word" in
      run_mpitests) [[ ! -f $lib/run_mpitests.o ]] || link+=("$lib/run_mpitests.o") ;; # main() of run() tests
      dtypes) ;; # in libmtest.a
      *) link+=("$word") ;;
    esac
  done
  (cd "$CONFORMANCE_SUITE/$dir" &&
    mpicc -I"$CONFORMANCE_SUITE/include" -I"$CONFORMANCE_WORK/include" -I"$CONFORMANCE_SUITE/dtpools/include" \
      $flags $sources "${link[@]}" -Wl,--start-group "$lib/libmtest.a" "$lib/libdtpools.a" -Wl,--end-group -lm \
      -o "$outdir/bin/$dir/$name") >"$base.log" 2>&1
  echo $? >"$base.rc"
}

run_one() { # a line of runs.tsv: id dir name np timeout args envs mpiexecargs
  local id dir name np limit args envs mpiexecargs
  IFS=$'\t' read -r id dir name np limit args envs mpiexecargs <<<"$1"
  local outdir="$CONFORMANCE_WORK/mpich/$FOLDER" base status t0
  base="$outdir/run/$id"
  [[ $args == - ]] && args=""
  [[ $envs == - ]] && envs=""
  [[ $mpiexecargs == - ]] && mpiexecargs=""
  [[ -x $outdir/bin/$dir/$name ]] || return 0
  t0=$(date +%s.%N)
  # runtests exports MPIEXEC_TIMEOUT; the env= settings go in the environment of mpiexec.
  (cd "$outdir/bin/$dir" &&
    env MPIEXEC_TIMEOUT="$limit" $envs timeout -k 10 "$limit" \
      mpiexec -n "$np" $mpiexecargs --compute=none -q "./$name" $args) >"$base.out" 2>"$base.err" </dev/null &&
    status=0 || status=$?
  echo "$status" >"$base.rc"
  echo "$(date +%s.%N) $t0" | awk '{printf "%.1f\n", $1 - $2}' >"$base.time"
}
export -f build_one run_one

for folder in $folders; do
  folder_start=$SECONDS
  dir="$work/mpich/$folder"
  mkdir -p "$dir/build" "$dir/run"
  python3 "$helper" plan "$suite" "$folder" "$dir" "$timeout"
  export FOLDER=$folder
  xargs -r -d '\n' -P "$jobs" -n 1 bash -c 'build_one "$1"' _ <"$dir/builds.tsv"
  xargs -r -d '\n' -P "$jobs" -n 1 bash -c 'run_one "$1"' _ <"$dir/runs.tsv"
  say "$folder: $(python3 "$helper" judge "$dir" "$work" "$suite") ($((SECONDS - folder_start)) s)"
done

# --- OSU micro-benchmarks ---------------------------------------------------------------------
if [[ -n $osu ]]; then
  osu_work="$work/osu"
  mkdir -p "$osu_work/src" "$osu_work/bin" "$osu_work/runs"
  say "OSU: configure and make in a copy of $osu"
  tar -C "$osu" --exclude=.git -cf - . | tar -C "$osu_work/src" -xf -
  # A fresh clone gives every file the checkout's time, so make may think configure and the
  # Makefile.in files older than their sources and try to rerun autotools: order the times as
  # a release tarball has them.
  (cd "$osu_work/src" && find . -type f -exec touch -d '-2 minutes' {} + &&
    touch -d '-1 minute' aclocal.m4 && find . \( -name configure -o -name Makefile.in -o -name config.h.in \) \
      -exec touch {} +)
  (cd "$osu_work/src" && ./configure CC=mpicc CXX=mpicxx) >"$osu_work/configure.log" 2>&1 &&
    echo 0 >"$osu_work/configure.rc" || echo $? >"$osu_work/configure.rc"
  if [[ $(cat "$osu_work/configure.rc") == 0 ]]; then
    (cd "$osu_work/src" && make -k -j "$jobs") >"$osu_work/make.log" 2>&1 && echo 0 >"$osu_work/make.rc" ||
      echo $? >"$osu_work/make.rc"
  fi
  # The five point-to-point benchmarks of OSU 5.x (osu_latency_mt needs threads), each run with
  # no options, with options that restate its defaults and with a non-default option. Columns:
  # name, ranks, restated defaults, non-default options, what the non-default run must show
  # (conformance_helper.py: check_expectation). notes.md says why these options.
  cat >"$osu_work/benchmarks.tsv" <<'EOF'
osu_latency	2	-x 100 -i 10000	-x 10 -i 100	messages<
osu_bw	2	-x 10 -i 100	-x 1 -i 10	messages<
osu_bibw	2	-x 10 -i 100	-x 1 -i 10	messages<
osu_mbw_mr	2	-p 1 -w 64 -r 1	-w 16	header=window size: 16&differs
osu_multi_lat	2	-x 100 -i 10000	-x 10 -i 100	messages<
EOF
  cat >"$osu_work/notes.md" <<'EOF'
Why these options (read from the benchmarks' option parsing, `mpi/pt2pt/osu_pt2pt.c` and
`osu_mbw_mr.c` in OSU 5.3):

- `osu_latency`, `osu_bw`, `osu_bibw` and `osu_multi_lat` take only `-x` (warm-up iterations) and
  `-i` (timed iterations), and each sets the small- and the large-message count together
  (`set_num_warmup`, `set_num_iterations`), while the defaults differ above 8 KiB (latency:
  10,000 and 1,000 iterations; bandwidth: 100 and 20). No command line restates them exactly:
  the restated run gives the defaults the help text names (the small-message ones), so it runs
  more iterations of the large messages. Its table must still be the default's, since every
  iteration of a deterministic simulated run takes the same virtual time. (`osu_multi_lat` also
  times one barrier per message size, spread over the iterations: too little to show at the
  printed precision for 1,000 or more.)
- This version has no option for the message sizes (later versions have `-m`), so the
  non-default run of those four takes fewer iterations; that shows in the number of messages
  of xo's summary line, and in `osu_multi_lat`'s table only through that barrier (about
  0.01 us at 100 iterations).
- `osu_mbw_mr`'s `-p` (pairs, default half the ranks), `-w` (window, default 64) and `-r`
  (print the message rate, default 1) restate its defaults exactly; `-w 16` must change its
  header and its figures.
- Two ranks each: `osu_latency`, `osu_bw` and `osu_bibw` require exactly two; `osu_mbw_mr` and
  `osu_multi_lat` pair the first half of the ranks with the second and run with any even number.
EOF
  while IFS=$'\t' read -r name np restated changed expect; do
    found=$(find "$osu_work/src" -type f -perm -u+x -name "$name" | head -n 1)
    if [[ -z $found ]]; then
      say "OSU: $name did not build"
      continue
    fi
    cp "$found" "$osu_work/bin/$name"
    for variant in default restated changed; do
      case $variant in default) opts="" ;; restated) opts=$restated ;; changed) opts=$changed ;; esac
      (cd "$osu_work/bin" && timeout -k 10 "$timeout" mpiexec -n "$np" --compute=none "./$name" $opts) \
        >"$osu_work/runs/$name.$variant.out" 2>"$osu_work/runs/$name.$variant.err" </dev/null &&
        status=0 || status=$?
      echo "$status" >"$osu_work/runs/$name.$variant.rc"
    done
    say "OSU: $name ran (exit status $(cat "$osu_work/runs/$name".{default,restated,changed}.rc | tr '\n' ' '| sed 's/ $//'))"
  done <"$osu_work/benchmarks.tsv"
  # The collective benchmarks, blocking and nonblocking (mpi/collective): each once on 8 ranks with
  # messages up to 4 KiB (-m), 20 timed iterations (-i) after 2 warm-up ones (-x); each must finish
  # and print its table.
  collectives=0
  while IFS= read -r found; do
    name=$(basename "$found")
    cp "$found" "$osu_work/bin/$name"
    (cd "$osu_work/bin" && timeout -k 10 "$timeout" mpiexec -n 8 --compute=none "./$name" -m 4096 -i 20 -x 2) \
      >"$osu_work/runs/$name.collective.out" 2>"$osu_work/runs/$name.collective.err" </dev/null &&
      status=0 || status=$?
    echo "$status" >"$osu_work/runs/$name.collective.rc"
    collectives=$((collectives + 1))
  done < <(find "$osu_work/src" -path '*/collective/*' -type f -perm -u+x -name 'osu_*' | sort)
  say "OSU: $collectives collective benchmarks ran"
  python3 "$helper" osu "$osu_work"
fi

# --- report -----------------------------------------------------------------------------------
python3 "$helper" report "$work" "$out" "$command_line" "$mpich" "$osu" "$((SECONDS - start))" $folders
say "report written to $out ($((SECONDS - start)) s)"
