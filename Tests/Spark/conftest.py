"""What the Spark tests share: the archive unpacked outside the checkout, a machine's environment without Swift,
feeds, spark-submit, the datasets read back, and what `alertkit batch` makes of the same inputs."""

import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "SampleData", "email-alert.json")
JOB = os.path.join(ROOT, "integrations", "spark", "job.py")
PACKAGE = os.path.join(ROOT, "integrations", "spark")
GEN_FEED = os.path.join(ROOT, "scripts", "gen-feed.py")


def bare_environment(**extra):
    """The environment of a machine without Swift: the toolchain's folders off the PATH, no LD_LIBRARY_PATH."""
    swift = shutil.which("swift")
    toolchain = os.path.dirname(os.path.realpath(swift)) if swift else None
    path = [p for p in os.environ.get("PATH", "").split(":")
            if p and not (toolchain and os.path.realpath(p) == toolchain) and not os.path.exists(os.path.join(p, "swift"))]
    environment = {k: v for k, v in os.environ.items() if k not in ("LD_LIBRARY_PATH", "ALERTKIT_RESOURCES")}
    # Spark binds and advertises loopback alone (else the machine's own interface address): every test's traffic
    # stays on 127.0.0.1.
    environment.update(PATH=":".join(path), ALERTKIT_CONFIG=os.devnull, SPARK_LOCAL_IP="127.0.0.1")
    environment.update(extra)
    return environment


@pytest.fixture(scope="session")
def archive():
    path = os.environ.get("ALERTKIT_ARCHIVE")
    if not path:
        pytest.skip("ALERTKIT_ARCHIVE is not set: scripts/test.sh builds the archive with scripts/dist.sh")
    return path


@pytest.fixture(scope="session")
def unpacked(archive, tmp_path_factory):
    folder = tmp_path_factory.mktemp("bare")
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    (top,) = os.listdir(folder)
    return os.path.join(folder, top)


def run(arguments, cwd, environment=None, stdin=None):
    return subprocess.run(arguments, cwd=cwd, env=environment or bare_environment(), input=stdin,
                          capture_output=True, timeout=600)


# --- Feeds, the job, and the datasets ----------------------------------------------------------------------------

DATE = "2026-11-25T09:30:00Z"  # the email's Date, pinned: the job's documents and batch's are compared byte for byte


def generated(count, seed, invalid=0.05, form="ndjson"):
    """`scripts/gen-feed.py`'s records: NDJSON lines (without the last newline's empty line) or an array's bytes."""
    out = subprocess.run([sys.executable, GEN_FEED, "--count", str(count), "--seed", str(seed), "--invalid-rate",
                          str(invalid), "--format", form], capture_output=True, check=True).stdout
    return out if form == "array" else out.split(b"\n")[:-1]


