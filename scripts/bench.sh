#!/usr/bin/env bash
# AlertKit's benchmarks, on scripts/gen-feed.py data (see BENCHMARKS.md for the figures and the machine).
#
#   scripts/bench.sh stages   in-process, per stage, with ordo-one/benchmark (Benchmarks/): decode+validate,
#                             present, each emitter, and the batch runner to HTML fragments and pages at 1 and 2 jobs
#   scripts/bench.sh batch    end to end: `alertkit batch --ndjson` (release build) on 10 thousand to 1 million
#                             alerts, fragments and pages, 1 and 2 jobs: alerts/s and peak resident memory
#   scripts/bench.sh flat     peak memory at 1 and 10 million alerts (the 1-million feed 10 times, streamed);
#                             the `batch` rows give 10 and 100 thousand
#   scripts/bench.sh cbound   the bare C bound: cmark alone building and rendering a fragment-like tree
#   scripts/bench.sh table [COUNT] [OUTDIR_COUNT]
#                             issue 13's table at --jobs 2 (and 1): every format over COUNT alerts (default 1 million),
#                             with the release build, or the binary ALERTKIT_BIN names (an earlier commit's build),
#                             `--out-dir` over OUTDIR_COUNT (default 100 thousand: a million files is 9 GB) into
#                             $OUTDIR_ROOT (default /dev/shm), each with its target and its ratio to the C bound,
#                             and beside each rate its instructions per alert under callgrind over the first
#                             INSTRUCTIONS alerts (default 2,000; 0 leaves them out) and their ratio to the C bound's
#                             measured in the same run
#   scripts/bench.sh instructions [COUNT [ROWS...]]
#                             the cost that reproduces: instructions per alert under callgrind for every format (or
#                             each ROW, LABEL|TARGET|ARGS with _ for spaces: "teams|5|-f_teams") over
#                             the feed's first COUNT alerts (default 2,000; start-up subtracted by a run on its first
#                             alert alone), beside the C bound's on the same alerts, with the ratio and its target;
#                             and heap allocations per alert (memcheck) for fragments. Release build, or ALERTKIT_BIN
#   scripts/bench.sh review [COUNT...]
#                             `alertkit review` over COUNT alerts (default 10,000) × every shipped format × 2 locales
#                             × 2 sides, on 2 jobs, release build: seconds and peak resident memory, for a template
#                             change (every document rendered on both sides) and a catalog change (a view the same on
#                             both sides renders once); several COUNTs show whether memory stays flat. REVIEW_FORMATS
#                             (say "-f text") narrows the formats for the largest counts
#   scripts/bench.sh smoke    every `table` row once over 500 alerts with the debug build, `instructions` over
#                             20 alerts for two formats, and `review` over 200: checks the script, not speed (CI runs it)
#   scripts/bench.sh          stages and batch
set -euo pipefail
cd "$(dirname "$0")/.."
generator=${GEN_FEED:-scripts/gen-feed.py}
[ -f "$generator" ] || { echo "bench.sh: no feed generator at $generator (set GEN_FEED)" >&2; exit 66; }
data=Benchmarks/.data/$(md5sum "$generator" | cut -c1-8)  # feeds are cached per version of the generator
mkdir -p "$data"

feed() {  # feed COUNT NAME: a generated feed of COUNT alerts (seed 1), made once
  [ -s "$data/$2.ndjson" ] || python3 "$generator" --count "$1" --seed 1 --output "$data/$2.ndjson"
  echo "$data/$2.ndjson"
}

stages() {
  feed 10000 feed-10k >/dev/null
  (cd Benchmarks && swift package --disable-sandbox benchmark --no-progress)
}

