#!/usr/bin/env bash
# Issue 20's benchmark: hoistd on S3 + PostgreSQL against @tus/server with @tus/s3-store on the
# same Ceph RGW, with the same client (hoist --headless, its defaults). It measures and reports;
# it is not a test (exit 0 even when something broke or a target is missed: the report says
# what). Progress on stderr, the report on stdout at the end.
#
#   1. One instance each: hoistd --store s3://hoistd-single/up --index postgresql://… (a private
#      PostgreSQL 15 from tests/support/pg/pg.sh) against tests/node/tus-s3-server.mjs: one
#      BIG_MIB (512) MiB file and SMALL_N (500) files of 1 MiB, hoist --headless with no option.
#      Rounds interleave the two servers (their order swaps each round); figures are medians.
#      Target: hoistd's time <= the peer's / 1.5 (the ratio peer/hoistd >= 1.5). Every stored
#      object is read back from RGW and compared with its source (tests/node/s3-verify.mjs:
#      SHA-256 and size; the count of stored objects against the count of files).
#   2. Behind nginx, round robin with no stickiness (tests/support/nginx/front.conf.in): two
#      @tus/server + s3-store instances on one bucket, and three hoistd instances on another
#      bucket and one database. RR_FILES files (half RR_BIG_MIB MiB, half 1 MiB) at -c CONC,
#      each kind of round once per side, the peer then hoistd: with hoist's defaults, in 8 MiB
#      PATCHes (--chunk-size 8M, as clients behind a CDN's body limit send), in 2 MiB ones
#      (below S3's part minimum: the peer's "incomplete part" objects), and in 8 MiB PATCHes
#      while the first instance is SIGKILLed KILL_AFTER s in and restarted on its port 2 s later
#      (issue 20's failover case). Then two writers on one upload, each on another instance
#      (a resumed client while its first PATCH still runs). Reported: uploads hoist gave up on,
#      nginx's answers by status, which upstreams served, the servers' own error lines, every
#      stored object read back from RGW, and what else each bucket holds at the end (objects no
#      finished upload names, open multipart uploads). Last, the aggregate MB/s of one hoistd
#      instance against three behind the same nginx, same files, -c CONC, ROUNDS rounds each,
#      interleaved: only indicative on this 2-core machine, where three instances share the two
#      cores with Ceph, PostgreSQL, nginx and the client.
#
# hoistd completes content it already holds at once (instant upload), so every file gets new
# first bytes before each run of either side (both sides of a pair get the same bytes). hoistd
# runs with --max-connections-per-address 0 (the peer has no such limit; behind nginx every
# client has nginx's address) and otherwise its defaults. Beside each run: the CPU seconds of the
# server process(es), of Ceph (monitor, OSD, radosgw) and of hoist, and the load average.
# RGW (tests/support/rgw/rgw.sh) and PostgreSQL (tests/support/pg/pg.sh) run from a temporary
# folder; nginx runs in the foreground from its own folder, never as the system service; every
# process started here is stopped on exit.
#
# Environment:
#   BENCH_ROUNDS (3)           rounds of part 1 and of the one-against-three throughput
#   BENCH_BIG_MIB (512)        the big file of part 1, MiB
#   BENCH_SMALL_N (500)        the 1 MiB files of part 1
#   BENCH_RR_FILES (40)        files of part 2 (half of RR_BIG_MIB MiB, half of 1 MiB)
#   BENCH_RR_BIG_MIB (40)      the big ones' size, MiB
#   BENCH_CONCURRENCY (20)     hoist -c in part 2
#   BENCH_KILL_AFTER (4)       seconds into the killed round when the first instance dies
#   BENCH_STALE_UPLOADS (3)    uploads with two writers, per side
#   BENCH_STALE_AFTER (5)      seconds after writer 1 started when writer 2 comes
#   BENCH_PARTS (1,2)          which parts to run (1, 2 or both)
#   BENCH_BUILD_DIR (build/)   where hoist and hoistd are built (Release)
#   BENCH_LOG_DIR              keep each hoist run's stderr there (with QT_LOGGING_CONF set,
#                              hoist's debug categories)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

