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
base=$(realpath "$1"); new=$(realpath "$2")
root=$(realpath "$(dirname "$0")/..")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
programs=("$root/scripts/compare_builds/every_collective.c" "$root"/examples/{pingpong,ring,stencil2d,master_worker}.c "$root"/tests/expected/*/program.c)
machines=(loggp xt3 xe6 ap1000 x1 t3e t3d power4 sx6)
same=0; differ=0
for p in "${programs[@]}"; do
  name=$(basename "$(dirname "$p")")_$(basename "$p" .c)
  for side in base new; do
    xo=$base; [[ $side == new ]] && xo=$new
    rm -rf "$work/src"; mkdir -p "$work/src/out" "$work/$side/out"
    cp "$p" "$work/src/program.c"
    (cd "$work/src" && "$xo" cc -g -o prog program.c) || echo "build failed: $side $p"
    for knob in XO_COLL_ALLGATHER=recursive_doubling XO_COLL_BARRIER=sync_network XO_COLL_BCAST=selective_broadcast XO_COLL_REDUCE=xy_reduction XO_COLL_SCAN=gps_chain; do
      for m in loggp ap1000 x1; do
        (cd "$work/src" && "$xo" record -q -n 6 --machine "$m" -e "$knob" --compute=none -o "out/$name-$m-$knob" -- ./prog > "out/$name-$m-$knob.txt" 2>&1; echo "exit $?" >> "out/$name-$m-$knob.txt")
      done
    done
    for m in "${machines[@]}"; do
      (cd "$work/src" && "$xo" record -q -n 8 --machine "$m" --compute=none -o "out/$name-$m" -- ./prog > "out/$name-$m.txt" 2>&1; echo "exit $?" >> "out/$name-$m.txt")
    done
    cp -r "$work/src/out/." "$work/$side/out/"
  done
  for m in "${machines[@]}" $(cd "$work/new/out" && ls -d "$name"-*-XO_* 2>/dev/null | grep -v txt | sed "s/^$name-//"); do
    if diff -r "$work/base/out/$name-$m" "$work/new/out/$name-$m" >/dev/null 2>&1 && cmp -s "$work/base/out/$name-$m.txt" "$work/new/out/$name-$m.txt"; then
      same=$((same+1))
    else
      differ=$((differ+1)); echo "DIFFER: $name on $m"; diff -rq "$work/base/out/$name-$m" "$work/new/out/$name-$m" | head -3; tail -2 "$work/new/out/$name-$m.txt"
    fi
  done
done
echo "compare_builds: identical: $same, different: $differ ($(du -sh "$work/new/out" | cut -f1) of traces per side)"
((differ == 0))
