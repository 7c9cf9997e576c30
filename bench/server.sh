#!/usr/bin/env bash
# Receives one 512 MiB file from curl over loopback on three servers, three rounds, interleaved:
#   hoistd          tus creation + one PATCH of the whole file
#   @tus/server     the same (tests/node/tus-server.mjs, @tus/file-store)
#   nginx           one PUT (dav_methods PUT to a temporary folder): the ceiling for one stream
# checks each server's stored file after every round (size + sha256), deletes every upload after
# its round so the disk does not fill, syncs between uploads so one's writeback does not land on the next
# one's clock, and prints the median MB/s per server, the ratios hoistd/@tus/server
# (issue 4 wants 1.5 or better) and hoistd/nginx, and hoistd's peak resident memory.
# nginx runs from a generated configuration in the temporary folder (daemon off, a free loopback
# port), never as the system service.
# Environment: HOISTD_BINARY (default: build/server/hoistd, built first), BENCH_BUILD_DIR (build),
# BENCH_SIZE_MIB (512), BENCH_ROUNDS (3), BENCH_DIR (a temporary folder for the file and the
# servers' storage).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

SIZE_MIB="${BENCH_SIZE_MIB:-512}"
ROUNDS="${BENCH_ROUNDS:-3}"
HOISTD="${HOISTD_BINARY:-}"

bash scripts/setup.sh
[ -n "$HOISTD" ] || HOISTD="$(bench_build hoistd server/hoistd)"
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

WORK="${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hoist-serverbench.XXXXXX")}"
WORK="$(cd "$WORK" && pwd)" # nginx wants absolute paths
mkdir -p "$WORK/hoistd" "$WORK/tus" "$WORK/nginx/www/put" "$WORK/nginx/body" "$WORK/nginx/tmp"
# The file, plus one stored copy at a time (each is deleted after its upload).
bench_need_space "$WORK" $((SIZE_MIB * 2 + 64))

hoistd_pid="" tus_pid="" nginx_pid=""
cleanup() {
  bench_stop "$hoistd_pid"
  bench_stop "$tus_pid"
  bench_stop "$nginx_pid"
  [ -z "${BENCH_DIR:-}" ] && rm -rf "$WORK"
  return 0
}
trap cleanup EXIT

FILE="$WORK/upload-$SIZE_MIB.bin"
BYTES=$((SIZE_MIB * 1024 * 1024))
bench_make_file "$FILE" "$BYTES" # warm cache for every server alike
SHA="$(sha256sum "$FILE" | cut -d' ' -f1)"

"$HOISTD" --listen 127.0.0.1:0 --data "$WORK/hoistd" >"$WORK/hoistd.out" 2>"$WORK/hoistd.err" &
hoistd_pid=$!
HOISTD_ENDPOINT="http://$(bench_wait_listening "$hoistd_pid" "$WORK/hoistd.out" "$WORK/hoistd.err")/files/"

node tests/node/tus-server.mjs --dir "$WORK/tus" --port 0 >"$WORK/tus.out" 2>"$WORK/tus.err" &
tus_pid=$!
TUS_ENDPOINT="http://127.0.0.1:$(bench_wait_listening "$tus_pid" "$WORK/tus.out" "$WORK/tus.err")/files/"

start_nginx() {
  local port
  for _ in 1 2 3 4 5; do
    port="$(bench_free_port)"
    cat >"$WORK/nginx/nginx.conf" <<EOF
daemon off;
master_process on;
worker_processes 1;
user $(id -un) $(id -gn);
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/tmp;
  fastcgi_temp_path $WORK/nginx/tmp;
  uwsgi_temp_path $WORK/nginx/tmp;
  scgi_temp_path $WORK/nginx/tmp;
  server {
    listen 127.0.0.1:$port;
    root $WORK/nginx/www;
    location /put/ {
      dav_methods PUT;
      client_max_body_size 0;
    }
  }
}
EOF
    "$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" \
      >"$WORK/nginx.out" 2>"$WORK/nginx.err" &
    nginx_pid=$!
    for _ in $(seq 1 100); do
      kill -0 "$nginx_pid" 2>/dev/null || break
      if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")" != 000 ]; then
        NGINX_URL="http://127.0.0.1:$port/put"
        return 0
      fi
      sleep 0.05
    done
    bench_stop "$nginx_pid" # the port was taken meanwhile, or nginx did not like its config
    nginx_pid=""
  done
  cat "$WORK/nginx.err" "$WORK/nginx/error.log" >&2
  return 1
}
start_nginx
echo "bench: hoistd on $HOISTD_ENDPOINT, @tus/server on $TUS_ENDPOINT, nginx on $NGINX_URL/" \
  "($ROUNDS rounds)" >&2

