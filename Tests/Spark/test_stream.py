"""The job as a stream (`--stream --checkpoint DIR`): feed files landing one by one in a folder, each record once.

The job is killed (SIGKILL to its whole process group: the driver's JVM and Python) after the fourth file's batch is
written, and started again on the same checkpoint; and, apart, a batch whose output was written but whose commit
was lost (its commit file removed, as a crash between the two leaves it) is run again over its own output.
"""

import os
import queue
import signal
import subprocess
import threading
import time

from conftest import DATE, expected, generated, problems, read_dataset, spark

FILES = 10


def land(staging, landing, number):
    """Moves feed file `number` into the watched folder whole, as a file should land."""
    name = f"feed-{number:02d}.ndjson"
    os.rename(staging / name, landing / name)


def make_feeds(folder, count=120):
    staging, landing = folder / "staging", folder / "landing"
    staging.mkdir()
    landing.mkdir()
    for number in range(FILES):
        lines = generated(count, 100 + number, invalid=0.05)
        if number == 3:
            lines[5:5] = [b"not json", b""]
        (staging / f"feed-{number:02d}.ndjson").write_bytes(b"\n".join(lines) + b"\n")
    return staging, landing


class Lines:
    """A process's standard output, line by line, read by a thread: `wait_for` waits for a line, up to a deadline."""

    def __init__(self, process):
        self.process, self.lines, self.seen = process, queue.Queue(), []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def wait_for(self, words, seconds=300):
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                line = ""
            if line is None:
                raise AssertionError(f"the job ended before printing {words!r}: " + problems("\n".join(self.seen)))
            self.seen.append(line)
            if words in line:
                return line
            if time.monotonic() > deadline:
                raise AssertionError(f"no line with {words!r} in {seconds} s: " + problems("\n".join(self.seen)))


def want_for(binary, landing, tmp_path, formats, locales):
    """batch's documents and rejections for every feed file that has landed, named by its path there."""
    paths = sorted(str(landing / name) for name in os.listdir(landing) if name.endswith(".ndjson"))
    return expected(binary, paths, formats, locales, tmp_path)


def test_a_stream_killed_after_the_fourth_file_and_restarted_has_every_record_once(unpacked, tmp_path):
    staging, landing = make_feeds(tmp_path)
    binary = os.path.join(unpacked, "alertkit")
    output, checkpoint = tmp_path / "out", tmp_path / "checkpoint"
    arguments = ["--stream", "--input", str(landing), "--output", str(output), "--checkpoint", str(checkpoint),
                 "--formats", "text,sms", "--locales", "en,es", "--date", DATE, "--alertkit", binary]
    job = spark(arguments, tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        lines = Lines(job)
        lines.wait_for("alertkit_spark: watching")
        for number in range(4):
            land(staging, landing, number)
            lines.wait_for(f" in batch {number} -> ")
    finally:
        os.killpg(job.pid, signal.SIGKILL)
        job.wait(timeout=60)
    for number in range(4, FILES):
        land(staging, landing, number)
    again = spark([*arguments, "--available-now"], tmp_path)
    log = again.stdout + again.stderr
    assert again.returncode == 0, problems(log)
    assert "in batch 4 " in log, problems(log)
    documents, rejected = read_dataset(str(output))  # fails on any record written twice
    want = want_for(binary, landing, tmp_path, ["text", "sms"], ["en", "es"])
    assert documents == want[0]
    assert rejected == want[1]
    assert len(rejected) >= 4 * 40


def test_a_batch_whose_commit_was_lost_is_run_again_over_its_own_output(unpacked, tmp_path):
    staging, landing = make_feeds(tmp_path, count=40)
    binary = os.path.join(unpacked, "alertkit")
    for number in range(3):
        land(staging, landing, number)
    output, checkpoint = tmp_path / "out", tmp_path / "checkpoint"
    arguments = ["--stream", "--input", str(landing), "--output", str(output), "--checkpoint", str(checkpoint),
                 "--formats", "json", "--date", DATE, "--alertkit", binary, "--available-now",
                 "--max-files-per-trigger", "1"]
    first = spark(arguments, tmp_path)
    assert first.returncode == 0, problems(first.stderr)
    assert " in batch 2 -> " in first.stdout, problems(first.stdout + first.stderr)
    # The crash: batch 2's output is written, its commit never was.
    for name in ("2", ".2.crc"):
        os.remove(checkpoint / "commits" / name)
    for number in range(3, 5):
        land(staging, landing, number)
    second = spark(arguments, tmp_path)
    assert second.returncode == 0, problems(second.stderr)
    ran = [line for line in second.stdout.splitlines() if " in batch " in line]
    assert [line.split(" in batch ")[1].split(" ")[0] for line in ran] == ["2", "3", "4"], ran
    documents, rejected = read_dataset(str(output))
    want = want_for(binary, landing, tmp_path, ["json"], ["en"])  # the five files landed; five wait in staging
    assert documents == want[0]
    assert rejected == want[1]


def test_an_output_is_refused_to_a_stream_with_another_checkpoint(unpacked, tmp_path):
    # Its batches would be numbered from 0 again and written over the first stream's.
    staging, landing = make_feeds(tmp_path, count=10)
    land(staging, landing, 0)
    binary = os.path.join(unpacked, "alertkit")
    output = tmp_path / "out"
    common = ["--stream", "--input", str(landing), "--output", str(output), "--formats", "text", "--alertkit", binary,
              "--available-now"]
    first = spark([*common, "--checkpoint", str(tmp_path / "one")], tmp_path)
    assert first.returncode == 0, problems(first.stdout + first.stderr)
    before = sorted(os.listdir(output / "batch=0" / "kind=document" / "format=text" / "locale=en"))
    other = spark([*common, "--checkpoint", str(tmp_path / "two")], tmp_path)
    log = other.stdout + other.stderr
    assert other.returncode == 64, problems(log)
    assert "holds the output of the stream whose checkpoint is" in log and str(tmp_path / "one") in log, problems(log)
    assert sorted(os.listdir(output / "batch=0" / "kind=document" / "format=text" / "locale=en")) == before
    # The first checkpoint goes on where it was.
    again = spark([*common, "--checkpoint", str(tmp_path / "one")], tmp_path)
    assert again.returncode == 0, problems(again.stdout + again.stderr)
