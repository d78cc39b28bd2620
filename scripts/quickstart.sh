#!/usr/bin/env bash
# The README's main job: set up and build, record the bundled ping-pong example on the Cray XT3
# model as an OTF2 trace, and print its tuning report with the recommendations verified by a
# second recorded run. The report stores both runs in the default benchmark history
# ($XDG_DATA_HOME/crossover/history.db or ~/.local/share/crossover/history.db), listed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
echo
echo "== xo record -n 2 --machine xt3 --compute=none --force -o build/pingpong.otf2 build/examples/pingpong"
build/bin/xo record -n 2 --machine xt3 --compute=none --force -o build/pingpong.otf2 build/examples/pingpong
echo
echo "== xo report --verify build/pingpong.otf2"
build/bin/xo report --verify build/pingpong.otf2
echo
echo "== xo history list --limit 5"
build/bin/xo history list --limit 5
