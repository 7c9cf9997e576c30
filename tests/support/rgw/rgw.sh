#!/usr/bin/env bash
# A real S3 server for the tests: a one-node Ceph cluster (ceph-mon, ceph-osd on bluestore over a
# 10 GiB sparse file, radosgw) that lives entirely in one folder, run as the current user.
#
#   rgw.sh start DIR [--watch-parent]   make a cluster in DIR, wait until S3 answers, create a user;
#                                       writes DIR/rgw.env (HOIST_S3_ENDPOINT, HOIST_S3_REGION,
#                                       HOIST_S3_ACCESS_KEY, HOIST_S3_SECRET_KEY, shell syntax)
#   rgw.sh stop DIR                     kill every daemon of DIR's cluster, remove DIR
#   rgw.sh kill-rgw DIR                 SIGKILL radosgw alone (a crash), wait until it is gone
#   rgw.sh restart-rgw DIR              kill radosgw if it runs, start it again on the same port
#                                       and wait until S3 answers (monitor and OSD keep running)
#
# Nothing outside DIR is read or written (no /etc/ceph, no /var/lib/ceph, no systemd, no ceph-mgr):
# every program gets `-c DIR/ceph.conf` and the config points every path into DIR. Auth is off
# (auth_*_required = none; radosgw then needs ms_mon_client_mode = crc or it loops on
# "get_initial_auth_request returned -13"); RGW still verifies SigV4 with the user's keys. It
# takes any region in a signature; CreateBucket refuses a LocationConstraint other than its
# zonegroup's "default" (400 InvalidLocationConstraint), hence region us-east-1, which sends none.
# Bluestore, not memstore: memstore keeps what RGW's garbage collection holds in RAM, without bound.
# The monitor and RGW listen on free ports picked at start, so two clusters (two runs) coexist;
# the OSD takes the first free ones from 6800 up, as Ceph does. RGW's data pools are made before
# the user, so no test pays for pool creation (seconds each) on its first bucket or part.
#
# HOIST_RGW_BLOCK_GIB (default 10) sizes the sparse block file: a benchmark that writes more than
# about 9 GiB needs more (a full OSD blocks every write, and RGW's answers with it).
# `start` first kills whatever a previous run left in DIR (pids recorded in DIR/pids, plus any
# process whose command line names DIR/ceph.conf), and gives up after HOIST_RGW_TIMEOUT seconds
# (default 120) with the log tail of the daemon that did not come up. `--watch-parent` leaves a
# watchdog that stops the cluster when the calling process (ctest) is gone, so an interrupted run
# leaves no daemon behind either.
# Measured on the 2-core machine, loaded by parallel builds: start in 8-14 s, cold or warm (7 s
# idle), stop in about 1 s; the three daemons 145 MB resident once up, 490 MB after a 1 GiB object
# went up and down; DIR 45 MB on disk once up (10 GiB apparent: the sparse block file), plus what
# is stored.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../fixture.sh"

usage() {
  echo "usage: $0 start DIR [--watch-parent] | stop DIR | kill-rgw DIR | restart-rgw DIR" >&2
  exit 2
}

