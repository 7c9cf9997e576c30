#!/usr/bin/env bash
# Hoist at scale: one table of figures, each beside a reference measured in the same run and the
# target it is held to. It measures and reports; it is not a test (exit 0 even when a target is
# missed: such rows say NO in "met"). Progress on stderr, the table on stdout at the end.
#
#   1. CPU per tiny file (1-100 bytes, distinct), hoist --headless -c 8 to hoistd on loopback:
#      user+sys CPU s of the hoist process / files, 100,000 files against 2,000.  <= 1.3x
#   2. 400 files of 16 KiB through a far link (linkproxy: 20 ms each way, 100 Mbit/s) to
#      @tus/server, 8 at once: files/s of hoist -c 8 against tus-js-client with its defaults
#      (>= 2x) and with uploadDataDuringCreation (>= 1.5x).
#   3. The same to hoistd through the same link: hoist to hoistd against hoist to @tus/server.
#      >= 1.0
#   4. One 256 MiB file through the link, hoist with default options, to @tus/server and to
#      hoistd: the link's floor (bytes / rate) against the time taken.  floor/time >= 0.95
#   5. One 512 MiB file to @tus/server on loopback: hoist's defaults against hoist in one request
#      (--chunk-size = the file): MB/s (>= 0.9x) and CPU s per GB (<= 1.2x).
#   6. The window (bench/windowbench, offscreen, uploading to a fresh hoistd): rows on screen
#      after a drop of 100,000 files (<= 2000 ms) and its peak RSS (<= 300 MiB), clearing
#      100,000 rows (<= 1000 ms), event-loop lateness while 10,000 files upload (max <= 50 ms).
#   7. Bandwidth limits (bench/ratebench, to a fresh hoistd): measured/limit for a global and a
#      per-task limit at 1, 10 and 50 MB/s (0.95-1.05), and how long a change takes (<= 1000 ms).
#
# Rows 2-5 run their tools interleaved, BENCH_ROUNDS rounds (default 3), and report medians.
# Every upload is checked untimed: result lines, what the servers stored (counts of files of the
# right size; size and sha256 for the big files). Files and the servers' storage live in
# /dev/shm when it has room, else in a temporary folder; every process started here is stopped
# on exit. About 15 minutes on 2 cores.
# Environment: BENCH_QUICK=1 (smaller counts, one round: a few minutes), BENCH_ROUNDS,
# BENCH_BUILD_DIR (default build/; each tool is built there first).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

QUICK="${BENCH_QUICK:-0}"
if [ "$QUICK" = 1 ]; then
  ROUNDS="${BENCH_ROUNDS:-1}"
  TINY_REF=2000 TINY_N=10000      # row 1
  SMALL_N=100                     # rows 2-3
  BIG_MIB=32                      # row 4
  LOOP_MIB=128                    # row 5
  WB_DROP=10000 WB_CLEAR=10000 WB_LATE=2000 # row 6
  RATES=(10000000) RATE_SECONDS=4 # row 7
  NEED_MIB=1536
else
  ROUNDS="${BENCH_ROUNDS:-3}"
  TINY_REF=2000 TINY_N=100000
  SMALL_N=400
  BIG_MIB=256
  LOOP_MIB=512
  WB_DROP=100000 WB_CLEAR=100000 WB_LATE=10000
  RATES=(1000000 10000000 50000000) RATE_SECONDS=10
  NEED_MIB=4096
fi
SMALL_SIZE=16384
CHANGE_RATE=10000000
LINK_DELAY_MS=20 LINK_MBIT=100
RATE_FILE_BYTES=$((1024 * 1024 * 1024)) # sparse: lasts 50 MB/s for 12 s plus settling

bash scripts/setup.sh
HOIST="$(bench_build hoist app/hoist)"
HOISTD="$(bench_build hoistd server/hoistd)"
LINKPROXY="$(bench_build linkproxy bench/linkproxy)"
# Written alongside this script by others: their rows say "not built" when they do not build.
WINDOWBENCH="$(bench_build windowbench bench/windowbench)" ||
  { WINDOWBENCH=""; echo "bench: windowbench did not build; its rows will say so" >&2; }
RATEBENCH="$(bench_build ratebench bench/ratebench)" ||
  { RATEBENCH=""; echo "bench: ratebench did not build; its rows will say so" >&2; }

