#!/usr/bin/env bash
# Hashes one 512 MiB file with Hoist's SHA-256 (bench/hashbench: sha256File, OpenSSL libcrypto)
# and with `openssl dgst -sha256`, interleaved, three rounds, warm cache; checks both print the
# same digest and prints MB/s per tool (median), every round, and the ratio hoist/openssl.
# Environment: HASHBENCH (default: build/bench/hashbench, built first), BENCH_SIZE_MIB (512),
# BENCH_ROUNDS (3), BENCH_DIR (a temporary folder for the file).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

SIZE_MIB="${BENCH_SIZE_MIB:-512}"
ROUNDS="${BENCH_ROUNDS:-3}"
HASHBENCH="${HASHBENCH:-}"
if [ -z "$HASHBENCH" ]; then
  # Always (re)build: a stale binary would measure old code. A no-op when up to date.
  echo "bench: building hashbench (Release, build/)" >&2
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build --target hashbench >/dev/null
  HASHBENCH="$ROOT/build/bench/hashbench"
fi

WORK="${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hoist-hashbench.XXXXXX")}"
cleanup() { [ -z "${BENCH_DIR:-}" ] && rm -rf "$WORK"; return 0; }
trap cleanup EXIT

FILE="$WORK/hash-$SIZE_MIB.bin"
BYTES=$((SIZE_MIB * 1024 * 1024))
echo "bench: making a $SIZE_MIB MiB file" >&2
head -c "$BYTES" /dev/urandom >"$FILE"
cat "$FILE" >/dev/null # warm cache for both alike

now_ns() { date +%s%N; }
hash_hoist() { "$HASHBENCH" "$FILE" 2>/dev/null; }
hash_openssl() { openssl dgst -sha256 -r "$FILE"; }

declare -A SPEEDS DIGESTS
for round in $(seq 1 "$ROUNDS"); do
  for tool in hoist openssl; do
    start=$(now_ns)
    out="$(hash_"$tool")"
    end=$(now_ns)
    DIGESTS[$tool]="${out%% *}"
    mbps="$(awk -v b="$BYTES" -v ns=$((end - start)) 'BEGIN { printf "%.1f", b / (ns / 1e9) / 1e6 }')"
    SPEEDS[$tool]+="$mbps "
    echo "bench: round $round $tool $mbps MB/s" >&2
  done
done
if [ "${DIGESTS[hoist]}" != "${DIGESTS[openssl]}" ] || [ ${#DIGESTS[hoist]} -ne 64 ]; then
  echo "bench: digests differ: hoist ${DIGESTS[hoist]} openssl ${DIGESTS[openssl]}" >&2
  exit 1
fi

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
H="$(echo "${SPEEDS[hoist]}" | median)"
O="$(echo "${SPEEDS[openssl]}" | median)"
echo
echo "SHA-256 of $SIZE_MIB MiB, warm cache, median of $ROUNDS (MB = 10^6 bytes), digest ${DIGESTS[hoist]}:"
printf '  %-34s %8s MB/s   (%s)\n' "hoist (sha256File, libcrypto)" "$H" "${SPEEDS[hoist]% }"
printf '  %-34s %8s MB/s   (%s)\n' "openssl dgst -sha256" "$O" "${SPEEDS[openssl]% }"
awk -v h="$H" -v o="$O" 'BEGIN { printf "  hoist/openssl %.2f (target 0.90 or better)\n", h / o }'
