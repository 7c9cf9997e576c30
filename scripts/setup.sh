#!/usr/bin/env bash
# Installs every Debian and npm package Hoist's build, app, tests and benchmarks need.
# (rclone and awscli: the S3 peers of bench/peers.sh and bench/s3.sh.)
# Idempotent and quiet; safe to run again. Needs root (or sudo) for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite libqt6svg6 libgl1-mesa-dev
  libssl-dev libmicrohttpd-dev libcurl4-openssl-dev qtkeychain-qt6-dev
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n python3
  nodejs npm curl time
  nginx
  radosgw ceph-mon ceph-osd ceph-common awscli rclone
  postgresql libpq-dev
  xvfb xauth xdotool imagemagick fonts-dejavu-core fonts-wqy-zenhei
  desktop-file-utils dbus clang-format
  clang libclang-rt-dev # scripts/fuzz.sh: libFuzzer, ASan and UBSan
  apache2 apache2-utils # WebDAV targets' tests: Apache mod_dav with basic auth
  libssh-dev openssh-server # SFTP targets (core/sftp) and their tests' sshd
  ccache # scripts/test.sh: the test programs compiled once for both trees
)

# `--app` (scripts/run.sh): only what building and running Hoist needs; no Node.js, no test peers.
# qt6-tools-dev/qt6-l10n-tools: lupdate and lrelease (the translations are compiled into the
# binary); qt6-translations-l10n: Qt's own texts (standard buttons) in the chosen language.
# libpq-dev: hoistd's index in PostgreSQL (server/storage/pg) is built with it.
APP_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite libqt6svg6 libgl1-mesa-dev
  libssl-dev libmicrohttpd-dev libpq-dev libcurl4-openssl-dev qtkeychain-qt6-dev
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  libssh-dev # SFTP targets (core/sftp)
)
APP_ONLY=0
if [ "${1:-}" = "--app" ]; then
  APP_ONLY=1
  DEBIAN_PACKAGES=("${APP_PACKAGES[@]}")
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node/npm may come from outside Debian (e.g. NodeSource): accept any working ones.
if command -v node >/dev/null && command -v npm >/dev/null; then
  tmp=()
  for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || tmp+=("$p"); done
  missing=("${tmp[@]+"${tmp[@]}"}")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  # nginx is only the benchmark's ceiling (bench/server.sh runs its own with a generated config),
  # the Ceph daemons are the S3 tests' peer (tests/support/rgw/rgw.sh runs its own cluster) and
  # PostgreSQL the index tests' (tests/support/pg/pg.sh runs its own server as `postgres`):
  # keep their packages from starting system services. Debian's maintainer scripts ask
  # policy-rc.d; a temporary one that says no, unless the machine already has one (containers do).
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod 755 "$policy"
    trap '$SUDO rm -f "$policy"' EXIT
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # postgresql-common makes a "main" cluster on install; policy-rc.d keeps it from starting, but
  # where a policy allows services, stop what this install started (never a cluster that ran
  # before: postgresql was not installed then).
  if [[ " ${missing[*]} " == *" postgresql "* ]] && command -v pg_lsclusters >/dev/null; then
    pg_lsclusters -h 2>/dev/null | awk '$4 == "online" { print $1, $2 }' |
      while read -r version cluster; do
        $SUDO pg_ctlcluster "$version" "$cluster" stop || true
      done
  fi
fi

[ "$APP_ONLY" = 1 ] && exit 0

# npm packages for the test fixtures and the benchmark (the third-party tus server and reference client).
if [ ! -f tests/node/node_modules/.hoist-installed ] || [ tests/node/package.json -nt tests/node/node_modules/.hoist-installed ]; then
  echo "setup: installing npm packages in tests/node" >&2
  (cd tests/node && npm install --no-audit --no-fund --loglevel=error >/dev/null)
  touch tests/node/node_modules/.hoist-installed
fi