if bench_need_space /dev/shm "$NEED_MIB" 2>/dev/null; then
  WORK="$(mktemp -d /dev/shm/hoist-scale.XXXXXX)"
else
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/hoist-scale.XXXXXX")"
  bench_need_space "$WORK" "$NEED_MIB" || echo "bench: going on anyway" >&2
fi
echo "bench: working in $WORK$([ "$QUICK" = 1 ] && echo ' (BENCH_QUICK: smaller counts)')" >&2

# Every server started here is in PIDS; FG is the tool running now (in the background, waited
# for, so that a signal reaches the trap at once).
PIDS=()
cleanup() {
  bench_stop_fg
  local p
  for p in "${PIDS[@]}"; do bench_stop "$p"; done
  rm -rf "$WORK"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

stop_server() { # pid
  bench_stop "$1"
  local p kept=()
  for p in "${PIDS[@]}"; do [ "$p" = "$1" ] || kept+=("$p"); done
  PIDS=("${kept[@]+"${kept[@]}"}")
}

# Each start_* sets SERVER_PID and SERVER_URL (the tus endpoint).
start_hoistd() { # name data_dir
  mkdir -p "$2"
  "$HOISTD" --listen 127.0.0.1:0 --data "$2" >"$WORK/$1.out" 2>"$WORK/$1.err" &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  SERVER_URL="http://$(bench_wait_listening "$SERVER_PID" "$WORK/$1.out" "$WORK/$1.err")/files/"
}
start_tus() { # name dir
  mkdir -p "$2"
  node tests/node/tus-server.mjs --dir "$2" --port 0 >"$WORK/$1.out" 2>"$WORK/$1.err" &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  SERVER_URL="http://127.0.0.1:$(bench_wait_listening "$SERVER_PID" "$WORK/$1.out" "$WORK/$1.err")/files/"
}
start_link() { # name endpoint: SERVER_URL becomes the endpoint through the link
  local hostport="${2#http://}"
  hostport="${hostport%%/*}"
  "$LINKPROXY" --target "$hostport" --delay-ms "$LINK_DELAY_MS" --rate-mbit "$LINK_MBIT" \
    >"$WORK/$1.out" 2>"$WORK/$1.err" &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  SERVER_URL="http://127.0.0.1:$(bench_wait_listening "$SERVER_PID" "$WORK/$1.out" "$WORK/$1.err")/files/"
}

# yes/NO: VALUE OP TARGET (OP >= or <=), or LOW-HIGH range with OP "in".
met() { # value op target [high]
  [ -n "$1" ] || { echo "-"; return; }
  awk -v v="$1" -v op="$2" -v t="$3" -v h="${4:-0}" 'BEGIN {
    ok = op == ">=" ? v >= t : op == "<=" ? v <= t : (v >= t && v <= h); print ok ? "yes" : "NO" }'
}
median() { echo "$1" | bench_median; }

TABLE=() # rows "what|figure|reference|ratio|target|met"
NOTES=()
# Time taken and CPU of a command under /usr/bin/time -o FILE -f '%e %U %S %M': the last line.
cpu_of() { tail -n 1 "$1" | awk '{ printf "%.2f", $2 + $3 }'; }
rss_of() { tail -n 1 "$1" | awk '{ printf "%d", $4 / 1024 }'; }
count_success() { grep -c '^success' "$1" || true; }
first_error() { grep -m 3 '^error' "$1" || true; }
# Files an upload's server stored of exactly BYTES bytes (a tus server's data files).
count_tus_stored() { find "$1" -maxdepth 1 -type f ! -name '*.json' ${2:+-size "$2"c} | wc -l; }
count_hoistd_stored() { find "$1/uploads" -maxdepth 1 -type f ! -name '.*' ${2:+-size "$2"c} | wc -l; }
kv() { awk -F= -v k="$2" '$1 == k { print $2; exit }' "$1"; } # file key
note "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

