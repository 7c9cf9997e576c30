#!/usr/bin/env bash
# `cmake --install` into a temporary DESTDIR: the programs, the launcher entry and its icon land
# where a desktop looks for them, the entry passes desktop-file-validate, and the installed
# programs run. Usage: tst_install.sh BUILD_DIR
set -euo pipefail
build=$1
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
prefix=/usr/local
fail() { echo "FAIL: $*" >&2; exit 1; }

DESTDIR="$dest" cmake --install "$build" --prefix "$prefix" >"$dest/install.log" ||
  { cat "$dest/install.log" >&2; fail "cmake --install failed"; }
root="$dest$prefix"
for f in bin/hoist bin/hoistd share/applications/hoist.desktop \
         share/icons/hicolor/scalable/apps/hoist.svg lib/systemd/user/hoist-watch@.service \
         share/doc/hoist/hoist-watch.env.example; do
  [ -e "$root/$f" ] || fail "$prefix/$f was not installed"
done
[ -x "$root/bin/hoist" ] && [ -x "$root/bin/hoistd" ] || fail "the programs are not executable"

command -v desktop-file-validate >/dev/null || fail "desktop-file-validate missing (scripts/setup.sh installs desktop-file-utils)"
out=$(desktop-file-validate "$root/share/applications/hoist.desktop" 2>&1) ||
  fail "hoist.desktop does not validate: $out"
[ -z "$out" ] || fail "desktop-file-validate warns: $out"
# The entry starts the installed program by name and shows the installed icon.
grep -qx 'Exec=hoist %F' "$root/share/applications/hoist.desktop" || fail "Exec is not 'hoist %F'"
grep -qx 'Icon=hoist' "$root/share/applications/hoist.desktop" || fail "Icon is not 'hoist'"
head -c 200 "$root/share/icons/hicolor/scalable/apps/hoist.svg" | grep -q '<svg\|<?xml' || fail "the icon is not SVG"

# The watch unit starts the installed hoist, headless, on the folder of its environment file.
grep -q "^ExecStart=$prefix/bin/hoist --headless --watch \${HOIST_WATCH_DIR} " \
  "$root/lib/systemd/user/hoist-watch@.service" || fail "hoist-watch@.service does not run $prefix/bin/hoist"
if command -v systemd-analyze >/dev/null; then
  out=$(systemd-analyze --user verify "$root/lib/systemd/user/hoist-watch@.service" 2>&1 | grep -v -e 'EnvironmentFile' -e 'not executable' -e 'No such file' -e 'Failed to' || true)
  [ -z "$out" ] || echo "note: systemd-analyze: $out" >&2
fi

# The installed programs run from where they were installed.
# Their output is read whole before it is searched: `grep -q` leaves at the first match, and a
# program still writing then dies of SIGPIPE, which pipefail would count as a failure.
version=$("$root/bin/hoist" --version 2>&1) || fail "installed hoist --version: $version"
grep -q '^hoist ' <<<"$version" || fail "installed hoist --version: $version"
help=$("$root/bin/hoistd" --help 2>&1) || fail "installed hoistd --help: $help"
grep -q -- '--named-dir' <<<"$help" || fail "installed hoistd --help does not name --named-dir"
echo "PASS: installed $(cd "$root" && find . -type f | sort | tr '\n' ' ')"
