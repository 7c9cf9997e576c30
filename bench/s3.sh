#!/usr/bin/env bash
# Hoist to S3 against the reference client, on the same Ceph RGW in the same run: one table like
# bench/scale.sh's. It measures and reports; it is not a test (exit 0 even when a target is
# missed: such rows say NO in "met"). Progress on stderr, the table on stdout at the end.
#
#   1. One 1 GiB file: MB/s of hoist --headless (multipart, parts in flight as -c allows)
#      against `aws s3 cp` (its defaults: 8 MiB parts, 10 requests at once).      >= 1.5x
#   2. 2,000 files of 16 KiB: files/s of hoist --headless (a PutObject each) against
#      `aws s3 cp --recursive`.                                                     >= 2x
#   3. Peak RSS of hoist during each (/usr/bin/time), beside aws's: memory bounded by the parts
#      in flight (-c parts of 8 MiB, plus the program), not by the file's size.
#   4. The clients' own CPU seconds (user + sys) for each: what a faster server would show.
#
# RGW (tests/support/rgw/rgw.sh: one monitor, one OSD on bluestore over a sparse file, radosgw)
# is started in a temporary folder and stopped on exit. Rounds alternate the two tools, BENCH_ROUNDS
# rounds (default 3), and report medians; the CPU seconds radosgw and ceph-osd used during each
# tool's runs are noted, to tell a slow client from a saturated server on a small machine.
# Every upload is checked untimed: the objects' count and sizes, and the big object's SHA-256
# once for each tool. About 5 minutes on 2 cores.
# Environment: BENCH_QUICK=1 (256 MiB and 500 files, one round), BENCH_ROUNDS, BENCH_HOIST_C
# (hoist's -c, default 8), BENCH_BUILD_DIR (default build/).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

QUICK="${BENCH_QUICK:-0}"
if [ "$QUICK" = 1 ]; then
  ROUNDS="${BENCH_ROUNDS:-1}" BIG_MIB=256 SMALL_N=500
else
  ROUNDS="${BENCH_ROUNDS:-3}" BIG_MIB=1024 SMALL_N=2000
fi
SMALL_SIZE=16384
HOIST_C="${BENCH_HOIST_C:-8}"
AWS=/usr/bin/aws