# ---- row 1: CPU per tiny file ------------------------------------------------------------------
# N files of 1 to 100 bytes (file i: 1 + i % 100), all different (within a length, a counter;
# lengths that cannot hold one more different value move up a byte), 1,000 to a folder.
make_tiny() { # dir count
  mkdir -p "$1"
  perl -e '
    use strict; my ($dir, $n) = @ARGV; my %count; my $filler = "hoist tiny file " x 7;
    for my $i (0 .. $n - 1) {
      my $sub = sprintf("%s/d%03d", $dir, int($i / 1000));
      if ($i % 1000 == 0) { mkdir $sub or die "mkdir $sub: $!\n"; }
      my $len = 1 + $i % 100;
      $len++ while $len < 8 && ($count{$len} // 0) >= 256 ** $len;
      my $id = pack("Q>", $count{$len}++);
      my $bytes = $len >= 8 ? substr($filler, 0, $len - 8) . $id : substr($id, 8 - $len);
      open(my $fh, ">:raw", sprintf("%s/f%06d.bin", $sub, $i)) or die "$!\n";
      print $fh $bytes; close $fh or die "$!\n";
    }' "$1" "$2"
}

# Sets TINY_MS (CPU ms per file) or leaves it empty when something failed.
tiny_run() { # count
  local n="$1" dir="$WORK/tiny-$1" data="$WORK/hoistd-tiny-$1" rc=0
  TINY_MS=""
  echo "bench: row 1: making $n tiny files" >&2
  make_tiny "$dir" "$n"
  start_hoistd "hoistd-tiny-$n" "$data"
  echo "bench: row 1: hoist -c 8, $n tiny files to hoistd" >&2
  run_fg /usr/bin/time -o "$WORK/tiny-$n.time" -f '%e %U %S %M' \
    "$HOIST" --headless -e "$SERVER_URL" -c 8 "$dir" >"$WORK/tiny-$n.out" 2>"$WORK/tiny-$n.err" ||
    rc=$?
  local ok stored bytes stored_bytes
  ok="$(count_success "$WORK/tiny-$n.out")"
  stored="$(count_hoistd_stored "$data")"
  bytes="$(find "$dir" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')"
  stored_bytes="$(find "$data/uploads" -maxdepth 1 -type f ! -name '.*' -printf '%s\n' |
    awk '{ s += $1 } END { print s + 0 }')"
  stop_server "$SERVER_PID"
  local t cpu
  t="$(tail -n 1 "$WORK/tiny-$n.time")"
  cpu="$(cpu_of "$WORK/tiny-$n.time")"
  echo "bench: row 1: $n files: exit $rc, ${t%% *} s, $cpu CPU s, peak RSS" \
    "$(rss_of "$WORK/tiny-$n.time") MiB; $ok success lines; hoistd holds $stored files" \
    "($stored_bytes of $bytes bytes)" >&2
  note "row 1, $n files: $(calc '%.1f' "$n / ${t%% *}") files/s wall, $cpu CPU s," \
    "peak RSS $(rss_of "$WORK/tiny-$n.time") MiB"
  if [ "$rc" != 0 ] || [ "$ok" != "$n" ] || [ "$stored" != "$n" ] || [ "$bytes" != "$stored_bytes" ]; then
    note "row 1, $n files: FAILED: exit $rc, $ok of $n success lines, hoistd holds $stored" \
      "files ($stored_bytes of $bytes bytes); hoist said: $(first_error "$WORK/tiny-$n.out")" \
      "$(tail -n 3 "$WORK/tiny-$n.err" | tr '\n' ' ')"
  else
    TINY_MS="$(calc '%.4f' "$cpu * 1000 / $n")"
  fi
  rm -rf "$dir" "$data"
}

tiny_run "$TINY_REF"
TINY_REF_MS="$TINY_MS"
tiny_run "$TINY_N"
TINY_FIG_MS="$TINY_MS"
if [ -n "$TINY_REF_MS" ] && [ -n "$TINY_FIG_MS" ]; then
  r="$(calc '%.2f' "$TINY_FIG_MS / $TINY_REF_MS")"
  add_row "1 CPU/file, $TINY_N tiny files vs $TINY_REF, -c 8, hoistd" \
    "$(calc '%.3f' "$TINY_FIG_MS") ms" "$(calc '%.3f' "$TINY_REF_MS") ms" "$r" "<= 1.30" "$(met "$r" "<=" 1.3)"
else
  add_row "1 CPU/file, $TINY_N tiny files vs $TINY_REF, -c 8, hoistd" \
    "${TINY_FIG_MS:-FAILED}" "${TINY_REF_MS:-FAILED}" "-" "<= 1.30" "FAILED"
