#!/usr/bin/env bash
# Refreshes resources/translations/*.ts from the sources (lupdate through CMake's
# update_translations target), fills the English file's plain messages (English is the source
# language) and lists what still needs a translator: plural forms in hoist_en.ts, everything new
# in hoist_zh_CN.ts. Translate those in Qt Linguist (`linguist resources/translations/*.ts`),
# then `ctest -R tst_translations` must pass.
# Usage: scripts/update-translations.sh [build-dir]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -G Ninja
cmake --build "$build" --target update_translations
status=0
python3 scripts/fill-translations.py --english resources/translations/hoist_en.ts || status=1
python3 scripts/fill-translations.py resources/translations/hoist_zh_CN.ts || status=1
# Back into lupdate's own layout, so that the files' diffs show only what changed.
cmake --build "$build" --target update_translations >/dev/null
exit $status
