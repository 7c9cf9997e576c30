#!/usr/bin/env bash
# Hoist over SFTP and WebDAV with its defaults against its peers with theirs, in one run (issue 21's
# benchmark): one table of figures, each beside its reference from the same run, the ratio and the
# target, with the load average of its rounds. It measures and reports; it is not a test (exit 0
# even when a target is missed: such rows say NO in "met"). Progress on stderr, tables on stdout.
#
# Servers: the tests' own OpenSSH sshd and Apache mod_dav (bench/sshdavpeers starts them with
# tests/support's SshdPeer and ApacheDav), on loopback (LO) and through bench/linkproxy (L1: 20 ms
# each way at 100 Mbit/s; this kernel has no netem).
# Tools, each with its defaults: SFTP — hoist --headless, OpenSSH `sftp -b` (batch: put / put -r),
# `scp` (-r for the folder; OpenSSH 9's scp speaks SFTP), `rclone copy` to an sftp remote; WebDAV —
# hoist --headless (dav://) and `rclone copy` to a webdav remote (vendor other). rclone is
# configured by RCLONE_CONFIG_* variables (an empty config file of this run), never from $HOME;
# ssh and sftp read no ~/.ssh/config (-F /dev/null), use the fixture's key and a known_hosts file
# of this run naming both ports.
# Works: one 256 MiB file ("big") and 2,000 files of 16 KiB ("small").
# Targets: big file, hoist >= 0.95 of the link's floor (bytes x 8 / rate) on L1 and not slower than
# `sftp` on loopback; small files, hoist >= 3x `scp -r` and >= 1.5x rclone's default (sftp), and
# over WebDAV >= 1.5x rclone's webdav default.
#
# The plan (BENCH_PLAN, lines "LINK WORK TOOL... ROUNDS", ROUNDS a number or R for BENCH_ROUNDS,
# default 2; tools: hoist sftp scp rclone hoist_dav rclone_dav): every tool on every work on
# loopback; through L1 every tool on the big file and all but `sftp -b` on the small files (the
# OpenSSH pair take ~4 minutes each there, one request after another, and `sftp` has no target on
# small files), one round each on L1. Rounds interleave the tools of a line (the order rotates each
# round); figures are medians. Every upload is checked untimed: the count and size of the files
# stored, and the sha256 of the big file every time; then removed. Files and the servers' storage
# live in /dev/shm when it has room; every process started here is stopped on exit.
# Environment: BENCH_QUICK=1 (64 MiB and 400 files, one round), BENCH_ROUNDS, BENCH_PLAN,
# BENCH_LOG_DIR (keeps every tool's output there), BENCH_BUILD_DIR (build/), BENCH_HOIST (another
# hoist binary to measure, e.g. main's, instead of building this tree's), BENCH_HOIST_REF (a hoist
# binary measured as the tool ref_dav, over WebDAV beside hoist_dav in the same rounds: before and
# after a change), BENCH_EXISTING=1 (the small files' folder exists on the server beforehand, empty).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

QUICK="${BENCH_QUICK:-0}"
ROUNDS="${BENCH_ROUNDS:-$([ "$QUICK" = 1 ] && echo 1 || echo 2)}"
SMALL_SIZE=16384
if [ "$QUICK" = 1 ]; then N_SMALL=400 BIG_MIB=64; else N_SMALL=2000 BIG_MIB=256; fi
ALL="hoist sftp scp rclone hoist_dav rclone_dav"
DEFAULT_PLAN="
LO big $ALL R
LO small $ALL R
L1 big $ALL 1
L1 small hoist scp rclone hoist_dav rclone_dav 1"
PLAN="${BENCH_PLAN:-$DEFAULT_PLAN}"
declare -A LINK_DELAY=([L1]=20) LINK_MBIT=([L1]=100)

[ "$QUICK" = 1 ] && echo "bench: BENCH_QUICK: $BIG_MIB MiB and $N_SMALL files, $ROUNDS round(s)" >&2
echo "bench: the plan (link work tools rounds):$(echo "$PLAN" | sed 's/^/\n  /')" >&2

HOIST="${BENCH_HOIST:-$(bench_build hoist app/hoist)}"
LINKPROXY="$(bench_build linkproxy bench/linkproxy)"
PEERS="$(bench_build sshdavpeers bench/sshdavpeers)"
RCLONE=/usr/bin/rclone
for tool in "$RCLONE" /usr/bin/sftp /usr/bin/scp /usr/sbin/sshd /usr/sbin/apache2; do
  [ -x "$tool" ] || { echo "bench: $tool is missing: run scripts/setup.sh" >&2; exit 1; }