fi

# ---- rows 2-5: through the link and on loopback ------------------------------------------------
start_tus tus "$WORK/tus"
TUS_URL="$SERVER_URL"
start_hoistd hoistd "$WORK/hoistd"
HOISTD_URL="$SERVER_URL"
start_link link-tus "$TUS_URL"
LINK_TUS="$SERVER_URL"
start_link link-hoistd "$HOISTD_URL"
LINK_HOISTD="$SERVER_URL"
echo "bench: @tus/server $TUS_URL (link $LINK_TUS), hoistd $HOISTD_URL (link $LINK_HOISTD)" >&2

# Fresh random files for every tool and round: hoistd would otherwise complete content it
# already holds without its bytes (instant upload).
make_small() { # dir
  mkdir -p "$1"
  head -c $((SMALL_N * SMALL_SIZE)) /dev/urandom | (cd "$1" && split -b "$SMALL_SIZE" -a 4 -d - f)
}

# Each small_* uploads the folder $1 and sets ELAPSED_NS; returns non-zero on failure. Stored
# uploads are counted by the caller.
small_hoist() { # dir endpoint
  local start end rc=0
  start=$(bench_now_ns)
  run_fg "$HOIST" --headless -e "$2" -c 8 "$1" >"$WORK/small.out" 2>"$WORK/small.err" || rc=$?
  end=$(bench_now_ns)
  ELAPSED_NS=$((end - start))
  local ok
  ok="$(count_success "$WORK/small.out")"
  if [ "$rc" != 0 ] || [ "$ok" != "$SMALL_N" ]; then
    note "hoist to $2: exit $rc, $ok of $SMALL_N succeeded: $(first_error "$WORK/small.out")" \
      "$(tail -n 3 "$WORK/small.err" | tr '\n' ' ')"
    return 1
  fi
}
# Both tools are timed the same way: the wall clock around the whole process, as a person running
# either would see it (hoist's start-up and its one OPTIONS, node's start-up and module loading).
small_tusjs() { # dir endpoint [--data-during-creation]
  local start end rc=0
  start=$(bench_now_ns)
  run_fg node tests/node/tusjs-many.mjs "$2" "$1" --parallel 8 ${3:+"$3"} \
    >"$WORK/small.out" 2>"$WORK/small.err" || rc=$?
  end=$(bench_now_ns)
  local done
  done="$(awk '$1 == "done" { print $2 }' "$WORK/small.out")"
  if [ "$rc" != 0 ] || [ "$done" != "$SMALL_N" ]; then
    note "tus-js-client${3:+ $3}: exit $rc, done ${done:-?} of $SMALL_N:" \
      "$(head -n 3 "$WORK/small.err" | tr '\n' ' ')"
    return 1
  fi
  ELAPSED_NS=$((end - start))
}

declare -A FPS FAILED_SMALL # tool -> "files/s per round ", tool -> 1 when a round failed
SMALL_TOOLS=(hoist_tus tusjs tusjs_ddc hoist_hoistd)
for round in $(seq 1 "$ROUNDS"); do
  for tool in "${SMALL_TOOLS[@]}"; do
    dir="$WORK/small-$round-$tool"
    make_small "$dir"
    case "$tool" in
      hoist_hoistd) before="$(count_hoistd_stored "$WORK/hoistd" "$SMALL_SIZE")" ;;
      *) before="$(count_tus_stored "$WORK/tus" "$SMALL_SIZE")" ;;
    esac
    ok=1
    case "$tool" in
      hoist_tus) small_hoist "$dir" "$LINK_TUS" || ok=0 ;;
      tusjs) small_tusjs "$dir" "$LINK_TUS" || ok=0 ;;
      tusjs_ddc) small_tusjs "$dir" "$LINK_TUS" --data-during-creation || ok=0 ;;
      hoist_hoistd) small_hoist "$dir" "$LINK_HOISTD" || ok=0 ;;
    esac
    case "$tool" in
      hoist_hoistd) after="$(count_hoistd_stored "$WORK/hoistd" "$SMALL_SIZE")" ;;
      *) after="$(count_tus_stored "$WORK/tus" "$SMALL_SIZE")" ;;
    esac
    if [ $((after - before)) != "$SMALL_N" ]; then
      note "round $round $tool: the server stored $((after - before)) of $SMALL_N files of $SMALL_SIZE bytes"
      ok=0
    fi
    if [ "$ok" = 1 ]; then
      fps="$(calc '%.1f' "$SMALL_N * 1e9 / $ELAPSED_NS")"
      FPS[$tool]+="$fps "
      echo "bench: rows 2-3: round $round $tool $fps files/s" >&2
    else
      FAILED_SMALL[$tool]=1 # a failed round: no figure for this tool
    fi
    rm -rf "$dir"
  done
