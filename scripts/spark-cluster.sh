#!/usr/bin/env bash
# A Spark standalone cluster on this machine, from PySpark's own spark-class: a master and two workers on 127.0.0.1,
# each worker with 1 core, its own work folder and scratch folder under FOLDER.
#   scripts/spark-cluster.sh start FOLDER [WORKER_MEMORY]   prints spark://127.0.0.1:PORT once both workers have
#                                                           registered (default worker memory 1g)
#   scripts/spark-cluster.sh stop FOLDER                    stops them (SIGTERM, then SIGKILL after 20 s)
# Tests/Spark/test_cluster.py and scripts/bench-spark.sh use it. Only loopback addresses are bound.
set -euo pipefail
action=${1:?start or stop}
folder=$(realpath -m "${2:?a folder for the cluster}")
memory=${3:-1g}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

stop() {
  local pids=()
  for file in "$folder"/*.pid; do [ -e "$file" ] && pids+=("$(cat "$file")"); done
  [ ${#pids[@]} -gt 0 ] || return 0
  # Each daemon leads a process group of its own (setsid): its executors, their Python workers and alertkit go too.
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for _ in $(seq 200); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
  rm -f "$folder"/*.pid
}

case "$action" in
  stop) stop; exit 0 ;;
  start) ;;
  *) echo "spark-cluster.sh: start or stop, not $action" >&2; exit 64 ;;
esac

SPARK_HOME=$(python3 -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
# SPARK_LOCAL_IP: the daemons, their executors and the drivers they talk to bind and advertise loopback alone.
export SPARK_HOME SPARK_NO_DAEMONIZE=1 SPARK_LOG_DIR="$folder/logs" SPARK_PID_DIR="$folder" SPARK_LOCAL_IP=127.0.0.1
mkdir -p "$folder/logs"
port=$(free_port)
web=$(free_port)
SPARK_DAEMON_JAVA_OPTS="-Djava.io.tmpdir=$folder" setsid "$SPARK_HOME/bin/spark-class" \
  org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port "$web" \
  > "$folder/logs/master.log" 2>&1 < /dev/null &
echo $! > "$folder/master.pid"
trap 'stop' ERR
for number in 1 2; do
  mkdir -p "$folder/worker-$number" "$folder/worker-$number-scratch"
  SPARK_LOCAL_DIRS="$folder/worker-$number-scratch" SPARK_DAEMON_JAVA_OPTS="-Djava.io.tmpdir=$folder/worker-$number-scratch" \
    TMPDIR="$folder/worker-$number-scratch" setsid "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.worker.Worker \
    --host 127.0.0.1 --cores 1 --memory "$memory" --work-dir "$folder/worker-$number" --webui-port "$(free_port)" \
    "spark://127.0.0.1:$port" > "$folder/logs/worker-$number.log" 2>&1 < /dev/null &
  echo $! > "$folder/worker-$number.pid"
done
# Ready when the master's status page counts both workers alive (at most 3 minutes: JVMs start slowly on a busy
# machine).
python3 - "$web" <<'EOF'
import json, sys, time, urllib.request
deadline = time.monotonic() + 180
while True:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/json/", timeout=5) as answer:
            if json.load(answer).get("aliveworkers") == 2:
                break
    except OSError:
        pass
    if time.monotonic() > deadline:
        sys.exit("spark-cluster.sh: the two workers did not register within 3 minutes")
    time.sleep(0.5)
EOF
echo "spark://127.0.0.1:$port"
