#!/usr/bin/env bash
# Issue 20's benchmark: hoistd on S3 + PostgreSQL against @tus/server with @tus/s3-store on the
# same Ceph RGW, with the same client (hoist --headless). It measures and reports; it is not a
# test (exit 0 even when something broke: the report says what). Progress on stderr, the report
# on stdout at the end.
#
#   1. One instance each: one BIG_MIB (512) MiB file (MB/s) and SMALL_N (500) files of 1 MiB
#      (files/s), hoist --headless with its defaults (-c auto). Target: hoistd >= 1.5x the peer.
#   2. Behind nginx, round robin with no stickiness (tests/support/nginx/front.conf.in): two
#      @tus/server + s3-store instances (and three hoistd instances, next session), RR_FILES files
#      (half RR_BIG_MIB MiB, half 1 MiB) at -c 20, four times: with hoist's defaults, in 8 MiB
#      PATCHes (--chunk-size 8M, as clients behind a CDN's body limit send) and in 2 MiB ones
#      (below S3's part minimum: the peer's "incomplete part" objects), and in 8 MiB PATCHes while
#      one instance is SIGKILLed and restarted (issue 20's failover case). Reported: uploads
#      hoist gave up on, answers per status from nginx's access log (409/404/500...), which
#      upstreams served, the peers' own error lines, and every stored object read back from RGW
#      and compared with its source (tests/node/s3-verify.mjs: SHA-256 and size).
#
# HOISTD SIDE: hoistd --store s3://… --index postgresql://… lands next session (ClusterUploadStore).
# Its places in this script are marked "HOISTD SIDE"; until then only the peer's figures print.
# RGW (tests/support/rgw/rgw.sh) runs from a temporary folder and stops on exit; nginx runs in
# the foreground from its own folder, never as the system service. On this 2-core machine, shared
# with other work, every figure is indicative: the load average is printed beside each.
# Environment: BENCH_ROUNDS (1), BENCH_BIG_MIB (512), BENCH_SMALL_N (500), BENCH_RR_FILES (40),
# BENCH_RR_BIG_MIB (40), BENCH_CONCURRENCY (20), BENCH_KILL_AFTER (4 s), BENCH_BUILD_DIR (build/).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

ROUNDS="${BENCH_ROUNDS:-1}"
BIG_MIB="${BENCH_BIG_MIB:-512}"
SMALL_N="${BENCH_SMALL_N:-500}"
RR_FILES="${BENCH_RR_FILES:-40}"
RR_BIG_MIB="${BENCH_RR_BIG_MIB:-40}"
CONC="${BENCH_CONCURRENCY:-20}"
AWS=/usr/bin/aws
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

HOIST="$(bench_build hoist app/hoist)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/hoist-clusterbench.XXXXXX")"
WORK="$(cd "$WORK" && pwd)" # nginx wants absolute paths
bench_need_space "$WORK" $((BIG_MIB + SMALL_N + RR_FILES * RR_BIG_MIB + 4096)) ||
  echo "bench: going on anyway" >&2