done

small_median() { # tool: the median, empty when a round failed or none ran
  [ -z "${FAILED_SMALL[$1]:-}" ] && [ -n "${FPS[$1]:-}" ] && median "${FPS[$1]}" || true
}
H_TUS="$(small_median hoist_tus)"
T_DEF="$(small_median tusjs)"
T_DDC="$(small_median tusjs_ddc)"
H_HD="$(small_median hoist_hoistd)"
ratio_row() { # what figure reference unit op target: files/s rows
  local r="-" m="FAILED"
  if [ -n "$2" ] && [ -n "$3" ]; then
    r="$(calc '%.2f' "$2 / $3")"
    m="$(met "$r" "$5" "$6")"
  fi
  add_row "$1" "${2:-FAILED}${2:+ $4}" "${3:-FAILED}${3:+ $4}" "$r" "$5 $6" "$m"
}
ratio_row "2 $SMALL_N x 16 KiB via link, hoist vs tus-js-client defaults" "$H_TUS" "$T_DEF" "files/s" ">=" 2.0
ratio_row "2 same, hoist vs tus-js-client data-in-creation" "$H_TUS" "$T_DDC" "files/s" ">=" 1.5
ratio_row "3 same, hoist to hoistd vs to @tus/server" "$H_HD" "$H_TUS" "files/s" ">=" 1.0
for tool in "${SMALL_TOOLS[@]}"; do note "rows 2-3 $tool files/s by round: ${FPS[$tool]:-none}"; done

# Row 4: one big file through the link, a fresh one each round (instant upload again).
BIG_BYTES=$((BIG_MIB * 1024 * 1024))
FLOOR_S="$(calc '%.3f' "$BIG_BYTES * 8 / ($LINK_MBIT * 1e6)")"
declare -A BIG_S BIG_FAILED
stored_path() { # target url
  case "$1" in
    hoistd) echo "$WORK/hoistd/uploads/${2##*/}" ;;
    *) echo "$WORK/tus/${2##*/}" ;;
  esac
}
remove_upload() { # target url: untimed, so the disk does not fill
  local id="${2##*/}"
  case "$1" in
    hoistd)
      local status
      status="$(curl -sS -o /dev/null -w '%{http_code}' -X DELETE "$HOISTD_URL$id" -H 'Tus-Resumable: 1.0.0')"
      [ "$status" = 204 ] || note "DELETE $HOISTD_URL$id answered $status"
      ;;
    *) rm -f "$WORK/tus/$id" "$WORK/tus/$id.json" ;;
  esac
}
# Uploads FILE with hoist; sets ELAPSED_NS and URL; verifies what TARGET stored (untimed).
big_upload() { # target endpoint file bytes sha timefile [hoist options...]
  local target="$1" endpoint="$2" file="$3" bytes="$4" sha="$5" timefile="$6" rc=0 start end
  shift 6
  start=$(bench_now_ns)
  run_fg /usr/bin/time -o "$timefile" -f '%e %U %S %M' \
    "$HOIST" --headless -e "$endpoint" "$@" "$file" >"$WORK/big.out" 2>"$WORK/big.err" || rc=$?
  end=$(bench_now_ns)
  ELAPSED_NS=$((end - start))
  URL="$(awk -F'\t' '$1 == "success" { print $3; exit }' "$WORK/big.out")"
  if [ "$rc" != 0 ] || [ -z "$URL" ]; then
    note "hoist $* to $endpoint: exit $rc: $(first_error "$WORK/big.out")" \
      "$(tail -n 3 "$WORK/big.err" | tr '\n' ' ')"
    return 1
  fi
  if ! bench_verify_file "hoist to $target" "$(stored_path "$target" "$URL")" "$bytes" "$sha"; then
    note "hoist to $target ($endpoint): the stored file differs ($(stored_path "$target" "$URL"))"
    remove_upload "$target" "$URL"
    return 1
  fi
  remove_upload "$target" "$URL"
}

