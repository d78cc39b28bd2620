#!/usr/bin/env bash
# Rewrites the expected outputs of every case under tests/expected/ (or of the cases named) from
# the build in build/: after a change that is meant to change what a program prints or what
# `xo report` says. Review the diff (git diff tests/expected) before committing it.
#
#   scripts/regenerate_expected.sh [CASE ...]
set -euo pipefail
cd "$(dirname "$0")/.."
xo=build/bin/xo
if [[ ! -x $xo ]]; then
  echo "regenerate_expected: $xo is not built; run scripts/setup.sh first" >&2
  exit 2
fi
cases=("$@")
if ((${#cases[@]} == 0)); then
  for dir in tests/expected/*/; do cases+=("$(basename "$dir")"); done
fi
for name in "${cases[@]}"; do
  if [[ ! -f tests/expected/$name/program.c ]]; then
    echo "regenerate_expected: no case tests/expected/$name (a folder with program.c and record_args)" >&2
    exit 2
  fi
  tests/expected/run_case.sh "$xo" "tests/expected/$name" --regenerate
done
