#!/usr/bin/env bash
# Uploads one 512 MiB file to @tus/server over loopback, three rounds, interleaved, with
#   hoist --headless (its default 8 MiB chunks), curl (creation + one PATCH of the whole file),
#   tus-js-client (8 MiB chunks) and, as the ceiling of Qt's HTTP client, hoist sending the
#   whole file in one PATCH (--chunk-size of the file),
# checks every stored file (size + sha256, untimed), and prints the median MB/s per tool, the
# ratios hoist/curl, hoist/tus-js-client and hoist/(hoist in one PATCH), and hoist's peak
# resident memory.
# The file and the server's storage go to /dev/shm when it has room (BENCH_DIR chooses another
# folder): the server's disk is not what is measured, and its writeback was the largest noise.
# Environment: HOIST_BINARY (default: build/app/hoist, built first), BENCH_SIZE_MIB (512),
# BENCH_ROUNDS (3), BENCH_DIR (a folder for the file and the server's storage).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

SIZE_MIB="${BENCH_SIZE_MIB:-512}"
ROUNDS="${BENCH_ROUNDS:-3}"
CHUNK=$((8 * 1024 * 1024))
HOIST="${HOIST_BINARY:-}"

bash scripts/setup.sh
[ -n "$HOIST" ] || HOIST="$(bench_build hoist app/hoist)"

if [ -z "${BENCH_DIR:-}" ] && bench_need_space /dev/shm $((SIZE_MIB * 2 + 64)) 2>/dev/null; then
  WORK="$(mktemp -d /dev/shm/hoist-bench.XXXXXX)"
else
  WORK="${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hoist-bench.XXXXXX")}"
fi
mkdir -p "$WORK/store"
bench_need_space "$WORK" $((SIZE_MIB * 2 + 64))

server_pid=""
cleanup() {
  bench_stop "$server_pid"
  [ -z "${BENCH_DIR:-}" ] && rm -rf "$WORK"
  return 0
}
trap cleanup EXIT

FILE="$WORK/upload-$SIZE_MIB.bin"
BYTES=$((SIZE_MIB * 1024 * 1024))
bench_make_file "$FILE" "$BYTES" # warm cache for everyone alike
SHA="$(sha256sum "$FILE" | cut -d' ' -f1)"

node tests/node/tus-server.mjs --dir "$WORK/store" --port 0 >"$WORK/server.out" 2>"$WORK/server.err" &
server_pid=$!
PORT="$(bench_wait_listening "$server_pid" "$WORK/server.out" "$WORK/server.err")"
ENDPOINT="http://127.0.0.1:$PORT/files/"
echo "bench: @tus/server on $ENDPOINT, $ROUNDS rounds" >&2

# Each upload_* prints the upload URL on stdout and runs in this shell.
upload_hoist() { # [hoist options...]
  /usr/bin/time -v -o "$WORK/time.txt" "$HOIST" --headless --endpoint "$ENDPOINT" "$@" "$FILE" \
    2>"$WORK/hoist.err" >"$WORK/hoist.out" || { cat "$WORK/hoist.err" "$WORK/hoist.out" >&2; return 1; }
  local rss
  rss="$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$WORK/time.txt")"
  [ "$rss" -gt "$PEAK_RSS_KIB" ] && PEAK_RSS_KIB="$rss"
  awk -F'\t' '$1 == "success" { print $3 }' "$WORK/hoist.out"
}

upload_qtceiling() { upload_hoist --chunk-size "$BYTES"; }

upload_curl() { tus_upload_curl "$ENDPOINT" "$FILE" "$BYTES"; }

upload_tusjs() {
  node tests/node/tusjs-upload.mjs "$ENDPOINT" "$FILE" --chunk-size "$CHUNK"
}

verify() { bench_verify_file "$1" "$WORK/store/${2##*/}" "$BYTES" "$SHA" || exit 1; } # tool url

TOOLS=(hoist curl tusjs qtceiling)
declare -A SPEEDS
PEAK_RSS_KIB=0
for round in $(seq 1 "$ROUNDS"); do
  for tool in "${TOOLS[@]}"; do
    start=$(bench_now_ns)
    upload_"$tool" >"$WORK/url" # not $(...): upload_hoist updates PEAK_RSS_KIB here
    end=$(bench_now_ns)
    url="$(head -n 1 "$WORK/url")"
    [ -n "$url" ] || { echo "bench: $tool returned no upload URL" >&2; exit 1; }
    mbps="$(bench_mbps "$BYTES" $((end - start)))"
    SPEEDS[$tool]+="$mbps "
    echo "bench: round $round $tool $mbps MB/s" >&2
    verify "$tool" "$url"
    rm -f "$WORK/store/${url##*/}" "$WORK/store/${url##*/}.json" # keep the disk from filling
  done
done

H="$(echo "${SPEEDS[hoist]}" | bench_median)"
C="$(echo "${SPEEDS[curl]}" | bench_median)"
T="$(echo "${SPEEDS[tusjs]}" | bench_median)"
Q="$(echo "${SPEEDS[qtceiling]}" | bench_median)"
echo
echo "Uploading $SIZE_MIB MiB to @tus/server on loopback, median of $ROUNDS (MB = 10^6 bytes):"
printf '  %-34s %8s MB/s   (%s)\n' "hoist --headless, 8 MiB chunks" "$H" "${SPEEDS[hoist]% }"
printf '  %-34s %8s MB/s   (%s)\n' "curl, creation + one PATCH" "$C" "${SPEEDS[curl]% }"
printf '  %-34s %8s MB/s   (%s)\n' "tus-js-client, 8 MiB chunks" "$T" "${SPEEDS[tusjs]% }"
printf '  %-34s %8s MB/s   (%s)\n' "hoist --headless, one PATCH" "$Q" "${SPEEDS[qtceiling]% }"
awk -v h="$H" -v c="$C" -v t="$T" -v q="$Q" 'BEGIN {
  printf "  hoist/curl %.2f   hoist/tus-js-client %.2f   hoist/(hoist in one PATCH) %.2f\n",
         h / c, h / t, h / q
  printf "  Qt in one PATCH/curl %.2f: the most any chunk size could give\n", q / c }'
echo "  hoist peak RSS: $((PEAK_RSS_KIB / 1024)) MiB for a $SIZE_MIB MiB file"
