#!/usr/bin/env bash
# Hoist with its defaults against its peers with theirs, through far links, in one run: one table
# of figures, each beside its reference from the same run and the target it is held to. It
# measures and reports; it is not a test (exit 0 even when a target is missed: such rows say NO
# in "met"). Progress on stderr, the tables on stdout at the end.
#
# Links (bench/linkproxy on loopback; this kernel has no netem): L1 20 ms each way at 100 Mbit/s,
# L2 60 ms each way at 20 Mbit/s, each in front of
#   S3: a real Ceph RGW (tests/support/rgw/rgw.sh, started once): hoist --headless with no -c
#       against `rclone copy` (defaults: 4 files at once, 4 parts of 5 MiB per file; an S3
#       remote from RCLONE_CONFIG_PEER_* variables, provider Ceph) and `aws s3 cp [--recursive]`
#       (defaults: 10 requests at once, 8 MiB parts); and each at 8 at once: hoist -c 8, rclone
#       --transfers 8 --s3-upload-concurrency 8 (8 files, and 8 parts of a big file, at once),
#       aws max_concurrent_requests = 8 (in an AWS_CONFIG_FILE of its own).
#   tus: @tus/server (tests/node/tus-server.mjs): hoist with no -c and hoist -c 8 against
#       tus-js-client: for folders tests/node/tusjs-many.mjs (one tus.Upload per file, 8 at once,
#       its default, so tus-js-client "at 8" is the same run as its default), with its defaults
#       and with uploadDataDuringCreation ("ddc"); for one file tests/node/tusjs-upload.mjs (one
#       upload, chunkSize Infinity: its defaults; its parallelUploads needs the concatenation
#       extension, which @tus/server lacks, so it has no "at 8" there).
# Works: 400 and 2,000 files of 16 KiB; one 128 MiB file; a mixed folder of 1,000 files of 16 KiB
# and two of 100 MiB. Targets: small files, hoist default >= 2x the best peer's default (files/s;
# tus: the better of tus-js-client's two); one big file, hoist default >= 0.95 of the link's floor
# (bytes x 8 / rate); mixed folder, hoist default >= 1.5x the best peer's default (time), or,
# where 1.5x the peer would beat the link's floor (tus-js-client with uploadDataDuringCreation
# runs the L1 mixed folder at 0.95 of it), >= 0.95 of the floor like the big file. The
# rows at 8 at once have no target: they show where hoist's default stands against a hand-tuned
# setting.
# "It must not hurt": hoist's default against the best of -c 1, 3, 8, 16, 32 on loopback to
# hoistd and to hoistd behind `linkproxy --load-latency-ms 5` (a server that slows down under
# load: 5 ms more per request and answer for each connection busy at that moment), for 400 files
# of 16 KiB and one 128 MiB file (fresh bytes each run: hoistd would complete known content at
# once): default <= 1.10x the best fixed time.
#
# Which work runs on which link, with which tools and how many rounds is the plan (BENCH_PLAN,
# lines "LINK WORK PROTOCOL TOOL... ROUNDS", ROUNDS a number or R for BENCH_ROUNDS; the default is
# printed at the start): on L1 every work with every tool, the 400 files twice (the 2,000 files
# without rclone 8 and aws 8); on L2, where 20 Mbit/s makes every big byte five times dearer, the
# 400 files with every tool and hoist's default on the big file (a mixed folder there takes 90 s a
# run: `L2 mixed s3 hoist aws 1` in BENCH_PLAN adds it). More would not fit the ~25 minutes on 2
# loaded cores; BENCH_QUICK has a smaller plan of its own. Rounds interleave the tools of a line
# (their order rotates each round); figures are medians. The not-hurt runs have rounds of their
# own (BENCH_SAFE_ROUNDS, default 5), interleaved the same way, and their figures are medians too:
# the best fixed setting is the one with the smallest median, held against the default's median.
# (Their fastest rounds are noted beside: the smallest of five settings' fastest rounds of a
# 0.4 s run picks whichever setting was luckiest once, so it is no fair reference.) Every upload is checked
# untimed: object or file counts and sizes, and the sha256 of the big files once per tool and
# work. Files and the tus servers' storage live in /dev/shm when it has room; every process
# started here is stopped on exit. The load average is noted at the start and the end.
# Measured on the 2 cores shared with four builds (load 2-9): BENCH_QUICK=1 2 minutes; the full
# run 19 minutes with Auto (23 with Hoist's old default of 3 at once).
# Environment: BENCH_QUICK=1 (works of 100 and 400 files, 32 MiB, 200 files + 2 x 16 MiB; one
# round), BENCH_ROUNDS (R in the plan; default 2, quick 1), BENCH_PLAN, BENCH_SAFE_ROUNDS,
# BENCH_LOAD_MS (5), BENCH_LOG_DIR (keeps every tool's output there), BENCH_BUILD_DIR (build/).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

