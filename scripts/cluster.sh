#!/usr/bin/env bash
# A local hoistd cluster to try (issue 20): PostgreSQL 15 for the records, a one-node Ceph RGW for
# the bytes, N hoistd instances (default 3) on both, and nginx in front, round robin with no
# stickiness. Prints the URL to give Hoist, then runs until Ctrl-C, which stops everything and
# removes the cluster's folder.
#
#   scripts/cluster.sh [--instances N] [--port PORT] [--dir DIR] [--keep]
#
#   --instances N  hoistd instances behind nginx (default 3)
#   --port PORT    nginx's port on 127.0.0.1 (default 1080)
#   --dir DIR      the cluster's folder (default a new /tmp/hoist-cluster.XXXXXX); --keep leaves it
#
# Each piece is the test suite's own: tests/support/pg/pg.sh starts a private PostgreSQL (its data,
# socket folder and port its own, never the system's cluster), tests/support/rgw/rgw.sh the Ceph
# cluster, tests/support/nginx/front.conf.in is nginx's configuration. Missing Debian packages
# are installed through scripts/setup.sh; hoistd is built in build/ (HOIST_BUILD_DIR) when absent.
# Everything listens on loopback only: this is for trying, not for production (see the README).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${HOIST_BUILD_DIR:-$root/build}
hoistd=$build/server/hoistd
instances=3
port=1080
dir=
keep=0
bucket=hoist
database=hoist

usage() {
  echo "usage: $0 [--instances N] [--port PORT] [--dir DIR] [--keep]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
  --instances) instances=${2:?}; shift 2 ;;
  --port) port=${2:?}; shift 2 ;;
  --dir) dir=${2:?}; shift 2 ;;
  --keep) keep=1; shift ;;
  *) usage ;;
  esac
done
[[ $instances =~ ^[1-9][0-9]?$ ]] || usage
[[ $port =~ ^[0-9]+$ ]] || usage

say() { echo "cluster.sh: $*" >&2; }

