#!/usr/bin/env bash
# The reference MPI's tests once more, in a build with assertions on (build-checked/): every assert,
# and the simcall checks that rank code changes shared or another rank's state only through the
# narrow interface (reference_mpi/kernel/include/xo/mpi/kernel/simcall.hpp). -O1 keeps the build and
# the runs short; scripts/test.sh runs this after the main suite.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-checked -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O1 -DCMAKE_C_FLAGS_DEBUG=-O1 \
  >/dev/null
cmake --build build-checked -j "$(nproc)" --target reference_mpi_tests
ctest --test-dir build-checked -L reference_mpi --output-on-failure -j "$(nproc)"