QUICK="${BENCH_QUICK:-0}"
ROUNDS="${BENCH_ROUNDS:-$([ "$QUICK" = 1 ] && echo 1 || echo 2)}"
LOAD_MS="${BENCH_LOAD_MS:-5}"
# The not-hurt runs are short (a second or two on loopback), so noisier: more rounds of them.
SAFE_ROUNDS="${BENCH_SAFE_ROUNDS:-$([ "$QUICK" = 1 ] && echo 1 || echo 5)}"
SMALL_SIZE=16384
if [ "$QUICK" = 1 ]; then
  N_A=100 N_B=400 BIG_MIB=32 MIX_SMALL=200 MIX_BIG_MIB=16 SAFE_MIB=32
else
  N_A=400 N_B=2000 BIG_MIB=128 MIX_SMALL=1000 MIX_BIG_MIB=100 SAFE_MIB=128
fi
S3_ALL="hoist rclone aws hoist8 rclone8 aws8"
TUS_ALL="hoist tusjs tusjs_ddc hoist8"
TUS_BIG="hoist tusjs hoist8"
DEFAULT_PLAN="
L1 small_a s3 $S3_ALL R
L1 small_a tus $TUS_ALL R
L1 small_b s3 hoist rclone aws hoist8 1
L1 small_b tus $TUS_ALL 1
L1 big s3 $S3_ALL 1
L1 big tus $TUS_BIG 1
L1 mixed s3 $S3_ALL 1
L1 mixed tus $TUS_ALL 1
L2 small_a s3 $S3_ALL 1
L2 small_a tus $TUS_ALL 1
L2 big s3 hoist 1
L2 big tus hoist 1"
QUICK_PLAN="
L1 small_a s3 $S3_ALL 1
L1 small_a tus $TUS_ALL 1
L1 big s3 hoist rclone 1
L1 big tus hoist tusjs 1
L1 mixed s3 hoist rclone 1
L1 mixed tus hoist tusjs_ddc 1
L2 small_a s3 hoist aws 1
L2 small_a tus hoist tusjs_ddc 1"
PLAN="${BENCH_PLAN:-$([ "$QUICK" = 1 ] && echo "$QUICK_PLAN" || echo "$DEFAULT_PLAN")}"
declare -A LINK_DELAY=([L1]=20 [L2]=60) LINK_MBIT=([L1]=100 [L2]=20)

[ "$QUICK" = 1 ] && echo "bench: BENCH_QUICK: smaller works, $ROUNDS round(s)" >&2
echo "bench: the plan (link work protocol tools rounds):$(echo "$PLAN" | sed 's/^/\n  /')" >&2

bash scripts/setup.sh
HOIST="$(bench_build hoist app/hoist)"
HOISTD="$(bench_build hoistd server/hoistd)"
LINKPROXY="$(bench_build linkproxy bench/linkproxy)"
AWS=/usr/bin/aws # Debian's, not one a pyenv or pip put first in PATH
RCLONE=/usr/bin/rclone
for tool in "$AWS" "$RCLONE"; do
  [ -x "$tool" ] || { echo "bench: $tool is missing: run scripts/setup.sh" >&2; exit 1; }
done

NEED_MIB=$((BIG_MIB * 2 + MIX_BIG_MIB * 3 + SAFE_MIB * 2 + 512))
if bench_need_space /dev/shm "$NEED_MIB" 2>/dev/null; then
  WORK="$(mktemp -d /dev/shm/hoist-peers.XXXXXX)"
else
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/hoist-peers.XXXXXX")"
fi
RGW_DIR="$(mktemp -d "${TMPDIR:-/tmp}/hoist-peers-rgw.XXXXXX")" # its OSD's sparse file: on disk
LOGS="${BENCH_LOG_DIR:-}"
[ -z "$LOGS" ] || mkdir -p "$LOGS"
echo "bench: working in $WORK, RGW in $RGW_DIR" >&2

