#!/usr/bin/env bash
# Fuzz every target under tests/fuzz with clang's libFuzzer, AddressSanitizer and UBSan:
#   bash scripts/fuzz.sh SECONDS [TARGET...]
# (SECONDS 0: only build them.)
# Builds into build-fuzz/ (its own folder: every library the targets link is compiled with
# -fsanitize=fuzzer-no-link,address,undefined too), then runs each target (all of them, or the
# ones named) for SECONDS, one after another (HOIST_FUZZ_PARALLEL=2: two at once), under
# `nice -n 10`. New inputs that reach new code are kept in build-fuzz/corpus/TARGET (kept between
# runs; fold them into tests/fuzz with libFuzzer's -merge=1 when they are worth keeping), findings
# (crash-*, leak-*, timeout-*, oom-*) in build-fuzz/findings/TARGET/ (the run before's in
# TARGET.previous). Exits non-zero when any target found something.
# 600 seconds a target is the recommended run before a release.
set -euo pipefail

usage() { echo "usage: bash scripts/fuzz.sh SECONDS [TARGET...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
seconds=$1
shift
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

root=$(cd "$(dirname "$0")/.." && pwd)
build=${HOIST_FUZZ_BUILD:-$root/build-fuzz}
command -v clang++ >/dev/null || { echo "fuzz: clang++ is missing: bash scripts/setup.sh" >&2; exit 2; }

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for source in "$root"/tests/fuzz/fuzz_*.cpp; do
    name=$(basename "$source" .cpp)
    [ "$name" = fuzz_driver ] || targets+=("$name")
  done
fi

flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
nice -n 10 cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS="$flags" -DHOIST_LIBFUZZER=ON >/dev/null
nice -n 10 cmake --build "$build" -j"${HOIST_FUZZ_JOBS:-2}" --target "${targets[@]}"
[ "$seconds" -gt 0 ] || exit 0 # libFuzzer would take -max_total_time=0 as no limit

# The corpus a target starts from: tests/fuzz/corpus-NAME (fuzz_tuswire's is tests/fuzz/corpus).
seeds() {
  local name=$1
  if [ -d "$root/tests/fuzz/corpus-${name#fuzz_}" ]; then
    echo "$root/tests/fuzz/corpus-${name#fuzz_}"
  else
    echo "$root/tests/fuzz/corpus"
  fi
}

# LeakSanitizer stays on; Qt's own one-time allocations at exit are not leaks of ours.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export QT_QPA_PLATFORM=offscreen

# One target for $seconds; its verdict in $build/NAME.verdict.
run_target() {
  local name=$1 corpus=$build/corpus/$1 findings=$build/findings/$1 status=0
  # The last run's findings move aside (findings/NAME.previous), so a fixed one stops failing.
  if [ -d "$findings" ]; then
    rm -rf "$findings.previous"
    mv "$findings" "$findings.previous"
  fi
  mkdir -p "$corpus" "$findings"
  echo "fuzz: $name for ${seconds} s" >&2
  nice -n 10 "$build/tests/fuzz/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "$(seeds "$name")" \
    2>"$build/$name.log" || status=$?
  grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$build/$name.log" | sed "s/^/fuzz: $name /" >&2 || true
  if [ $status -ne 0 ] || compgen -G "$findings/*" >/dev/null; then
    echo "fuzz: $name FOUND something (exit $status): see $build/$name.log and $findings/" >&2
    echo found >"$build/$name.verdict"
  else
    echo clean >"$build/$name.verdict"
  fi
}

# HOIST_FUZZ_PARALLEL targets at once (default 1; more than the cores only slows each down).
parallel=${HOIST_FUZZ_PARALLEL:-1}
running=0
for name in "${targets[@]}"; do
  rm -f "$build/$name.verdict"
  if [ "$running" -ge "$parallel" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  run_target "$name" &
  running=$((running + 1))
done
wait

failed=()
for name in "${targets[@]}"; do
  [ "$(cat "$build/$name.verdict" 2>/dev/null)" = clean ] || failed+=("$name")
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: no findings in ${#targets[@]} targets, ${seconds} s each" >&2
