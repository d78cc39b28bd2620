#!/usr/bin/env bash
# Checks the reference MPI's layers (docs/architecture.md): kernel -> state -> protocol | collective
# -> api -> fortran, launch. The Fortran bindings (fortran/) sit on the public C API alone: they may
# include mpi.h and their own headers, nothing of the layers below. Each layer below the api is an object library that sees only the public headers
# (include/xo/mpi/<layer>/) of the layers it links, so the compiler refuses most wrong includes;
# what it cannot refuse is a relative `#include "../`, or a header a layer finds through a target
# that links more than it should. This script refuses both. Run by the test suite (ctest
# ReferenceMpiLayers), so by CI.
#
#   scripts/check_layers.sh
set -euo pipefail
cd "$(dirname "$0")/.."

relative=$(grep -rnE '^#include "\.\./' reference_mpi --include='*.cpp' --include='*.hpp' || true)

# `layer_includes LAYER ALLOWED PRIVATE`: the includes of reference_mpi/LAYER that are neither of
# the layers ALLOWED (xo/mpi/<layer>/), the public API, the machine models, nor its private headers.
layer_includes() {
  local layer=$1 allowed=$2 private=$3
  grep -rnE '^#include "' "reference_mpi/$layer" --include='*.cpp' --include='*.hpp' |
    grep -vE "#include \"(xo/mpi/($allowed)/|xo/reference_mpi/|xo/hwmodels/)" |
    grep -vE "#include \"($private)\"" || true
}
private_of() {  # the layer's own headers outside its include/ folder, as an alternation
  find "reference_mpi/$1" -name '*.hpp' -not -path "*/include/*" -printf '%f\n' | sed 's/\./\\./' | paste -sd'|'
}
declare -A above=(
  [kernel]="kernel"
  [state]="state|kernel"
  [protocol]="protocol|state|kernel"
  [collective]="collective|state|kernel"
)

status=0
if [[ -n "$relative" ]]; then
  echo "check_layers: relative includes across the reference MPI's layers:" >&2
  sed 's/^/  /' <<<"$relative" >&2
  echo "  include the layer's public header (xo/mpi/<layer>/...) from a target that links it instead" >&2
  status=1
fi
for layer in kernel state protocol collective; do
  wrong=$(layer_includes "$layer" "${above[$layer]}" "$(private_of "$layer")")
  if [[ -n "$wrong" ]]; then
    echo "check_layers: $layer includes what is not below it (it may include xo/mpi/{${above[$layer]//|/,}}/," >&2
    echo "xo/reference_mpi/, xo/hwmodels/ and its own private headers):" >&2
    sed 's/^/  /' <<<"$wrong" >&2
    status=1
  fi
done
# fortran/: only its own headers in quotes (mpi.h comes in angle brackets, as a program includes it).
own_fortran=$(find reference_mpi/fortran -name '*.h*' -printf '%f\n' | sed 's/\./\\./' | paste -sd'|')
wrong=$(grep -rnE '^#include "' reference_mpi/fortran | grep -vE "#include \"($own_fortran)\"" || true)
wrong+=$(grep -rnE '^#include <xo/' reference_mpi/fortran || true)
if [[ -n "$wrong" ]]; then
  echo "check_layers: fortran includes more than mpi.h and its own headers (its bindings call the C API only):" >&2
  sed 's/^/  /' <<<"$wrong" >&2
  status=1
fi
if ((status == 0)); then
  echo "check_layers: kernel -> state -> protocol | collective -> api -> fortran: no relative include, no upward one"
fi
exit "$status"