RGW_DIR="$WORK/rgw"
PIDS=()
cleanup() {
  set +e # stop everything, whatever fails
  bench_stop_fg
  local pid
  for pid in "${PIDS[@]}"; do bench_stop "$pid"; done
  # Not this shell's children (the killer round's restarted instance): kill, no wait.
  for pid in "$WORK"/*.pid; do [ -e "$pid" ] && { kill "$(cat "$pid")" 2>/dev/null || true; }; done
  bash tests/support/rgw/rgw.sh stop "$RGW_DIR" >/dev/null 2>&1 || true
  rm -rf "$WORK"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

REPORT=()
say() { REPORT+=("$*"); echo "bench: $*" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

echo "bench: starting RGW in $RGW_DIR" >&2
bash tests/support/rgw/rgw.sh start "$RGW_DIR" >&2
# shellcheck source=/dev/null
. "$RGW_DIR/rgw.env"
export AWS_CONFIG_FILE="$WORK/aws-config" AWS_SHARED_CREDENTIALS_FILE="$WORK/aws-credentials"
export AWS_ACCESS_KEY_ID="$HOIST_S3_ACCESS_KEY" AWS_SECRET_ACCESS_KEY="$HOIST_S3_SECRET_KEY"
export AWS_DEFAULT_REGION="$HOIST_S3_REGION" AWS_PAGER="" AWS_EC2_METADATA_DISABLED=true
make_bucket() { "$AWS" --endpoint-url "$HOIST_S3_ENDPOINT" s3api create-bucket --bucket "$1" >/dev/null; }

# ---- the sources
echo "bench: making the files" >&2
BIG="$WORK/big.bin"
bench_make_file "$BIG" $((BIG_MIB * 1024 * 1024))
SMALL="$WORK/small"
mkdir -p "$SMALL"
for i in $(seq -w 1 "$SMALL_N"); do head -c 1048576 /dev/urandom >"$SMALL/f$i.bin"; done
RR="$WORK/rr"
mkdir -p "$RR"
for i in $(seq -w 1 "$RR_FILES"); do
  if [ $((10#$i % 2)) = 0 ]; then size=$((RR_BIG_MIB * 1048576 + 10#$i)); else size=$((1048576 + 10#$i)); fi
  head -c "$size" /dev/urandom >"$RR/r$i.bin"
done
cat "$SMALL"/* "$RR"/* >/dev/null

# ---- the servers
# The peer: @tus/server + @tus/s3-store on BUCKET; sets STARTED_PORT.
start_tus_s3() { # name bucket
  NODE_NO_WARNINGS=1 node tests/node/tus-s3-server.mjs --bucket "$2" --endpoint "$HOIST_S3_ENDPOINT" \
    --region "$HOIST_S3_REGION" --port 0 >"$WORK/$1.out" 2>"$WORK/$1.err" &
  STARTED_PID=$!
  PIDS+=("$STARTED_PID")
  STARTED_PORT="$(bench_wait_listening "$STARTED_PID" "$WORK/$1.out" "$WORK/$1.err")"
}
# HOISTD SIDE: start_hoistd NAME BUCKET — hoistd --listen 127.0.0.1:0 --store "s3://BUCKET/"
#   --s3-endpoint "$HOIST_S3_ENDPOINT" --region "$HOIST_S3_REGION" --index postgresql://…
#   (a PostgreSQL started like tests/support's PG fixture), setting STARTED_PORT the same way.

# nginx over the ports given, from tests/support/nginx/front.conf.in; sets FRONT_PORT.
start_front() { # name port...
  local name="$1" dir="$WORK/$1" servers="" user="" port
  shift
  mkdir -p "$dir/temp"
  for port in "$@"; do servers+="    server 127.0.0.1:$port;\n"; done
  [ "$(id -u)" = 0 ] && user="user $(id -un) $(id -gn);"
  for _ in 1 2 3 4 5; do
    port="$(bench_free_port)"
    awk -v servers="$servers" -v root="$dir" -v port="$port" -v user="$user" '
      /^@SERVERS@$/ { printf "%s", servers; next }
      { gsub(/@ROOT@/, root); gsub(/@PORT@/, port); gsub(/@USER@/, user)
        gsub(/@GENERATION@/, "1"); gsub(/@REQUEST_BUFFERING@/, "off"); print }' \
      tests/support/nginx/front.conf.in >"$dir/nginx.conf"
    "$NGINX" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" >"$dir/out" 2>&1 &
    local pid=$!
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      if [ "$(curl -s "http://127.0.0.1:$port/__front/generation")" = 1 ]; then
        PIDS+=("$pid")
        FRONT_PORT="$port"
        return 0
      fi
      sleep 0.05
    done
    bench_stop "$pid"
  done
  cat "$dir/out" "$dir/error.log" >&2
  return 1
}

# hoist --headless into ENDPOINT; NAME.out has a line per file ("success PATH URL" or "error
# PATH REASON"), NAME.time the wall, user, sys seconds and peak KiB.
run_hoist() { # name endpoint path [hoist options...]
  local name="$1" endpoint="$2" path="$3"
  shift 3
  run_fg /usr/bin/time -o "$WORK/$name.time" -f '%e %U %S %M' \
    "$HOIST" --headless "$@" -e "$endpoint" "$path" >"$WORK/$name.out" 2>"$WORK/$name.err" || true
}
wall_of() { tail -n 1 "$WORK/$1.time" | awk '{ print $1 }'; }
count_lines() { grep -c "^$2"$'\t' "$WORK/$1.out" || true; }
# Reads every object a run stored back from RGW and compares it with its source; prints
# "checked N, missing M, differ D". The peer's object key is the upload's id (the URL's last
# segment). HOISTD SIDE: hoistd keeps a finished upload as PREFIX/<id>: the same mapping.
verify_run() { # name bucket
  awk -F'\t' '$1 == "success" { n = split($3, a, "/"); print a[n] "\t" $2 }' "$WORK/$1.out" \
    >"$WORK/$1.list"
  NODE_NO_WARNINGS=1 node tests/node/s3-verify.mjs --bucket "$2" --endpoint "$HOIST_S3_ENDPOINT" \
    --region "$HOIST_S3_REGION" <"$WORK/$1.list" >"$WORK/$1.verify" || true
  tail -n 1 "$WORK/$1.verify"
}

# ==== 1. one instance each ====================================================================
make_bucket tus-single
start_tus_s3 tus-single tus-single
declare -A ENDPOINT_OF=([tus]="http://127.0.0.1:$STARTED_PORT/files/") BUCKET_OF=([tus]=tus-single)
SERVERS=(tus)
# HOISTD SIDE: make_bucket hoistd-single; start_hoistd hoistd-single hoistd-single;
#   ENDPOINT_OF[hoistd]="http://127.0.0.1:$STARTED_PORT/files/"; BUCKET_OF[hoistd]=hoistd-single;
#   SERVERS=(hoistd tus)   # interleaved by round, hoistd first
declare -A BIG_S SMALL_S
for round in $(seq 1 "$ROUNDS"); do
  for server in "${SERVERS[@]}"; do
    name="$server-big-$round"
    echo "bench: round $round, $server: one $BIG_MIB MiB file" >&2
    run_hoist "$name" "${ENDPOINT_OF[$server]}" "$BIG"
    say "$server, one $BIG_MIB MiB file, round $round: $(wall_of "$name") s," \
      "$(awk -v s="$(wall_of "$name")" -v b=$((BIG_MIB * 1048576)) 'BEGIN { printf "%.1f", b / s / 1e6 }') MB/s," \
      "$(count_lines "$name" success) stored, $(count_lines "$name" error) failed;" \
      "read back: $(verify_run "$name" "${BUCKET_OF[$server]}") (load $(load))"
    BIG_S[$server]+="$(wall_of "$name") "
    name="$server-small-$round"
    echo "bench: round $round, $server: $SMALL_N files of 1 MiB" >&2
    run_hoist "$name" "${ENDPOINT_OF[$server]}" "$SMALL"
    say "$server, $SMALL_N files of 1 MiB, round $round: $(wall_of "$name") s," \
      "$(awk -v s="$(wall_of "$name")" -v n="$SMALL_N" 'BEGIN { printf "%.1f", n / s }') files/s," \
      "$(count_lines "$name" success) stored, $(count_lines "$name" error) failed;" \
      "read back: $(verify_run "$name" "${BUCKET_OF[$server]}") (load $(load))"
    SMALL_S[$server]+="$(wall_of "$name") "
  done
done
for server in "${SERVERS[@]}"; do
  big=$(echo "${BIG_S[$server]}" | bench_median) small=$(echo "${SMALL_S[$server]}" | bench_median)
  say "median of $ROUNDS, $server: $(awk -v s="$big" -v b=$((BIG_MIB * 1048576)) 'BEGIN { printf "%.1f", b / s / 1e6 }') MB/s" \
    "for $BIG_MIB MiB, $(awk -v s="$small" -v n="$SMALL_N" 'BEGIN { printf "%.1f", n / s }') files/s for $SMALL_N x 1 MiB"
done
# HOISTD SIDE: the ratios hoistd/tus for both rows (target >= 1.5x) from BIG_S and SMALL_S.

# ==== 2. behind nginx, round robin, -c $CONC ===================================================
# Answers per status in a front's access log (column 4), and requests per upstream (column 5).
statuses_of() { awk -F'\t' '{ n[$4]++ } END { for (s in n) printf "%s:%d ", s, n[s] }' "$1" | xargs -n1 | sort | xargs; }
upstreams_of() { awk -F'\t' '{ n[$5]++ } END { for (u in n) printf "%s=%d; ", u, n[u] }' "$1"; }
cluster_round() { # name endpoint front_dir bucket [hoist options...]
  local name="$1" endpoint="$2" front="$3" bucket="$4"
  shift 4
  : >"$front/access.log"
  echo "bench: $name: $RR_FILES files (half $RR_BIG_MIB MiB) at -c $CONC $*" >&2
  run_hoist "$name" "$endpoint" "$RR" -c "$CONC" "$@"
  say "$name (hoist -c $CONC $*): $(wall_of "$name") s, $(count_lines "$name" success) of $RR_FILES" \
    "stored, $(count_lines "$name" error) failed (load $(load))"
  say "  nginx answers by status: $(statuses_of "$front/access.log")"
  say "  requests by upstream: $(upstreams_of "$front/access.log")"
  say "  read back from RGW: $(verify_run "$name" "$bucket")"
  grep -v '^checked' "$WORK/$name.verify" | head -n 5 | sed 's/^/    /' >&2 || true
  if [ "$(count_lines "$name" error)" != 0 ]; then
    say "  hoist's reasons: $(awk -F'\t' '$1 == "error" { print $3 }' "$WORK/$name.out" | sort | uniq -c | sort -rn | head -n 3 | tr -s ' ' | tr '\n' ';')"
  fi
}

make_bucket tus-rr
ports=() peer_pids=()
for i in 1 2; do
  start_tus_s3 "peer-rr-$i" tus-rr
  ports+=("$STARTED_PORT")
  peer_pids+=("$STARTED_PID")
done
start_front front-tus "${ports[@]}"
TUS_FRONT="http://127.0.0.1:$FRONT_PORT/files/"
echo "bench: two @tus/server + s3-store on ${ports[*]} behind nginx on $FRONT_PORT" >&2
# The peers' own lines about errors (tus-s3-server.mjs: "error: ...", "uncaught: ...").
peer_errors() { cat "$WORK"/peer-rr-*.err | grep -E '^(error|uncaught|unhandled):' || true; }
peer_round() { # name [hoist options...]
  local seen
  seen=$(peer_errors | wc -l)
  cluster_round "$1" "$TUS_FRONT" "$WORK/front-tus" tus-rr "${@:2}"
  say "  the peers' error lines: $(($(peer_errors | wc -l) - seen))" \
    "($(peer_errors | tail -n +$((seen + 1)) | sed -E 's/[0-9a-f]{32}/ID/g; s/[0-9]{5,}/N/g' | cut -c1-100 | sort | uniq -c | sort -rn | head -n 4 | tr -s ' ' | tr '\n' ';'))"
}
peer_round tus-rr-defaults
peer_round tus-rr-chunk8m --chunk-size 8M
# Below S3's 5 MiB part minimum: the peer keeps each request's bytes as an "incomplete part"
# object that the next request, on whichever instance, must fetch and prepend.
peer_round tus-rr-chunk2m --chunk-size 2M
# The first instance dies (SIGKILL, as a crash) KILL_AFTER seconds into a round and is back on
# its port 2 s later, as issue 20's failover test does to hoistd; uploads in 8 MiB PATCHes.
KILL_AFTER="${BENCH_KILL_AFTER:-4}"
( sleep "$KILL_AFTER"
  kill -9 "${peer_pids[0]}"
  echo "bench: killed the instance on ${ports[0]}" >&2
  sleep 2
  NODE_NO_WARNINGS=1 node tests/node/tus-s3-server.mjs --bucket tus-rr --endpoint "$HOIST_S3_ENDPOINT" \
    --region "$HOIST_S3_REGION" --port "${ports[0]}" >>"$WORK/peer-rr-1.out" 2>>"$WORK/peer-rr-1.err" &
  echo $! >"$WORK/peer-rr-1-again.pid" ) &
killer=$!
PIDS+=("$killer")
peer_round tus-rr-killed --chunk-size 8M
say "  (the instance on ${ports[0]} was SIGKILLed ${KILL_AFTER} s into this round and restarted 2 s later)"

# Two writers on one upload, as round robin makes of a client that gave up on a slow PATCH and
# resumed: writer 1 PATCHes the whole file to one instance at 2 MiB/s; STALE_AFTER seconds in,
# writer 2 asks the other instance for the offset (HEAD) and PATCHes the rest from there at full
# speed, while writer 1 goes on. Direct to each instance, so that they are two for certain.
# Reported: each writer's answer, the offset writer 2 was given, and the object read back.
STALE_N="${BENCH_STALE_UPLOADS:-4}" STALE_AFTER="${BENCH_STALE_AFTER:-5}"
a="http://127.0.0.1:${ports[1]}/files/" b="http://127.0.0.1:${ports[0]}/files/"
: >"$WORK/stale.list"
stale_answers=""
stale_seen=$(peer_errors | wc -l)
mapfile -t BIGS < <(find "$RR" -name '*.bin' -size +2M | sort) # the RR_BIG_MIB MiB ones
for i in $(seq 1 "$STALE_N"); do
  file="${BIGS[$(((i - 1) % ${#BIGS[@]}))]}"
  size=$(stat -c %s "$file")
  location="$(curl -sS -D - -o /dev/null -X POST "$a" -H 'Tus-Resumable: 1.0.0' \
    -H "Upload-Length: $size" -H 'Content-Length: 0' | tr -d '\r' |
    awk 'tolower($1) == "location:" { print $2 }')"
  id="${location##*/}"
  curl -sS -o /dev/null -w '%{http_code}' --limit-rate 2M -X PATCH -T "$file" "$a$id" \
    -H 'Tus-Resumable: 1.0.0' -H 'Upload-Offset: 0' -H 'Expect:' \
    -H 'Content-Type: application/offset+octet-stream' >"$WORK/stale-$i.first" 2>&1 &
  first=$!
  sleep "$STALE_AFTER"
  offset="$(curl -sS -I "$b$id" -H 'Tus-Resumable: 1.0.0' | tr -d '\r' |
    awk 'tolower($1) == "upload-offset:" { print $2 }')"
  second="$(tail -c +$((${offset:-0} + 1)) "$file" | curl -sS -o /dev/null -w '%{http_code}' \
    -X PATCH --data-binary @- "$b$id" -H 'Tus-Resumable: 1.0.0' -H "Upload-Offset: ${offset:-0}" \
    -H 'Content-Type: application/offset+octet-stream' -H 'Expect:' 2>&1 || true)"
  wait "$first" || true
  stale_answers+="upload $i: writer 2 given offset ${offset:-none} of $size, answered $second; writer 1 answered $(cat "$WORK/stale-$i.first"). "
  printf '%s\t%s\n' "$id" "$file" >>"$WORK/stale.list"
