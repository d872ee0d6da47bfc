"""The release archive (scripts/dist.sh) on a machine without Swift, and the Spark job against `alertkit batch`.

Run by scripts/test.sh after it packs the archive: ALERTKIT_ARCHIVE names it. The tests unpack it into a folder
outside the checkout and run it with the Swift toolchain off the PATH and LD_LIBRARY_PATH unset; without it they are
skipped, all but the one whose `alertkit` is a script of its own (a task given fewer results than records).
In CI the archive is `scripts/dist.sh --debug`'s (the debug build, linked dynamically: its runpath finds the
toolchain's libraries even off the PATH), so the two checks only a static release build can pass, that it links no
Swift library and that `--version` names its commit, hold for the real archive, which `scripts/test-slow.sh` builds
(`scripts/dist.sh`, 12 minutes here) and runs these tests on.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "SampleData", "email-alert.json")
JOB = os.path.join(ROOT, "integrations", "spark", "alertkit_spark.py")
GEN_FEED = os.path.join(ROOT, "scripts", "gen-feed.py")


def bare_environment(**extra):
    """The environment of a machine without Swift: the toolchain's folders off the PATH, no LD_LIBRARY_PATH."""
    swift = shutil.which("swift")
    toolchain = os.path.dirname(os.path.realpath(swift)) if swift else None
    path = [p for p in os.environ.get("PATH", "").split(":")
            if p and not (toolchain and os.path.realpath(p) == toolchain) and not os.path.exists(os.path.join(p, "swift"))]
    environment = {k: v for k, v in os.environ.items() if k not in ("LD_LIBRARY_PATH", "ALERTKIT_RESOURCES")}
    environment.update(PATH=":".join(path), ALERTKIT_CONFIG=os.devnull, **extra)
    return environment


@pytest.fixture(scope="module")
def archive():
    path = os.environ.get("ALERTKIT_ARCHIVE")
    if not path:
        pytest.skip("ALERTKIT_ARCHIVE is not set: scripts/test.sh builds the archive with scripts/dist.sh")
    return path


@pytest.fixture(scope="module")
def unpacked(archive, tmp_path_factory):
    folder = tmp_path_factory.mktemp("bare")
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    (top,) = os.listdir(folder)
    return os.path.join(folder, top)


def run(arguments, cwd, environment=None, stdin=None):
    return subprocess.run(arguments, cwd=cwd, env=environment or bare_environment(), input=stdin,
                          capture_output=True, timeout=600)


def is_release(archive):
    """A static release archive, not `scripts/dist.sh --debug`'s."""
    return not os.path.basename(archive).endswith("-debug.tar.gz")


