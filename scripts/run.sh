#!/usr/bin/env bash
# Builds Hoist and opens it. With no endpoint set (neither --endpoint nor one typed in the window
# before) it uploads to its own server, hoistd in-process on 127.0.0.1: nothing else to start.
# Extra arguments go to hoist, e.g. `bash scripts/run.sh ~/Videos`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh --app
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target hoist

exec build/app/hoist "$@"
