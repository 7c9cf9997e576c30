#!/usr/bin/env bash
# Installs what is missing, builds everything in build/ and runs every test. The last line of
# output is ctest's summary; the exit status is ctest's.
#   --sanitize        the same with AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer
#                     (GCC, -O1 -g1) in build-sanitize/ (see tests/sanitize/sanitize.cmake)
#   --with-sanitized  the plain suite, then the sanitized one (for CI once that runs green),
#                     through ccache if there is one: both always run; the plain summary is
#                     repeated before the sanitized one, which is the last line; the exit
#                     status is the plain suite's if it failed, else the sanitized one's
set -euo pipefail
cd "$(dirname "$0")/.."

plain=(build -DCMAKE_BUILD_TYPE=Release)
# -O1 -g1: reports with function names, files and lines (-g1 has the line tables, not the local
# variables, and costs a quarter less compile time than -g). NDEBUG and QT_NO_DEBUG as in the
# Release build, so both run the same code.
sanitized=(build-sanitize -DHOIST_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")

# The summary line ctest wrote into BUILD/ctest.log ("N% tests passed, M tests failed out of K").
summary() {
    local line
    line="$(grep -E '^[0-9]+% tests passed' "$1/ctest.log" 2>/dev/null | tail -n 1 || true)"
    echo "${line:-ctest: no summary in $1/ctest.log}"
}

# suite BUILD CMAKE-ARGS...: configures and builds BUILD, runs ctest there into BUILD/ctest.log and
# ends with its summary line; returns ctest's status (or the build's, if that failed).
suite() {
    local build=$1 status
    shift
    rm -f "$build/ctest.log"
    cmake -S . -B "$build" -G Ninja "$@" >/dev/null || return
    cmake --build "$build" || return
    # Two cores: two test programs at once. Each starts its own servers on free ports.
    set +e
    (cd "$build" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j2) 2>&1 |
        tee "$build/ctest.log"
    status=${PIPESTATUS[0]}
    set -e
    # ctest ends with the time taken (and, on failure, the list of failures): repeat its summary
    # so it is the last line whatever happened.
    summary "$build"
    return "$status"
}

case "${1:-}" in
"")
    bash scripts/setup.sh
    suite "${plain[@]}"
    ;;
--sanitize)
    bash scripts/setup.sh
    suite "${sanitized[@]}"
    ;;
--with-sanitized)
    bash scripts/setup.sh
    # The test programs' own code is compiled alike in both trees (CMakeLists.txt, HOIST_SANITIZE):
    # through ccache the sanitized build takes it from the plain one, even from an empty cache.
    # CCACHE_BASEDIR makes the two trees' paths alike.
    launcher=()
    if command -v ccache >/dev/null; then
        export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
        launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    fi
    first=0
    suite "${plain[@]}" "${launcher[@]}" || first=$?
    second=0
    suite "${sanitized[@]}" "${launcher[@]}" || second=$?
    echo "plain: $(summary build)"
    summary build-sanitize
    exit $((first != 0 ? first : second))
    ;;
*)
    echo "usage: $0 [--sanitize | --with-sanitized]" >&2
    exit 2
    ;;
esac