ROUNDS="${BENCH_ROUNDS:-3}"
BIG_MIB="${BENCH_BIG_MIB:-512}"
SMALL_N="${BENCH_SMALL_N:-500}"
RR_FILES="${BENCH_RR_FILES:-40}"
RR_BIG_MIB="${BENCH_RR_BIG_MIB:-40}"
CONC="${BENCH_CONCURRENCY:-20}"
KILL_AFTER="${BENCH_KILL_AFTER:-4}"
STALE_N="${BENCH_STALE_UPLOADS:-3}" STALE_AFTER="${BENCH_STALE_AFTER:-5}"
PARTS="${BENCH_PARTS:-1,2}"
AWS=/usr/bin/aws
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
PSQL=/usr/lib/postgresql/15/bin/psql
PREFIX=up # hoistd's key prefix: a finished upload is the object up/<id>

HOIST="$(bench_build hoist app/hoist)"
HOISTD="$(bench_build hoistd server/hoistd)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/hoist-clusterbench.XXXXXX")"
WORK="$(cd "$WORK" && pwd)" # nginx wants absolute paths
chmod 755 "$WORK"              # pg.sh runs PostgreSQL as `postgres` when root runs this
bench_need_space "$WORK" $((BIG_MIB + SMALL_N + RR_FILES * RR_BIG_MIB + 20480)) ||
  echo "bench: going on anyway" >&2