PIDS=() # every server started here
cleanup() {
  bench_stop_fg
  local p
  for p in "${PIDS[@]}"; do bench_stop "$p"; done
  bash tests/support/rgw/rgw.sh stop "$RGW_DIR" >/dev/null 2>&1 || true
  rm -rf "$WORK" "$RGW_DIR"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

load_now() { cut -d' ' -f1-3 /proc/loadavg; }
note "load average at the start: $(load_now) ($(nproc) cores)"
START_S=$(date +%s)

# ---- servers and links -------------------------------------------------------------------------
start_link() { # name host:port delay_ms mbit [more linkproxy options]: prints the proxy's port
  local name="$1" target="$2" delay="$3" mbit="$4"
  shift 4
  start_bg "$name" "$LINKPROXY" --target "$target" --delay-ms "$delay" --rate-mbit "$mbit" "$@"
}

echo "bench: starting RGW" >&2
bash tests/support/rgw/rgw.sh start "$RGW_DIR" >&2
# shellcheck source=/dev/null
. "$RGW_DIR/rgw.env"
export AWS_SHARED_CREDENTIALS_FILE="$WORK/aws-credentials" AWS_CONFIG_FILE="$WORK/aws-default"
export AWS_ACCESS_KEY_ID="$HOIST_S3_ACCESS_KEY" AWS_SECRET_ACCESS_KEY="$HOIST_S3_SECRET_KEY"
export AWS_DEFAULT_REGION="$HOIST_S3_REGION" AWS_PAGER="" AWS_EC2_METADATA_DISABLED=true
: >"$AWS_CONFIG_FILE" # the CLI's defaults
printf '[default]\ns3 =\n  max_concurrent_requests = 8\n' >"$WORK/aws-8"
unset AWS_CA_BUNDLE # rclone refuses to start with it (field notes)
export RCLONE_CONFIG="$WORK/rclone.conf" RCLONE_CONFIG_PEER_TYPE=s3 RCLONE_CONFIG_PEER_PROVIDER=Ceph
export RCLONE_CONFIG_PEER_ACCESS_KEY_ID="$HOIST_S3_ACCESS_KEY"
export RCLONE_CONFIG_PEER_SECRET_ACCESS_KEY="$HOIST_S3_SECRET_KEY"
export RCLONE_CONFIG_PEER_REGION="$HOIST_S3_REGION"
: >"$RCLONE_CONFIG"
rgw() { "$AWS" --endpoint-url "$HOIST_S3_ENDPOINT" "$@"; } # untimed checks, straight to RGW
BUCKET=bench
rgw s3api create-bucket --bucket "$BUCKET" >/dev/null
RGW_HOSTPORT="${HOIST_S3_ENDPOINT#http://}"

mkdir -p "$WORK/tus"
start_bg tus node tests/node/tus-server.mjs --dir "$WORK/tus" --port 0
TUS_PORT="$LISTEN"
declare -A S3_EP TUS_EP
for link in L1 L2; do
  start_link "link-s3-$link" "$RGW_HOSTPORT" "${LINK_DELAY[$link]}" "${LINK_MBIT[$link]}"
  S3_EP[$link]="http://127.0.0.1:$LISTEN"
  start_link "link-tus-$link" "127.0.0.1:$TUS_PORT" "${LINK_DELAY[$link]}" "${LINK_MBIT[$link]}"
  TUS_EP[$link]="http://127.0.0.1:$LISTEN/files/"
done
echo "bench: RGW $HOIST_S3_ENDPOINT (L1 ${S3_EP[L1]}, L2 ${S3_EP[L2]}), @tus/server port" \
  "$TUS_PORT (L1 ${TUS_EP[L1]}, L2 ${TUS_EP[L2]})" >&2

# ---- the works ---------------------------------------------------------------------------------
make_small() { # dir count [name prefix]
  mkdir -p "$1"
  head -c $(($2 * SMALL_SIZE)) /dev/urandom | (cd "$1" && split -b "$SMALL_SIZE" -a 4 -d - "${3:-f}")
}
BIG_BYTES=$((BIG_MIB * 1024 * 1024)) MIX_BIG_BYTES=$((MIX_BIG_MIB * 1024 * 1024))
declare -A WPATH WSMALL WBIG WBIGSIZE WNAME
WPATH[small_a]="$WORK/small_a" WSMALL[small_a]=$N_A WBIG[small_a]=0 WBIGSIZE[small_a]=0
WPATH[small_b]="$WORK/small_b" WSMALL[small_b]=$N_B WBIG[small_b]=0 WBIGSIZE[small_b]=0
WPATH[big]="$WORK/big.bin" WSMALL[big]=0 WBIG[big]=1 WBIGSIZE[big]=$BIG_BYTES
WPATH[mixed]="$WORK/mixed" WSMALL[mixed]=$MIX_SMALL WBIG[mixed]=2 WBIGSIZE[mixed]=$MIX_BIG_BYTES
WNAME[small_a]="$N_A x 16 KiB" WNAME[small_b]="$N_B x 16 KiB" WNAME[big]="one $BIG_MIB MiB file"
WNAME[mixed]="mixed: $MIX_SMALL x 16 KiB + 2 x $MIX_BIG_MIB MiB"
echo "bench: making the works" >&2
make_small "${WPATH[small_a]}" "$N_A"
make_small "${WPATH[small_b]}" "$N_B"
bench_make_file "${WPATH[big]}" "$BIG_BYTES"
make_small "${WPATH[mixed]}" "$MIX_SMALL"
bench_make_file "${WPATH[mixed]}/b1.bin" "$MIX_BIG_BYTES"
bench_make_file "${WPATH[mixed]}/b2.bin" "$MIX_BIG_BYTES"
declare -A SHA # file name (as stored) -> sha256
SHA[big.bin]="$(sha256sum "${WPATH[big]}" | cut -d' ' -f1)"
SHA[b1.bin]="$(sha256sum "${WPATH[mixed]}/b1.bin" | cut -d' ' -f1)"
SHA[b2.bin]="$(sha256sum "${WPATH[mixed]}/b2.bin" | cut -d' ' -f1)"
work_bytes() { echo $((WSMALL[$1] * SMALL_SIZE + WBIG[$1] * WBIGSIZE[$1])); }
work_files() { echo $((WSMALL[$1] + WBIG[$1])); }
floor_s() { calc '%.3f' "$(work_bytes "$1") * 8 / (${LINK_MBIT[$2]} * 1e6)"; } # work link

# ---- the tools ---------------------------------------------------------------------------------
# Each run_<protocol> runs TOOL on WORK through LINK, timed, output in $WORK/run.{out,err};
# verify_<protocol> checks what the server stored (untimed) and cleans up.
declare -A SHA_DONE # protocol-tool-work -> 1 once a big file's sha256 was checked
run_s3() { # tool work link prefix
  local tool="$1" path="${WPATH[$2]}" ep="${S3_EP[$3]}" prefix="$4" target recursive=()
  [ -d "$path" ] && recursive=(--recursive)
  target="s3://$BUCKET/$prefix/"
  [ -d "$path" ] || target+="$(basename "$path")"
  case "$tool" in
    hoist | hoist8)
      local c=()
      [ "$tool" = hoist8 ] && c=(-c 8)
      run_fg "$HOIST" --headless "${c[@]}" -e "s3://$BUCKET/$prefix" --s3-endpoint "$ep" \
        --region "$HOIST_S3_REGION" "$path" ;;
    rclone | rclone8)
      local more=()
      [ "$tool" = rclone8 ] && more=(--transfers 8 --s3-upload-concurrency 8)
      RCLONE_CONFIG_PEER_ENDPOINT="$ep" run_fg "$RCLONE" copy "${more[@]}" "$path" \
        "peer:$BUCKET/$prefix" ;;
    aws | aws8)
      local config="$WORK/aws-default"
      [ "$tool" = aws8 ] && config="$WORK/aws-8"
      AWS_CONFIG_FILE="$config" run_fg "$AWS" --endpoint-url "$ep" s3 cp --only-show-errors \
        "${recursive[@]}" "$path" "$target" ;;
    *) echo "bench: no S3 tool $tool" >&2; return 2 ;;
  esac
}
# Through rclone to RGW directly: a Go binary starts in a moment, the aws CLI in a second or two.
rgw_rclone() { RCLONE_CONFIG_PEER_ENDPOINT="$HOIST_S3_ENDPOINT" "$RCLONE" "$@"; }
verify_s3() { # tool work prefix: counts and sizes; a big object's sha256 once per tool and work
  local tool="$1" work="$2" prefix="$3" listing small big key ok=0
  # Nothing is deleted: RGW's garbage collection would keep the space for hours anyway, and the
  # OSD's sparse 10 GiB hold a full run.
  listing="$(rgw_rclone lsf -R --files-only --format sp --separator ' ' "peer:$BUCKET/$prefix" 2>/dev/null || true)"
  small="$(echo "$listing" | awk -v s="$SMALL_SIZE" '$1 == s' | grep -c . || true)"
  big="$(echo "$listing" | awk -v s="${WBIGSIZE[$work]}" 's > 0 && $1 == s' | grep -c . || true)"
  if [ "$small" != "${WSMALL[$work]}" ] || [ "$big" != "${WBIG[$work]}" ]; then
    note "$tool $work: RGW holds $small of ${WSMALL[$work]} small and $big of ${WBIG[$work]} big objects under $prefix/"
    ok=1
  elif [ "${WBIG[$work]}" -gt 0 ] && [ -z "${SHA_DONE[s3-$tool-$work]:-}" ]; then
    key="$(echo "$listing" | awk -v s="${WBIGSIZE[$work]}" '$1 == s { print $2; exit }')"
    if [ "$(rgw_rclone cat "peer:$BUCKET/$prefix/$key" | sha256sum | cut -d' ' -f1)" = \
      "${SHA[$(basename "$key")]}" ]; then
      SHA_DONE[s3-$tool-$work]=1
      echo "bench: $tool's $prefix/$key is byte-identical (sha256)" >&2
    else
      note "$tool $work: $prefix/$key DIFFERS from what was sent (sha256)"
      ok=1
    fi
  fi
  return "$ok"
}