[ $# -ge 2 ] || usage
command=$1
dir=$(realpath -m -- "$2")
shift 2
[ "$dir" != / ] || usage

conf=$dir/ceph.conf
REGION=us-east-1
ACCESS_KEY=HOISTTESTACCESSKEY01
SECRET_KEY=hoist-test-secret-key-not-for-production-use
USER_ID=hoist
# Pools RGW makes at start, and those it would make on the first bucket and multipart upload.
POOLS=(.rgw.root default.rgw.log default.rgw.control default.rgw.meta
  default.rgw.buckets.index default.rgw.buckets.data default.rgw.buckets.non-ec)
PG_NUM=8

say() { echo "rgw.sh: $*" >&2; }

# Process $1's command line, one argument a line in the array `args` (no fork: /proc is scanned).
read_args() {
  args=()
  [ -r "/proc/$1/cmdline" ] && mapfile -d '' args <"/proc/$1/cmdline" 2>/dev/null
}

# True when process $1 is alive and one of this cluster's: a daemon or client started with
# -c DIR/ceph.conf (this script's own command line names DIR, never DIR/ceph.conf).
ours() {
  local arg
  read_args "$1" || return 1
  for arg in "${args[@]}"; do [ "$arg" != "$conf" ] || return 0; done
  return 1
}

# Every live process of this cluster: the recorded ones and any the records lost.
cluster_pids() {
  local f pid
  for f in "$dir"/pids/*.pid /proc/[0-9]*/cmdline; do
    case $f in
    /proc/*) pid=${f#/proc/} pid=${pid%/cmdline} ;;
    *) pid=$(cat "$f" 2>/dev/null) || continue ;;
    esac
    [[ "$pid" =~ ^[0-9]+$ ]] && ours "$pid" && echo "$pid"
  done | sort -un
}

kill_cluster() {
  local pids=() live pid waited=0
  watchdog_kill "$dir/pids/watchdog.pid" "$dir"
  # TERM in reverse order of start (RGW, OSD, monitor), so each can still tell the monitor.
  for name in rgw osd mon; do
    pid=$(cat "$dir/pids/$name.pid" 2>/dev/null || true)
    if [[ "$pid" =~ ^[0-9]+$ ]] && ours "$pid"; then
      kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
    fi
  done
  mapfile -t -O ${#pids[@]} pids < <(cluster_pids)
  [ ${#pids[@]} -eq 0 ] || kill -TERM "${pids[@]}" 2>/dev/null || true
  while [ $waited -lt 100 ]; do
    live=()
    for pid in "${pids[@]}"; do ! ours "$pid" || live+=("$pid"); done
    [ ${#live[@]} -gt 0 ] || return 0
    sleep 0.1
    waited=$((waited + 1))
  done
  say "killing ${live[*]}: still running 10 s after SIGTERM"
  kill -KILL "${live[@]}" 2>/dev/null || true
}

stop_cluster() {
  kill_cluster
  rm -rf -- "$dir"
}

now() { date +%s; }
remaining() { echo $((deadline - $(now))); }
# Seconds left for one command: at least 1 (`timeout 0` would mean none).
left() {
  local n
  n=$(remaining)
  echo $((n > 0 ? n : 1))
}

show_logs() {
  local log
  for log in "$@"; do
    [ -s "$log" ] || continue
    echo "---- last lines of $log" >&2
    tail -n "${lines:-40}" "$log" >&2
  done
}

# Fails the start: the message, then the last lines of the given logs.
fail() {
  local message=$1
  shift
  if [ -n "${deadline:-}" ] && [ "$(remaining)" -le 0 ] && [[ "$message" != *within* ]]; then
    message="$message (the ${limit}s deadline, HOIST_RGW_TIMEOUT, has passed)"
  fi
  say "$message"
  show_logs "$@"
  reported=1
  exit 1
}

# A ceph or radosgw-admin command against this cluster, bounded by the deadline (a client that
# finds no monitor retries for ever).
client() {
  timeout "$(left)" "$1" -c "$conf" "${@:2}"
}

# bounded WHAT OUTPUT [LOG] -- COMMAND: runs COMMAND (output to OUTPUT) within the deadline.
bounded() {
  local what=$1 output=$2 logs=("$2") status=0
  shift 2
  while [ "$1" != -- ]; do
    logs+=("$1")
    shift
  done
  shift
  timeout "$(left)" "$@" >"$output" 2>&1 || status=$?
  [ $status -ne 124 ] || fail "$what did not finish within ${limit}s" "${logs[@]}"
  [ $status -eq 0 ] || fail "$what failed (status $status)" "${logs[@]}"
}

# Starts a daemon in the foreground of its own session, output to DIR/log/NAME.out, pid recorded.
launch() {
  local name=$1
  shift
  setsid "$@" -f -c "$conf" </dev/null >"$dir/log/$name.out" 2>&1 &
  echo $! >"$dir/pids/$name.pid"
}

# True when every daemon named (mon, osd, rgw) still runs; names the first that does not.
alive() {
  local name pid
  for name in $1; do
    pid=$(cat "$dir/pids/$name.pid")
    kill -0 "$pid" 2>/dev/null || {
      dead=$name
      return 1
    }
  done
}

# A daemon's log and what it printed.
daemon_logs() {
  case $1 in
  mon) printf '%s\n' "$dir/log/mon.a.log" "$dir/log/mon.out" ;;
  osd) printf '%s\n' "$dir/log/osd.0.log" "$dir/log/osd.out" ;;
  rgw) printf '%s\n' "$dir/log/client.rgw.log" "$dir/log/rgw.out" ;;
  esac
}

# wait_until "DAEMONS" COMMAND...: runs COMMAND every 0.2 s until it succeeds; fails with the
# logs of a daemon that died, or of all of them when the deadline passed.
wait_until() {
  local names=$1 name logs=()
  shift
  until "$@" >/dev/null 2>&1; do
    if ! alive "$names"; then
      mapfile -t logs < <(daemon_logs "$dead")
      fail "$dead exited while starting" "${logs[@]}"
    fi
    if [ "$(remaining)" -le 0 ]; then
      for name in $names; do mapfile -t -O ${#logs[@]} logs < <(daemon_logs "$name"); done
      lines=20 fail "${names%% *} did not come up within ${limit}s" "${logs[@]}"
    fi
    sleep 0.2
  done
}

s3_answers() {
  curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$rgw_port/" | grep -q '^200$'
}

write_conf() {
  local fsid=$1
  cat >"$conf" <<EOF
# Made by tests/support/rgw/rgw.sh for one test run; everything lives in $dir.
[global]
fsid = $fsid
mon_host = v2:127.0.0.1:$mon_port
public_addr = 127.0.0.1
cluster_addr = 127.0.0.1
ms_bind_msgr1 = false
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
keyring = $dir/keyring
osd_pool_default_size = 1
osd_pool_default_min_size = 1
mon_allow_pool_size_one = true
osd_crush_chooseleaf_type = 0
osd_pool_default_pg_num = $PG_NUM
osd_pool_default_pgp_num = $PG_NUM
osd_pool_default_pg_autoscale_mode = off
run_dir = $dir/run
admin_socket = $dir/run/\$name.asok
log_file = $dir/log/\$name.log
crash_dir = $dir/crash
# One node, no manager: nothing to wait for between map changes.
paxos_propose_interval = 0.05
mon_warn_on_pool_no_redundancy = false
mon_warn_on_insecure_global_id_reclaim_allowed = false

[mon]
mon_data = $dir/mon/\$id
mon_cluster_log_file = $dir/log/\$cluster.\$channel.log

[osd]
osd_data = $dir/osd/\$id
osd_objectstore = bluestore
bluestore_block_create = true
bluestore_block_size = $((${HOIST_RGW_BLOCK_GIB:-10} * 1073741824))
osd_memory_target = 1073741824
# BlueStore opens and closes the block file a dozen times while starting, each close waiting out
# one poll of its aio thread (250 ms by default).
bdev_aio_poll_ms = 20
bluestore_fsck_on_mkfs = false

[client]
ms_mon_client_mode = crc

[client.rgw]
rgw_frontends = beast endpoint=127.0.0.1:$rgw_port
rgw_data = $dir/rgw
# Virtual-hosted style too: Host BUCKET.localhost:PORT names BUCKET; 127.0.0.1 stays path-style.
rgw_dns_name = localhost
EOF
}

start_cluster() {
  local watch=0 fsid osd_uuid t0
  for arg in "$@"; do
    case $arg in
    --watch-parent) watch=1 ;;
    *) usage ;;
    esac
  done
  limit=${HOIST_RGW_TIMEOUT:-120}
  t0=$(now)
  deadline=$((t0 + limit))
  for tool in ceph-mon ceph-osd radosgw radosgw-admin ceph monmaptool curl /usr/bin/python3; do
    command -v "$tool" >/dev/null || fail "$tool is missing: run scripts/setup.sh"
  done

  stop_cluster # a previous run's leftovers in DIR
  mkdir -p "$dir"/{pids,log,run,crash,mon/a,osd/0,rgw}
  # On failure: no daemon left; the folder stays for its logs until `stop` (or the next start).
  reported=0
  trap 'exit 143' TERM INT HUP
  trap 'status=$?
    if [ $status -ne 0 ]; then
      [ $reported = 1 ] || { say "failed (status $status)"; lines=15 show_logs "$dir"/log/*; }
      kill_cluster
    fi' EXIT

  mon_port=$(free_port)
  rgw_port=$(free_port)
  while [ "$rgw_port" = "$mon_port" ]; do rgw_port=$(free_port); done
  fsid=$(cat /proc/sys/kernel/random/uuid)
  write_conf "$fsid"

  # The monitor: a monmap of one, a store, then the daemon.
  monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$mon_port]" "$dir/monmap" >/dev/null ||
    fail "monmaptool failed"
  bounded "ceph-mon --mkfs" "$dir/log/mon-mkfs.out" "$dir/log/mon.a.log" -- \
    ceph-mon -c "$conf" -i a --mkfs --monmap "$dir/monmap"
  launch mon ceph-mon -i a
  wait_until mon client ceph --connect-timeout 5 mon stat

  # The OSD: registered with the monitor, bluestore made on the sparse file, then the daemon.
  # Meanwhile RGW's pools, from one client (each `ceph` start costs most of a second; RGW would
  # make them one by one, the last ones on first use).
  osd_uuid=$(cat /proc/sys/kernel/random/uuid)
  [ "$(client ceph osd new "$osd_uuid" 2>"$dir/log/osd-new.out")" = 0 ] ||
    fail "ceph osd new did not give osd.0" "$dir/log/osd-new.out" "$dir/log/mon.a.log"
  for pool in "${POOLS[@]}"; do
    printf 'osd pool create %s %s\nosd pool application enable %s rgw\n' "$pool" "$PG_NUM" "$pool"
  done | client ceph >"$dir/log/pools.out" 2>&1 &
  pools_pid=$!
  bounded "ceph-osd --mkfs" "$dir/log/osd-mkfs.out" "$dir/log/osd.0.log" -- \
    ceph-osd -c "$conf" -i 0 --mkfs --osd-uuid "$osd_uuid"
  launch osd ceph-osd -i 0
  status=0
  wait "$pools_pid" || status=$?
  [ $status -ne 124 ] || fail "creating RGW's pools did not finish within ${limit}s" "$dir/log/pools.out"
  [ $status -eq 0 ] || fail "creating RGW's pools failed" "$dir/log/pools.out" "$dir/log/mon.a.log"
  [ "$(grep -c "^pool '.*' created" "$dir/log/pools.out")" = ${#POOLS[@]} ] ||
    fail "RGW's pools were not all created" "$dir/log/pools.out" "$dir/log/mon.a.log"

  # RGW answers once the OSD is up and serves its pools.
  launch rgw radosgw -n client.rgw
  wait_until "rgw osd mon" s3_answers

  client radosgw-admin -n client.admin user create --uid="$USER_ID" --display-name="$USER_ID" \
    --access-key="$ACCESS_KEY" --secret-key="$SECRET_KEY" >"$dir/log/user.out" 2>&1 ||
    fail "radosgw-admin user create failed" "$dir/log/user.out"

  cat >"$dir/rgw.env.tmp" <<EOF
# The Ceph RGW of this test run (tests/support/rgw/rgw.sh); shell syntax, one KEY=VALUE a line.
HOIST_S3_ENDPOINT=http://127.0.0.1:$rgw_port
HOIST_S3_REGION=$REGION
HOIST_S3_ACCESS_KEY=$ACCESS_KEY
HOIST_S3_SECRET_KEY=$SECRET_KEY
EOF
  mv "$dir/rgw.env.tmp" "$dir/rgw.env"

  if [ $watch = 1 ]; then
    watchdog_start "$0" "$dir" "$PPID" "$dir/pids/watchdog.pid"
  fi
  say "RGW on http://127.0.0.1:$rgw_port (monitor on $mon_port), up in $(($(now) - t0)) s; env in $dir/rgw.env"
}

# SIGKILL to radosgw, as a crash; returns once it is gone (within 10 s).
kill_rgw() {
  local pid waited=0
  pid=$(cat "$dir/pids/rgw.pid" 2>/dev/null || true)
  [[ "$pid" =~ ^[0-9]+$ ]] && ours "$pid" || return 0
  kill -KILL "$pid" 2>/dev/null || true
  while ours "$pid" && [ $waited -lt 100 ]; do
    sleep 0.1
    waited=$((waited + 1))
  done
  ! ours "$pid" || fail "radosgw ($pid) still runs 10 s after SIGKILL"
}

# radosgw again, on the port the config names, the rest of the cluster as it was.
restart_rgw() {
  [ -r "$conf" ] || fail "no cluster in $dir (rgw.sh start first)"
  limit=${HOIST_RGW_TIMEOUT:-120}
  deadline=$(($(now) + limit))
  reported=0
  kill_rgw
  rgw_port=$(sed -n 's/^rgw_frontends = beast endpoint=127\.0\.0\.1:\([0-9]*\)$/\1/p' "$conf")
  [ -n "$rgw_port" ] || fail "no RGW port in $conf"
  launch rgw radosgw -n client.rgw
  wait_until "rgw osd mon" s3_answers
}

# Stops the cluster once process $1 (the caller of `start --watch-parent`) has gone.
watch_parent() {
  ! watchdog_wait "$1" "$dir" || stop_cluster
  exit 0
}

case $command in
start) start_cluster "$@" ;;
stop)
  [ $# -eq 0 ] || usage
  stop_cluster
  ;;
watch) watch_parent "$@" ;;
kill-rgw)
  [ $# -eq 0 ] || usage
  kill_rgw
  ;;
restart-rgw)
  [ $# -eq 0 ] || usage
  restart_rgw
  ;;
*) usage ;;
esac
