#!/usr/bin/env bash
# Installs what Crossover needs (Debian packages, only those missing) and builds it into build/.
# Idempotent: a second run installs nothing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Why each package is here is in the README's "Dependencies" section.
packages=(
  g++ cmake ninja-build pkg-config make
  libboost-context-dev    # fibers for simulated ranks
  libgtest-dev            # unit tests
  libeigen3-dev           # model fitting (analyzer)
  libsqlite3-dev          # benchmark history (db)
  libopen-trace-format2-dev otf2-tools  # OTF2 traces and otf2-print
  libdw-dev               # MPI call sites: source file and line from the program's debug information
  libopenmpi-dev openmpi-bin libmpich-dev mpich  # the system MPIs xo record --mpi traces
  openssh-client          # Open MPI's mpirun looks for ssh even to start ranks on one host
  qt6-base-dev qt6-charts-dev libgl-dev libqt6opengl6-dev # GUI (Qt Charts' CMake package needs Qt6OpenGL's)
  qt6-svg-dev             # the GUI's SVG export (QSvgGenerator)
  xvfb xauth              # the GUI's test in a real X window (xvfb-run)
  clang-format            # the source format check (scripts/check_format.sh, a test)
  gfortran                # Fortran programs (xo fc, mpif90) and the mpi module the build compiles
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: missing packages: ${missing[*]}; run this script as root, or: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

build_type=${XO_BUILD_TYPE:-Release}
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" >/dev/null
cmake --build build -j "$(nproc)"
