#!/usr/bin/env bash
# A Fortran test program (tests/programs/fortran/NAME.f90 or NAME.f, with report.f) built with
# COMPILER (xo fc, or a wrapper such as mpif90) and run with `xo run -n 4 RUN_ARGS`. MODE "expected"
# compares what it printed with NAME.expected (one "check ...: ok" line per check, from rank 0);
# MODE "all-fail" requires every check to fail (the private-state program with shared globals,
# which shows that its checks can fail).
#
#   run_program.sh XO COMPILER SOURCE_DIR NAME MODE [RUN_ARGS...]
set -euo pipefail
if (($# < 5)); then
  echo "usage: run_program.sh XO COMPILER SOURCE_DIR NAME expected|all-fail [RUN_ARGS...]" >&2
  exit 2
fi
xo=$(realpath "$1")
read -r -a compiler <<<"$2"
source_dir=$(realpath "$3")
name=$4
mode=$5
shift 5

source=$source_dir/$name.f90
[[ -f $source ]] || source=$source_dir/$name.f
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Module files (.mod) go to the current directory: each run its own, or two tests compiling the
# same module at once clash (gfortran renames per_rank.mod0 to per_rank.mod).
cd "$work"
"${compiler[@]}" -Wall -o "$work/$name" "$source_dir/report.f" "$source"
"$xo" run -n 4 "$@" -- "$work/$name" >"$work/out.txt"

case $mode in
  expected)
    if ! diff -u "$source_dir/$name.expected" "$work/out.txt"; then
      echo "run_program.sh: $name ($*): output differs from $name.expected (above)" >&2
      exit 1
    fi
    ;;
  all-fail)
    if grep -q ': ok$' "$work/out.txt" || ! grep -q ': FAILED$' "$work/out.txt"; then
      cat "$work/out.txt" >&2
      echo "run_program.sh: $name ($*): expected every check to fail" >&2
      exit 1
    fi
    ;;
  *)
    echo "run_program.sh: unknown mode '$mode' (expected or all-fail)" >&2
    exit 2
    ;;
esac