def feed(folder, count=10000):
    """`count` gen-feed records, 5 % invalid, plus broken lines, blank lines and a JSON array file."""
    lines = generated(count, 16)
    lines[100:100] = [b'{"id":"cut-short","type":1,"events":[', b"", b"not json at all", b"   "]
    lines[count // 2:count // 2] = [b"[1, 2", b'{"id":"x","type":9,"events":[]}']
    (folder / "feed.ndjson").write_bytes(b"\n".join(lines) + b"\n")
    # A small second feed, with CRLF line ends and no newline at its end: it shares a partition with the other's tail.
    more = generated(30, 18, invalid=0.2)
    (folder / "small.jsonl").write_bytes(b"\r\n".join(more[:15] + [b"[1, 2"] + more[15:]))
    (folder / "more.json").write_bytes(generated(40, 17, invalid=0.1, form="array"))
    # Two records on one line of a whole file (told apart by their index), a feed of blank lines alone (one rejected
    # record to batch: it holds no alert), and a name that Hadoop would read as a glob.
    (folder / "one-line.json").write_bytes(b"[" + b",".join(generated(2, 19, invalid=0)) + b"]")
    (folder / "blank.ndjson").write_bytes(b"\n  \n\t\n")
    odd = folder / "odd [1] {a,b}.ndjson"
    odd.write_bytes(b"\n".join(generated(5, 20, invalid=0.2)) + b"\n")
    return [str(folder / name) for name in ("feed.ndjson", "more.json", "small.jsonl", "one-line.json", "blank.ndjson",
                                            odd.name)]


def digest(document):
    """A document's SHA-256: compared in its place, so that a million pages need not be held twice in memory."""
    return hashlib.sha256(document.encode("utf-8")).hexdigest()


def expected(binary, inputs, formats, locales, cwd, arguments=()):
    """What `alertkit batch --ndjson` makes of the inputs, one run per format and locale: documents by (source, line,
    index, format, locale) → (id, the document's digest), rejections by the same → (id, reason, pointer, message,
    problems)."""
    documents, rejected = {}, {}
    for locale in locales:
        for name in formats:
            result = run([binary, "batch", *inputs, "--ndjson", "--no-progress", "--date", DATE, "-f", name,
                          "--locale", locale, *arguments], cwd=cwd)
            assert result.returncode in (0, 1), result.stderr
            for line in result.stdout.splitlines():
                record = json.loads(line)
                key = (record["source"], record["line"], record["index"], name, locale)
                assert key not in documents and key not in rejected, f"batch gave {key} twice"
                if "document" in record:
                    documents[key] = (record.get("id"), digest(record["document"]))
                else:
                    error = record["error"]
                    rejected[key] = (
                        record.get("id"), error["kind"], error["pointer"], error["message"], error["problems"])
    return documents, rejected


def spark(arguments, cwd, master="local[2]", submit=(), job=JOB, **popen):
    """spark-submit of the job: `submit` are spark-submit's own options, `arguments` the job's. Spark's scratch files
    and the JVM's temporary ones go to the test's folder, not /tmp. With `popen` (e.g. stdout=…), the process is
    started and returned, not waited for."""
    scratch = os.path.join(cwd, "spark-scratch")
    os.makedirs(scratch, exist_ok=True)
    command = ["spark-submit", "--master", master, "--conf", "spark.ui.enabled=false",
               "--conf", f"spark.local.dir={scratch}", "--driver-java-options", f"-Djava.io.tmpdir={scratch}",
               "--conf", f"spark.executor.extraJavaOptions=-Djava.io.tmpdir={scratch}", *submit, job, *arguments]
    if popen:
        return subprocess.Popen(command, cwd=cwd, env=bare_environment(), text=True, **popen)
    return subprocess.run(command, cwd=cwd, env=bare_environment(), capture_output=True, text=True, timeout=900)


def dataset_rows(output, output_format="parquet"):
    """Every row of a dataset the job wrote, its partition columns (kind, format, locale, and batch for a stream)
    read back from the folder names: Parquet as pyarrow reads a hive-partitioned dataset, JSON lines line by line
    (a key a row lacks is null)."""
    if output_format == "parquet":
        import pyarrow.dataset as ds
        return ds.dataset(output, format="parquet", partitioning="hive").to_table().to_pylist()
    import gzip
    rows = []
    for path in glob.glob(os.path.join(output, "**", "part-*"), recursive=True):
        partitions = dict(part.split("=", 1) for part in os.path.relpath(os.path.dirname(path), output).split(os.sep)
                          if "=" in part)
        opened = gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz") else open(path, encoding="utf-8")
        with opened as lines:
            for line in lines:
                row = dict.fromkeys(("source", "line", "index", "id", "document", "warnings", "reason", "pointer", "message",
                                     "problems"))
                row.update(json.loads(line), **partitions)
                rows.append(row)
    return rows


def read_dataset(output, output_format="parquet"):
    """The dataset as `expected` gives batch's: each record at most once per format and locale (else it fails)."""
    documents, rejected = {}, {}
    for row in dataset_rows(output, output_format):
        assert row["kind"] in ("document", "rejected"), row
        if row["kind"] == "document":
            key = (row["source"], row["line"], row["index"], row["format"], row["locale"])
            assert key not in documents, f"{key} written twice"
            documents[key] = (row["id"], digest(row["document"]))
            assert row["reason"] is None and row["problems"] is None
        else:
            key = (row["source"], row["line"], row["index"], row["format"], row["locale"])
            assert key not in rejected, f"{key} written twice"
            rejected[key] = (row["id"], row["reason"], row["pointer"], row["message"], row["problems"])
            assert row["document"] is None
    return documents, rejected


def problems(log):
    """The job's log without Spark's INFO lines: what to show when it fails."""
    return "\n".join(line for line in log.splitlines() if " INFO " not in line)[-4000:]


def check_same(output, want, log, output_format="parquet", outputs=1):
    """The dataset holds what batch made, byte for byte, and the job's summary line counts it."""
    assert os.path.exists(os.path.join(output, "_SUCCESS")), problems(log)
    documents, rejected = read_dataset(output, output_format)
    want_documents, want_rejected = want
    assert documents.keys() == want_documents.keys()
    for key, document in want_documents.items():
        assert documents[key] == document, f"{key}: not the id and bytes batch writes"
    assert rejected == want_rejected
    summary = [line for line in log.splitlines() if line.startswith("alertkit_spark: ") and " rendered, " in line]
    assert summary, problems(log)
    records = (len(documents) + len(rejected)) // outputs
    assert f"{len(documents)} rendered, {len(rejected)} rejected, {records} records" in summary[-1], summary[-1]