for round in $(seq 1 "$ROUNDS"); do
  file="$WORK/big-$round.bin"
  bench_make_file "$file" "$BIG_BYTES"
  sha="$(sha256sum "$file" | cut -d' ' -f1)"
  for target in tus hoistd; do
    endpoint="$LINK_TUS"
    [ "$target" = hoistd ] && endpoint="$LINK_HOISTD"
    echo "bench: row 4: round $round, $BIG_MIB MiB through the link to $target" >&2
    if big_upload "$target" "$endpoint" "$file" "$BIG_BYTES" "$sha" "$WORK/big.time"; then
      s="$(calc '%.3f' "$ELAPSED_NS / 1e9")"
      BIG_S[$target]+="$s "
      echo "bench: row 4: round $round $target $s s (floor $FLOOR_S s)" >&2
    else
      BIG_FAILED[$target]=1
    fi
  done
  rm -f "$file"
done
for target in tus hoistd; do
  name="@tus/server"
  [ "$target" = hoistd ] && name=hoistd
  if [ -z "${BIG_FAILED[$target]:-}" ] && [ -n "${BIG_S[$target]:-}" ]; then
    s="$(median "${BIG_S[$target]}")"
    r="$(calc '%.2f' "$FLOOR_S / $s")"
    add_row "4 $BIG_MIB MiB via link to $name, floor/time" "$(calc '%.2f' "$s") s" \
      "$(calc '%.2f' "$FLOOR_S") s" "$r" ">= 0.95" "$(met "$r" ">=" 0.95)"
  else
    add_row "4 $BIG_MIB MiB via link to $name, floor/time" "FAILED" \
      "$(calc '%.2f' "$FLOOR_S") s" "-" ">= 0.95" "FAILED"
  fi
  note "row 4 $name seconds by round: ${BIG_S[$target]:-none}"
done

# Row 5: loopback, one file, @tus/server directly.
LOOP_BYTES=$((LOOP_MIB * 1024 * 1024))
LOOP_FILE="$WORK/loop.bin"
bench_make_file "$LOOP_FILE" "$LOOP_BYTES"
LOOP_SHA="$(sha256sum "$LOOP_FILE" | cut -d' ' -f1)"
declare -A LOOP_MBPS LOOP_CPU LOOP_FAILED
for round in $(seq 1 "$ROUNDS"); do
  for tool in chunked one; do
    opts=()
    [ "$tool" = one ] && opts=(--chunk-size "$LOOP_BYTES")
    if big_upload tus "$TUS_URL" "$LOOP_FILE" "$LOOP_BYTES" "$LOOP_SHA" "$WORK/loop.time" "${opts[@]}"; then
      mbps="$(bench_mbps "$LOOP_BYTES" "$ELAPSED_NS")"
      cpu_gb="$(calc '%.3f' "$(cpu_of "$WORK/loop.time") / ($LOOP_BYTES / 1e9)")"
      LOOP_MBPS[$tool]+="$mbps "
      LOOP_CPU[$tool]+="$cpu_gb "
      echo "bench: row 5: round $round $tool $mbps MB/s, $cpu_gb CPU s/GB," \
        "peak RSS $(rss_of "$WORK/loop.time") MiB" >&2
    else
      LOOP_FAILED[$tool]=1
    fi
  done
done
rm -f "$LOOP_FILE"
if [ -z "${LOOP_FAILED[chunked]:-}${LOOP_FAILED[one]:-}" ]; then
  ratio_row "5 $LOOP_MIB MiB loopback @tus/server, default vs 1 request" \
    "$(median "${LOOP_MBPS[chunked]}")" "$(median "${LOOP_MBPS[one]}")" "MB/s" ">=" 0.9
  ratio_row "5 same, CPU s per GB, default vs 1 request" \
    "$(median "${LOOP_CPU[chunked]}")" "$(median "${LOOP_CPU[one]}")" "s/GB" "<=" 1.2
else
  ratio_row "5 $LOOP_MIB MiB loopback @tus/server, default vs 1 request" "" "" "MB/s" ">=" 0.9
  ratio_row "5 same, CPU s per GB, default vs 1 request" "" "" "s/GB" "<=" 1.2