RGW_DIR="$WORK/rgw" PG_DIR="$WORK/pg"
PIDS=()
cleanup() {
  set +e # stop everything, whatever fails
  bench_stop_fg
  local pid
  for pid in "${PIDS[@]}"; do bench_stop "$pid"; done
  # Not this shell's children (a killed round's restarted instance): kill, no wait.
  for pid in "$WORK"/*.pid; do [ -e "$pid" ] && { kill "$(cat "$pid")" 2>/dev/null || true; }; done
  bash tests/support/pg/pg.sh stop "$PG_DIR" >/dev/null 2>&1 || true
  bash tests/support/rgw/rgw.sh stop "$RGW_DIR" >/dev/null 2>&1 || true
  rm -rf "$WORK"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

REPORT=() TABLE=()
say() { REPORT+=("$*"); echo "bench: $*" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

echo "bench: starting RGW in $RGW_DIR and PostgreSQL in $PG_DIR" >&2
# A whole run writes about 15 GiB into the OSD (copies and tails included): on the fixture's
# 10 GiB block file Ceph filled up in part 2 and every S3 request hung.
HOIST_RGW_BLOCK_GIB="${HOIST_RGW_BLOCK_GIB:-40}" bash tests/support/rgw/rgw.sh start "$RGW_DIR" >&2
bash tests/support/pg/pg.sh start "$PG_DIR" >&2
# shellcheck source=/dev/null
. "$RGW_DIR/rgw.env"
# shellcheck source=/dev/null
. "$PG_DIR/pg.env"
export AWS_CONFIG_FILE="$WORK/aws-config" AWS_SHARED_CREDENTIALS_FILE="$WORK/aws-credentials"
export AWS_ACCESS_KEY_ID="$HOIST_S3_ACCESS_KEY" AWS_SECRET_ACCESS_KEY="$HOIST_S3_SECRET_KEY"
export AWS_DEFAULT_REGION="$HOIST_S3_REGION" AWS_PAGER="" AWS_EC2_METADATA_DISABLED=true
export PGPASSWORD="$HOIST_PG_PASSWORD" # never on a command line
rgw() { "$AWS" --endpoint-url "$HOIST_S3_ENDPOINT" "$@"; }
make_bucket() { rgw s3api create-bucket --bucket "$1" >/dev/null; }
make_database() {
  "$PSQL" -X -q -h "$HOIST_PG_HOST" -p "$HOIST_PG_PORT" -U "$HOIST_PG_USER" -d postgres \
    -c "CREATE DATABASE $1" >/dev/null
}

# ---- the sources
echo "bench: making the files" >&2
BIG="$WORK/big.bin"
bench_make_file "$BIG" $((BIG_MIB * 1024 * 1024))
SMALL="$WORK/small"
mkdir -p "$SMALL"
head -c $((SMALL_N * 1048576)) /dev/urandom | (cd "$SMALL" && split -b 1048576 -a 4 -d --additional-suffix=.bin - f)
RR="$WORK/rr"
mkdir -p "$RR"
for i in $(seq -w 1 "$RR_FILES"); do
  if [ $((10#$i % 2)) = 0 ]; then size=$((RR_BIG_MIB * 1048576 + 10#$i)); else size=$((1048576 + 10#$i)); fi
  head -c "$size" /dev/urandom >"$RR/r$i.bin"
done
cat "$SMALL"/* "$RR"/* >/dev/null
RR_BYTES=$(find "$RR" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
# New first 16 bytes in every file under the paths given: content hoistd has never seen.
STAMP=0
restamp() { # path...
  STAMP=$((STAMP + 1))
  find "$@" -type f -name '*.bin' -print0 | python3 -c '
import sys
stamp = ("%016d" % int(sys.argv[1])).encode()
for path in sys.stdin.buffer.read().split(b"\0"):
    if path:
        with open(path, "r+b") as f:
            f.write(stamp)' "$STAMP"
}

# ---- the servers; each start_* sets STARTED_PID and STARTED_PORT and appends to its logs
start_tus_s3() { # name bucket [port]
  NODE_NO_WARNINGS=1 node tests/node/tus-s3-server.mjs --bucket "$2" --endpoint "$HOIST_S3_ENDPOINT" \
    --region "$HOIST_S3_REGION" --port "${3:-0}" >>"$WORK/$1.out" 2>>"$WORK/$1.err" &
  STARTED_PID=$!
  PIDS+=("$STARTED_PID")
  STARTED_PORT="$(bench_wait_listening "$STARTED_PID" "$WORK/$1.out" "$WORK/$1.err")"
}
# hoistd on BUCKET (key prefix $PREFIX) and DATABASE, as scripts/cluster.sh starts it.
start_hoistd() { # name bucket database [port]
  mkdir -p "$WORK/$1.data"
  "$HOISTD" --listen "127.0.0.1:${4:-0}" --data "$WORK/$1.data" --store "s3://$2/$PREFIX" \
    --s3-endpoint "$HOIST_S3_ENDPOINT" --region "$HOIST_S3_REGION" \
    --index "postgresql://$HOIST_PG_USER@$HOIST_PG_HOST:$HOIST_PG_PORT/$3" \
    --max-connections-per-address 0 >>"$WORK/$1.out" 2>>"$WORK/$1.err" &
  STARTED_PID=$!
  PIDS+=("$STARTED_PID")
  STARTED_PORT="$(bench_wait_listening "$STARTED_PID" "$WORK/$1.out" "$WORK/$1.err" 60)"
  STARTED_PORT="${STARTED_PORT##*:}"
}

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

# ---- runs and checks
# CPU seconds (user + system) the processes given have used so far; Ceph's: ceph_pids.
TICKS=$(getconf CLK_TCK)
cpu_of() { # pid...
  local pid t=0
  for pid in "$@"; do
    [ -r "/proc/$pid/stat" ] || continue
    t=$((t + $(sed 's/.*) //' "/proc/$pid/stat" | awk '{ print $12 + $13 }')))
  done
  calc '%.1f' "$t / $TICKS"
}
ceph_pids() { cat "$RGW_DIR"/pids/*.pid 2>/dev/null || true; }
# "CPU s: server A, Ceph B" since the marks taken by cpu_mark (server pids in SERVER_PIDS).
cpu_mark() { CPU0_SERVER=$(cpu_of "${SERVER_PIDS[@]}") CPU0_CEPH=$(cpu_of $(ceph_pids)); }
cpu_since() {
  local server
  server=$(calc '%.1f' "$(cpu_of "${SERVER_PIDS[@]}") - $CPU0_SERVER")
  [[ "$server" != -* ]] || server="? (an instance died)"
  echo "CPU s: server $server," \
    "Ceph $(calc '%.1f' "$(cpu_of $(ceph_pids)) - $CPU0_CEPH"), hoist $1"
}

# hoistd's own count of S3 requests (by method) and PostgreSQL statements, with the seconds they
# took (its /metrics), between two snapshots: where a run's time went on the server's side.
metrics_of() { curl -s "http://127.0.0.1:$1/metrics" | grep -E '^hoistd_(s3_request|pg_statement)_duration_seconds_(count|sum)' || true; }
metrics_delta() { # before after (files)
  awk 'NR == FNR { was[$1] = $2; next }
    { d = $2 - was[$1]; kind = "PG"
      if ($1 ~ /^hoistd_s3/) { match($1, /method="[^"]*"/); kind = "S3 " substr($1, RSTART + 8, RLENGTH - 9) }
      if ($1 ~ /_count/) n[kind] += d; else s[kind] += d }
    END { for (k in n) if (n[k] > 0) printf "%s %d (%.1f s); ", k, n[k], s[k] }' "$1" "$2" |
    sed 's/; $//'
}

# hoist --headless into ENDPOINT; NAME.out has a line per file ("success PATH URL" or "error
# PATH REASON"), NAME.time the wall, user, sys seconds and peak KiB.
run_hoist() { # name endpoint path [hoist options...]
  local name="$1" endpoint="$2" path="$3"
  shift 3
  run_fg /usr/bin/time -o "$WORK/$name.time" -f '%e %U %S %M' \
    "$HOIST" --headless "$@" -e "$endpoint" "$path" >"$WORK/$name.out" 2>"$WORK/$name.err" || true
  if [[ -n "${BENCH_LOG_DIR:-}" ]]; then cp "$WORK/$name.err" "$BENCH_LOG_DIR/$name.err"; fi
}
wall_of() { tail -n 1 "$WORK/$1.time" | awk '{ print $1 }'; }
hoist_cpu_of() { tail -n 1 "$WORK/$1.time" | awk '{ printf "%.1f", $2 + $3 }'; }
count_lines() { grep -c "^$2"$'\t' "$WORK/$1.out" || true; }
# Reads every object a run stored back from RGW and compares it with its source; prints
# "checked N, missing M, differ D". The object's key is KEY_PREFIX and the upload's id (the
# URL's last segment): @tus/s3-store keeps an upload as <id>, hoistd as PREFIX/<id>. The keys go
# to WORK/keys-BUCKET too, for census.
verify_run() { # name bucket key_prefix
  awk -F'\t' -v p="$3" '$1 == "success" { n = split($3, a, "/"); print p a[n] "\t" $2 }' \
    "$WORK/$1.out" >"$WORK/$1.list"
  cut -f1 "$WORK/$1.list" >>"$WORK/keys-$2"
  NODE_NO_WARNINGS=1 node tests/node/s3-verify.mjs --bucket "$2" --endpoint "$HOIST_S3_ENDPOINT" \
    --region "$HOIST_S3_REGION" <"$WORK/$1.list" >"$WORK/$1.verify" || true
  tail -n 1 "$WORK/$1.verify"
}
# What BUCKET holds besides the objects verified: counts by kind, and open multipart uploads.
census() { # bucket
  rgw s3api list-objects-v2 --bucket "$1" --query 'Contents[].[Key]' --output text |
    grep -v '^None$' | sort >"$WORK/census-$1" || true
  sort -u "$WORK/keys-$1" 2>/dev/null >"$WORK/census-$1.known" || : >"$WORK/census-$1.known"
  local others uploads
  others=$(comm -23 "$WORK/census-$1" "$WORK/census-$1.known" | sed -E \
    's#^.*/\.hoistd/tails/.*#hoistd tail#; s#^[^/]*\.info$#.info#; s#^[^/]*\.part$#.part (incomplete part)#; s#^[0-9a-f]{32}$#tus upload never reported#; s#^up/[0-9a-f]{32}$#hoistd upload never reported#' |
    sort | uniq -c | awk '{ $1 = $1 " x"; print }' | paste -sd ';' -)
  uploads=$(rgw s3api list-multipart-uploads --bucket "$1" --query 'Uploads[].UploadId' --output text |
    grep -v '^None$' | wc -w)
  echo "$(wc -l <"$WORK/census-$1") objects, $(comm -12 "$WORK/census-$1" "$WORK/census-$1.known" | wc -l) of them" \
    "finished uploads checked above; besides: ${others:-nothing}; open multipart uploads: $uploads"
}
median_of() { echo "$1" | bench_median; }
# Per server or side: where it is, which processes, where its objects are, what was measured.
declare -A ENDPOINT_OF PID_OF BUCKET_OF KEYS_OF TIMES LOADS FRONT_OF FRONTDIR_OF PIDS_OF PORTS_OF AGG

