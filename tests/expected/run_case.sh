#!/usr/bin/env bash
# An expected-output test: builds a case's program with `xo cc -g`, records it on the machine its
# record_args name (with --compute=none, so the trace is the same every time) and compares what
# the program printed and `xo report`'s text with the files committed beside it. On a difference
# it prints the diff and fails; --regenerate writes the files instead (scripts/regenerate_expected.sh).
#
#   run_case.sh XO CASE_DIR [--regenerate]
set -euo pipefail
if (($# < 2)); then
  echo "usage: run_case.sh XO CASE_DIR [--regenerate]" >&2
  exit 2
fi
xo=$(realpath "$1")
case_dir=$(realpath "$2")
regenerate=0
case "${3:-}" in
  "") ;;
  --regenerate) regenerate=1 ;;
  *) echo "run_case.sh: unknown option '$3'" >&2; exit 2 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# Built from a copy in the scratch directory, so that call sites name program.c alone.
cp "$case_dir/program.c" .
"$xo" cc -g -o program program.c
read -r -a record_args < "$case_dir/record_args"
if ! "$xo" record "${record_args[@]}" --compute=none -o trace.otf2 -- ./program > program.txt 2> record.err; then
  cat record.err >&2
  exit 1
fi
if ! "$xo" report --no-history trace.otf2 > report.txt 2> report.err; then
  cat report.err >&2
  exit 1
fi

if ((regenerate)); then
  cp program.txt "$case_dir/expected_program.txt"
  cp report.txt "$case_dir/expected_report.txt"
  echo "run_case.sh: wrote $case_dir/expected_program.txt and expected_report.txt"
  exit 0
fi
status=0
for output in program report; do
  if ! diff -u "$case_dir/expected_$output.txt" "$output.txt"; then
    echo "run_case.sh: $(basename "$case_dir"): $output differs from expected_$output.txt (above); if the change is" \
      "meant, run scripts/regenerate_expected.sh and commit the new files" >&2
    status=1
  fi
done
exit $status
