#!/usr/bin/env bash
# Benchmarks `alertkit serve` on this machine, over loopback only (127.0.0.1), bounded in time:
#   scripts/bench-server.sh load [SECONDS [CONNECTIONS]]  wrk, POST /v1/render?format=html&fragment=true, the sample
#                                                         alerts in turn (default 30 s, 64 connections, 2 threads)
#   scripts/bench-server.sh batch [COUNT [page|fragment]] POST /v1/batch of a generated feed (default 1 million, HTML
#                                                         pages) against `alertkit batch --ndjson --jobs 2` on it
#   scripts/bench-server.sh smoke                         both, briefly, on a debug build (CI runs it)
# Release builds unless `smoke`. Prints the figures and the server's peak resident memory (VmHWM).
set -euo pipefail
cd "$(dirname "$0")/.."

start_server() {  # $1: the alertkit binary; sets PID, PORT, LOG
  LOG=$(mktemp)
  "$1" serve --port 0 >"$LOG" 2>&1 &
  PID=$!
  for _ in $(seq 1 300); do
    PORT=$(grep -oE 'listening on http://127\.0\.0\.1:[0-9]+' "$LOG" | grep -oE '[0-9]+$' || true)
    [ -n "$PORT" ] && return 0
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.1
  done
  cat "$LOG" >&2
  echo "bench-server: the server did not start" >&2
  exit 1
}

stop_server() {
  kill -TERM "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  rm -f "$LOG"
}

peak_rss_mb() { awk '/VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$PID/status"; }

load() {  # $1 binary, $2 seconds, $3 connections
  start_server "$1"
  trap stop_server EXIT
  local samples; samples=$(ls SampleData/*.json)
  # Warm up (the first request of each kind of advice renders its shared markup), then measure.
  wrk -t2 -c"$3" -d2s -s Benchmarks/wrk/render.lua "http://127.0.0.1:$PORT" -- $samples >/dev/null
  local before; before=$(peak_rss_mb)
  local summary; summary=$(wrk -t2 -c"$3" -d"$2"s --latency -s Benchmarks/wrk/render.lua "http://127.0.0.1:$PORT" -- $samples \
    | grep '^wrk-summary')
  echo "$summary peak_rss_mb_after_warmup=$before peak_rss_mb=$(peak_rss_mb)"
  stop_server
  trap - EXIT
  grep -q "non2xx=0 socket_errors=0" <<<"$summary" || { echo "bench-server: errors under load" >&2; exit 1; }
}

feed_of() {
  local generator=${GEN_FEED:-scripts/gen-feed.py}
  local folder; folder=Benchmarks/.data/$(md5sum "$generator" | cut -c1-8)  # cached per version of the generator
  local file="$folder/feed-$1.ndjson"
  if [ ! -s "$file" ]; then
    mkdir -p "$folder"
    python3 "$generator" --count "$1" --seed 1 >"$file"
  fi
  echo "$file"
}

batch() {  # $1 binary, $2 count, $3 "fragment" or "page"
  local input; input=$(feed_of "$2")
  local flag="" fragment=false
  if [ "${3:-page}" = fragment ]; then flag=--fragment; fragment=true; fi
  local cli_line; cli_line=$("$1" batch "$input" --ndjson --jobs 2 $flag 2>&1 >/dev/null | tail -1)
  start_server "$1"
  trap stop_server EXIT
  local t0 t1 answer
  t0=$(date +%s.%N)
  # -T streams the file (no whole copy in curl's memory; no `Expect: 100-continue` wait); the answer goes to
  # /dev/null, as the command's does, and the server's own count says every record was rendered.
  answer=$(curl -sS --fail -X POST -H 'Content-Type: application/x-ndjson' -H 'Expect:' -T "$input" \
    -o /dev/null -w '%{http_code} %{size_download}' "http://127.0.0.1:$PORT/v1/batch?format=html&fragment=$fragment")
  t1=$(date +%s.%N)
  local rendered; rendered=$(curl -sS "http://127.0.0.1:$PORT/metrics" \
    | awk '/^alertkit_alerts_rendered_total\{format="html"\}/ { print $2 }')
  local rate; rate=$(awk -v n="$2" -v a="$t0" -v b="$t1" 'BEGIN { printf "%d", n / (b - a) }')
  echo "serve /v1/batch ($3): $2 records, ${rendered:-0} rendered, HTTP ${answer% *}, ${answer#* } bytes in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s ($rate alerts/s), server peak RSS $(peak_rss_mb) MB"
  echo "alertkit batch --ndjson --jobs 2 $flag: $cli_line"
  stop_server
  trap - EXIT
  [ "${rendered:-0}" = "$2" ] || { echo "bench-server: the server rendered ${rendered:-0} of $2 records" >&2; exit 1; }
}

case "${1:-load}" in
  load)
    swift build -c release --product alertkit >&2
    load .build/release/alertkit "${2:-30}" "${3:-64}" ;;
  batch)
    swift build -c release --product alertkit >&2
    batch .build/release/alertkit "${2:-1000000}" "${3:-page}" ;;
  smoke)
    swift build --product alertkit >&2
    load "$(swift build --show-bin-path)/alertkit" 2 8
    batch "$(swift build --show-bin-path)/alertkit" 1000 page ;;
  *) echo "usage: scripts/bench-server.sh [load [SECONDS [CONNECTIONS]]|batch [COUNT]|smoke]" >&2; exit 64 ;;
esac
