#!/usr/bin/env bash
# scripts/npb.sh without the real NAS Parallel Benchmarks (not on this machine): its command-line
# errors, and a run on a stand-in checkout (fake_npb/: one kernel that verifies, one that does not,
# one that does not compile) built with the wrappers and run with xo run.
#
#   npb_script_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$(realpath "$1")
npb=$source_dir/scripts/npb.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "npb_script_test.sh: $*" >&2
  exit 1
}

# expect_error MESSAGE ARGS...: exit status 2 and MESSAGE in the one line on stderr.
expect_error() {
  local message=$1 status=0
  shift
  bash "$npb" "$@" >"$work/out" 2>"$work/err" || status=$?
  ((status == 2)) || fail "npb.sh $*: exit status $status, expected 2"
  grep -qF -- "$message" "$work/err" || fail "npb.sh $*: no '$message' in: $(cat "$work/err")"
  (($(wc -l <"$work/err") == 1)) || fail "npb.sh $*: more than one line: $(cat "$work/err")"
}
expect_error "give the path of an NPB3.x-MPI checkout"
expect_error "no such directory: /nonexistent/npb" /nonexistent/npb
expect_error "is not an NPB3.x-MPI checkout" "$work"
expect_error "unknown option '--bogus'" --bogus
expect_error "--ranks wants a positive integer" "$work" --ranks 0
expect_error "unknown class 'Q'" "$work" --classes "S Q"
expect_error "unknown kernel 'xx'" "$work" --kernels "cg xx"
expect_error "--machine needs a value" "$work" --machine
expect_error "one NPB checkout only" "$work" "$work"
bash "$npb" --help | grep -q "Verification = SUCCESSFUL" || fail "--help does not say what is checked"

status=0
bash "$npb" "$source_dir/tests/npb/fake_npb" --work "$work/run" --kernels "cg ep is bt" --classes S --ranks 2 \
  --machine xt3 >"$work/out" 2>&1 || status=$?
((status == 1)) || fail "the stand-in run: exit status $status, expected 1 (EP and IS fail): $(cat "$work/out")"
for line in "CG +S +2 +verification successful" "EP +S +2 +ran, verification failed" "IS +S +2 +build failed" \
  "BT +S +2 +skipped: BT needs a square rank count"; do
  grep -qE "^$line" "$work/out" || fail "no line '$line' in: $(cat "$work/out")"
done
[[ ! -e $source_dir/tests/npb/fake_npb/NPB3.4-MPI/bin ]] || fail "npb.sh built inside the checkout"
echo "npb_script_test.sh: ok"