done

# The works, and what the servers store (twice the big file at most at a time).
if bench_need_space /dev/shm $((BIG_MIB * 3 + 256)) 2>/dev/null; then
  WORK="$(mktemp -d /dev/shm/hoist-sftpbench.XXXXXX)"
else
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/hoist-sftpbench.XXXXXX")"
fi
LOGS="${BENCH_LOG_DIR:-}"
[ -z "$LOGS" ] || mkdir -p "$LOGS"
echo "bench: working in $WORK" >&2

PIDS=() # every server started here
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

load_now() { cut -d' ' -f1 /proc/loadavg; }
note "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
START_S=$(date +%s)

# ---- servers and links -------------------------------------------------------------------------
LISTEN_SECONDS=60 # start_bg's wait: sshd and Apache take a while to start on a loaded machine
# The servers' own storage in the work folder too (QTemporaryDir follows TMPDIR); Apache runs as
# www-data, who must get through to its folder.
chmod 711 "$WORK"
mkdir -p "$WORK/servers"
chmod 711 "$WORK/servers"
TMPDIR="$WORK/servers" start_bg peers "$PEERS"
peer() { awk -v k="$1" '$1 == k { sub(/^[^ ]+ /, ""); print; exit }' "$WORK/peers.out"; }
SSH_PORT="$(peer sshd_port)" SSH_USER="$(peer sshd_user)" SSH_ROOT="$(peer sshd_root)"
SSH_KEY="$(peer sshd_key)" HOST_KEY="$(peer sshd_host_key)"
DAV_PORT="$(peer dav_port)" DAV_USER="$(peer dav_user)" DAV_PASSWORD="$(peer dav_password)"
DAV_ROOT="$(peer dav_root)"
declare -A SSH_EP_PORT DAV_EP_PORT
SSH_EP_PORT[LO]="$SSH_PORT" DAV_EP_PORT[LO]="$DAV_PORT"
for link in "${!LINK_DELAY[@]}"; do
  start_bg "link-ssh-$link" "$LINKPROXY" --target "127.0.0.1:$SSH_PORT" \
    --delay-ms "${LINK_DELAY[$link]}" --rate-mbit "${LINK_MBIT[$link]}"
  SSH_EP_PORT[$link]="$LISTEN"
  start_bg "link-dav-$link" "$LINKPROXY" --target "127.0.0.1:$DAV_PORT" \
    --delay-ms "${LINK_DELAY[$link]}" --rate-mbit "${LINK_MBIT[$link]}"
  DAV_EP_PORT[$link]="$LISTEN"
done
KNOWN_HOSTS="$WORK/known_hosts"
for port in "${SSH_EP_PORT[@]}"; do echo "[127.0.0.1]:$port $HOST_KEY"; done >"$KNOWN_HOSTS"
echo "bench: sshd on $SSH_PORT (L1 ${SSH_EP_PORT[L1]}), Apache on $DAV_PORT (L1 ${DAV_EP_PORT[L1]})" >&2

# Hoist signs in with the key alone (no agent), OpenSSH's tools too and read no ~/.ssh/config.
unset SSH_AUTH_SOCK
SSH_OPTS=(-F /dev/null -i "$SSH_KEY" -o IdentitiesOnly=yes -o BatchMode=yes
  -o "UserKnownHostsFile=$KNOWN_HOSTS" -o StrictHostKeyChecking=yes)
export RCLONE_CONFIG="$WORK/rclone.conf"
: >"$RCLONE_CONFIG"
export RCLONE_CONFIG_SSH_TYPE=sftp RCLONE_CONFIG_SSH_HOST=127.0.0.1
export RCLONE_CONFIG_SSH_USER="$SSH_USER" RCLONE_CONFIG_SSH_KEY_FILE="$SSH_KEY"
export RCLONE_CONFIG_SSH_KNOWN_HOSTS_FILE="$KNOWN_HOSTS"
export RCLONE_CONFIG_DAV_TYPE=webdav RCLONE_CONFIG_DAV_VENDOR=other RCLONE_CONFIG_DAV_USER="$DAV_USER"
RCLONE_CONFIG_DAV_PASS="$("$RCLONE" obscure "$DAV_PASSWORD")"
export RCLONE_CONFIG_DAV_PASS

