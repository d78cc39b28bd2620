#!/usr/bin/env bash
# Checks that a change keeps traces byte-identical (issue 24's rule for refactorings): records the
# bundled examples, the expected-output cases and every_collective.c with two builds of xo, on every
# machine and with knobs that force (and make fall back) collective algorithms, all with
# --compute=none, and compares the archives and what the programs printed, byte for byte. Each side
# builds and records in the same directory, so source paths and command lines match.
#
#   scripts/compare_builds.sh BASE_XO NEW_XO    (e.g. a build of main in /work/base_build)
set -uo pipefail
if (($# != 2)); then
  echo "usage: scripts/compare_builds.sh BASE_XO NEW_XO" >&2
  exit 2
fi
for xo in "$1" "$2"; do
  if [[ ! -x "$xo" || -d "$xo" ]]; then
    echo "compare_builds: '$xo' is not an xo executable; give the bin/xo of two builds" >&2
    exit 2
  fi
done
base=$(realpath "$1"); new=$(realpath "$2")
root=$(realpath "$(dirname "$0")/..")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
programs=("$root/scripts/compare_builds/every_collective.c" "$root"/examples/{pingpong,ring,stencil2d,master_worker}.c "$root"/tests/expected/*/program.c)
# A case is "machine ranks [knob]": every machine plain, and knobs that force (or make fall back)
# collective algorithms on the machines with and without the hardware they need.
cases=()
for m in loggp xt3 xe6 ap1000 x1 t3e t3d power4 sx6; do cases+=("$m 8"); done
for knob in XO_COLL_ALLGATHER=recursive_doubling XO_COLL_BARRIER=sync_network XO_COLL_BCAST=selective_broadcast \
  XO_COLL_REDUCE=xy_reduction XO_COLL_SCAN=gps_chain; do
  for m in loggp ap1000 x1; do cases+=("$m 6 $knob"); done
done
same=0; differ=0
for p in "${programs[@]}"; do
  name=$(basename "$(dirname "$p")")_$(basename "$p" .c)
  for side in base new; do
    xo=$base; [[ $side == new ]] && xo=$new
    rm -rf "$work/src"; mkdir -p "$work/src/out" "$work/$side/out"
    cp "$p" "$work/src/program.c"
    (cd "$work/src" && "$xo" cc -g -o prog program.c) || echo "build failed: $side $p"
    for c in "${cases[@]}"; do
      read -r machine ranks knob <<<"$c"
      out="out/$name-${c// /-}"
      (cd "$work/src" && "$xo" record -q -n "$ranks" --machine "$machine" ${knob:+-e "$knob"} --compute=none \
        -o "$out" -- ./prog > "$out.txt" 2>&1; echo "exit $?" >> "$out.txt")
    done
    cp -r "$work/src/out/." "$work/$side/out/"
  done
  for c in "${cases[@]}"; do
    run="$name-${c// /-}"
    if diff -r "$work/base/out/$run" "$work/new/out/$run" >/dev/null 2>&1 && cmp -s "$work/base/out/$run.txt" "$work/new/out/$run.txt"; then
      same=$((same+1))
    else
      differ=$((differ+1)); echo "DIFFER: $name on $c"
      diff -rq "$work/base/out/$run" "$work/new/out/$run" 2>&1 | head -3; tail -2 "$work/new/out/$run.txt"
    fi
  done
done
echo "compare_builds: identical: $same, different: $differ ($(du -sh "$work/new/out" | cut -f1) of traces per side)"
((differ == 0))
