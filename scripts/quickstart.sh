#!/usr/bin/env bash
# The README's main job: set up and build, run the bundled ping-pong example on the generic LogGP
# machine and print its result, then record it on the Cray XT3 model as an OTF2 trace.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
echo
echo "== xo run -n 2 --machine loggp build/examples/pingpong"
build/bin/xo run -n 2 --machine loggp build/examples/pingpong
echo
echo "== xo record -n 2 --machine xt3 --force -o build/pingpong.otf2 build/examples/pingpong"
build/bin/xo record -n 2 --machine xt3 --force -o build/pingpong.otf2 build/examples/pingpong
