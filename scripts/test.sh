#!/usr/bin/env bash
# Installs what is missing, builds everything in build/ and runs every test. The last line of
# output is ctest's summary; the exit status is ctest's.
#   --sanitize  the same with AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer
#               (GCC, -O1 -g) in build-sanitize/ (see tests/sanitize/sanitize.cmake)
set -euo pipefail
cd "$(dirname "$0")/.."

build=build
config=(-DCMAKE_BUILD_TYPE=Release)
case "${1:-}" in
"") ;;
--sanitize)
    # -O1 -g: reports with whole stacks and lines. NDEBUG and QT_NO_DEBUG as in the Release
    # build, so both run the same code.
    build=build-sanitize
    config=(-DHOIST_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
        "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g -DNDEBUG")
    ;;
*)
    echo "usage: $0 [--sanitize]" >&2
    exit 2
    ;;
esac

bash scripts/setup.sh
cmake -S . -B "$build" -G Ninja "${config[@]}" >/dev/null
cmake --build "$build"

# Two cores: two test programs at once. Each starts its own servers on free ports.
export QT_QPA_PLATFORM=offscreen
log="$build/ctest.log"
set +e
(cd "$build" && ctest --output-on-failure -j2) 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# ctest ends with the time taken (and, on failure, the list of failures): repeat its summary
# ("N% tests passed, M tests failed out of K") so it is the last line whatever happened.
summary="$(grep -E '^[0-9]+% tests passed' "$log" | tail -n 1 || true)"
echo "${summary:-ctest: no summary (status $status)}"
exit "$status"
