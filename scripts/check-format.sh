#!/usr/bin/env bash
# Fails when a C++ file in the tree is not formatted as .clang-format says, naming each one, so
# the whole-tree format stays whole. `--fix` formats them instead.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h' 2>/dev/null || find app core server ui tests bench -name '*.cpp' -o -name '*.h')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "not formatted: $f (scripts/check-format.sh --fix)"
    bad=$((bad + 1))
  fi
done
echo "${#files[@]} files checked, $bad not formatted"
[ "$bad" -eq 0 ]