run_tus() { # tool work link
  local tool="$1" path="${WPATH[$2]}" ep="${TUS_EP[$3]}"
  case "$tool" in
    hoist) run_fg "$HOIST" --headless -e "$ep" "$path" ;;
    hoist8) run_fg "$HOIST" --headless -c 8 -e "$ep" "$path" ;;
    tusjs | tusjs_ddc)
      if [ -d "$path" ]; then
        local ddc=()
        [ "$tool" = tusjs_ddc ] && ddc=(--data-during-creation)
        run_fg node tests/node/tusjs-many.mjs "$ep" "$path" "${ddc[@]}"
      else
        [ "$tool" = tusjs_ddc ] && { echo "bench: tusjs_ddc is tusjs for one file" >&2; return 2; }
        run_fg node tests/node/tusjs-upload.mjs "$ep" "$path"
      fi ;;
    *) echo "bench: no tus tool $tool" >&2; return 2 ;;
  esac
}
verify_tus() { # tool work
  local tool="$1" work="$2" small big f ok=0
  small="$(find "$WORK/tus" -maxdepth 1 -type f ! -name '*.json' -size "${SMALL_SIZE}c" | wc -l)"
  big=0
  [ "${WBIG[$work]}" = 0 ] ||
    big="$(find "$WORK/tus" -maxdepth 1 -type f ! -name '*.json' -size "${WBIGSIZE[$work]}c" | wc -l)"
  if [ "$small" != "${WSMALL[$work]}" ] || [ "$big" != "${WBIG[$work]}" ]; then
    note "$tool $work: @tus/server holds $small of ${WSMALL[$work]} small and $big of ${WBIG[$work]} big files"
    ok=1
  elif [ "${WBIG[$work]}" -gt 0 ] && [ -z "${SHA_DONE[tus-$tool-$work]:-}" ]; then
    local sums want
    sums="$(find "$WORK/tus" -maxdepth 1 -type f ! -name '*.json' -size "${WBIGSIZE[$work]}c" \
      -exec sha256sum {} + | cut -d' ' -f1 | sort | tr '\n' ' ')"
    case "$work" in
      big) want="${SHA[big.bin]} " ;;
      *) want="$(printf '%s\n' "${SHA[b1.bin]}" "${SHA[b2.bin]}" | sort | tr '\n' ' ')" ;;
    esac
    if [ "$sums" = "$want" ]; then
      SHA_DONE[tus-$tool-$work]=1
      echo "bench: $tool's big files on @tus/server are byte-identical (sha256)" >&2
    else
      note "$tool $work: a big file on @tus/server DIFFERS from what was sent (sha256)"
      ok=1
    fi
  fi
  find "$WORK/tus" -mindepth 1 -delete
  return "$ok"
}

