#!/usr/bin/env bash
# Installs what is missing, builds everything in build/ and runs every test. The last line of
# output is ctest's summary; the exit status is ctest's.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build

# Two cores: two test programs at once. Each starts its own servers on free ports.
export QT_QPA_PLATFORM=offscreen
log="build/ctest.log"
set +e
(cd build && ctest --output-on-failure -j2) 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# ctest ends with the time taken (and, on failure, the list of failures): repeat its summary
# ("N% tests passed, M tests failed out of K") so it is the last line whatever happened.
summary="$(grep -E '^[0-9]+% tests passed' "$log" | tail -n 1 || true)"
echo "${summary:-ctest: no summary (status $status)}"
exit "$status"
