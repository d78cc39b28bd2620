#!/usr/bin/env bash
# The README's test command: set up and build, then run every test; then the reference MPI's tests
# again with assertions on (scripts/test_checked.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
scripts/test_checked.sh