# ---- the plan ----------------------------------------------------------------------------------
declare -A TIMES FAILED # link|work|protocol|tool -> "seconds per round ", -> 1
# Hoist says which level Auto reached for the server, and its most, at the end (on stderr).
export QT_LOGGING_RULES="hoist.concurrency.info=true"
declare -A LEVELS # key -> "reached/most per round "
note_level() { # key
  local level
  level="$(grep -m 1 -o 'auto reached [0-9]* (max [0-9]*)' "$WORK/run.err" | tr -d ')' |
    awk '{ print $3 "/" $5 }' || true)"
  [ -z "$level" ] || LEVELS[$1]+="$level "
}
one_run() { # link work protocol tool round
  local link="$1" work="$2" proto="$3" tool="$4" round="$5" key="$1|$2|$3|$4" rc=0 start end s
  local prefix="$link-$work-$tool-$round"
  echo "bench: round $round, $link, $work, $proto, $tool (load $(load_now))" >&2
  start=$(bench_now_ns)
  if [ "$proto" = s3 ]; then
    run_s3 "$tool" "$work" "$link" "$prefix" >"$WORK/run.out" 2>"$WORK/run.err" || rc=$?
  else
    run_tus "$tool" "$work" "$link" >"$WORK/run.out" 2>"$WORK/run.err" || rc=$?
  fi
  end=$(bench_now_ns)
  [ "$rc" = 2 ] && { FAILED[$key]="n/a"; return; }
  [ -z "$LOGS" ] || cat "$WORK/run.out" "$WORK/run.err" >"$LOGS/$prefix-$proto.log"
  note_level "$key"
  if [ "$rc" != 0 ]; then
    note "round $round $link $work $proto $tool: exit $rc: $(grep -m 3 -i error "$WORK/run.out" "$WORK/run.err" | tr '\n' ' ' | cut -c1-400)"
    FAILED[$key]=1
  fi
  if [ "$proto" = s3 ]; then verify_s3 "$tool" "$work" "$prefix" || FAILED[$key]=1
  else verify_tus "$tool" "$work" || FAILED[$key]=1; fi
  s="$(calc '%.3f' "($end - $start) / 1e9")"
  TIMES[$key]+="$s "
  echo "bench:   $s s" >&2
}

