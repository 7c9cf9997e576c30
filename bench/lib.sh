# Shell helpers the benchmarks in this folder share; sourced, not run. Every function prints its
# answer on stdout and its complaints on stderr, and returns non-zero on failure.

# Builds TARGET (Release, in BENCH_BUILD_DIR or build/) and prints the binary's path, PATH_IN_BUILD
# being where it lands inside the build folder. Always (re)build: a stale binary would measure old
# code. A no-op when up to date.
bench_build() { # target path_in_build
  local dir="${BENCH_BUILD_DIR:-build}"
  echo "bench: building $1 (Release, $dir/)" >&2
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null || return 1
  cmake --build "$dir" --target "$1" >/dev/null || return 1
  case "$dir" in
    /*) echo "$dir/$2" ;; # an absolute BENCH_BUILD_DIR
    *) echo "$PWD/$dir/$2" ;;
  esac
}

bench_now_ns() { date +%s%N; }

# MB/s (10^6 bytes) for BYTES moved in NS nanoseconds, one decimal.
bench_mbps() { # bytes ns
  awk -v b="$1" -v ns="$2" 'BEGIN { printf "%.1f", b / (ns / 1e9) / 1e6 }'
}

# The median of the numbers on stdin (separated by spaces or newlines).
bench_median() {
  tr ' ' '\n' | grep -v '^$' | sort -g |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Fails unless DIR's file system has MIB mebibytes free.
bench_need_space() { # dir mib
  local avail_kib
  avail_kib=$(df -Pk "$1" | awk 'NR == 2 { print $4 }')
  if [ "$avail_kib" -lt $(($2 * 1024)) ]; then
    echo "bench: need $2 MiB free in $1, have $((avail_kib / 1024))" >&2
    return 1
  fi
}

# Writes BYTES random bytes to FILE, then reads it once so every tool starts from a warm cache.
bench_make_file() { # file bytes
  echo "bench: making a $(($2 / 1024 / 1024)) MiB file" >&2
  head -c "$2" /dev/urandom >"$1"
  cat "$1" >/dev/null
}

# Waits for a server started in the background (PID) to print "listening WHERE" on OUT and prints
# WHERE (a port, or ADDR:PORT); shows ERR and fails if the server dies or takes over SECONDS
# (default 10).
bench_wait_listening() { # pid out err [seconds]
  for _ in $(seq 1 $((${4:-10} * 20))); do
    if grep -q '^listening ' "$2" 2>/dev/null; then
      awk '/^listening /{ print $2; exit }' "$2"
      return 0
    fi
    kill -0 "$1" 2>/dev/null || { cat "$3" >&2; return 1; }
    sleep 0.05
  done
  echo "bench: server $1 never said it was listening" >&2
  cat "$3" >&2
  return 1
}

# Stops a server started in the background, if it still runs.
bench_stop() { # pid
  [ -n "$1" ] || return 0
  kill "$1" 2>/dev/null && wait "$1" 2>/dev/null
  return 0
}

# A tus upload with curl: creation, then one PATCH of the whole FILE (BYTES long). Prints the
# upload's absolute URL (a relative Location is resolved against ENDPOINT).
tus_upload_curl() { # endpoint file bytes
  local location
  location="$(curl -sS -D - -o /dev/null -X POST "$1" -H 'Tus-Resumable: 1.0.0' \
      -H "Upload-Length: $3" -H 'Content-Length: 0' |
    tr -d '\r' | awk 'tolower($1) == "location:" { print $2 }')"
  [ -n "$location" ] || { echo "bench: curl creation at $1 failed" >&2; return 1; }
  if [[ "$location" == /* ]]; then
    location="$(echo "$1" | sed -E 's#^([a-z]+://[^/]+).*#\1#')$location"
  fi
  # -T streams the file (--data-binary @file would read it all into memory first).
  curl -sS -f -o /dev/null -X PATCH -T "$2" "$location" -H 'Tus-Resumable: 1.0.0' \
    -H 'Upload-Offset: 0' -H 'Content-Type: application/offset+octet-stream' -H 'Expect:'
  echo "$location"
}

# Fails unless STORED holds exactly BYTES bytes with SHA-256 SHA; LABEL names who stored it.
bench_verify_file() { # label stored bytes sha
  local size
  size="$(stat -c %s "$2" 2>/dev/null || echo 0)"
  if [ "$size" != "$3" ] || [ "$(sha256sum "$2" | cut -d' ' -f1)" != "$4" ]; then
    echo "bench: $1 stored a different file ($size bytes at $2)" >&2
    return 1
  fi
  echo "bench: $1 stored the file intact (size and sha256)" >&2
}

# A TCP port on 127.0.0.1 that was free a moment ago (for servers that cannot take port 0 and
# say which port they got); callers retry if another process wins it meanwhile.
bench_free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => {
    console.log(s.address().port); s.close(); })'
}

# The tool measured now runs in the background and is waited for, so that a signal reaches the
# script's trap at once; the trap's cleanup calls bench_stop_fg to end it and its children (a
# tool under /usr/bin/time, node under a shell).
FG=""
run_fg() { # command...: runs it, returns its status
  "$@" &
  FG=$!
  local rc=0
  wait "$FG" || rc=$?
  FG=""
  return "$rc"
}
bench_stop_fg() {
  if [ -n "$FG" ]; then
    pkill -TERM -P "$FG" 2>/dev/null || true
    kill "$FG" 2>/dev/null || true
  fi
  FG=""
}

# ---- the tables of a benchmark's report --------------------------------------------------------
# A benchmark collects rows "what|figure|reference|ratio|target|met" in TABLE and sentences in
# NOTES as it measures, and prints them at the end (bench_print_verdicts).
TABLE=() NOTES=()
add_row() { TABLE+=("$1|$2|$3|$4|$5|$6"); }
note() { NOTES+=("$*"); echo "bench: $*" >&2; }
calc() { awk "BEGIN { printf \"$1\", $2 }"; } # format expression
# yes/NO: whether VALUE OP TARGET holds (OP >= or <=); "-" when there is no value.
met() { # value op target
  [ -n "$1" ] || { echo "-"; return; }
  awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = op == ">=" ? v >= t : v <= t; print ok ? "yes" : "NO" }'
}
# The median of KEY's rounds in the associative arrays TIMES (seconds, space-separated) and FAILED;
# empty when a round failed or none ran.
med() { # key
  [ -z "${FAILED[$1]:-}" ] && [ -n "${TIMES[$1]:-}" ] && echo "${TIMES[$1]}" | bench_median || true
}
print_table() { # header rows...: columns separated by |, aligned
  printf '%s\n' "$@" | awk -F'|' '
    { for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) }
      if (NF > nf) nf = NF; n = NR }
    END {
      for (r = 1; r <= n; r++) {
        line = ""
        for (i = 1; i <= nf; i++) line = line sprintf(i == 1 ? "%-*s" : "  %*s", w[i], cell[r, i])
        print line
        if (r == 1) { s = ""; for (i = 1; i <= nf; i++) s = s (i > 1 ? "  " : "") sprintf("%*s", w[i], ""); gsub(/ /, "-", s); print s }
      }
    }'
}
# TABLE under HEADER, how many of its rows missed their target or failed, and the notes.
bench_print_verdicts() { # header
  print_table "$1" "${TABLE[@]}"
  local missed
  missed="$(printf '%s\n' "${TABLE[@]}" | awk -F'|' '$6 == "NO" || $6 == "FAILED"' | wc -l)"
  echo "$missed row(s) missed their target or failed."
  echo
  echo "Notes:"
  printf '  %s\n' "${NOTES[@]}"
}

# Starts a server in the background, its output in WORK/NAME.out and .err, adds it to PIDS (for the
# script's cleanup) and waits up to LISTEN_SECONDS (default 10) for it to say "listening WHERE":
# SERVER_PID is its pid and LISTEN what it said.
start_bg() { # name command...
  local name="$1"
  shift
  "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  LISTEN="$(bench_wait_listening "$SERVER_PID" "$WORK/$name.out" "$WORK/$name.err" "${LISTEN_SECONDS:-10}")"
}