fi
note "row 5 MB/s by round: default ${LOOP_MBPS[chunked]:-none}/ one request ${LOOP_MBPS[one]:-none}"
note "row 5 CPU s/GB by round: default ${LOOP_CPU[chunked]:-none}/ one request ${LOOP_CPU[one]:-none}"

# Done with the link and its servers.
for p in "${PIDS[@]}"; do bench_stop "$p"; done
PIDS=()
rm -rf "$WORK/tus" "$WORK/hoistd"

# ---- row 6: the window -------------------------------------------------------------------------
# A fresh hoistd for each run: windowbench's files are the same bytes every time (instant upload).
windowbench_run() { # name args...: output in $WORK/NAME.kv; returns non-zero on failure
  local name="$1" rc=0
  shift
  start_hoistd "hoistd-$name" "$WORK/hoistd-$name"
  mkdir -p "$WORK/state-$name"
  echo "bench: row 6: windowbench $*" >&2
  QT_QPA_PLATFORM=offscreen run_fg "$WINDOWBENCH" "$@" --endpoint "$SERVER_URL" \
    >"$WORK/$name.kv" 2>"$WORK/$name.err" || rc=$?
  stop_server "$SERVER_PID"
  rm -rf "$WORK/hoistd-$name" "$WORK/state-$name"
  tr '\n' ' ' <"$WORK/$name.kv" >&2
  echo >&2
  if [ "$rc" != 0 ]; then
    note "windowbench $1: exit $rc: $(tail -n 3 "$WORK/$name.err" | tr '\n' ' ')"
    return 1
  fi
}
target_row() { # what value unit op target: a figure held to an absolute target
  if [ -n "$2" ]; then
    add_row "$1" "$2 $3" "-" "-" "$4 $5" "$(met "$2" "$4" "$5")"
  else
    add_row "$1" "FAILED" "-" "-" "$4 $5" "FAILED"
  fi
}
if [ -z "$WINDOWBENCH" ]; then
  for what in "6 drop $WB_DROP files: rows shown" "6 drop: peak RSS" "6 clear $WB_CLEAR rows" \
    "6 lateness, $WB_LATE files: max"; do
    add_row "$what" "not built" "-" "-" "-" "-"
  done
else
  rm -rf "$WORK/wb-drop" "$WORK/wb-late" "$WORK/drop.kv" "$WORK/clear.kv" "$WORK/late.kv"
  windowbench_run drop drop --dir "$WORK/wb-drop" --files "$WB_DROP" --state-dir "$WORK/state-drop" || true
  rm -rf "$WORK/wb-drop"
  add_row "6 drop $WB_DROP files: walk (no target)" "$(kv "$WORK/drop.kv" walk_ms) ms" "-" "-" "-" "-"
  target_row "6 drop $WB_DROP files: rows shown" "$(kv "$WORK/drop.kv" rows_shown_ms)" ms "<=" 2000
  target_row "6 drop: peak RSS" "$(kv "$WORK/drop.kv" peak_rss_mib)" MiB "<=" 300
  windowbench_run clear clear --rows "$WB_CLEAR" --state-dir "$WORK/state-clear" || true
  target_row "6 clear $WB_CLEAR rows" "$(kv "$WORK/clear.kv" clear_ms)" ms "<=" 1000
  windowbench_run late lateness --dir "$WORK/wb-late" --files "$WB_LATE" --state-dir "$WORK/state-late" || true
  rm -rf "$WORK/wb-late"
  add_row "6 lateness, $WB_LATE files: p99 (no target)" "$(kv "$WORK/late.kv" lateness_p99_ms) ms" \
    "-" "-" "-" "-"
  target_row "6 lateness, $WB_LATE files: max" "$(kv "$WORK/late.kv" lateness_max_ms)" ms "<=" 50
  note "row 6 lateness run: $(kv "$WORK/late.kv" done) of $WB_LATE uploaded in" \
    "$(kv "$WORK/late.kv" elapsed_ms) ms"
fi

