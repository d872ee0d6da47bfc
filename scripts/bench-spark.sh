#!/usr/bin/env bash
# The Spark job against `alertkit batch` on one machine (issues 16 and 40; BENCHMARKS.md has the figures):
#   scripts/bench-spark.sh [COUNT] [FORMATS] [ARCHIVE]   default: the 1-million generated feed (scripts/gen-feed.py), html,
#                                                       a fresh scripts/dist.sh archive
#   scripts/bench-spark.sh smoke                        2,000 alerts: the script works (CI does not run it)
# Times and peak memory (the largest sum of resident memory, sampled every 0.2 s) of:
#   `alertkit batch FEED --ndjson --jobs 2 -f F… > /dev/null`, the archive's binary;
#   the job on a standalone cluster (scripts/spark-cluster.sh: a master and two 1-core workers on 127.0.0.1), Parquet
#   out, the driver (spark-submit's JVM and Python) and the workers (their JVMs, executors, Python workers and
#   alertkit processes) apart;
#   the job with `--master local[2]`.
# FORMATS is comma-separated (html,slack,sms); every run renders them all in one pass. Output goes to a temporary
# folder, removed after.
set -euo pipefail
cd "$(dirname "$0")/.."
export SPARK_LOCAL_IP=127.0.0.1  # Spark binds and advertises loopback alone
generator=${GEN_FEED:-scripts/gen-feed.py}
data=Benchmarks/.data/$(md5sum "$generator" | cut -c1-8)  # feeds are cached per version of the generator
mkdir -p "$data"
count=${1:-1000000}
[ "$count" = smoke ] && count=2000
formats=${2:-html}
archive=${3:-}

feed="$data/feed-$count.ndjson"
[ -s "$feed" ] || python3 "$generator" --count "$count" --seed 1 > "$feed"
work=$(mktemp -d "${TMPDIR:-/tmp}/alertkit-bench-spark.XXXXXX")
trap 'scripts/spark-cluster.sh stop "$work/cluster" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
[ -n "$archive" ] || archive=$(scripts/dist.sh "$work/dist")
tar -xzf "$archive" -C "$work"
binary=$(ls -d "$work"/alertkit-*/alertkit)
format_flags=()
IFS=, read -ra names <<< "$formats"
for name in "${names[@]}"; do format_flags+=(-f "$name"); done

# measure OUT LOG OK COMMAND…: runs it (standard output to OUT, standard error to LOG; an exit status in the
# comma-separated OK is success), sampling the resident memory of the processes below it and of the cluster's
# workers; prints "seconds driver-peak-MB workers-peak-MB".
measure() {
  python3 - "$work/cluster" "$@" <<'EOF'
import os, subprocess, sys, threading, time
cluster, out, log, ok, command = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]

def table():
    parents, rss, names = {}, {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                parents[int(pid)] = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{pid}/status") as f:
                rss[int(pid)] = next((int(l.split()[1]) for l in f if l.startswith("VmRSS:")), 0)
        except (OSError, ValueError, IndexError):
            pass
    return parents, rss

def below(roots, parents):
    found, changed = set(roots), True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in found and pid not in found:
                found.add(pid)
                changed = True
    return found

workers = []
for name in ("worker-1.pid", "worker-2.pid"):
    try:
        workers.append(int(open(os.path.join(cluster, name)).read()))
    except OSError:
        pass
peaks = {"driver": 0, "workers": 0}
start = time.monotonic()
process = subprocess.Popen(command, stdout=open(out, "w"), stderr=open(log, "w"))
def sample():
    while process.poll() is None:
        parents, rss = table()
        for group, roots in (("driver", [process.pid]), ("workers", workers)):
            total = sum(rss.get(pid, 0) for pid in below(roots, parents)) if roots else 0
            peaks[group] = max(peaks[group], total)
        time.sleep(0.2)
thread = threading.Thread(target=sample)
thread.start()
status = process.wait()
thread.join()
if str(status) not in ok.split(","):
    sys.exit(f"bench-spark: {command[0]} exited {status}: " + open(log).read()[-3000:])
print(f"{time.monotonic() - start:.2f} {peaks['driver'] // 1024} {peaks['workers'] // 1024}")
EOF
}
row() {  # row LABEL "seconds driver workers" [SUMMARY]
  read -r seconds driver workers <<< "$2"
  local rate; rate=$(python3 -c "print(round($count / $seconds))")
  echo "| $1 | $count | $formats | $seconds s | $rate/s | $driver MB | $workers MB | ${3:-} |"
}

echo "| run | alerts | formats | time | alerts/s | peak memory (driver, or the process) | peak memory (workers) | summary |"
echo "|---|---|---|---|---|---|---|---|"
figures=$(ALERTKIT_CONFIG=/dev/null measure /dev/null "$work/batch.log" 0,1 "$binary" batch "$feed" --ndjson --jobs 2 --no-progress "${format_flags[@]}")
row "alertkit batch --ndjson --jobs 2" "$figures" "$(tail -1 "$work/batch.log")"

submit() {  # submit LOG MASTER [spark-submit options…]: the job over the feed, Parquet out
  local log=$1 master=$2; shift 2
  mkdir -p "$work/scratch"
  rm -rf "$work/out"
  measure "$log" "$log.err" 0 spark-submit --master "$master" --conf spark.ui.enabled=false --conf "spark.local.dir=$work/scratch" \
    --driver-java-options "-Djava.io.tmpdir=$work/scratch" --archives "$archive#alertkit" "$@" \
    integrations/spark/job.py --input "$feed" --output "$work/out" --formats "$formats"
}
summary() { grep '^alertkit_spark: ' "$1" | tail -1; }

master=$(scripts/spark-cluster.sh start "$work/cluster" "${SPARK_WORKER_MEMORY:-2g}")
figures=$(submit "$work/cluster.log" "$master" --conf spark.executor.memory=1g --conf spark.executor.cores=1)
row "spark-submit, standalone cluster (2 workers × 1 core)" "$figures" "$(summary "$work/cluster.log")"
scripts/spark-cluster.sh stop "$work/cluster"
rm -f "$work"/cluster/worker-*.pid
figures=$(submit "$work/local.log" 'local[2]')
row "spark-submit --master local[2]" "$figures" "$(summary "$work/local.log")"