# ==== 1. one instance each =====================================================================
if [[ "$PARTS" == *1* ]]; then
  make_bucket tus-single
  make_bucket hoistd-single
  make_database single
  start_tus_s3 tus-single tus-single
  ENDPOINT_OF=([tus]="http://127.0.0.1:$STARTED_PORT/files/") PID_OF=([tus]=$STARTED_PID)
  start_hoistd hoistd-single hoistd-single single
  ENDPOINT_OF[hoistd]="http://127.0.0.1:$STARTED_PORT/files/" PID_OF[hoistd]=$STARTED_PID
  HOISTD_SINGLE_PORT=$STARTED_PORT
  BUCKET_OF=([tus]=tus-single [hoistd]=hoistd-single) KEYS_OF=([tus]="" [hoistd]="$PREFIX/")
  # One run: SERVER, WORK (big|small), the round.
  single_run() {
    local server="$1" work="$2" round="$3" name="$1-$2-$3" path="$BIG" n=1 what="one $BIG_MIB MiB file" rate
    [ "$work" = big ] || { path="$SMALL" n="$SMALL_N" what="$SMALL_N files of 1 MiB"; }
    echo "bench: round $round, $server: $what (load $(load))" >&2
    SERVER_PIDS=("${PID_OF[$server]}")
    [ "$server" = tus ] || metrics_of "$HOISTD_SINGLE_PORT" >"$WORK/$name.metrics0"
    cpu_mark
    run_hoist "$name" "${ENDPOINT_OF[$server]}" "$path"
    local cpu l
    cpu="$(cpu_since "$(hoist_cpu_of "$name")")" l="$(load)"
    if [ "$server" = hoistd ]; then
      metrics_of "$HOISTD_SINGLE_PORT" >"$WORK/$name.metrics1"
      cpu+="; hoistd's calls: $(metrics_delta "$WORK/$name.metrics0" "$WORK/$name.metrics1")"
    fi
    if [ "$work" = big ]; then
      rate="$(calc '%.1f' "$BIG_MIB * 1048576 / $(wall_of "$name") / 1e6") MB/s"
    else
      rate="$(calc '%.1f' "$SMALL_N / $(wall_of "$name")") files/s"
    fi
    say "$server, $what, round $round: $(wall_of "$name") s, $rate, $(count_lines "$name" success)" \
      "of $n stored, $(count_lines "$name" error) failed; read back: $(verify_run "$name" \
      "${BUCKET_OF[$server]}" "${KEYS_OF[$server]}"); $cpu (load $l)"
    TIMES[$server-$work]+="$(wall_of "$name") "
    LOADS[$server-$work]+="${l%% *} "
  }
  for round in $(seq 1 "$ROUNDS"); do
    order=(hoistd tus)
    [ $((round % 2)) = 1 ] || order=(tus hoistd)
    for work in big small; do
      restamp "$BIG" "$SMALL" # the same new bytes for both servers of this round
      for server in "${order[@]}"; do single_run "$server" "$work" "$round"; done
    done
  done
  for work in big small; do
    h=$(median_of "${TIMES[hoistd-$work]}") t=$(median_of "${TIMES[tus-$work]}")
    ratio=$(calc '%.2f' "$t / $h")
    label="one $BIG_MIB MiB file"
    [ "$work" = big ] || label="$SMALL_N files of 1 MiB"
    TABLE+=("$label|$h s|$t s|${ratio}x|>= 1.5x|$(awk -v r="$ratio" 'BEGIN { print (r >= 1.5) ? "yes" : "NO" }')|$(echo "${LOADS[hoistd-$work]}${LOADS[tus-$work]}" | tr -s ' ' | sed 's/ $//')")
  done