# ---- row 7: bandwidth limits -------------------------------------------------------------------
RATE_FILE="$WORK/rate.bin"
truncate -s "$RATE_FILE_BYTES" "$RATE_FILE" # sparse: no memory until the server stores it
ratebench_run() { # name args...
  local name="$1" rc=0
  shift
  start_hoistd "hoistd-$name" "$WORK/hoistd-$name"
  echo "bench: row 7: ratebench $*" >&2
  run_fg "$RATEBENCH" --endpoint "$SERVER_URL" --file "$RATE_FILE" "$@" \
    >"$WORK/$name.kv" 2>"$WORK/$name.err" || rc=$?
  stop_server "$SERVER_PID"
  rm -rf "$WORK/hoistd-$name"
  tr '\n' ' ' <"$WORK/$name.kv" >&2
  echo >&2
  if [ "$rc" != 0 ]; then
    note "ratebench $*: exit $rc: $(tail -n 3 "$WORK/$name.err" | tr '\n' ' ')"
    return 1
  fi
}
for mode in global task; do
  for rate in "${RATES[@]}"; do
    what="7 $mode limit $(calc '%g' "$rate / 1e6") MB/s, measured/limit"
    if [ -z "$RATEBENCH" ]; then
      add_row "$what" "not built" "-" "-" "-" "-"
      continue
    fi
    ratebench_run "rate-$mode-$rate" --mode "$mode" --rate "$rate" --seconds "$RATE_SECONDS" || true
    m="$(kv "$WORK/rate-$mode-$rate.kv" measured_bps)"
    r="$(kv "$WORK/rate-$mode-$rate.kv" ratio)"
    if [ -n "$m" ] && [ -n "$r" ]; then
      add_row "$what" "$(calc '%.3f' "$m / 1e6") MB/s" "$(calc '%.3f' "$rate / 1e6") MB/s" \
        "$(calc '%.3f' "$r")" "0.95-1.05" "$(met "$r" in 0.95 1.05)"
    else
      add_row "$what" "FAILED" "$(calc '%.3f' "$rate / 1e6") MB/s" "-" "0.95-1.05" "FAILED"
    fi
    [ "$mode" = task ] && note "row 7 task $rate: the unlimited upload beside it:" \
      "$(kv "$WORK/rate-$mode-$rate.kv" other_bps) B/s over $(kv "$WORK/rate-$mode-$rate.kv" other_span_ms) ms"
  done
done
what="7 change $(calc '%g' "$CHANGE_RATE / 1e6") -> $(calc '%g' "$CHANGE_RATE / 2e6") MB/s: settled after"
if [ -z "$RATEBENCH" ]; then
  add_row "$what" "not built" "-" "-" "-" "-"
else
  ratebench_run rate-change --mode change --rate "$CHANGE_RATE" || true
  c="$(kv "$WORK/rate-change.kv" change_ms)"
  if [ -n "$c" ] && [ "$c" -ge 0 ] 2>/dev/null; then
    target_row "$what" "$c" ms "<=" 1000
  else
    add_row "$what" "FAILED" "-" "-" "<= 1000 ms" "FAILED"
  fi
  note "row 7 change: before $(kv "$WORK/rate-change.kv" measured_before_bps) B/s," \
    "after $(kv "$WORK/rate-change.kv" measured_after_bps) B/s"
fi
rm -f "$RATE_FILE" "$RATE_FILE.2"

note "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- the table ---------------------------------------------------------------------------------
echo
echo "Hoist at scale ($([ "$QUICK" = 1 ] && echo "BENCH_QUICK, ")median of $ROUNDS for rows 2-5;" \
  "link: ${LINK_DELAY_MS} ms each way, $LINK_MBIT Mbit/s; MB = 10^6 bytes)"
{
  echo "what|figure|reference|ratio|target|met"
  printf '%s\n' "${TABLE[@]}"
} | awk -F'|' '
  { for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } n = NR }
  END {
    for (r = 1; r <= n; r++) {
      line = ""
      for (i = 1; i <= 6; i++) line = line sprintf(i == 1 ? "%-*s" : "  %*s", w[i], cell[r, i])
      print line
      if (r == 1) { s = ""; for (i = 1; i <= 6; i++) s = s (i > 1 ? "  " : "") sprintf("%*s", w[i], ""); gsub(/ /, "-", s); print s }
    }
  }'
missed="$(printf '%s\n' "${TABLE[@]}" | awk -F'|' '$6 == "NO" || $6 == "FAILED"' | wc -l)"
echo "$missed row(s) missed their target or failed."
echo
echo "Notes:"
printf '  %s\n' "${NOTES[@]}"
exit 0
