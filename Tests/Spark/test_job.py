"""The Spark job (`integrations/spark/job.py`) in local mode against `alertkit batch`, and how it fails.

The archive's binary does the rendering (ALERTKIT_ARCHIVE, as test_archive.py); without it these are skipped, all but
the one whose `alertkit` is a script of its own (a task given fewer results than records).
"""

import glob
import json
import os
import re
import subprocess
import sys

from conftest import DATE, PACKAGE, SAMPLE, bare_environment, check_same, expected, feed, problems, spark


def test_spark_job_equals_batch_in_several_formats_and_locales(unpacked, archive, tmp_path):
    inputs = feed(tmp_path)
    binary = os.path.join(unpacked, "alertkit")
    formats, locales = ["markdown", "sms"], ["en", "es"]
    want = expected(binary, inputs, formats, locales, tmp_path)
    assert len(want[1]) > 4 * 400 and len(want[0]) > 4 * 9000
    output = str(tmp_path / "out")
    arguments = [argument for path in inputs for argument in ("--input", path)]
    result = spark([*arguments, "--output", output, "--formats", ",".join(formats), "--locales", ",".join(locales),
                    "--date", DATE, "--partitions", "5"], tmp_path, submit=["--archives", f"{archive}#alertkit"])
    assert result.returncode == 0, problems(result.stderr)
    check_same(output, want, result.stdout + result.stderr, outputs=4)
    # Parquet, compressed, partitioned by kind, format and locale.
    folders = sorted(os.path.relpath(path, output) for path in glob.glob(os.path.join(output, "kind=*", "format=*", "locale=*")))
    assert folders == [f"kind={kind}/format={name}/locale={locale}" for kind in ("document", "rejected")
                       for name in sorted(formats) for locale in locales], folders
    assert glob.glob(os.path.join(output, "kind=document", "format=sms", "locale=es", "*.snappy.parquet"))


def test_spark_job_ships_templates_and_a_retried_task_writes_nothing_twice(unpacked, tmp_path):
    inputs = feed(tmp_path, count=3000)
    templates = tmp_path / "brand"
    (templates / "formats").mkdir(parents=True)
    (templates / "formats" / "brief.txt.mustache").write_text("{{title}}: {{#details}}{{value}}; {{/details}}\n")
    binary = os.path.join(unpacked, "alertkit")
    want = expected(binary, inputs, ["brief"], ["es"], tmp_path, ["--templates", str(templates)])
    # An alertkit that fails the first time it is started, after writing all its lines: Spark retries that task
    # (local[2,3]: 3 attempts), and the failed attempt's lines must not reach the dataset.
    marker = tmp_path / "failed-once"
    wrapper = tmp_path / "flaky-alertkit"
    wrapper.write_text(f"#!/bin/sh\nif mkdir '{marker}' 2>/dev/null; then '{binary}' \"$@\"; echo 'simulated crash' >&2; exit 3; fi\n"
                       f"exec '{binary}' \"$@\"\n")
    wrapper.chmod(0o755)
    output = str(tmp_path / "out")
    arguments = [argument for path in inputs for argument in ("--input", path)]
    result = spark(["--alertkit", str(wrapper), "--templates", str(templates), *arguments, "--output", output,
                    "--format", "brief", "--locale", "es", "--date", DATE, "--partitions", "3", "--output-format", "json",
                    "--compression", "gzip"], tmp_path, master="local[2,3]")
    assert result.returncode == 0, problems(result.stderr)
    assert marker.exists(), "the first attempt did not fail"
    assert glob.glob(os.path.join(output, "kind=document", "format=brief", "locale=es", "*.json.gz"))
    check_same(output, want, result.stdout + result.stderr, output_format="json")


def failure(result, output):
    """The job's one-line failure message, once it is checked that the job failed and committed nothing."""
    log = result.stdout + result.stderr
    assert result.returncode == 1, problems(log)
    message = [line for line in log.splitlines() if line.startswith("alertkit_spark: failed, nothing written")]
    assert message, problems(log)
    assert not (output / "_SUCCESS").exists()
    assert not [path for path in glob.glob(str(output / "kind=*" / "**"), recursive=True) if os.path.isfile(path)], \
        "a partial dataset was left"
    return message[0]


