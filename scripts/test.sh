#!/usr/bin/env bash
# Installs what is missing, builds and runs every test: the plain suite in build/, then the same
# suite built with AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer (GCC, -O1 -g1)
# in build-sanitize/ (see tests/sanitize/sanitize.cmake). Both always run; the plain summary is
# repeated before the sanitized one, which is the last line of output; the exit status is the
# plain suite's if it failed, else the sanitized one's. This is what CI runs (.ci/run).
#   --plain      the plain suite alone: its summary last, ctest's exit status
#   --sanitize   the sanitized suite alone, likewise
# Both trees are built through ccache when there is one (scripts/setup.sh installs it): the test
# programs' own code is compiled alike in both (CMakeLists.txt, HOIST_SANITIZE), so the sanitized
# build takes it from the plain one, even from an empty cache.
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

# The compiler launcher: ccache, with CCACHE_BASEDIR the clone so that the two trees' (and two
# clones') paths hash alike.
launcher=()
if command -v ccache >/dev/null; then
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

case "${1:-}" in
"")
    bash scripts/setup.sh
    first=0
    suite "${plain[@]}" "${launcher[@]}" || first=$?
    second=0
    suite "${sanitized[@]}" "${launcher[@]}" || second=$?
    echo "plain: $(summary build)"
    summary build-sanitize
    exit $((first != 0 ? first : second))
    ;;
--plain)
    bash scripts/setup.sh
    suite "${plain[@]}" "${launcher[@]}"
    ;;
--sanitize)
    bash scripts/setup.sh
    suite "${sanitized[@]}" "${launcher[@]}"
    ;;
*)
    echo "usage: $0 [--plain | --sanitize]" >&2
    exit 2
    ;;
esac