# What the cluster needs; scripts/setup.sh installs all of it (and more) when a piece is missing.
if ! command -v nginx >/dev/null || ! command -v radosgw >/dev/null ||
  [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then
  say "installing nginx, Ceph and PostgreSQL through scripts/setup.sh"
  bash "$root/scripts/setup.sh"
fi
if [ ! -x "$hoistd" ]; then
  say "building hoistd in $build"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" --target hoistd
fi

[ -n "$dir" ] || dir=$(mktemp -d /tmp/hoist-cluster.XXXXXX)
mkdir -p "$dir"
dir=$(realpath -- "$dir")
pids=()
nginx_pid=

cleanup() {
  trap - EXIT INT TERM
  say "stopping"
  [ -z "$nginx_pid" ] || kill -TERM "$nginx_pid" 2>/dev/null || true
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}" $nginx_pid; do wait "$pid" 2>/dev/null || true; done
  [ ! -d "$dir/pg" ] || bash "$root/tests/support/pg/pg.sh" stop "$dir/pg" || true
  [ ! -d "$dir/rgw" ] || bash "$root/tests/support/rgw/rgw.sh" stop "$dir/rgw" || true
  if [ "$keep" = 1 ]; then say "kept $dir"; else rm -rf "$dir"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "starting PostgreSQL and the Ceph RGW (a minute at most)"
bash "$root/tests/support/pg/pg.sh" start "$dir/pg" --watch-parent
bash "$root/tests/support/rgw/rgw.sh" start "$dir/rgw" --watch-parent
# shellcheck disable=SC1091
source "$dir/pg/pg.env"
# shellcheck disable=SC1091
source "$dir/rgw/rgw.env"

# The database hoistd migrates, and the bucket it keeps the bytes in.
PGPASSWORD=$HOIST_PG_PASSWORD psql -X -q -h "$HOIST_PG_HOST" -p "$HOIST_PG_PORT" \
  -U "$HOIST_PG_USER" -d postgres -c "CREATE DATABASE $database" >/dev/null
AWS_ACCESS_KEY_ID=$HOIST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$HOIST_S3_SECRET_KEY \
  aws --endpoint-url "$HOIST_S3_ENDPOINT" --region "$HOIST_S3_REGION" \
  s3api create-bucket --bucket "$bucket" >/dev/null

# The keys through the environment and the password through PGPASSWORD: neither on a command line
# that `ps` shows.
export AWS_ACCESS_KEY_ID=$HOIST_S3_ACCESS_KEY
export AWS_SECRET_ACCESS_KEY=$HOIST_S3_SECRET_KEY
export PGPASSWORD=$HOIST_PG_PASSWORD
index="postgresql://$HOIST_PG_USER@$HOIST_PG_HOST:$HOIST_PG_PORT/$database"
servers=
for i in $(seq 1 "$instances"); do
  mkdir -p "$dir/hoistd$i"
  # Behind the front every client has nginx's address: no per-address limit of hoistd's own.
  "$hoistd" --listen 127.0.0.1:0 --data "$dir/hoistd$i" \
    --store "s3://$bucket/uploads" --s3-endpoint "$HOIST_S3_ENDPOINT" \
    --region "$HOIST_S3_REGION" --index "$index" --max-connections-per-address 0 \
    >"$dir/hoistd$i/out.log" 2>"$dir/hoistd$i/hoistd.log" &
  pids+=($!)
  for _ in $(seq 1 300); do
    grep -q '^listening ' "$dir/hoistd$i/out.log" 2>/dev/null && break
    kill -0 "${pids[-1]}" 2>/dev/null || { cat "$dir/hoistd$i/hoistd.log" >&2; exit 1; }
    sleep 0.1
  done
  instance_port=$(sed -n 's/^listening .*:\([0-9]*\)$/\1/p' "$dir/hoistd$i/out.log")
  [ -n "$instance_port" ] || { say "hoistd $i did not start"; exit 1; }
  servers+="    server 127.0.0.1:$instance_port max_fails=1 fail_timeout=10s;"$'\n'
  say "hoistd $i on 127.0.0.1:$instance_port (log: $dir/hoistd$i/hoistd.log)"
done

mkdir -p "$dir/nginx/temp"
user=
[ "$(id -u)" != 0 ] || user="user $(id -un) $(id -gn);"
python3 - "$root/tests/support/nginx/front.conf.in" "$dir/nginx/nginx.conf" <<EOF
import sys
text = open(sys.argv[1]).read()
for name, value in {"ROOT": "$dir/nginx", "PORT": "$port", "USER": "$user",
                    "SERVERS": """$servers""", "GENERATION": "1", "REQUEST_BUFFERING": "off"}.items():
    text = text.replace("@" + name + "@", value)
open(sys.argv[2], "w").write(text)
EOF
nginx -p "$dir/nginx" -c "$dir/nginx/nginx.conf" -e "$dir/nginx/error.log" &
nginx_pid=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/__front/generation" >/dev/null 2>&1 && break
  kill -0 "$nginx_pid" 2>/dev/null || { cat "$dir/nginx/error.log" >&2; exit 1; }
  sleep 0.1
done

cat <<EOF

  The cluster is up: $instances hoistd instances behind nginx (round robin), bytes in the bucket
  "$bucket" on $HOIST_S3_ENDPOINT, records in PostgreSQL ($HOIST_PG_USER@$HOIST_PG_HOST:$HOIST_PG_PORT/$database).

  Give Hoist this server:   http://127.0.0.1:$port/files/
  For example:              hoist --headless --endpoint http://127.0.0.1:$port/files/ FILES...
  Metrics of instance 1:    curl http://$(sed -n 's/^listening //p' "$dir/hoistd1/out.log")/metrics
  Folder (logs, data):      $dir

  Ctrl-C stops everything.
EOF
wait "$nginx_pid"