def test_a_failing_alertkit_fails_the_job_and_commits_nothing(unpacked, tmp_path):
    inputs = feed(tmp_path, count=2000)
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
                    "--formats", "html,broken"], tmp_path)
    message = failure(result, output)
    assert "status 78" in message and "broken.txt.mustache" in message, message


def fake_alertkit(path, formats, hold_last):
    """An `alertkit` of the test's own: for each non-blank line of standard input, one result a format, numbered as
    `alertkit batch - --ndjson` numbers them, and exit 0; with `hold_last`, the last record's results left out."""
    results = "; ".join(f"""printf '{{"position":%d,"source":"<stdin>","line":%d,"index":%d,"format":"{name}","document":""}}\\n' """
                        f'"$position" "$number" "$position"' for name in formats)
    flush = "" if hold_last else """[ -n "$pending" ] && printf '%s\\n' "$pending"\n"""
    path.write_text(f"""#!/bin/sh
number=0 position=0 pending=
while IFS= read -r line; do
  number=$((number + 1))
  case "$line" in *[![:space:]]*) ;; *) continue ;; esac
  [ -n "$pending" ] && printf '%s\\n' "$pending"
  pending=$({results})
  position=$((position + 1))
done
{flush}exit 0
""")
    path.chmod(0o755)
    return str(path)


def test_a_task_given_fewer_results_than_records_fails_the_job(tmp_path):
    # An alertkit that exits 0 but leaves out the last record's results: the task counts the records it sends (one a
    # non-blank line), finds one missing, and fails, so that nothing is committed. No archive needed.
    short = fake_alertkit(tmp_path / "short-alertkit", ["html", "text"], hold_last=True)
    output = tmp_path / "out"
    result = spark(["--alertkit", short, "--input", small_feed(tmp_path, 30), "--output", str(output),
                    "--formats", "html,text"], tmp_path)
    message = failure(result, output)
    # Spark splits the file between its 2 cores: the message is that of the first task to fail.
    counts = re.search(r"sent alertkit (\d+) records, got (\d+) results back \(it exited 0\)", message)
    assert counts and int(counts.group(2)) == int(counts.group(1)) - 1, message


def test_a_result_given_once_too_few_for_its_formats_fails_the_job(tmp_path):
    # Two formats asked for, one result a record given back: the positions show the second missing at once.
    single = fake_alertkit(tmp_path / "single-alertkit", ["html"], hold_last=False)
    output = tmp_path / "out"
    result = spark(["--alertkit", single, "--input", small_feed(tmp_path, 30), "--output", str(output),
                    "--formats", "html,text"], tmp_path)
    message = failure(result, output)
    assert "a result is missing or repeated" in message, message


def test_usage_errors(tmp_path):
    # Checked before Spark starts: `python -m alertkit_spark` (the package's own entry) answers at once.
    for arguments, words in [(["--formats", "html,html"], "--formats takes one or more different names"),
                             (["--locales", "en,"], "--locales takes one or more different names"),
                             (["--stream"], "--stream needs --checkpoint"),
                             (["--stream", "--checkpoint", "c", "--input", "other"], "--stream watches one folder"),
                             (["--available-now"], "go with --stream"),
                             (["--partitions", "-1"], "take 0 or more"),
                             (["--output-format", "csv"], "invalid choice")]:
        result = subprocess.run([sys.executable, "-m", "alertkit_spark", "--input", SAMPLE, "--output",
                                 str(tmp_path / "out"), *arguments], cwd=tmp_path, capture_output=True, text=True,
                                env=bare_environment(PYTHONPATH=PACKAGE), timeout=60)
        assert result.returncode == 2, (arguments, result.stderr)
        assert words in result.stderr, (arguments, result.stderr)
        assert not (tmp_path / "out").exists()