MAX_ROUNDS="$(echo "$PLAN" | awk 'NF { r = $NF == "R" ? '"$ROUNDS"' : $NF; if (r > m) m = r } END { print m + 0 }')"
for round in $(seq 1 "$MAX_ROUNDS"); do
  while read -r link work proto rest; do
    [ -n "$link" ] || continue
    read -ra tools <<<"$rest"
    rounds="${tools[-1]}"
    unset 'tools[-1]'
    [ "$rounds" = R ] && rounds="$ROUNDS"
    [ "$round" -le "$rounds" ] || continue
    n=${#tools[@]}
    for i in $(seq 0 $((n - 1))); do # rotated: each round starts with another tool
      one_run "$link" "$work" "$proto" "${tools[$(((i + round - 1) % n))]}" "$round"
    done
  done <<<"$PLAN"
done

# ---- it must not hurt: the default against the best fixed setting -----------------------------
mkdir -p "$WORK/hoistd"
start_bg hoistd "$HOISTD" --listen 127.0.0.1:0 --data "$WORK/hoistd"
HOISTD_EP="http://$LISTEN/files/"
start_link link-load "${LISTEN}" 0 0 --load-latency-ms "$LOAD_MS"
LOAD_EP="http://127.0.0.1:$LISTEN/files/"
echo "bench: hoistd $HOISTD_EP, behind --load-latency-ms $LOAD_MS at $LOAD_EP" >&2
SAFE_CONFIGS=(default 1 3 8 16 32)
SAFE_BYTES=$((SAFE_MIB * 1024 * 1024))
bench_make_file "$WORK/safe.bin" "$SAFE_BYTES"
count_hoistd() { find "$WORK/hoistd/uploads" -maxdepth 1 -type f ! -name '.*' -size "$1c" | wc -l; }
STAMP=0
safe_run() { # server work config round
  local server="$1" work="$2" config="$3" key="safe|$1|$2|$3" ep="$HOISTD_EP" path c=() rc=0
  local n=1 size="$SAFE_BYTES" before after start end url
  [ "$server" = load ] && ep="$LOAD_EP"
  [ "$config" = default ] || c=(-c "$config")
  # Fresh bytes each run: hoistd completes content it already holds at once.
  if [ "$work" = small ]; then
    path="$WORK/safe-small"
    rm -rf "$path"
    make_small "$path" "$N_A"
    n="$N_A" size="$SMALL_SIZE"
  else
    path="$WORK/safe.bin"
    STAMP=$((STAMP + 1))
    printf '%016d' "$STAMP" | dd of="$path" bs=16 count=1 conv=notrunc status=none
  fi
  before="$(count_hoistd "$size")"
  echo "bench: round $4, not-hurt, $server, $work, -c $config (load $(load_now))" >&2
  start=$(bench_now_ns)
  run_fg "$HOIST" --headless "${c[@]}" -e "$ep" "$path" >"$WORK/run.out" 2>"$WORK/run.err" || rc=$?
  end=$(bench_now_ns)
  [ -z "$LOGS" ] || cat "$WORK/run.out" "$WORK/run.err" >"$LOGS/safe-$server-$work-$config-$4.log"
  note_level "$key"
  after="$(count_hoistd "$size")"
  if [ "$rc" != 0 ] || [ $((after - before)) != "$n" ]; then
    note "not-hurt $server $work -c $config: exit $rc, hoistd stored $((after - before)) of $n:" \
      "$(grep -m 3 -i error "$WORK/run.out" "$WORK/run.err" | tr '\n' ' ' | cut -c1-300)"
    FAILED[$key]=1
  fi
  if [ "$work" = big ]; then
    url="$(awk -F'\t' '$1 == "success" { print $3; exit }' "$WORK/run.out")"
    if [ -n "$url" ] && [ -z "${SHA_DONE[$key]:-}" ] && [ -z "${FAILED[$key]:-}" ]; then
      bench_verify_file "hoist -c $config to $server" "$WORK/hoistd/uploads/${url##*/}" \
        "$SAFE_BYTES" "$(sha256sum "$path" | cut -d' ' -f1)" || FAILED[$key]=1
      SHA_DONE[$key]=1
    fi
    [ -z "$url" ] || curl -sS -o /dev/null -X DELETE "$HOISTD_EP${url##*/}" -H 'Tus-Resumable: 1.0.0' || true
  fi
  TIMES[$key]+="$(calc '%.3f' "($end - $start) / 1e9") "
  echo "bench:   $(calc '%.3f' "($end - $start) / 1e9") s" >&2
}
for round in $(seq 1 "$SAFE_ROUNDS"); do
  for server in loop load; do
    for work in small big; do
      n=${#SAFE_CONFIGS[@]}
      for i in $(seq 0 $((n - 1))); do
        safe_run "$server" "$work" "${SAFE_CONFIGS[$(((i + round - 1) % n))]}" "$round"
      done
    done
  done
done
note "load average at the end: $(load_now); $(( ($(date +%s) - START_S) / 60 )) min measuring"

# ---- the tables --------------------------------------------------------------------------------
label() { # tool
  case "$1" in
    hoist) echo "hoist default" ;; hoist8) echo "hoist -c 8" ;;
    rclone) echo "rclone default" ;; rclone8) echo "rclone 8" ;;
    aws) echo "aws default" ;; aws8) echo "aws 8" ;;
    tusjs) echo "tus-js-client" ;; tusjs_ddc) echo "tus-js-client ddc" ;;
  esac
}
# Each setting's fastest not-hurt round, noted beside the medians.
fastest() { # key
  [ -z "${FAILED[$1]:-}" ] && [ -n "${TIMES[$1]:-}" ] && echo "${TIMES[$1]}" | tr ' ' '\n' | grep . | sort -g | head -n 1 || true
}
best_of() { # link work proto tools...: "seconds tool" of the fastest, empty when none ran
  local link="$1" work="$2" proto="$3" t s best="" who=""
  shift 3
  for t in "$@"; do
    s="$(med "$link|$work|$proto|$t")"
    [ -n "$s" ] || continue
    if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$s" who="$t"; fi
  done
  [ -z "$best" ] || echo "$best $who"
}
fps() { calc '%.1f' "$1 / $2"; } # files seconds
S3_COLS=(hoist rclone aws hoist8 rclone8 aws8) TUS_COLS=(hoist tusjs tusjs_ddc hoist8)
S3_FIGS=() TUS_FIGS=() # "link work|seconds per column|..."
cell() { # key: the median seconds, "n/a", "FAILED" or "-" (not in the plan)
  if [ "${FAILED[$1]:-}" = n/a ]; then echo n/a
  elif [ -n "${FAILED[$1]:-}" ]; then echo FAILED
  elif [ -n "${TIMES[$1]:-}" ]; then
    local levels="${LEVELS[$1]:-}"
    echo "$(med "$1")${levels:+ (auto ${levels% })}"
  else echo -; fi
}
while read -r link work proto rest; do
  [ -n "$link" ] || continue
  read -ra tools <<<"$rest"
  unset 'tools[-1]'
  row="$link ${WNAME[$work]}"
  if [ "$proto" = s3 ]; then
    for t in "${S3_COLS[@]}"; do row+="|$(cell "$link|$work|$proto|$t")"; done
    S3_FIGS+=("$row")
  else
    for t in "${TUS_COLS[@]}"; do row+="|$(cell "$link|$work|$proto|$t")"; done
    TUS_FIGS+=("$row")
  fi
  tag="$link $proto, ${WNAME[$work]}"
  h="$(med "$link|$work|$proto|hoist")"
  if [ "$proto" = s3 ]; then peers=(rclone aws) peers8=(rclone8 aws8)
  else peers=(tusjs tusjs_ddc) peers8=(tusjs); fi
  read -r ps pw <<<"$(best_of "$link" "$work" "$proto" "${peers[@]}")" || true
  files="$(work_files "$work")"
  case "$work" in
    small_*)
      if [ -n "$h" ] && [ -n "${ps:-}" ]; then
        r="$(calc '%.2f' "$ps / $h")"
        add_row "$tag: hoist default vs best peer default ($(label "$pw")), files/s" \
          "$(fps "$files" "$h")" "$(fps "$files" "$ps")" "$r" ">= 2.00" "$(met "$r" ">=" 2)"
      elif echo " ${tools[*]} " | grep -q ' rclone \| tusjs '; then
        add_row "$tag: hoist default vs best peer default, files/s" "${h:+$(fps "$files" "$h")}" \
          "${ps:+$(fps "$files" "$ps")}" "-" ">= 2.00" "FAILED"
      fi ;;
    big)
      f="$(floor_s "$work" "$link")"
      if [ -n "$h" ]; then r="$(calc '%.2f' "$f / $h")"
        add_row "$tag: hoist default, time vs the link's floor" "$(calc '%.2f' "$h") s" \
          "$(calc '%.2f' "$f") s" "$r" ">= 0.95" "$(met "$r" ">=" 0.95)"
      else add_row "$tag: hoist default, time vs the link's floor" "FAILED" "$(calc '%.2f' "$f") s" "-" ">= 0.95" "FAILED"; fi
      [ -z "${ps:-}" ] || add_row "$tag: best peer default ($(label "$pw")) vs the floor" \
        "$(calc '%.2f' "$ps") s" "$(calc '%.2f' "$f") s" "$(calc '%.2f' "$f / $ps")" "-" "-" ;;
    mixed)
      f="$(floor_s "$work" "$link")"
      if [ -n "$h" ] && [ -n "${ps:-}" ] && awk -v p="$ps" -v f="$f" 'BEGIN { exit !(p / 1.5 < f) }'; then
        # 1.5x the best peer would be faster than the link can carry the bytes (the peer runs
        # above 2/3 of the floor already): what is left to show is hoist at the floor.
        r="$(calc '%.2f' "$f / $h")"
        add_row "$tag: 1.5x $(label "$pw") ($(calc '%.2f' "$ps") s) is below the link's floor: hoist default vs the floor, s" \
          "$(calc '%.2f' "$h")" "$(calc '%.2f' "$f")" "$r" ">= 0.95" "$(met "$r" ">=" 0.95)"
      elif [ -n "$h" ] && [ -n "${ps:-}" ]; then
        r="$(calc '%.2f' "$ps / $h")"
        add_row "$tag: hoist default vs best peer default ($(label "$pw")), s" \
          "$(calc '%.2f' "$h")" "$(calc '%.2f' "$ps")" "$r" ">= 1.50" "$(met "$r" ">=" 1.5)"
      else
        add_row "$tag: hoist default vs best peer default, s" "${h:-FAILED}" "${ps:-FAILED}" "-" ">= 1.50" "FAILED"
      fi
      [ -z "${ps:-}" ] || add_row "$tag: best peer default vs the link's floor" \
        "$(calc '%.2f' "$ps") s" "$(calc '%.2f' "$f") s" "$(calc '%.2f' "$f / $ps")" "-" "-" ;;
  esac
  # At 8 at once: where hoist's default stands against a hand-tuned setting (no target).
  h8="$(med "$link|$work|$proto|hoist8")"
  read -r p8 pw8 <<<"$(best_of "$link" "$work" "$proto" "${peers8[@]}")" || true
  if [ -n "$h8" ] && [ -n "${p8:-}" ]; then
    add_row "$tag: hoist -c 8 vs best peer at 8 ($(label "$pw8")), s" "$(calc '%.2f' "$h8")" \
      "$(calc '%.2f' "$p8")" "$(calc '%.2f' "$p8 / $h8")" "-" "-"
  fi
  if [ -n "$h8" ] && [ -n "$h" ]; then
    add_row "$tag: hoist default vs hoist -c 8 (hand-tuned), s" "$(calc '%.2f' "$h")" \
      "$(calc '%.2f' "$h8")" "$(calc '%.2f' "$h8 / $h")" "-" "-"
  fi
  unset ps pw p8 pw8