done
say "two writers on one upload ($STALE_N uploads of $RR_BIG_MIB MiB, the second writer $STALE_AFTER s in):"
say "  $stale_answers"
NODE_NO_WARNINGS=1 node tests/node/s3-verify.mjs --bucket tus-rr --endpoint "$HOIST_S3_ENDPOINT" \
  --region "$HOIST_S3_REGION" <"$WORK/stale.list" >"$WORK/stale.verify" || true
say "  read back from RGW: $(tail -n 1 "$WORK/stale.verify"); $(grep -v '^checked' "$WORK/stale.verify" | tr '\n' ';')"
say "  the peers' error lines: $(($(peer_errors | wc -l) - stale_seen))" \
  "($(peer_errors | tail -n +$((stale_seen + 1)) | sed -E 's/[0-9a-f]{32}/ID/g; s/[0-9]{5,}/N/g' | cut -c1-100 | sort | uniq -c | sort -rn | head -n 4 | tr -s ' ' | tr '\n' ';'))"
# HOISTD SIDE: three hoistd instances on one bucket and one PostgreSQL behind
#   start_front front-hoistd PORT1 PORT2 PORT3, the same two cluster_round calls; then the
#   aggregate MB/s of one instance against three (same files, -c $CONC).

echo
echo "Cluster benchmark (Ceph RGW 16 on loopback; MB = 10^6 bytes; 2 cores shared: indicative)"
echo "command: bench/cluster.sh (BENCH_ROUNDS=$ROUNDS BENCH_BIG_MIB=$BIG_MIB BENCH_SMALL_N=$SMALL_N" \
  "BENCH_RR_FILES=$RR_FILES BENCH_RR_BIG_MIB=$RR_BIG_MIB BENCH_CONCURRENCY=$CONC)"
printf '%s\n' "${REPORT[@]}"
echo "load average at the end: $(load) ($(nproc) cores)"
