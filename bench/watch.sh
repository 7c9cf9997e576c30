#!/usr/bin/env bash
# Makes a tree of 10,000 folders and 100,000 small files (100 top folders, 100 subfolders each,
# 10 files in each subfolder) and runs watchbench on it: the catch-up scan's time and peak memory
# with an empty ledger (every file offered), with every file in the ledger (none offered), and
# with the watch limit at 100 (the fallback scan). Usage: bench/watch.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
start=$(date +%s.%N)
for t in $(seq 0 99); do
  for s in $(seq 0 99); do
    d="$tree/t$t/s$s"
    mkdir -p "$d"
    for f in 0 1 2 3 4 5 6 7 8 9; do printf '%s' "$t/$s/$f" > "$d/f$f.txt"; done
  done
done
find "$tree" -type f -exec touch -d '1 hour ago' {} +
echo "tree made in $(echo "$(date +%s.%N) - $start" | bc) s: $(find "$tree" -type d | wc -l) folders, $(find "$tree" -type f | wc -l) files"
"$build/bench/watchbench" "$tree"
