#!/usr/bin/env bash
# Keeps scripts/conformance.sh from rotting without the real suites: runs it on the miniature
# MPICH-format suite beside this file and checks the report's counts and causes.
# Usage: conformance_test.sh SOURCE_DIR WRAPPERS_DIR BINARY_DIR (ctest passes them).
set -euo pipefail
source_dir=$1 wrappers_dir=$2 binary_dir=$3
work="$binary_dir/conformance_test_work" report="$binary_dir/conformance_test.md"
mkdir -p "$work"
failures=0
check() { # description, then a command that must succeed
  local what=$1
  shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
has() { grep -qF -- "$1" "$report"; }

export XO_MPI_WRAPPERS="$wrappers_dir"
# The errors that name their fix.
out=$("$source_dir/scripts/conformance.sh" --mpich /nonexistent 2>&1) && status=0 || status=$?
check "a missing --mpich path is refused" test "$status" -eq 2
check "... in one line naming the fix" bash -c '[[ $(wc -l <<<"$1") -eq 1 && $1 == *"give the path of an MPICH checkout"* ]]' _ "$out"
out=$("$source_dir/scripts/conformance.sh" --mpich "$source_dir/tests" 2>&1) && status=0 || status=$?
check "a directory without test/mpi is refused" bash -c '[[ $1 == *"top of an MPICH source tree"* ]]' _ "$out"
out=$(XO_MPI_WRAPPERS=/nonexistent "$source_dir/scripts/conformance.sh" --mpich "$source_dir/tests/conformance/mini_mpich" 2>&1) && status=0 || status=$?
check "unbuilt wrappers are refused, naming scripts/setup.sh" bash -c '[[ $1 == *"scripts/setup.sh"* ]]' _ "$out"

"$source_dir/scripts/conformance.sh" --mpich "$source_dir/tests/conformance/mini_mpich" --folders pt2pt \
  --work "$work" --out "$report" --jobs 2 --timeout 60 2>"$binary_dir/conformance_test.log"
cat "$binary_dir/conformance_test.log"
check "progress: one line for the folder with its counts" \
  grep -q "pt2pt: 8 tests: 2 not applicable, 5 built, 3 passed, 2 failed, 1 xfail" "$binary_dir/conformance_test.log"
check "the folder's row: 8 lines, 2 n/a, 5 built, 3 passed, 2 failed, 1 xfail, 60%" \
  has "| pt2pt | 8 | 2 | 5 | 3 | 2 | 1 | 60.0% |"
check "the failing test's cause: its exit status and last line" has '| `badsum 2` | exit status 1: '
check "the test that does not build: the undefined function" \
  has '| `nobuild 2` | does not build: undefined reference to MPI_Conformance_missing |'
check "the missing function is wanted once" has '| `MPI_Conformance_missing` | 1 |'
check "resultTest=TestStatus passes on a non-zero exit" bash -c '! grep -qF "badsum 2 resultTest=TestStatus" "$1"' _ "$report"
check "the xfail line is reported apart" has '| pt2pt | `ring 3 xfail=ticket0` | passed (unexpectedly) |'
check "mem= above 4 GB is not applicable" has 'needs mem=64 GB'
check "@...@ lines are not applicable" has 'configure-conditional line (@optionaldir@)'
check "the command is in the report" has "--folders pt2pt"
check "Makefile.am's extra sources were compiled" test -x "$work/mpich/pt2pt/bin/pt2pt/badsum"
check "arg= and env= reached the program (ring fails unless both arrive)" bash -c 'grep -q "No Errors" "$1"/mpich/pt2pt/run/1.out' _ "$work"

# Support code that does not compile (as MPICH's mtest.c does not while mpi.h lacks MPI-2 names)
# is named as the cause of each test that needs it, and its missing names are counted for them.
broken="$binary_dir/conformance_test_broken"
rm -rf "$broken" && mkdir -p "$broken" && cp -r "$source_dir/tests/conformance/mini_mpich/." "$broken/"
echo 'int mtest_needs_this(void) { return MPI_NOT_A_CONSTANT; }' >>"$broken/test/mpi/util/mtest.c"
"$source_dir/scripts/conformance.sh" --mpich "$broken" --folders pt2pt --work "$work" --out "$report" --jobs 2 \
  --timeout 60 2>"$binary_dir/conformance_test.log"
check "broken support code: nothing builds" has "| pt2pt | 8 | 2 | 0 | 0 | 5 | 1 | 0.0% |"
check "... and it is the cause, with its first error" \
  has "| \`ring 2\` | does not build: needs util/mtest.c, which does not compile (mtest.c:"
check "... and its missing constant counts for every test that needs it" has '| `MPI_NOT_A_CONSTANT` | 6 |'

if ((failures)); then
  echo "$failures checks failed; the report is $report"
  exit 1
fi
echo "all checks passed"
