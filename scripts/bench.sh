#!/usr/bin/env bash
# AlertKit's benchmarks, on gen-feed.py data (see BENCHMARKS.md for the figures and the machine).
#
#   scripts/bench.sh stages   in-process, per stage, with ordo-one/benchmark (Benchmarks/): decode+validate,
#                             present, each emitter, and the batch runner to HTML fragments and pages at 1 and 2 jobs
#   scripts/bench.sh batch    end to end: `alertkit batch --ndjson` (release build) on 10 thousand to 1 million
#                             alerts, fragments and pages, 1 and 2 jobs: alerts/s and peak resident memory
#   scripts/bench.sh flat     peak memory at 1 and 10 million alerts (the 1-million feed 10 times, streamed);
#                             the `batch` rows give 10 and 100 thousand
#   scripts/bench.sh cbound   the bare C bound: cmark alone building and rendering a fragment-like tree
#   scripts/bench.sh          stages and batch
set -euo pipefail
cd "$(dirname "$0")/.."
generator=${GEN_FEED:-../shared/tools/gen-feed.py}
data=Benchmarks/.data
mkdir -p "$data"
[ -f "$generator" ] || { echo "bench.sh: no gen-feed.py at $generator (set GEN_FEED)" >&2; exit 66; }

feed() {  # feed COUNT NAME: a gen-feed.py feed of COUNT alerts (seed 1), generated once
  [ -s "$data/$2.ndjson" ] || python3 "$generator" --count "$1" --seed 1 > "$data/$2.ndjson"
  echo "$data/$2.ndjson"
}

stages() {
  feed 10000 feed-10k >/dev/null
  (cd Benchmarks && swift package --disable-sandbox benchmark --no-progress)
}

# run LABEL ARGS...: one `alertkit batch` run; prints a table row with alerts/s (from its summary) and peak RSS.
run() {
  local label=$1; shift
  local log; log=$(mktemp)
  /usr/bin/time -f "rss_kb=%M" .build/release/alertkit batch "$@" --ndjson --no-progress >/dev/null 2>"$log" || true
  local summary rss
  summary=$(grep -E "rendered, .* rejected in" "$log" | tail -1)
  rss=$(sed -n 's/^rss_kb=//p' "$log")
  printf "| %s | %s | %s MB |\n" "$label" "$(sed -E 's/.*\((.*) alerts\/s\).*/\1/' <<<"$summary")" "$((${rss:-0} / 1024))"
  rm -f "$log"
}

batch() {
  swift build -c release --product alertkit >&2
  local small large huge
  small=$(feed 10000 feed-10k); large=$(feed 100000 feed-100k); huge=$(feed 1000000 feed-1m)
  echo "| run | alerts/s | peak RSS |"
  echo "|---|---|---|"
  for input in "$small" "$large" "$huge"; do
    local count; count=$(wc -l < "$input")
    for jobs in 1 2; do
      run "$count alerts, html fragments, $jobs job(s)" "$input" --fragment --jobs "$jobs"
      run "$count alerts, html pages, $jobs job(s)" "$input" --jobs "$jobs"
    done
  done
}

flat() {
  swift build -c release --product alertkit >&2
  local huge; huge=$(feed 1000000 feed-1m)
  echo "| alerts | alerts/s | peak RSS |"
  echo "|---|---|---|"
  for times in 1 10; do
    local log; log=$(mktemp)
    for _ in $(seq "$times"); do cat "$huge"; done \
      | /usr/bin/time -f "rss_kb=%M" .build/release/alertkit batch - --ndjson --fragment --no-progress >/dev/null 2>"$log" || true
    printf "| %s | %s | %s MB |\n" "$((times * 1000000))" \
      "$(grep -E "rejected in" "$log" | sed -E 's/.*\((.*) alerts\/s\).*/\1/')" "$(( $(sed -n 's/^rss_kb=//p' "$log" | grep . || echo 0) / 1024 ))"
    rm -f "$log"
  done
}

cbound() {
  local binary; binary=$(mktemp)
  cc -O2 -o "$binary" Benchmarks/cbound/cmark-bound.c $(pkg-config --cflags --libs libcmark)
  "$binary"
  rm -f "$binary"
}

case "${1:-all}" in
  stages) stages ;;
  batch) batch ;;
  flat) flat ;;
  cbound) cbound ;;
  all) stages; batch ;;
  *) echo "usage: scripts/bench.sh [stages|batch|flat|cbound]" >&2; exit 64 ;;
esac