# ---- the works ---------------------------------------------------------------------------------
BIG_BYTES=$((BIG_MIB * 1024 * 1024))
echo "bench: making the works" >&2
mkdir -p "$WORK/small"
head -c $((N_SMALL * SMALL_SIZE)) /dev/urandom | (cd "$WORK/small" && split -b "$SMALL_SIZE" -a 4 -d - f)
bench_make_file "$WORK/big.bin" "$BIG_BYTES"
BIG_SHA="$(sha256sum "$WORK/big.bin" | cut -d' ' -f1)"
declare -A WPATH WFILES WBYTES WNAME
WPATH[small]="$WORK/small" WFILES[small]=$N_SMALL WBYTES[small]=$((N_SMALL * SMALL_SIZE))
WPATH[big]="$WORK/big.bin" WFILES[big]=1 WBYTES[big]=$BIG_BYTES
WNAME[small]="$N_SMALL x 16 KiB" WNAME[big]="one $BIG_MIB MiB file"
floor_s() { calc '%.3f' "${WBYTES[$1]} * 8 / (${LINK_MBIT[$2]} * 1e6)"; } # work link

# ---- the tools ---------------------------------------------------------------------------------
# Each tool uploads WORK into the folder PREFIX (made beforehand, untimed) under the server's root;
# the folder's name is kept (PREFIX/small/f0000...), the big file's too (PREFIX/big.bin).
is_dav() { [ "${1%_dav}" != "$1" ]; }
server_dir() { # tool prefix: where the server stores what the tool sends
  if is_dav "$1"; then echo "$DAV_ROOT/$2"; else echo "$SSH_ROOT/$2"; fi
}
run_tool() { # tool work link prefix
  local tool="$1" path="${WPATH[$2]}" prefix="$4" sp="${SSH_EP_PORT[$3]}" dp="${DAV_EP_PORT[$3]}"
  local name
  name="$(basename "$path")"
  case "$tool" in
    hoist)
      run_fg "$HOIST" --headless -e "sftp://$SSH_USER@127.0.0.1:$sp$SSH_ROOT/$prefix" \
        --ssh-identity "$SSH_KEY" --ssh-known-hosts "$KNOWN_HOSTS" "$path" ;;
    sftp)
      local put="put"
      [ -d "$path" ] && put="put -r"
      echo "$put $path $SSH_ROOT/$prefix/$name" >"$WORK/batch"
      run_fg sftp -q -b "$WORK/batch" -P "$sp" "${SSH_OPTS[@]}" "$SSH_USER@127.0.0.1" ;;
    scp)
      local r=()
      [ -d "$path" ] && r=(-r)
      run_fg scp -q "${r[@]}" -P "$sp" "${SSH_OPTS[@]}" "$path" "$SSH_USER@127.0.0.1:$SSH_ROOT/$prefix/" ;;
    rclone)
      local to="ssh:$SSH_ROOT/$prefix"
      [ -d "$path" ] && to+="/$name"
      RCLONE_CONFIG_SSH_PORT="$sp" run_fg "$RCLONE" copy "$path" "$to" ;;
    hoist_dav | ref_dav)
      local bin="$HOIST"
      [ "$tool" = ref_dav ] && bin="${BENCH_HOIST_REF:?ref_dav measures the hoist BENCH_HOIST_REF names}"
      HOIST_DAV_PASSWORD="$DAV_PASSWORD" run_fg "$bin" --headless \
        -e "dav://$DAV_USER@127.0.0.1:$dp/dav/$prefix" "$path" ;;
    rclone_dav)
      local to="dav:$prefix"
      [ -d "$path" ] && to+="/$name"
      RCLONE_CONFIG_DAV_URL="http://127.0.0.1:$dp/dav" run_fg "$RCLONE" copy "$path" "$to" ;;
    *) echo "bench: no tool $tool" >&2; return 2 ;;
  esac
}
make_dest() { # tool prefix work: the empty folder the tool uploads into
  local dir
  dir="$(server_dir "$1" "$2")"
  rm -rf "$dir"
  mkdir -p "$dir"
  # BENCH_EXISTING=1: a folder's own folder is there already (empty), as when uploading into a
  # folder that exists: no tool can know it is empty without looking.
  [ "${BENCH_EXISTING:-0}" = 1 ] && [ -d "${WPATH[$3]}" ] && mkdir -p "$dir/$(basename "${WPATH[$3]}")"
  is_dav "$1" && chown -R www-data:www-data "$dir" 2>/dev/null || true
}
verify() { # tool work prefix: counts, sizes and the big file's sha256; then removes the upload
  local tool="$1" work="$2" dir ok=0 count stray big
  dir="$(server_dir "$tool" "$3")"
  if [ "$work" = small ]; then
    count="$(find "$dir" -type f -size "${SMALL_SIZE}c" ! -name '.*' | wc -l)"
    stray="$(find "$dir" -type f ! -size "${SMALL_SIZE}c" | wc -l)"
    if [ "$count" != "$N_SMALL" ] || [ "$stray" != 0 ]; then
      note "$tool $work: the server holds $count of $N_SMALL files of 16 KiB, and $stray others"
      ok=1
    fi
  else
    big="$(find "$dir" -type f -name big.bin)"
    stray="$(find "$dir" -type f ! -name big.bin | wc -l)"
    if [ -z "$big" ] || [ "$stray" != 0 ]; then
      note "$tool $work: big.bin not stored ($stray other files)"
      ok=1
    elif ! bench_verify_file "$tool" "$big" "$BIG_BYTES" "$BIG_SHA" 2>>"$WORK/verify.log"; then
      note "$tool $work: big.bin DIFFERS from what was sent (size or sha256)"
      ok=1
    fi
  fi
  rm -rf "$dir"
  return "$ok"
}