fi

# ==== 2. behind nginx, round robin, -c $CONC ===================================================
# Answers per status in a front's access log (column 4), and requests per upstream (column 5).
statuses_of() { awk -F'\t' '{ n[$4]++ } END { for (s in n) printf "%s:%d ", s, n[s] }' "$1" | xargs -n1 | sort | xargs; }
upstreams_of() { awk -F'\t' '{ n[$5]++ } END { for (u in n) printf "%s=%d; ", u, n[u] }' "$1"; }
# The servers' own lines about errors: tus-s3-server.mjs writes "error: ...", "uncaught: ...";
# hoistd logs each finished upload and otherwise only what went wrong.
tus_errors() { cat "$WORK"/tus-rr-[0-9].err | grep -E '^(error|uncaught|unhandled):' || true; }
hoistd_errors() { cat "$WORK"/hoistd-rr-[0-9].err | grep -v '^hoistd: finished ' || true; }
# "N (the commonest, ids and numbers masked)" of the error lines new since errors_mark (a diff:
# a restarted instance appends to the first instance's log, so counting lines would not do).
errors_mark() { "$1" >"$WORK/errors-before"; }
errors_since() { # errors_function
  "$1" | diff "$WORK/errors-before" - | sed -n 's/^> //p' >"$WORK/errors-new" || true
  echo "$(wc -l <"$WORK/errors-new") ($(sed -E 's/[0-9a-f]{32}/ID/g; s/[0-9]{5,}/N/g' "$WORK/errors-new" |
    cut -c1-110 | sort | uniq -c | sort -rn | head -n 4 | tr -s ' ' | tr '\n' ';'))"
}
# One side's run behind its front: SIDE is tus or hoistd (FRONT_OF, BUCKET_OF, KEYS_OF, PIDS_OF).
cluster_round() { # side name [hoist options...]
  local side="$1" name="$2" l cpu
  shift 2
  local front="$WORK/front-${FRONTDIR_OF[$side]:-$side}"
  : >"$front/access.log"
  errors_mark "${side}_errors"
  echo "bench: $name: $RR_FILES files (half $RR_BIG_MIB MiB) at -c $CONC $* (load $(load))" >&2
  read -ra SERVER_PIDS <<<"${PIDS_OF[$side]}"
  cpu_mark
  run_hoist "$name" "${FRONT_OF[$side]}" "$RR" -c "$CONC" "$@"
  cpu="$(cpu_since "$(hoist_cpu_of "$name")")" l="$(load)"
  say "$name (hoist -c $CONC $*): $(wall_of "$name") s, $(calc '%.1f' "$RR_BYTES / $(wall_of "$name") / 1e6") MB/s," \
    "$(count_lines "$name" success) of $RR_FILES stored, $(count_lines "$name" error) failed; $cpu (load $l)"
  say "  nginx answers by status: $(statuses_of "$front/access.log")"
  say "  requests by upstream: $(upstreams_of "$front/access.log")"
  say "  read back from RGW: $(verify_run "$name" "${BUCKET_OF[$side]}" "${KEYS_OF[$side]}")"
  grep -v '^checked' "$WORK/$name.verify" | head -n 5 | sed 's/^/    /' >&2 || true
  if [ "$(count_lines "$name" error)" != 0 ]; then
    say "  hoist's reasons: $(awk -F'\t' '$1 == "error" { print $3 }' "$WORK/$name.out" | sort | uniq -c | sort -rn | head -n 3 | tr -s ' ' | tr '\n' ';')"
  fi
  say "  the servers' error lines: $(errors_since "${side}_errors")"
}
# SIGKILLs VICTIM KILL_AFTER s from now and 2 s later runs START... (a start_* on the same port),
# writing the new instance's pid to PIDFILE (cleanup stops it).
kill_and_restart() { # victim pidfile start...
  local victim="$1" pidfile="$2"
  shift 2
  (
    sleep "$KILL_AFTER"
    kill -9 "$victim" 2>/dev/null
    echo "bench: killed instance $victim" >&2
    sleep 2
    "$@"
    echo "$STARTED_PID" >"$pidfile"
  ) &
  PIDS+=($!)
}
# Two writers on one upload, as round robin makes of a client that gave up on a slow PATCH and
# resumed: writer 1 PATCHes the whole file to instance A at 2 MiB/s; STALE_AFTER seconds in,
# writer 2 asks instance B for the offset (HEAD) and PATCHes the rest from there at full speed,
# while writer 1 goes on. Direct to each instance, so that they are two for certain. Once both
# answered, a resume as a client makes after a refusal: HEAD on instance B, the rest from there.
stale_writers() { # side a b
  local side="$1" a="$2" b="$3" answers="" i file size location id first offset second
  : >"$WORK/stale-$side.list"
  errors_mark "${side}_errors"
  for i in $(seq 1 "$STALE_N"); do
    file="${BIGS[$(((i - 1) % ${#BIGS[@]}))]}"
    size=$(stat -c %s "$file")
    location="$(curl -sS -D - -o /dev/null -X POST "$a" -H 'Tus-Resumable: 1.0.0' \
      -H "Upload-Length: $size" -H 'Content-Length: 0' | tr -d '\r' |
      awk 'tolower($1) == "location:" { print $2 }')"
    id="${location##*/}"
    curl -sS -o /dev/null -w '%{http_code}' --limit-rate 2M -X PATCH -T "$file" "$a$id" \
      -H 'Tus-Resumable: 1.0.0' -H 'Upload-Offset: 0' -H 'Expect:' \
      -H 'Content-Type: application/offset+octet-stream' >"$WORK/stale-$side-$i.first" 2>&1 &
    first=$!
    sleep "$STALE_AFTER"
    offset="$(curl -sS -I "$b$id" -H 'Tus-Resumable: 1.0.0' | tr -d '\r' |
      awk 'tolower($1) == "upload-offset:" { print $2 }')"
    second="$(tail -c +$((${offset:-0} + 1)) "$file" | curl -sS -o /dev/null -w '%{http_code}' \
      -X PATCH --data-binary @- "$b$id" -H 'Tus-Resumable: 1.0.0' -H "Upload-Offset: ${offset:-0}" \
      -H 'Content-Type: application/offset+octet-stream' -H 'Expect:' 2>&1 || true)"
    wait "$first" || true
    answers+="upload $i: writer 2 given offset ${offset:-none} of $size, answered $second; writer 1 answered $(cat "$WORK/stale-$side-$i.first")"
    # Then as a client does after a refused PATCH: ask where the upload is, and send the rest.
    offset="$(curl -sS -I "$b$id" -H 'Tus-Resumable: 1.0.0' | tr -d '\r' |
      awk 'tolower($1) == "upload-offset:" { print $2 }')"
    if [ -n "$offset" ] && [ "$offset" -lt "$size" ]; then
      second="$(tail -c +$((offset + 1)) "$file" | curl -sS -o /dev/null -w '%{http_code}' \
        -X PATCH --data-binary @- "$b$id" -H 'Tus-Resumable: 1.0.0' -H "Upload-Offset: $offset" \
        -H 'Content-Type: application/offset+octet-stream' -H 'Expect:' 2>&1 || true)"
      answers+="; resumed from $offset, answered $second. "
    else
      answers+="; then at offset ${offset:-none} (no resume needed). "
    fi
    printf '%s%s\t%s\n' "${KEYS_OF[$side]}" "$id" "$file" >>"$WORK/stale-$side.list"
  done
  say "$side, two writers on one upload ($STALE_N uploads of $RR_BIG_MIB MiB, the second writer $STALE_AFTER s in; load $(load)):"
  say "  $answers"
  cut -f1 "$WORK/stale-$side.list" >>"$WORK/keys-${BUCKET_OF[$side]}"
  NODE_NO_WARNINGS=1 node tests/node/s3-verify.mjs --bucket "${BUCKET_OF[$side]}" --endpoint "$HOIST_S3_ENDPOINT" \
    --region "$HOIST_S3_REGION" <"$WORK/stale-$side.list" >"$WORK/stale-$side.verify" || true
  say "  read back from RGW: $(tail -n 1 "$WORK/stale-$side.verify"); $(grep -v '^checked' "$WORK/stale-$side.verify" | tr '\n' ';')"
  say "  the servers' error lines: $(errors_since "${side}_errors")"
}

