#!/usr/bin/env bash
# The README's main job: set up and build, then run the bundled ping-pong example on the generic
# LogGP machine and print its result.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
echo
echo "== xo run -n 2 --machine loggp build/examples/pingpong"
build/bin/xo run -n 2 --machine loggp build/examples/pingpong