# ---- the plan ----------------------------------------------------------------------------------
declare -A TIMES LOADS FAILED # link|work|tool -> "seconds per round ", "load per round ", 1
one_run() { # link work tool round
  local link="$1" work="$2" tool="$3" round="$4" key="$1|$2|$3" rc=0 start end s load
  local prefix="$link-$work-$tool-$round"
  make_dest "$tool" "$prefix" "$work"
  load="$(load_now)"
  echo "bench: round $round, $link, $work, $tool (load $load)" >&2
  start=$(bench_now_ns)
  run_tool "$tool" "$work" "$link" "$prefix" >"$WORK/run.out" 2>"$WORK/run.err" || rc=$?
  end=$(bench_now_ns)
  [ "$rc" = 2 ] && { FAILED[$key]="n/a"; return; }
  [ -z "$LOGS" ] || cat "$WORK/run.out" "$WORK/run.err" >"$LOGS/$prefix.log"
  if [ "$rc" != 0 ]; then
    note "round $round $link $work $tool: exit $rc: $(grep -m 3 -i 'error\|fail\|denied' "$WORK/run.out" "$WORK/run.err" | tr '\n' ' ' | cut -c1-400)"
    FAILED[$key]=1
  fi
  verify "$tool" "$work" "$prefix" || FAILED[$key]=1
  s="$(calc '%.3f' "($end - $start) / 1e9")"
  TIMES[$key]+="$s "
  LOADS[$key]+="$load "
  echo "bench:   $s s" >&2
}