done <<<"$PLAN"
for server in loop load; do
  for work in small big; do
    what="not-hurt, hoistd $([ "$server" = loop ] && echo "on loopback" || echo "slowing $LOAD_MS ms per busy connection"),"
    what+=" $([ "$work" = small ] && echo "$N_A x 16 KiB" || echo "one $SAFE_MIB MiB file")"
    best="" bc="" all="" quick=""
    for c in 1 3 8 16 32; do
      s="$(med "safe|$server|$work|$c")"
      all+="-c $c ${s:-FAILED}; "
      quick+="-c $c $(fastest "safe|$server|$work|$c"); "
      [ -n "$s" ] || continue
      if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$s" bc="$c"; fi
    done
    d="$(med "safe|$server|$work|default")"
    note "$what: medians: default ${d:-FAILED}; ${all%; } (s)"
    note "$what: fastest rounds: default $(fastest "safe|$server|$work|default"); ${quick%; } (s)"
    if [ -n "$d" ] && [ -n "$best" ]; then
      r="$(calc '%.2f' "$d / $best")"
      add_row "$what: default vs best fixed (-c $bc), medians, s" "$(calc '%.2f' "$d")" "$(calc '%.2f' "$best")" \
        "$r" "<= 1.10" "$(met "$r" "<=" 1.1)"
    else
      add_row "$what: default vs best fixed, s" "${d:-FAILED}" "${best:-FAILED}" "-" "<= 1.10" "FAILED"
    fi
  done
