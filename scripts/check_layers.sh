#!/usr/bin/env bash
# Checks the reference MPI's layers (docs/architecture.md): kernel -> state -> protocol | collective
# -> api -> launch. A layer that is its own library includes another only through that library's
# include/xo/mpi/<layer>/ folder, which its CMake target may or may not see; what the compiler cannot
# stop is a relative `#include "../`, so every such line must be listed in
# reference_mpi/relative_includes.txt: the parts not yet split into layers (the api's includes of the
# protocols and collectives), a list that only shrinks.
# Run by the test suite (ctest ReferenceMpiLayers), so by CI.
#
#   scripts/check_layers.sh
set -euo pipefail
cd "$(dirname "$0")/.."

allowed=reference_mpi/relative_includes.txt
found=$(grep -rnE '^#include "\.\./' reference_mpi --include='*.cpp' --include='*.hpp' |
  sed -E 's/:[0-9]+:#include "([^"]+)".*/ \1/' | sort)
new=$(comm -23 <(printf '%s\n' "$found" | sed '/^$/d') <(grep -v '^#' "$allowed" | sed '/^$/d' | sort))
gone=$(comm -13 <(printf '%s\n' "$found" | sed '/^$/d') <(grep -v '^#' "$allowed" | sed '/^$/d' | sort))

# The kernel is a layer of its own: it includes only its own headers and the public API.
kernel=$(grep -rnE '^#include "' reference_mpi/kernel --include='*.cpp' --include='*.hpp' |
  grep -vE '#include "(xo/mpi/kernel/|xo/reference_mpi/)' |
  grep -vE '#include "(fault_guard|stop_guard)\.hpp"' || true)

# The state includes only itself, the kernel, the public API and the machine models.
state=$(grep -rnE '^#include "' reference_mpi/state --include='*.cpp' --include='*.hpp' |
  grep -vE '#include "(xo/mpi/state/|xo/mpi/kernel/|xo/reference_mpi/|xo/hwmodels/)' |
  grep -vE '#include "(basic_c_type|reduction_kernels|run_info|uncaught_exception)\.hpp"' || true)

status=0
if [[ -n "$new" ]]; then
  echo "check_layers: relative includes across the reference MPI's parts that $allowed does not list:" >&2
  sed 's/^/  /' <<<"$new" >&2
  echo "  include the layer's public header (xo/mpi/<layer>/...) from a target that links it instead" >&2
  status=1
fi
if [[ -n "$gone" ]]; then
  echo "check_layers: $allowed lists includes that are gone; delete these lines from it:" >&2
  sed 's/^/  /' <<<"$gone" >&2
  status=1
fi
if [[ -n "$kernel" ]]; then
  echo "check_layers: the kernel includes something above it (it may include xo/mpi/kernel/ and xo/reference_mpi/):" >&2
  sed 's/^/  /' <<<"$kernel" >&2
  status=1
fi
if [[ -n "$state" ]]; then
  echo "check_layers: the state includes something above it (it may include xo/mpi/state/, xo/mpi/kernel/," >&2
  echo "xo/reference_mpi/, xo/hwmodels/ and its private headers):" >&2
  sed 's/^/  /' <<<"$state" >&2
  status=1
fi
if ((status == 0)); then
  echo "check_layers: kernel and state self-contained; $(printf '%s\n' "$found" | sed '/^$/d' | wc -l) relative includes, all listed; by parts:"
  # "api -> protocol: 4" and so on: the edges the split into layers removes or turns into links.
  printf '%s\n' "$found" | sed '/^$/d' | sed -E 's|^reference_mpi/([a-z]+)/[^ ]* \.\./([a-z]+)/.*|  \1 -> \2|' | sort | uniq -c |
    awk '{printf "  %s %s %s: %d\n", $2, $3, $4, $1}'
fi
exit "$status"