MAX_ROUNDS="$(echo "$PLAN" | awk 'NF { r = $NF == "R" ? '"$ROUNDS"' : $NF; if (r > m) m = r } END { print m + 0 }')"
for round in $(seq 1 "$MAX_ROUNDS"); do
  while read -r link work rest; do
    [ -n "$link" ] || continue
    read -ra tools <<<"$rest"
    rounds="${tools[-1]}"
    unset 'tools[-1]'
    [ "$rounds" = R ] && rounds="$ROUNDS"
    [ "$round" -le "$rounds" ] || continue
    n=${#tools[@]}
    for i in $(seq 0 $((n - 1))); do # rotated: each round starts with another tool
      one_run "$link" "$work" "${tools[$(((i + round - 1) % n))]}" "$round"
    done
  done <<<"$PLAN"
done
note "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); $((($(date +%s) - START_S) / 60)) min measuring"

# ---- the tables --------------------------------------------------------------------------------
loads() { # key: the load averages of its rounds, "a-b"
  [ -n "${LOADS[$1]:-}" ] || return 0
  echo "${LOADS[$1]}" | tr ' ' '\n' | grep . | sort -g | awk 'NR == 1 { a = $1 } { b = $1 } END { print (a == b) ? a : a "-" b }'
}
cell() { # key: "seconds (load)", n/a, FAILED or -
  if [ "${FAILED[$1]:-}" = n/a ]; then echo n/a
  elif [ -n "${FAILED[$1]:-}" ]; then echo FAILED
  elif [ -n "${TIMES[$1]:-}" ]; then echo "$(calc '%.2f' "$(med "$1")") ($(loads "$1"))"
  else echo -; fi
}
label() {
  case "$1" in
    hoist) echo "hoist sftp" ;; sftp) echo "sftp -b" ;; scp) echo "scp" ;;
    rclone) echo "rclone sftp" ;; hoist_dav) echo "hoist webdav" ;; rclone_dav) echo "rclone webdav" ;;
    ref_dav) echo "BENCH_HOIST_REF webdav" ;;
  esac
}
COLS=(hoist sftp scp rclone hoist_dav rclone_dav)
FIGS=()
# "hoist's figure | reference | ratio | target | met" for TOOL against REF, faster is better.
versus() { # link work tool ref target what
  local h r ratio
  h="$(med "$1|$2|$3")" r="$(med "$1|$2|$4")"
  local tag="$1, ${WNAME[$2]}: $(label "$3") vs $(label "$4")"
  if [ -n "$h" ] && [ -n "$r" ]; then
    ratio="$(calc '%.2f' "$r / $h")"
    add_row "$tag (time; load $(loads "$1|$2|$3") / $(loads "$1|$2|$4"))" "$(calc '%.2f' "$h") s" \
      "$(calc '%.2f' "$r") s" "$ratio" "${5:+>= $5}" "$([ -n "$5" ] && met "$ratio" ">=" "$5" || echo -)"
  elif [ -n "${TIMES[$1|$2|$3]:-}" ] && [ -n "${TIMES[$1|$2|$4]:-}" ]; then # one failed
    add_row "$tag (time)" "${h:-FAILED}" "${r:-FAILED}" "-" "${5:+>= $5}" "FAILED"
  fi
}
versus_floor() { # link work tool target
  local h f ratio
  h="$(med "$1|$2|$3")"
  [ -n "${LINK_MBIT[$1]:-}" ] && [ -n "${TIMES[$1|$2|$3]:-}" ] || return 0
  f="$(floor_s "$2" "$1")"
  if [ -n "$h" ]; then
    ratio="$(calc '%.2f' "$f / $h")"
    add_row "$1, ${WNAME[$2]}: $(label "$3") vs the link's floor (load $(loads "$1|$2|$3"))" \
      "$(calc '%.2f' "$h") s" "$(calc '%.2f' "$f") s" "$ratio" "${4:+>= $4}" \
      "$([ -n "$4" ] && met "$ratio" ">=" "$4" || echo -)"
  else
    add_row "$1, ${WNAME[$2]}: $(label "$3") vs the link's floor" FAILED "$(calc '%.2f' "$f") s" - "${4:+>= $4}" FAILED
  fi
}
while read -r link work rest; do
  [ -n "$link" ] || continue
  row="$link ${WNAME[$work]}"
  for t in "${COLS[@]}"; do row+="|$(cell "$link|$work|$t")"; done
  FIGS+=("$row")
  if [ "$work" = big ]; then
    versus_floor "$link" big hoist 0.95
    if [ "$link" = LO ]; then versus LO big hoist sftp 1.00; else versus "$link" big hoist sftp ""; fi
    versus "$link" big hoist scp ""
    versus "$link" big hoist rclone ""
    versus_floor "$link" big hoist_dav 0.95
    versus "$link" big hoist_dav rclone_dav ""
  else
    versus "$link" small hoist scp 3.00
    versus "$link" small hoist rclone 1.50
    versus "$link" small hoist sftp ""
    versus "$link" small hoist_dav rclone_dav 1.50
    versus "$link" small hoist_dav ref_dav ""
  fi
done <<<"$PLAN"

echo
echo "SFTP and WebDAV, each tool with its defaults ($([ "$QUICK" = 1 ] && echo "BENCH_QUICK, ")medians of up to" \
  "$ROUNDS rounds; LO: loopback; L1: ${LINK_DELAY[L1]} ms each way, ${LINK_MBIT[L1]} Mbit/s)"
echo "seconds (the 1-minute load average at the start of its rounds)"
echo
print_table "link, work|hoist sftp|sftp -b|scp|rclone sftp|hoist webdav|rclone webdav" "${FIGS[@]}"
echo
bench_print_verdicts "what|hoist|reference|ratio|target|met"
for key in "${!TIMES[@]}"; do echo "  seconds by round, $key: ${TIMES[$key]% } (load ${LOADS[$key]% })"; done | sort
exit 0