# run LABEL ARGS...: one `alertkit batch --ndjson` run (release build); prints a table row with alerts/s and peak RSS.
run() {
  local label=$1; shift
  local alerts rss
  read -r alerts rss <<<"$(measure .build/release/alertkit "$@" --ndjson)"
  printf "| %s | %s | %s MB |\n" "$label" "$alerts" "$rss"
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

# rate LOG: the alerts/s of an `alertkit batch` summary in LOG.
rate() { grep -E "rendered, .* rejected in" "$1" | tail -1 | sed -E 's/.*\(([0-9]+) alerts\/s\).*/\1/'; }

# measure BINARY ARGS...: one `alertkit batch` run, standard output discarded; prints "alerts/s rss_mb".
measure() {
  local binary=$1; shift
  local log; log=$(mktemp)
  /usr/bin/time -f "rss_kb=%M" "$binary" batch "$@" --no-progress >/dev/null 2>"$log" || true
  local alerts; alerts=$(rate "$log")
  local rss; rss=$(sed -n 's/^rss_kb=//p' "$log")
  [ -n "$alerts" ] || { echo "bench.sh: no summary from: alertkit batch $*" >&2; cat "$log" >&2; rm -f "$log"; exit 1; }
  rm -f "$log"
  echo "$alerts $(( ${rss:-0} / 1024 ))"
}

# counted TOOL PROGRAM ARGS...: what valgrind's TOOL counts for one run of PROGRAM: the instructions (callgrind) or
# the heap allocations (memcheck).
counted() {
  local tool=$1; shift
  local log; log=$(mktemp)
  case $tool in
    callgrind) valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$log" || true
               sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log" ;;
    memcheck) valgrind --tool=memcheck --leak-check=no "$@" >/dev/null 2>"$log" || true
              sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' "$log" | tr -d , ;;
  esac
  rm -f "$log"
}

# counting BINARY COUNT: prepares counting under callgrind in $work (remove it when done): a stripped copy of BINARY
# (valgrind reads one far faster; symbols stay), the 10-thousand feed's first alert alone and its first COUNT + 1
# alerts, and the C bound's instructions per alert over the same alerts in $bound.
counting() {
  command -v valgrind >/dev/null || { echo "bench.sh: counting instructions needs valgrind (scripts/setup.sh --test installs it)" >&2; exit 69; }
  count=$2
  work=$(mktemp -d)
  strip --strip-debug -o "$work/alertkit" "$1"
  resources=$(dirname "$1")/AlertKit_AlertTemplates.resources
  head -n 1 "$(feed 10000 feed-10k)" >"$work/one.ndjson"
  head -n $((count + 1)) "$(feed 10000 feed-10k)" >"$work/many.ndjson"
  cc -O2 -o "$work/cbound" Benchmarks/cbound/cmark-bound.c $(pkg-config --cflags --libs libcmark)
  local bound_one bound_many
  bound_one=$(counted callgrind "$work/cbound" "$work/one.ndjson")
  bound_many=$(counted callgrind "$work/cbound" "$work/many.ndjson")
  bound=$(( (bound_many - bound_one) / count ))
}

# per_alert TOOL ARGS...: what TOOL counts (instructions, allocations) per alert for `alertkit batch --ndjson --jobs 1
# ARGS` over the alerts `counting` prepared, start-up (a run on the first alert alone) subtracted.
per_alert() {
  local tool=$1; shift
  local one many
  # Swift seeds its hashing anew in each process, which moves the counts by up to 1 %: a fixed seed makes them repeat.
  one=$(SWIFT_DETERMINISTIC_HASHING=1 ALERTKIT_CONFIG=/dev/null ALERTKIT_RESOURCES=$resources counted "$tool" "$work/alertkit" batch "$work/one.ndjson" --ndjson --jobs 1 --no-progress "$@")
  many=$(SWIFT_DETERMINISTIC_HASHING=1 ALERTKIT_CONFIG=/dev/null ALERTKIT_RESOURCES=$resources counted "$tool" "$work/alertkit" batch "$work/many.ndjson" --ndjson --jobs 1 --no-progress "$@")
  echo $(( (many - one) / count ))
}

