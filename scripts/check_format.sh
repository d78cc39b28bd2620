#!/usr/bin/env bash
# Checks that every C and C++ source file is formatted as .clang-format says (run by the test
# suite, so by CI). With --fix, formats the files that are not.
#
#   scripts/check_format.sh [--fix]
set -euo pipefail
cd "$(dirname "$0")/.."

fix=0
case "${1:-}" in
  "") ;;
  --fix) fix=1 ;;
  *) echo "check_format: unknown option '$1'; usage: scripts/check_format.sh [--fix]" >&2; exit 2 ;;
esac
if ! command -v clang-format >/dev/null; then
  echo "check_format: clang-format is not installed; run scripts/setup.sh (as root) to install it" >&2
  exit 2
fi

# The components: every top-level folder with a CMakeLists.txt (build trees have none).
mapfile -t folders < <(find . -mindepth 2 -maxdepth 2 -name CMakeLists.txt -printf '%h\n' | sed 's|^\./||' | sort)
mapfile -t files < <(find "${folders[@]}" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' \) | sort)

mapfile -t unformatted < <(printf '%s\0' "${files[@]}" |
  xargs -0 -n 1 -P "$(nproc)" sh -c 'clang-format --dry-run -Werror "$0" >/dev/null 2>&1 || echo "$0"' | sort)
if ((${#unformatted[@]} == 0)); then
  echo "check_format: ${#files[@]} files formatted as .clang-format says"
  exit 0
fi
if ((fix)); then
  clang-format -i "${unformatted[@]}"
  echo "check_format: formatted ${#unformatted[@]} files: ${unformatted[*]}"
  exit 0
fi
echo "check_format: ${#unformatted[@]} of ${#files[@]} files differ from .clang-format: ${unformatted[*]}" >&2
echo "check_format: run scripts/check_format.sh --fix (or git clang-format before committing)" >&2
exit 1
