"""`alertkit_spark.render(df, …)` inside a PySpark program: the snippet of docs/spark.md as written, what a row is,
and the package installed by pip from the repository and from the release archive."""

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile

from conftest import DATE, PACKAGE, ROOT, SAMPLE, bare_environment, dataset_rows, digest, expected, generated, problems

DOCS = os.path.join(ROOT, "docs", "spark.md")


def snippet():
    """The code block under `<!-- snippet: render` in docs/spark.md."""
    text = open(DOCS, encoding="utf-8").read()
    found = re.search(r"<!-- snippet: render[^\n]*-->\n```python\n(.*?)```", text, re.S)
    assert found, "docs/spark.md has no render snippet"
    return found.group(1)


def program(folder, body):
    """A PySpark program: a local session (its scratch in `folder`), then `body`."""
    path = folder / "program.py"
    path.write_text("from pyspark.sql import SparkSession\n"
                    "spark = SparkSession.builder.getOrCreate()\n"
                    "spark.sparkContext.setLogLevel('WARN')\n" + body)
    return str(path)


def test_the_docs_snippet_runs_as_written(unpacked, tmp_path):
    code = snippet()
    assert len(code.strip().splitlines()) == 3, code
    (tmp_path / "feeds").mkdir()
    lines = generated(200, 30, invalid=0.05)
    lines[4:4] = [b"", b"   "]  # blank lines: no record
    (tmp_path / "feeds" / "alerts.ndjson").write_bytes(b"\n".join(lines) + b"\n")
    # The archive's binary on the PATH, as on a worker image that installs it; the package beside the program.
    environment = bare_environment(PATH=unpacked + ":" + bare_environment()["PATH"], PYTHONPATH=PACKAGE)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    result = subprocess.run(["spark-submit", "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                             "--conf", f"spark.local.dir={scratch}", "--driver-java-options", f"-Djava.io.tmpdir={scratch}",
                             program(tmp_path, code)], cwd=tmp_path, env=environment, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, problems(result.stderr)
    rows = dataset_rows(str(tmp_path / "rendered"))
    assert len(rows) == 200 * 4
    assert {(row["format"], row["locale"]) for row in rows} == {(f, l) for f in ("html", "sms") for l in ("en", "es")}
    # spark.read.text gives no file or line: the rows carry none. The documents are batch's, record for record.
    assert all(row["source"] is None and row["line"] is None for row in rows)
    want = expected(os.path.join(unpacked, "alertkit"), [str(tmp_path / "feeds" / "alerts.ndjson")], ["html", "sms"],
                    ["en", "es"], tmp_path)
    assert sorted(digest(row["document"]) for row in rows if row["kind"] == "document") == sorted(d for _, d in want[0].values())
    assert sum(row["kind"] == "rejected" for row in rows) == len(want[1])


def test_a_row_is_one_record(unpacked, tmp_path):
    email = json.load(open(SAMPLE))
    rows = [
        ("a.json", 1, json.dumps(email, indent=2)),            # over several lines: one record
        ("a.json", 2, None),                                     # null: no record
        ("a.json", 3, "  \n "),                                  # blank: no record
        ("b", 7, json.dumps(dict(email, id="two"))),
        ("b", 8, '{"id": "bad\nid"}'),                           # a raw line break inside a string: refused
        ("c", 9, "[1, 2"),                                       # not JSON
        ("d", 10, json.dumps([email, email])),                   # an array is not an alert
    ]
    body = f"""
import json, sys
from alertkit_spark import render
rows = json.loads({json.dumps(json.dumps(rows))})
df = spark.createDataFrame(rows, "origin string, number int, payload string").repartition(2)
out = render(df, column="payload", formats="text,json", locales=["es"], source="origin", line="number",
             date={DATE!r}, alertkit={os.path.join(unpacked, 'alertkit')!r})
out.write.json(sys.argv[1])
"""
    result = subprocess.run(["spark-submit", "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                             "--conf", f"spark.local.dir={tmp_path}", "--driver-java-options",
                             f"-Djava.io.tmpdir={tmp_path}", program(tmp_path, body), str(tmp_path / "out")],
                            cwd=tmp_path, env=bare_environment(PYTHONPATH=PACKAGE), capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, problems(result.stderr)
    out = dataset_rows(str(tmp_path / "out"), "json")
    by = {}
    for row in out:
        by.setdefault((row["source"], row["line"]), []).append(row)
    assert sorted(by) == [("a.json", 1), ("b", 7), ("b", 8), ("c", 9), ("d", 10)]
    for key, found in by.items():
        assert sorted(row["format"] for row in found) == ["json", "text"] and {row["locale"] for row in found} == {"es"}
    assert {row["kind"] for row in by[("a.json", 1)] + by[("b", 7)]} == {"document"}
    assert {row["id"] for row in by[("b", 7)]} == {"two"}
    assert [row["reason"] for row in by[("b", 8)]] == ["not-json", "not-json"]
    assert [row["reason"] for row in by[("c", 9)]] == ["not-json", "not-json"]
    assert {row["reason"] for row in by[("d", 10)]} == {"invalid-alert"}
    # The record over several lines is the same alert, rendered as the one-line one is.
    one_line = subprocess.run([os.path.join(unpacked, "alertkit"), "render", "-", "-f", "text", "--locale", "es"],
                              input=json.dumps(email).encode(), capture_output=True, env=bare_environment())
    assert one_line.returncode == 0
    assert [row["document"] for row in by[("a.json", 1)] if row["format"] == "text"] == [one_line.stdout.decode()]


def install(source, target):
    """pip install of the package from `source` (copied first: a build writes into its folder) into `target`."""
    copy = target.parent / (target.name + "-source")
    shutil.copytree(source, copy)
    result = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                             "--no-cache-dir", "--target", str(target), str(copy)], capture_output=True, text=True,
                            timeout=300)
    shutil.rmtree(copy)
    assert result.returncode == 0, result.stdout + result.stderr
    found = subprocess.run([sys.executable, "-c", "import alertkit_spark, sys; print(alertkit_spark.__version__); "
                            "print(alertkit_spark.__file__); print(alertkit_spark.render.__doc__ is not None)"],
                           cwd=target.parent, env=dict(os.environ, PYTHONPATH=str(target)), capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    return found.stdout.splitlines()


def test_pip_installs_the_package_from_the_repository_and_from_the_archive(archive, unpacked, tmp_path):
    version = subprocess.run([os.path.join(unpacked, "alertkit"), "--version"], capture_output=True, text=True,
                             env=bare_environment()).stdout.split()[0]
    for name, source in (("repository", PACKAGE), ("archive", os.path.join(unpacked, "integrations", "spark"))):
        target = tmp_path / name
        got, where, documented = install(source, target)
        assert got == version, (name, got, version)
        assert where.startswith(str(target)) and documented == "True"
    # The archive has the job, the package and its guide.
    with tarfile.open(archive) as tar:
        names = {member.name.split("/", 1)[1] for member in tar.getmembers() if "/" in member.name}
    assert {"integrations/spark/job.py", "integrations/spark/pyproject.toml", "integrations/spark/alertkit_spark/frame.py",
            "docs/spark.md"} <= names