# Each upload_* prints the upload URL; each stored_* prints where the server keeps that URL's bytes;
# each remove_* deletes the upload the way its server expects.
upload_hoistd() { tus_upload_curl "$HOISTD_ENDPOINT" "$FILE" "$BYTES"; }
upload_tus() { tus_upload_curl "$TUS_ENDPOINT" "$FILE" "$BYTES"; }
upload_nginx() {
  local url="$NGINX_URL/upload-$(bench_now_ns).bin"
  curl -sS -f -o /dev/null -T "$FILE" "$url" -H 'Expect:'
  echo "$url"
}
stored_hoistd() { echo "$WORK/hoistd/uploads/${1##*/}"; }
stored_tus() { echo "$WORK/tus/${1##*/}"; }
stored_nginx() { echo "$WORK/nginx/www/put/${1##*/}"; }
tus_delete() {
  local status
  status="$(curl -sS -o /dev/null -w '%{http_code}' -X DELETE "$1" -H 'Tus-Resumable: 1.0.0')"
  [ "$status" = 204 ] || { echo "bench: DELETE $1 answered $status" >&2; return 1; }
}
remove_hoistd() { tus_delete "$1"; }
remove_tus() { tus_delete "$1"; }
remove_nginx() { rm -f "$(stored_nginx "$1")"; }

SERVERS=(hoistd tus nginx)
declare -A SPEEDS
for round in $(seq 1 "$ROUNDS"); do
  for server in "${SERVERS[@]}"; do
    start=$(bench_now_ns)
    url="$(upload_"$server")"
    end=$(bench_now_ns)
    [ -n "$url" ] || { echo "bench: $server returned no upload URL" >&2; exit 1; }
    mbps="$(bench_mbps "$BYTES" $((end - start)))"
    SPEEDS[$server]+="$mbps "
    echo "bench: round $round $server $mbps MB/s" >&2
    # Every round, untimed: a fast round that stored something else would be no round at all.
    bench_verify_file "$server" "$(stored_"$server" "$url")" "$BYTES" "$SHA"
    remove_"$server" "$url" # keep the disk from filling
    if [ -e "$(stored_"$server" "$url")" ]; then
      echo "bench: $server kept $(stored_"$server" "$url") after its removal" >&2
      exit 1
    fi
    # Untimed: flush what this upload left dirty, so its writeback does not slow the next server.
    sync -f "$WORK"
  done
done

# VmHWM: the most hoistd was ever resident, over all rounds.
PEAK_RSS_KIB="$(awk '/^VmHWM:/ { print $2 }' "/proc/$hoistd_pid/status")"

H="$(echo "${SPEEDS[hoistd]}" | bench_median)"
T="$(echo "${SPEEDS[tus]}" | bench_median)"
N="$(echo "${SPEEDS[nginx]}" | bench_median)"
echo
echo "Receiving $SIZE_MIB MiB from curl on loopback, median of $ROUNDS (MB = 10^6 bytes):"
printf '  %-40s %8s MB/s   (%s)\n' "hoistd, creation + one PATCH" "$H" "${SPEEDS[hoistd]% }"
printf '  %-40s %8s MB/s   (%s)\n' "@tus/server, creation + one PATCH" "$T" "${SPEEDS[tus]% }"
printf '  %-40s %8s MB/s   (%s)\n' "nginx, one PUT (ceiling)" "$N" "${SPEEDS[nginx]% }"
awk -v h="$H" -v t="$T" -v n="$N" \
  'BEGIN { printf "  hoistd/@tus/server %.2f (target 1.50 or better)   hoistd/nginx %.2f\n", h / t, h / n }'
echo "  hoistd peak RSS: $((PEAK_RSS_KIB / 1024)) MiB over $ROUNDS uploads of $SIZE_MIB MiB"