# instructions BINARY COUNT [FORMATS...]: instructions per alert for each format under callgrind over the first COUNT
# alerts of the 10-thousand feed, minus a run on the first alert alone (start-up, template parsing, first use), and
# the C bound's on the same alerts; allocations per alert for fragments.
instructions() {
  local binary=$1 work count bound resources; counting "$binary" "$2"; shift 2
  echo "C bound (cmark alone building and rendering each alert's fragment tree): $bound instructions per alert, over $count alerts"
  echo
  echo "| format | instructions per alert | C bound per alert | ratio | target | met |"
  echo "|---|---|---|---|---|---|"
  local row label target args each
  for row in "${@:-fragments|3|--fragment pages|4| markdown|4|-f_markdown text|4|-f_text json|4|-f_json email|5|-f_email slack|5|-f_slack sms|5|-f_sms push|5|-f_push}"; do
    for row in $row; do
      IFS='|' read -r label target args <<<"$row"
      args=${args//_/ }
      each=$(per_alert callgrind $args)
      printf "| %s | %s | %s | %s.%s× | ≤ %s× | %s |\n" "$label" "$each" "$bound" "$((each / bound))" "$(( (each * 10 / bound) % 10 ))" \
        "$target" "$([ "$each" -le $((bound * target)) ] && echo yes || echo no)"
    done
  done
  echo
  echo "Heap allocations per alert, fragments (memcheck, the same alerts, start-up subtracted): $(per_alert memcheck --fragment) (target ≤ 60)"
  rm -rf "$work"
}

# table BINARY COUNT OUTDIR_COUNT: the rows of issue 13's table.
table() {
  local binary=$1 count_label=$2 outdir_count=$3
  local input small
  input=$(feed_of "$count_label"); small=$(feed_of "$outdir_count")
  local rate_bound; rate_bound=$(cbound | sed -E 's/.*: ([0-9]+) alerts\/s.*/\1/')
  echo "C bound (cmark alone, one core): $rate_bound alerts/s; two cores: $((rate_bound * 2)) alerts/s"
  # Beside each rate, what does not swing with the machine: instructions per alert under callgrind over the first
  # INSTRUCTIONS alerts of the 10-thousand feed (default 2,000; 0 leaves the columns out), and the C bound's.
  local counts=${INSTRUCTIONS:-2000} work count bound resources
  if [ "$counts" -gt 0 ]; then
    counting "$binary" "$counts"
    echo "C bound under callgrind: $bound instructions per alert, over the feed's first $count alerts"
  fi
  echo
  echo "| run ($count_label alerts unless said) | target | 1 job | 2 jobs | peak RSS (2 jobs) | 2 jobs / C bound on 2 cores | met | instructions per alert | × C bound |"
  echo "|---|---|---|---|---|---|---|---|---|"
  local label args target one two rss each
  while IFS='|' read -r label target args; do
    read -r one _ <<<"$(measure "$binary" "$input" --ndjson --jobs 1 $args)"
    read -r two rss <<<"$(measure "$binary" "$input" --ndjson --jobs 2 $args)"
    each=""; [ "$counts" -gt 0 ] && each=$(per_alert callgrind $args)
    printf "| %s | ≥ %s | %s | %s | %s MB | %s %% | %s | %s | %s |\n" "$label" "$target" "$one" "$two" "$rss" \
      "$((two * 100 / (rate_bound * 2)))" "$([ "$two" -ge "$target" ] && echo yes || echo no)" \
      "${each:-}" "$([ -n "$each" ] && echo "$((each / bound)).$(( (each * 10 / bound) % 10 ))×")"
  done <<'ROWS'
batch --ndjson --fragment (html)|100000|--fragment
batch --ndjson (html pages)|70000|
--format markdown|60000|-f markdown
--format text|60000|-f text
--format json|60000|-f json
--format slack|40000|-f slack
--format sms|40000|-f sms
ROWS
  # Files go to memory (/dev/shm) unless OUTDIR_ROOT says where: on a virtual disk the run measures the disk's
  # write-back, not AlertKit (see BENCHMARKS.md).
  local root=${OUTDIR_ROOT:-/dev/shm}
  [ -d "$root" ] && [ -w "$root" ] || root=${TMPDIR:-/tmp}
  local out; out=$(mktemp -d -p "$root")
  echo
  echo "--out-dir rows: files written under $root"
  local jobs ndjson files
  for jobs in 1 2; do
    read -r ndjson _ <<<"$(measure "$binary" "$small" --ndjson --fragment --jobs "$jobs")"
    rm -rf "$out/files"
    read -r files rss <<<"$(measure "$binary" "$small" --out-dir "$out/files" --fragment --jobs "$jobs")"
    printf "| batch --out-dir --fragment, %s alerts, %s job(s) | ≥ 50 %% of --ndjson (%s) | %s files/s | | %s MB | | %s |\n" \
      "$outdir_count" "$jobs" "$ndjson" "$files" "$rss" "$([ $((files * 2)) -ge "$ndjson" ] && echo yes || echo no)"
  done
  rm -rf "$out"
  if [ "$counts" -gt 0 ]; then rm -rf "$work"; fi
}

# review_rows BINARY COUNT...: one row per count and kind of change: seconds, renders per second, peak RSS.
review_rows() {
  local binary=$1; shift
  local sides; sides=$(mktemp -d)
  mkdir -p "$sides/template/formats" "$sides/catalog/catalog"
  # A template change: one Slack block's text reworded, so no view renders the same on both sides.
  sed 's/"type": "divider"/"type": "divider", "block_id": "rule"/' Templates/formats/slack.json.mustache \
    > "$sides/template/formats/slack.json.mustache"
  # A catalog change: one step of one match type reworded (about a third of the alerts show it).
  python3 - "$sides/catalog/catalog/en.json" <<'PY'
import json, sys
catalog = json.load(open("Templates/catalog/en.json"))
steps = catalog["matchTypes"]["IDEMAILADDR"]["steps"]
steps[0]["text"] = "Change your password today."
json.dump({"matchTypes": {"IDEMAILADDR": {"steps": steps}}}, open(sys.argv[1], "w"))
PY
  echo "| alerts | change | rows (format, locale) × sides | renders | seconds | renders/s | peak RSS |"
  echo "|---|---|---|---|---|---|---|"
  local count kind log
  for count in "$@"; do
    local input; input=$(feed_of "$count")
    for kind in template catalog; do
      log=$(mktemp)
      # shellcheck disable=SC2086
      /usr/bin/time -f "time=%e rss_kb=%M" "$binary" review "$input" --after "$sides/$kind" --fail-on never --jobs 2 \
        ${REVIEW_FORMATS:-} >"$log.out" 2>"$log" || true
      local rows seconds rss
      rows=$(grep -cE '^  [a-z]' "$log.out" || true)
      seconds=$(sed -n 's/.*time=\([0-9.]*\).*/\1/p' "$log")
      rss=$(( $(sed -n 's/.*rss_kb=\([0-9]*\).*/\1/p' "$log") / 1024 ))
      printf "| %s | %s | %s × 2 | %s | %s | %s | %s MB |\n" "$count" "$kind" "$rows" "$((count * rows * 2))" "$seconds" \
        "$(python3 -c "print(round($count * $rows * 2 / max($seconds, 0.01)))")" "$rss"
      rm -f "$log" "$log.out"
    done
  done
  rm -rf "$sides"
}

# feed_of COUNT: the generated feed of COUNT alerts.
feed_of() {
  case $1 in
    10000) feed 10000 feed-10k ;;
    100000) feed 100000 feed-100k ;;
    1000000) feed 1000000 feed-1m ;;
    *) feed "$1" "feed-$1" ;;
  esac
}