done

echo
echo "Hoist's defaults against its peers' ($([ "$QUICK" = 1 ] && echo "BENCH_QUICK, ")medians of up to" \
  "$ROUNDS rounds; L1: ${LINK_DELAY[L1]} ms each way, ${LINK_MBIT[L1]} Mbit/s; L2:" \
  "${LINK_DELAY[L2]} ms each way, ${LINK_MBIT[L2]} Mbit/s)"
echo
echo "S3 to Ceph RGW through the link: seconds, medians; (auto R/M): the level Auto reached for the server at the end / its most, by round"
[ ${#S3_FIGS[@]} = 0 ] || print_table "link, work|hoist default|rclone default|aws default|hoist -c 8|rclone 8|aws 8" "${S3_FIGS[@]}"
echo
echo "tus to @tus/server through the link: seconds, medians (tus-js-client: 8 uploads at once, tusjs-many's default; ddc: uploadDataDuringCreation)"
[ ${#TUS_FIGS[@]} = 0 ] || print_table "link, work|hoist default|tus-js-client|tus-js-client ddc|hoist -c 8" "${TUS_FIGS[@]}"
echo
bench_print_verdicts "what|figure|reference|ratio|target|met"
for key in "${!TIMES[@]}"; do echo "  seconds by round, $key: ${TIMES[$key]% }"; done | sort
for key in "${!LEVELS[@]}"; do echo "  Auto's level (reached/most) by round, $key: ${LEVELS[$key]% }"; done | sort
exit 0
