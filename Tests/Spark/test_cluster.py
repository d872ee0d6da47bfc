"""The job on a real Spark standalone cluster: a master and two workers on 127.0.0.1, started with PySpark's own
`spark-class`, each worker in a folder of its own; the release archive shipped by `--archives`, the package by
`render` itself (addPyFile). No path is shared between the driver and the workers but the input and output folders.

`scripts/spark-cluster.sh` starts the same cluster for `scripts/bench-spark.sh`'s million-alert run. The test's feed
is 3,000 alerts, 1 % invalid; ALERTKIT_SPARK_ALERTS=100000 makes it issue 40's acceptance run (BENCHMARKS.md).
"""

import os
import subprocess

import pytest

from conftest import DATE, ROOT, check_same, expected, generated, problems, spark

CLUSTER = os.path.join(ROOT, "scripts", "spark-cluster.sh")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """`spark://127.0.0.1:PORT` of a master with two workers, once both have registered; stopped after."""
    folder = tmp_path_factory.mktemp("cluster")
    start = subprocess.run([CLUSTER, "start", str(folder)], capture_output=True, text=True, timeout=300)
    try:
        assert start.returncode == 0, start.stdout + start.stderr
        yield start.stdout.strip().splitlines()[-1], folder
    finally:
        stop = subprocess.run([CLUSTER, "stop", str(folder)], capture_output=True, text=True, timeout=120)
        assert stop.returncode == 0, stop.stdout + stop.stderr


def test_the_job_on_a_standalone_cluster_equals_batch(cluster, unpacked, archive, tmp_path):
    master, folder = cluster
    lines = generated(int(os.environ.get("ALERTKIT_SPARK_ALERTS", "3000")), 21, invalid=0.01)
    lines[10:10] = [b"not json at all", b""]
    feed = tmp_path / "feed.ndjson"
    feed.write_bytes(b"\n".join(lines) + b"\n")
    binary = os.path.join(unpacked, "alertkit")
    formats, locales = ["html", "slack", "sms"], ["en", "es"]
    want = expected(binary, [str(feed)], formats, locales, tmp_path)
    output = str(tmp_path / "out")
    result = spark(["--input", str(feed), "--output", output, "--formats", ",".join(formats), "--locales",
                    ",".join(locales), "--date", DATE, "--partitions", "4"], tmp_path, master=master,
                   submit=["--archives", f"{archive}#alertkit", "--conf", "spark.executor.memory=768m",
                           "--conf", "spark.executor.cores=1"])
    assert result.returncode == 0, problems(result.stderr)
    check_same(output, want, result.stdout + result.stderr, outputs=6)
    # The work was done by the workers' executors, in their own folders, with the archive unpacked there (which
    # worker ran tasks is the scheduler's to choose: at least one did).
    unpacked_by = [name for name in ("worker-1", "worker-2")
                   if any(os.path.isfile(os.path.join(root, "alertkit")) and os.path.basename(root).startswith("alertkit-")
                          for root, _, _ in os.walk(folder / name))]
    assert unpacked_by, "no worker unpacked the archive"