case "${1:-all}" in
  table)
    # ALERTKIT_BIN measures another build (an earlier commit's, for a before/after in the same run of the machine).
    if [ -z "${ALERTKIT_BIN:-}" ]; then swift build -c release --product alertkit >&2; fi
    table "${ALERTKIT_BIN:-.build/release/alertkit}" "${2:-1000000}" "${3:-100000}" ;;
  instructions)
    if [ -z "${ALERTKIT_BIN:-}" ]; then swift build -c release --product alertkit >&2; fi
    instructions "${ALERTKIT_BIN:-.build/release/alertkit}" "${2:-2000}" "${@:3}" ;;
  smoke)
    swift build --product alertkit >&2
    INSTRUCTIONS=0 table "$(swift build --show-bin-path)/alertkit" 500 500
    instructions "$(swift build --show-bin-path)/alertkit" 20 "fragments|3|--fragment slack|5|-f_slack"
    review_rows "$(swift build --show-bin-path)/alertkit" 200 ;;
  review)
    if [ -z "${ALERTKIT_BIN:-}" ]; then swift build -c release --product alertkit >&2; fi
    shift
    review_rows "${ALERTKIT_BIN:-.build/release/alertkit}" "${@:-10000}" ;;
  stages) stages ;;
  batch) batch ;;
  flat) flat ;;
  cbound) cbound ;;
  all) stages; batch ;;
  *) echo "usage: scripts/bench.sh [stages|batch|flat|cbound|table [COUNT [OUTDIR_COUNT]]|instructions [COUNT]|review [COUNT...]|smoke]" >&2; exit 64 ;;
esac