if [[ "$PARTS" == *2* ]]; then
  make_bucket tus-rr
  make_bucket hoistd-rr
  make_database cluster
  BUCKET_OF=([tus]=tus-rr [hoistd]=hoistd-rr) KEYS_OF=([tus]="" [hoistd]="$PREFIX/")
  for i in 1 2; do
    start_tus_s3 "tus-rr-$i" tus-rr
    PORTS_OF[tus]+="$STARTED_PORT " PIDS_OF[tus]+="$STARTED_PID "
  done
  for i in 1 2 3; do
    start_hoistd "hoistd-rr-$i" hoistd-rr cluster
    PORTS_OF[hoistd]+="$STARTED_PORT " PIDS_OF[hoistd]+="$STARTED_PID "
  done
  for side in tus hoistd; do
    read -ra ports <<<"${PORTS_OF[$side]}"
    start_front "front-$side" "${ports[@]}"
    FRONT_OF[$side]="http://127.0.0.1:$FRONT_PORT/files/"
    echo "bench: $side on ${ports[*]} behind nginx on $FRONT_PORT" >&2
  done
  say "behind nginx round robin: 2 @tus/server + s3-store instances, 3 hoistd instances; $RR_FILES files" \
    "($((RR_BYTES / 1048576)) MiB) at -c $CONC, each side's round right after the other's, new bytes each pair"
  for kind in defaults chunk8m chunk2m; do
    options=()
    [ "$kind" = chunk8m ] && options=(--chunk-size 8M)
    # Below S3's 5 MiB part minimum: the peer keeps each request's bytes as an "incomplete part"
    # object that the next request, on whichever instance, must fetch and prepend.
    [ "$kind" = chunk2m ] && options=(--chunk-size 2M)
    restamp "$RR"
    for side in tus hoistd; do cluster_round "$side" "$side-rr-$kind" "${options[@]}"; done
  done
  restamp "$RR"
  for side in tus hoistd; do
    read -ra pids <<<"${PIDS_OF[$side]}"
    read -ra ports <<<"${PORTS_OF[$side]}"
    if [ "$side" = tus ]; then
      kill_and_restart "${pids[0]}" "$WORK/$side-rr-1-again.pid" start_tus_s3 tus-rr-1 tus-rr "${ports[0]}"
    else
      kill_and_restart "${pids[0]}" "$WORK/$side-rr-1-again.pid" start_hoistd hoistd-rr-1 hoistd-rr cluster "${ports[0]}"
    fi
    cluster_round "$side" "$side-rr-killed" --chunk-size 8M
    say "  (the instance on ${ports[0]} was SIGKILLed $KILL_AFTER s into this round and restarted 2 s later)"
    for _ in $(seq 1 100); do [ -s "$WORK/$side-rr-1-again.pid" ] && break; sleep 0.1; done
    PIDS_OF[$side]="$(cat "$WORK/$side-rr-1-again.pid" 2>/dev/null) ${pids[*]:1}"
  done
  mapfile -t BIGS < <(find "$RR" -name '*.bin' -size +2M | sort) # the RR_BIG_MIB MiB ones
  for side in tus hoistd; do
    read -ra ports <<<"${PORTS_OF[$side]}"
    stale_writers "$side" "http://127.0.0.1:${ports[1]}/files/" "http://127.0.0.1:${ports[0]}/files/"
  done
  for bucket in tus-rr hoistd-rr; do say "bucket $bucket at the end: $(census "$bucket")"; done

  # One hoistd instance against three, behind the same nginx configuration.
  read -ra ports <<<"${PORTS_OF[hoistd]}"
  read -ra pids <<<"${PIDS_OF[hoistd]}"
  start_front front-one "${ports[1]}"
  FRONT_OF[one]="http://127.0.0.1:$FRONT_PORT/files/" FRONT_OF[three]="${FRONT_OF[hoistd]}"
  PIDS_OF[one]="${pids[1]}" PIDS_OF[three]="${PIDS_OF[hoistd]}" FRONTDIR_OF[three]=hoistd
  BUCKET_OF[one]=hoistd-rr BUCKET_OF[three]=hoistd-rr KEYS_OF[one]="$PREFIX/" KEYS_OF[three]="$PREFIX/"
  one_errors() { hoistd_errors; }
  three_errors() { hoistd_errors; }
  for round in $(seq 1 "$ROUNDS"); do
    order=(one three)
    [ $((round % 2)) = 1 ] || order=(three one)
    for side in "${order[@]}"; do
      restamp "$RR"
      cluster_round "$side" "hoistd-$side-$round"
      AGG[$side]+="$(calc '%.1f' "$RR_BYTES / $(wall_of "hoistd-$side-$round") / 1e6") "
    done
  done
  one=$(median_of "${AGG[one]}") three=$(median_of "${AGG[three]}")
  say "aggregate throughput, median of $ROUNDS: one hoistd instance $one MB/s, three $three MB/s" \
    "($(calc '%.2f' "$three / $one")x); only indicative on this 2-core machine"
fi

echo
echo "Cluster benchmark (Ceph RGW 16 and PostgreSQL 15 on loopback; MB = 10^6 bytes; $(nproc) cores shared)"
echo "command: BENCH_ROUNDS=$ROUNDS BENCH_BIG_MIB=$BIG_MIB BENCH_SMALL_N=$SMALL_N BENCH_RR_FILES=$RR_FILES" \
  "BENCH_RR_BIG_MIB=$RR_BIG_MIB BENCH_CONCURRENCY=$CONC BENCH_PARTS=$PARTS bash bench/cluster.sh"
if [ ${#TABLE[@]} != 0 ]; then
  echo
  echo "| one instance each, median of $ROUNDS | hoistd | @tus/server + s3-store | peer/hoistd | target | met | load (1 min) per run |"
  echo "|---|---|---|---|---|---|---|"
  for row in "${TABLE[@]}"; do echo "| ${row//|/ | } |"; done
fi
echo
printf '%s\n' "${REPORT[@]}"
echo "load average at the end: $(load) ($(nproc) cores)"