HOIST="$(bench_build hoist app/hoist)"
[ -x "$AWS" ] || { echo "bench: $AWS is missing: run scripts/setup.sh" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/hoist-s3bench.XXXXXX")"
bench_need_space "$WORK" $((BIG_MIB * 3 + 1024)) || echo "bench: going on anyway" >&2
RGW_DIR="$WORK/rgw"
cleanup() {
  bench_stop_fg
  bash tests/support/rgw/rgw.sh stop "$RGW_DIR" 2>/dev/null || true
  rm -rf "$WORK"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "bench: starting RGW in $RGW_DIR" >&2
bash tests/support/rgw/rgw.sh start "$RGW_DIR" >&2
# shellcheck source=/dev/null
. "$RGW_DIR/rgw.env"
# Only what this script sets: no ~/.aws, no retries hiding a fault, no pager.
export AWS_CONFIG_FILE="$WORK/aws-config" AWS_SHARED_CREDENTIALS_FILE="$WORK/aws-credentials"
export AWS_ACCESS_KEY_ID="$HOIST_S3_ACCESS_KEY" AWS_SECRET_ACCESS_KEY="$HOIST_S3_SECRET_KEY"
export AWS_DEFAULT_REGION="$HOIST_S3_REGION" AWS_PAGER="" AWS_EC2_METADATA_DISABLED=true
aws() { "$AWS" --endpoint-url "$HOIST_S3_ENDPOINT" "$@"; }
BUCKET=bench
aws s3api create-bucket --bucket "$BUCKET" >/dev/null

# CPU seconds (user + sys) radosgw and ceph-osd have used so far.
server_cpu() {
  local name pid total=0 ticks
  for name in rgw osd; do
    pid=$(cat "$RGW_DIR/pids/$name.pid")
    ticks=$(awk '{ s = $0; sub(/^.*\) /, "", s); split(s, f, " "); print f[12] + f[13] }' "/proc/$pid/stat")
    total=$((total + ticks))
  done
  awk -v t="$total" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t / hz }'
}

echo "bench: making a $BIG_MIB MiB file and $SMALL_N files of $SMALL_SIZE bytes" >&2
BIG="$WORK/big.bin"
bench_make_file "$BIG" $((BIG_MIB * 1024 * 1024))
BIG_BYTES=$((BIG_MIB * 1024 * 1024))
BIG_SHA="$(sha256sum "$BIG" | cut -d' ' -f1)"
SMALL="$WORK/small"
mkdir -p "$SMALL"
for i in $(seq -w 1 "$SMALL_N"); do head -c "$SMALL_SIZE" /dev/urandom >"$SMALL/f$i.bin"; done
cat "$SMALL"/* >/dev/null

TABLE=() NOTES=()
median() { echo "$1" | bench_median; }
elapsed_of() { tail -n 1 "$1" | awk '{ print $1 }'; }
rss_of() { tail -n 1 "$1" | awk '{ printf "%d", $4 / 1024 }'; }
# Objects under PREFIX/ and how many are SIZE bytes long.
count_objects() { # prefix size (the CLI pages by 1,000 and prints a line per page)
  aws s3api list-objects-v2 --bucket "$BUCKET" --prefix "$1/" \
    --query "length(Contents[?Size==\`$2\`])" --output text 2>/dev/null |
    awk '{ s += $1 } END { print s + 0 }'
}
remove_prefix() { aws s3 rm --quiet --recursive "s3://$BUCKET/$1/" >/dev/null; }

# hoist TOOL-ARGS... under /usr/bin/time, into s3://bench/PREFIX.
run_hoist() { # name prefix path
  run_fg /usr/bin/time -o "$WORK/$1.time" -f '%e %U %S %M' \
    "$HOIST" --headless -c "$HOIST_C" -e "s3://$BUCKET/$2" --s3-endpoint "$HOIST_S3_ENDPOINT" \
    --region "$HOIST_S3_REGION" "$3" >"$WORK/$1.out" 2>"$WORK/$1.err"
}
run_aws() { # name prefix path [--recursive]
  local target="s3://$BUCKET/$2/"
  [ -n "${4:-}" ] || target="s3://$BUCKET/$2/$(basename "$3")"
  run_fg /usr/bin/time -o "$WORK/$1.time" -f '%e %U %S %M' \
    "$AWS" --endpoint-url "$HOIST_S3_ENDPOINT" s3 cp --only-show-errors ${4:+"$4"} "$3" \
    "$target" >"$WORK/$1.out" 2>"$WORK/$1.err"
}

cpu_of() { tail -n 1 "$1" | awk '{ printf "%.2f", $2 + $3 }'; }
declare -A SECONDS_OF RSS_OF CPU_OF SERVER_CPU_OF
record() { # tool kind name
  SECONDS_OF[$1-$2]+="$(elapsed_of "$WORK/$3.time") "
  RSS_OF[$1-$2]+="$(rss_of "$WORK/$3.time") "
  CPU_OF[$1-$2]+="$(cpu_of "$WORK/$3.time") "
}

FAILED=""
for round in $(seq 1 "$ROUNDS"); do
  for tool in hoist aws; do
    # ---- the big file
    name="$tool-big-$round"
    echo "bench: round $round: $tool, one $BIG_MIB MiB file" >&2
    before=$(server_cpu)
    rc=0
    if [ "$tool" = hoist ]; then run_hoist "$name" "$name" "$BIG" || rc=$?; else run_aws "$name" "$name" "$BIG" || rc=$?; fi
    SERVER_CPU_OF[$tool-big]+="$(awk -v a="$before" -v b="$(server_cpu)" 'BEGIN { printf "%.1f", b - a }') "
    if [ $rc -ne 0 ] || [ "$(count_objects "$name" "$BIG_BYTES")" != 1 ]; then
      note "$tool big round $round FAILED (exit $rc): $(tail -n 3 "$WORK/$name.err" "$WORK/$name.out" | tr '\n' ' ')"
      FAILED+=" $tool-big"
    else
      record "$tool" big "$name"
      if [ "$round" = 1 ]; then
        got="$(aws s3 cp --only-show-errors "s3://$BUCKET/$name/big.bin" - | sha256sum | cut -d' ' -f1)"
        [ "$got" = "$BIG_SHA" ] && note "$tool's 1 GiB object is byte-identical (sha256)" ||
          { note "$tool's big object DIFFERS (sha256 $got)"; FAILED+=" $tool-big"; }
      fi
    fi
    remove_prefix "$name" # keeps the OSD's sparse file from filling up over the rounds

    # ---- the small files
    name="$tool-small-$round"
    echo "bench: round $round: $tool, $SMALL_N files of $SMALL_SIZE bytes" >&2
    before=$(server_cpu)
    rc=0
    if [ "$tool" = hoist ]; then run_hoist "$name" "$name" "$SMALL" || rc=$?; else run_aws "$name" "$name" "$SMALL" --recursive || rc=$?; fi
    SERVER_CPU_OF[$tool-small]+="$(awk -v a="$before" -v b="$(server_cpu)" 'BEGIN { printf "%.1f", b - a }') "
    # hoist keeps the dropped folder's name in the key (small/fNNN.bin); aws takes its contents.
    prefix="$name"
    [ "$tool" = hoist ] && prefix="$name/small"
    stored="$(count_objects "$prefix" "$SMALL_SIZE")"
    if [ $rc -ne 0 ] || [ "$stored" != "$SMALL_N" ]; then
      note "$tool small round $round FAILED (exit $rc, $stored of $SMALL_N objects): $(tail -n 3 "$WORK/$name.err" | tr '\n' ' ')"
      FAILED+=" $tool-small"
    else
      record "$tool" small "$name"
    fi
  done
done

# ---- the table
mbps() { [ -n "$1" ] && awk -v s="$1" -v b="$BIG_BYTES" 'BEGIN { printf "%.1f", b / s / 1e6 }'; }
fps() { [ -n "$1" ] && awk -v s="$1" -v n="$SMALL_N" 'BEGIN { printf "%.0f", n / s }'; }
ratio() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
med() { [ -n "${1:-}" ] && median "$1" || true; }

hb=$(mbps "$(med "${SECONDS_OF[hoist-big]:-}")") ab=$(mbps "$(med "${SECONDS_OF[aws-big]:-}")")
hs=$(fps "$(med "${SECONDS_OF[hoist-small]:-}")") as=$(fps "$(med "${SECONDS_OF[aws-small]:-}")")
rb=$(ratio "$hb" "$ab") rs=$(ratio "$hs" "$as")
add_row "1 GiB file, MB/s (hoist -c $HOIST_C vs aws s3 cp)" "${hb:-FAILED}" "${ab:-FAILED}" "${rb:--}" ">= 1.5x" "$(met "$rb" ">=" 1.5)"
add_row "$SMALL_N x 16 KiB, files/s (vs aws s3 cp --recursive)" "${hs:-FAILED}" "${as:-FAILED}" "${rs:--}" ">= 2x" "$(met "$rs" ">=" 2)"
hr=$(med "${RSS_OF[hoist-big]:-}") ar=$(med "${RSS_OF[aws-big]:-}")
# -c parts of 8 MiB in flight, each read once into a buffer, plus 100 MiB for the program.
bound=$((HOIST_C * 8 + 100))
add_row "peak RSS MiB, 1 GiB file" "${hr:-?}" "${ar:-?}" "-" "<= $bound (parts in flight)" "$(met "$hr" "<=" "$bound")"
# The client's own cost, which a server that is the bottleneck does not hide.
hc=$(med "${CPU_OF[hoist-big]:-}") ac=$(med "${CPU_OF[aws-big]:-}")
add_row "client CPU s (user+sys), 1 GiB file" "${hc:-?}" "${ac:-?}" "$(ratio "$ac" "$hc")" "-" "-"
hc=$(med "${CPU_OF[hoist-small]:-}") ac=$(med "${CPU_OF[aws-small]:-}")
add_row "client CPU s, $SMALL_N small files" "${hc:-?}" "${ac:-?}" "$(ratio "$ac" "$hc")" "-" "-"
add_row "peak RSS MiB, $SMALL_N small files" "$(med "${RSS_OF[hoist-small]:-}")" "$(med "${RSS_OF[aws-small]:-}")" "-" "-" "-"

for key in hoist-big aws-big hoist-small aws-small; do
  note "radosgw + ceph-osd CPU s during $key: ${SERVER_CPU_OF[$key]:-none} (wall s: ${SECONDS_OF[$key]:-failed})"
done
note "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
[ -z "$FAILED" ] || note "failed runs:$FAILED"

echo
echo "Hoist to S3 (Ceph RGW 16 on loopback, $([ "$QUICK" = 1 ] && echo "BENCH_QUICK, ")median of $ROUNDS; MB = 10^6 bytes)"
{
  echo "what|hoist|aws|ratio|target|met"
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
echo
echo "Notes:"
printf '  %s\n' "${NOTES[@]}"
exit 0
