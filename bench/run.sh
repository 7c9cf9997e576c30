#!/usr/bin/env bash
# Uploads one 512 MiB file to @tus/server over loopback, three rounds, interleaved, with
#   hoist --headless (8 MiB chunks), curl (creation + one PATCH of the whole file) and
#   tus-js-client (8 MiB chunks),
# checks each tool's stored file once (size + sha256), and prints the median MB/s per tool, the
# ratios hoist/curl and hoist/tus-js-client, and hoist's peak resident memory.
# Environment: HOIST_BINARY (default: build/app/hoist, built first), BENCH_SIZE_MIB (512),
# BENCH_ROUNDS (3), BENCH_DIR (a temporary folder for the file and the server's storage).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

SIZE_MIB="${BENCH_SIZE_MIB:-512}"
ROUNDS="${BENCH_ROUNDS:-3}"
CHUNK=$((8 * 1024 * 1024))
HOIST="${HOIST_BINARY:-}"

bash scripts/setup.sh
if [ -z "$HOIST" ]; then
  # Always (re)build: a stale binary would measure old code. A no-op when up to date.
  echo "bench: building hoist (Release, build/)" >&2
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build --target hoist >/dev/null
  HOIST="$ROOT/build/app/hoist"
fi

WORK="${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hoist-bench.XXXXXX")}"
mkdir -p "$WORK/store"
need_kib=$(( (SIZE_MIB * 2 + 64) * 1024 ))
avail_kib=$(df -Pk "$WORK" | awk 'NR == 2 { print $4 }')
if [ "$avail_kib" -lt "$need_kib" ]; then
  echo "bench: need $((need_kib / 1024)) MiB free in $WORK, have $((avail_kib / 1024))" >&2
  exit 1
fi

server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  [ -z "${BENCH_DIR:-}" ] && rm -rf "$WORK"
  return 0
}
trap cleanup EXIT

FILE="$WORK/upload-$SIZE_MIB.bin"
BYTES=$((SIZE_MIB * 1024 * 1024))
echo "bench: making a $SIZE_MIB MiB file" >&2
head -c "$BYTES" /dev/urandom >"$FILE"
SHA="$(sha256sum "$FILE" | cut -d' ' -f1)"
cat "$FILE" >/dev/null # warm cache for everyone alike

node tests/node/tus-server.mjs --dir "$WORK/store" --port 0 >"$WORK/server.out" 2>"$WORK/server.err" &
server_pid=$!
for _ in $(seq 1 200); do
  grep -q '^listening ' "$WORK/server.out" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$WORK/server.err" >&2; exit 1; }
  sleep 0.05
done
PORT="$(awk '/^listening /{ print $2; exit }' "$WORK/server.out")"
ENDPOINT="http://127.0.0.1:$PORT/files/"
echo "bench: @tus/server on $ENDPOINT, $ROUNDS rounds" >&2

now_ns() { date +%s%N; }

# Each upload_* prints the upload URL on stdout and runs in this shell.
upload_hoist() {
  /usr/bin/time -v -o "$WORK/time.txt" "$HOIST" --headless --endpoint "$ENDPOINT" "$FILE" \
    2>"$WORK/hoist.err" >"$WORK/hoist.out" || { cat "$WORK/hoist.err" "$WORK/hoist.out" >&2; return 1; }
  local rss
  rss="$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$WORK/time.txt")"
  [ "$rss" -gt "$PEAK_RSS_KIB" ] && PEAK_RSS_KIB="$rss"
  awk -F'\t' '$1 == "success" { print $3 }' "$WORK/hoist.out"
}

upload_curl() {
  local location
  location="$(curl -sS -D - -o /dev/null -X POST "$ENDPOINT" -H 'Tus-Resumable: 1.0.0' \
      -H "Upload-Length: $BYTES" -H 'Content-Length: 0' |
    tr -d '\r' | awk 'tolower($1) == "location:" { print $2 }')"
  [ -n "$location" ] || { echo "bench: curl creation failed" >&2; return 1; }
  # -T streams the file (--data-binary @file would read it all into memory first).
  curl -sS -f -o /dev/null -X PATCH -T "$FILE" "$location" -H 'Tus-Resumable: 1.0.0' \
    -H 'Upload-Offset: 0' -H 'Content-Type: application/offset+octet-stream' -H 'Expect:'
  echo "$location"
}

upload_tusjs() {
  node bench/tusjs-upload.mjs "$ENDPOINT" "$FILE" "$CHUNK"
}

verify() { # tool url
  local stored="$WORK/store/${2##*/}"
  local size
  size="$(stat -c %s "$stored" 2>/dev/null || echo 0)"
  if [ "$size" != "$BYTES" ] || [ "$(sha256sum "$stored" | cut -d' ' -f1)" != "$SHA" ]; then
    echo "bench: $1 stored a different file ($size bytes at $stored)" >&2
    exit 1
  fi
  echo "bench: $1 stored the file intact (size and sha256)" >&2
}

TOOLS=(hoist curl tusjs)
declare -A SPEEDS VERIFIED
PEAK_RSS_KIB=0
for round in $(seq 1 "$ROUNDS"); do
  for tool in "${TOOLS[@]}"; do
    start=$(now_ns)
    upload_"$tool" >"$WORK/url" # not $(...): upload_hoist updates PEAK_RSS_KIB here
    end=$(now_ns)
    url="$(head -n 1 "$WORK/url")"
    [ -n "$url" ] || { echo "bench: $tool returned no upload URL" >&2; exit 1; }
    mbps="$(awk -v b="$BYTES" -v ns=$((end - start)) 'BEGIN { printf "%.1f", b / (ns / 1e9) / 1e6 }')"
    SPEEDS[$tool]+="$mbps "
    echo "bench: round $round $tool $mbps MB/s" >&2
    if [ -z "${VERIFIED[$tool]:-}" ]; then
      verify "$tool" "$url"
      VERIFIED[$tool]=1
    fi
    rm -f "$WORK/store/${url##*/}" "$WORK/store/${url##*/}.json" # keep the disk from filling
  done
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
H="$(echo "${SPEEDS[hoist]}" | median)"
C="$(echo "${SPEEDS[curl]}" | median)"
T="$(echo "${SPEEDS[tusjs]}" | median)"
echo
echo "Uploading $SIZE_MIB MiB to @tus/server on loopback, median of $ROUNDS (MB = 10^6 bytes):"
printf '  %-34s %8s MB/s   (%s)\n' "hoist --headless, 8 MiB chunks" "$H" "${SPEEDS[hoist]% }"
printf '  %-34s %8s MB/s   (%s)\n' "curl, creation + one PATCH" "$C" "${SPEEDS[curl]% }"
printf '  %-34s %8s MB/s   (%s)\n' "tus-js-client, 8 MiB chunks" "$T" "${SPEEDS[tusjs]% }"
awk -v h="$H" -v c="$C" -v t="$T" 'BEGIN { printf "  hoist/curl %.2f   hoist/tus-js-client %.2f\n", h / c, h / t }'
echo "  hoist peak RSS: $((PEAK_RSS_KIB / 1024)) MiB for a $SIZE_MIB MiB file"
