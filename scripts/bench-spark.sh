#!/usr/bin/env bash
# The Spark job against `alertkit batch` on one machine (issue 16; BENCHMARKS.md has the figures):
#   scripts/bench-spark.sh [COUNT] [FORMAT] [ARCHIVE]   default: the 1-million generated feed (scripts/gen-feed.py), html pages, a fresh
#                                                       scripts/dist.sh archive
#   scripts/bench-spark.sh smoke                        2,000 alerts: the script works (CI does not run it)
# Times, with the archive's binary: `alertkit batch FEED --ndjson --jobs 2 > /dev/null`; the job with
# `spark-submit --master local[2]`, and with `local[1]` (throughput per core from one core to two). Output goes to a
# temporary folder, removed after.
set -euo pipefail
cd "$(dirname "$0")/.."
generator=${GEN_FEED:-scripts/gen-feed.py}
data=Benchmarks/.data/$(md5sum "$generator" | cut -c1-8)  # feeds are cached per version of the generator
mkdir -p "$data"
count=${1:-1000000}
[ "$count" = smoke ] && count=2000
format=${2:-html}
archive=${3:-}

feed="$data/feed-$count.ndjson"
[ -s "$feed" ] || python3 "$generator" --count "$count" --seed 1 > "$feed"
work=$(mktemp -d "${TMPDIR:-/tmp}/alertkit-bench-spark.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -n "$archive" ] || archive=$(scripts/dist.sh "$work/dist")
tar -xzf "$archive" -C "$work"
binary=$(ls -d "$work"/alertkit-*/alertkit)

seconds() { python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.2f}")' "$@"; }
now() { date +%s.%N; }

start=$(now)
ALERTKIT_CONFIG=/dev/null "$binary" batch "$feed" --ndjson --jobs 2 --no-progress -f "$format" > /dev/null || [ $? -eq 1 ]
batch=$(seconds "$start" "$(now)")
echo "| alertkit batch --ndjson --jobs 2 | $count | $batch s | $(python3 -c "print(round($count / $batch))")/s |"

for master in 'local[2]' 'local[1]'; do
  out="$work/out-${master//[^0-9]/}"
  mkdir -p "$work/scratch"
  start=$(now)
  spark-submit --master "$master" --conf spark.ui.enabled=false --conf "spark.local.dir=$work/scratch" \
    --driver-java-options "-Djava.io.tmpdir=$work/scratch" --archives "$archive#alertkit" \
    integrations/spark/alertkit_spark.py --input "$feed" --output "$out" --format "$format" \
    > "$work/spark.log" 2>&1 || { tail -30 "$work/spark.log" >&2; exit 1; }
  took=$(seconds "$start" "$(now)")
  summary=$(grep '^alertkit_spark: ' "$work/spark.log" | tail -1)
  echo "| spark-submit --master $master | $count | $took s | $(python3 -c "print(round($count / $took))")/s | $summary |"
  rm -rf "$out"
done