def test_archive_renders_outside_the_checkout_without_swift(archive, unpacked, tmp_path):
    binary = os.path.join(unpacked, "alertkit")
    needed = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True).stdout
    if is_release(archive):
        assert "libswift" not in needed and "libFoundation" not in needed and "libcmark" not in needed, needed
    else:
        assert "libswiftCore" in needed, needed  # the debug archive is what it says
    shutil.copy(SAMPLE, tmp_path / "alert.json")
    page = run([binary, "render", "alert.json", "-o", "alert.html"], cwd=tmp_path)
    assert page.returncode == 0, page.stderr
    html = (tmp_path / "alert.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and "Email Address Leaked" in html
    # The same page as the checkout's own build writes.
    reference = subprocess.run([os.path.join(ROOT, ".build", "debug", "alertkit"), "render", SAMPLE],
                               capture_output=True, env=dict(os.environ, ALERTKIT_CONFIG=os.devnull))
    assert reference.returncode == 0 and reference.stdout == html.encode()
    for fmt in ("markdown", "text", "json", "slack", "sms", "email"):
        result = run([binary, "render", "alert.json", "-f", fmt], cwd=tmp_path)
        assert result.returncode == 0 and result.stdout, (fmt, result.stderr)
    version = run([binary, "--version"], cwd=tmp_path)
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert version.returncode == 0, version.stderr
    if is_release(archive):  # the debug build was not given its commit (scripts/dist.sh sets it in the release build)
        assert f"(commit {commit}" in version.stdout.decode(), version.stdout


def test_archive_is_owned_by_root_and_holds_the_licence(archive):
    # Extracted as root, tar gives each file the owner the archive records: root's, never the builder's uid, and
    # none writable by group or others.
    with tarfile.open(archive) as tar:
        members = tar.getmembers()
        wrong = [(m.name, m.uid, m.gid, oct(m.mode)) for m in members if (m.uid, m.gid) != (0, 0) or m.mode & 0o022]
        assert not wrong, wrong
        top = members[0].name.split("/")[0]
        assert {f"{top}/alertkit", f"{top}/LICENSE", f"{top}/NOTICE", f"{top}/alertkit-page.css"} <= {m.name for m in members}
        with open(os.path.join(ROOT, "LICENSE"), "rb") as licence:
            assert tar.extractfile(f"{top}/LICENSE").read() == licence.read()
        assert b".alertkit {" in tar.extractfile(f"{top}/alertkit-page.css").read()
    # Beside it, its SHA-256 as sha256sum -c reads it.
    checked = subprocess.run(["sha256sum", "-c", os.path.basename(archive) + ".sha256"], cwd=os.path.dirname(archive),
                             capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout.strip().endswith(": OK"), checked.stdout + checked.stderr


def test_a_binary_copied_alone_says_what_is_missing(unpacked, tmp_path):
    shutil.copy(os.path.join(unpacked, "alertkit"), tmp_path / "alertkit")
    shutil.copy(SAMPLE, tmp_path / "alert.json")
    result = run([str(tmp_path / "alertkit"), "render", "alert.json"], cwd=tmp_path)
    message = result.stderr.decode()
    assert result.returncode == 72, message
    assert "AlertKit_AlertTemplates.resources" in message and str(tmp_path) in message and "Fatal error" not in message
    # --version and the schema need none of the files; ALERTKIT_RESOURCES names a folder that has them.
    assert run([str(tmp_path / "alertkit"), "--version"], cwd=tmp_path).returncode == 0
    assert run([str(tmp_path / "alertkit"), "schema"], cwd=tmp_path).returncode == 0
    named = bare_environment(ALERTKIT_RESOURCES=os.path.join(unpacked, "AlertKit_AlertTemplates.resources"))
    assert run([str(tmp_path / "alertkit"), "render", "alert.json", "-f", "text"], cwd=tmp_path, environment=named).returncode == 0
    # ALERTKIT_RESOURCES is that folder alone: one without the files is an error naming it, even where the binary
    # has its own beside it.
    wrong = bare_environment(ALERTKIT_RESOURCES=str(tmp_path / "nowhere"))
    strict = run([os.path.join(unpacked, "alertkit"), "render", "alert.json"], cwd=tmp_path, environment=wrong)
    assert strict.returncode == 72 and str(tmp_path / "nowhere") in strict.stderr.decode(), strict.stderr
    # A link to the binary finds the files beside the binary itself.
    os.symlink(os.path.join(unpacked, "alertkit"), tmp_path / "linked")
    assert run([str(tmp_path / "linked"), "render", "alert.json", "-f", "text"], cwd=tmp_path).returncode == 0


# --- The Spark job -----------------------------------------------------------------------------------------------


def feed(folder):
    """10,000 gen-feed records, 5 % invalid, plus broken lines, blank lines and a JSON array file."""
    generated = subprocess.run([sys.executable, GEN_FEED, "--count", "10000", "--seed", "16", "--invalid-rate", "0.05"],
                               capture_output=True, check=True).stdout.split(b"\n")
    lines = generated[:-1]
    lines[100:100] = [b'{"id":"cut-short","type":1,"events":[', b"", b"not json at all", b"   "]
    lines[5000:5000] = [b"[1, 2", b'{"id":"x","type":9,"events":[]}']
    (folder / "feed.ndjson").write_bytes(b"\n".join(lines) + b"\n")
    # A small second feed, with CRLF line ends and no newline at its end: it shares a partition with the other's tail.
    more = subprocess.run([sys.executable, GEN_FEED, "--count", "30", "--seed", "18", "--invalid-rate", "0.2"],
                          capture_output=True, check=True).stdout.rstrip(b"\n").split(b"\n")
    (folder / "small.jsonl").write_bytes(b"\r\n".join(more[:15] + [b"[1, 2"] + more[15:]))
    array = subprocess.run([sys.executable, GEN_FEED, "--count", "40", "--seed", "17", "--format", "array",
                            "--invalid-rate", "0.1"], capture_output=True, check=True).stdout
    (folder / "more.json").write_bytes(array)
    return [str(folder / "feed.ndjson"), str(folder / "more.json"), str(folder / "small.jsonl")]


def expected(binary, inputs, arguments, cwd):
    """What `alertkit batch --ndjson` makes of the inputs: documents by (source, id), rejections by (source, line)."""
    result = run([binary, "batch", *inputs, "--ndjson", "--no-progress", *arguments], cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    documents, rejected = {}, {}
    for line in result.stdout.splitlines():
        record = json.loads(line)
        if "document" in record:
            documents[(record["source"], record["id"])] = (record["line"], record["document"])
        else:
            error = record["error"]
            rejected[(record["source"], record["line"])] = (record.get("id"), error["pointer"], error["message"], error["problems"])
    return documents, rejected


def spark(arguments, cwd, master="local[2]", submit=()):
    """spark-submit of the job: `submit` are spark-submit's own options, `arguments` the job's. Spark's scratch files
    and the JVM's temporary ones go to the test's folder, not /tmp."""
    scratch = os.path.join(cwd, "spark-scratch")
    os.makedirs(scratch, exist_ok=True)
    return subprocess.run(["spark-submit", "--master", master, "--conf", "spark.ui.enabled=false",
                           "--conf", f"spark.local.dir={scratch}", "--driver-java-options", f"-Djava.io.tmpdir={scratch}",
                           *submit, JOB, *arguments],
                          cwd=cwd, env=bare_environment(), capture_output=True, text=True, timeout=900)


def read_dataset(output):
    documents, rejected = {}, {}
    for path in glob.glob(os.path.join(output, "kind=documents", "*.txt")):
        for line in open(path, encoding="utf-8"):
            record = json.loads(line)
            key = (record["source"], record["id"])
            assert key not in documents, f"{key} written twice"
            documents[key] = (record["line"], record["document"])
            assert record["format"]
    for path in glob.glob(os.path.join(output, "kind=rejected", "*.txt")):
        for line in open(path, encoding="utf-8"):
            record = json.loads(line)
            key = (record["source"], record["line"])
            assert key not in rejected, f"{key} written twice"
            rejected[key] = (record.get("id"), record["pointer"], record["message"], record["problems"])
    return documents, rejected


def problems(log):
    """The job's log without Spark's INFO lines: what to show when it fails."""
    return "\n".join(line for line in log.splitlines() if " INFO " not in line)[-4000:]


def check_same(output, want, log):
    assert os.path.exists(os.path.join(output, "_SUCCESS")), log
    documents, rejected = read_dataset(output)
    want_documents, want_rejected = want
    assert documents.keys() == want_documents.keys()
    for key, document in want_documents.items():
        assert documents[key] == document, f"{key}: not the line and bytes batch writes"
    assert rejected == want_rejected
    summary = [line for line in log.splitlines() if "alertkit_spark: " in line and " rendered, " in line]
    assert summary, problems(log)
    summary = summary[-1]
    assert f"{len(documents)} rendered, {len(rejected)} rejected, {len(documents) + len(rejected)} records" in summary


def test_spark_job_equals_batch(unpacked, archive, tmp_path):
    inputs = feed(tmp_path)
    binary = os.path.join(unpacked, "alertkit")
    want = expected(binary, inputs, ["-f", "markdown"], tmp_path)
    assert len(want[1]) > 400 and len(want[0]) > 9000
    output = str(tmp_path / "out")
    arguments = [argument for path in inputs for argument in ("--input", path)]
    result = spark([*arguments, "--output", output, "--format", "markdown", "--partitions", "5"],
                   tmp_path, submit=["--archives", f"{archive}#alertkit"])
    assert result.returncode == 0, problems(result.stderr)
    check_same(output, want, result.stdout + result.stderr)


def test_spark_job_ships_templates_and_a_retried_task_writes_nothing_twice(unpacked, tmp_path):
    inputs = feed(tmp_path)
    templates = tmp_path / "brand"
    (templates / "formats").mkdir(parents=True)
    (templates / "formats" / "brief.txt.mustache").write_text("{{title}}: {{#details}}{{value}}; {{/details}}\n")
    binary = os.path.join(unpacked, "alertkit")
    want = expected(binary, inputs, ["-f", "brief", "--templates", str(templates)], tmp_path)
    # An alertkit that fails the first time it is started, after writing all its lines: Spark retries that task
    # (local[2,3]: 3 attempts), and the failed attempt's lines must not reach the dataset.
    marker = tmp_path / "failed-once"
    wrapper = tmp_path / "flaky-alertkit"
    wrapper.write_text(f"#!/bin/sh\nif mkdir '{marker}' 2>/dev/null; then '{binary}' \"$@\"; echo 'simulated crash' >&2; exit 3; fi\n"
                       f"exec '{binary}' \"$@\"\n")
    wrapper.chmod(0o755)
    output = str(tmp_path / "out")
    arguments = [argument for path in inputs for argument in ("--input", path)]
    result = spark(["--alertkit", str(wrapper), "--templates", str(templates), *arguments,
                    "--output", output, "--format", "brief", "--partitions", "3"], tmp_path, master="local[2,3]")
    assert result.returncode == 0, problems(result.stderr)
    assert marker.exists(), "the first attempt did not fail"
    check_same(output, want, result.stdout + result.stderr)


def failure(result, output):
    """The job's one-line failure message, once it is checked that the job failed and committed nothing."""
    log = result.stdout + result.stderr
    assert result.returncode == 1, problems(log)
    message = [line for line in log.splitlines() if line.startswith("alertkit_spark: failed, nothing written")]
    assert message, problems(log)
    assert not (output / "_SUCCESS").exists()
    assert not glob.glob(str(output / "kind=*" / "*.txt")), "a partial dataset was left"
    return message[0]


def test_a_failing_alertkit_fails_the_job_and_commits_nothing(unpacked, tmp_path):
    inputs = feed(tmp_path)
    wrapper = tmp_path / "broken-alertkit"
    wrapper.write_text("#!/bin/sh\nhead -c 1000 > /dev/null; echo 'alertkit: out of disk (simulated)' >&2; exit 73\n")
    wrapper.chmod(0o755)
    output = tmp_path / "out"
    result = spark(["--alertkit", str(wrapper), "--input", inputs[0], "--output", str(output), "--partitions", "3"], tmp_path)
    message = failure(result, output)
    assert "status 73" in message and "out of disk (simulated)" in message, message


def small_feed(folder, count):
    """`count` copies of the sample alert, one a line, with blank lines among them (not records)."""
    alert = json.load(open(SAMPLE))
    lines = [json.dumps(dict(alert, id=f"alert-{number}")) for number in range(count)]
    lines[3:3] = ["", "   ", "\t"]
    path = folder / "small.ndjson"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_a_configuration_error_fails_the_job_with_its_status(unpacked, tmp_path):
    # A broken template is a configuration error: alertkit exits 78 (EX_CONFIG) having rendered nothing. Were it taken
    # for 1 (some records rejected), an empty dataset would be committed and every record lost.
    templates = tmp_path / "brand"
    (templates / "formats").mkdir(parents=True)
    (templates / "formats" / "broken.txt.mustache").write_text("{{#details}}{{value}}\n")  # a section never closed
    output = tmp_path / "out"
    result = spark(["--alertkit", os.path.join(unpacked, "alertkit"), "--templates", str(templates),
                    "--input", small_feed(tmp_path, 30), "--input", SAMPLE, "--output", str(output),
                    "--format", "broken"], tmp_path)
    message = failure(result, output)
    assert "status 78" in message and "broken.txt.mustache" in message, message


def test_a_task_given_fewer_results_than_records_fails_the_job(tmp_path):
    # An alertkit that exits 0 but leaves out the last record's result: the task counts the records it sends (one a
    # non-blank line), finds one missing, and fails, so that nothing is committed. No archive needed.
    short = tmp_path / "short-alertkit"
    short.write_text(r"""#!/bin/sh
# One result a non-blank line of standard input, as `alertkit batch - --ndjson` writes them, but the last's.
number=0 position=0
while IFS= read -r line; do
  number=$((number + 1))
  case "$line" in *[![:space:]]*) ;; *) continue ;; esac
  [ "$position" -gt 0 ] && printf '%s\n' "$last"
  last=$(printf '{"position":%d,"source":"<stdin>","line":%d,"index":%d,"id":"a%d","format":"html","document":""}' \
    "$position" "$number" "$position" "$position")
  position=$((position + 1))
done
exit 0
""")
    short.chmod(0o755)
    output = tmp_path / "out"
    result = spark(["--alertkit", str(short), "--input", small_feed(tmp_path, 30), "--output", str(output)], tmp_path)
    message = failure(result, output)
    # Spark splits the file between its 2 cores: the message is that of the first task to fail.
    counts = re.search(r"sent alertkit (\d+) records, got (\d+) results back \(it exited 0\)", message)
    assert counts and int(counts.group(2)) == int(counts.group(1)) - 1, message
