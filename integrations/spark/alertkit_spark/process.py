"""Render alert feeds on Apache Spark with AlertKit (`alertkit batch`), one partition at a time.

    spark-submit --master 'local[*]' --archives alertkit-VERSION-linux-x86_64.tar.gz#alertkit \\
        integrations/spark/alertkit_spark.py --input feeds/ --output rendered/ --format html

Each partition of the input is piped through `alertkit batch - --ndjson` on its worker: the binary does the work,
Python only moves lines (and puts each record's file and line back on it). The job writes one dataset in two
parts, committed together by Spark's output committer:

    OUTPUT/kind=documents/   one JSON line per rendered alert: source, line, id, format, document
    OUTPUT/kind=rejected/    one JSON line per rejected record: source, line, id, pointer, message, problems

Every input record is in exactly one of them. Inputs: files or folders (searched recursively) on any file system
Spark reads (local, hdfs://, s3a://). `.ndjson` and `.jsonl` files hold one record a line and are split across
partitions; `.json` files (an array, one alert, documents one after another) are read whole, one process each.

A task fails when its `alertkit` exits with anything but 0, or 1 for "some records rejected" (a configuration
error such as a broken template or catalog exits 78, a missing resources folder 72), or when it does not give back
one result per record it was sent: a line feed's partition must come back with exactly one line per non-blank line
(the count is the task's own, made as it feeds them); a whole file, which only alertkit splits into records, with at
least one (none only for a file of empty arrays), numbered in order without a gap. The message names the exit
status and alertkit's last lines on standard error, or how many records were sent and how many results came back.
Spark retries a failed task, and if it keeps failing the job fails: nothing is committed and this script exits 1.
A retried task's output replaces the failed attempt's, so no record is written twice.
"""

import argparse
import bisect
import collections
import glob
import itertools
import json
import os
import re
import subprocess
import sys
import threading
import urllib.parse

from pyspark import SparkFiles
from pyspark.sql import Observation, SparkSession
from pyspark.sql import functions as F

LINE_FEEDS = (".ndjson", ".jsonl")
WHOLE_FEEDS = (".json",)
# alertkit batch's line starts {"position":N,"source":"<stdin>","line":N,"index":N, which only mean something
# within one process's stream: they are replaced by the record's own file and line. The positions (0, 1, 2, … in
# input order) show a result missing or repeated.
HEAD = re.compile(rb'\{"position":(\d+),"source":"<stdin>","line":(\d+),"index":\d+,')
FIRST = b'{"position":0,"source":"<stdin>","line":1,'
BLANK = b" \t\r\n"  # what alertkit counts as white space
BOM = b"\xef\xbb\xbf"  # skipped at the start of an input
BATCH_SIZE = 1024  # output lines per Arrow batch (a page is about 15 KB)
BATCH_BYTES = 64 << 20  # and at most this many bytes (the batch's offsets are 32-bit)


def source_name(uri, encoded=True):
    """How a record's file is named in the datasets: a local file by its path (`/data/feed.ndjson`, as `alertkit
    batch` names it), anything else by its URI (`hdfs://…`, `s3a://…`). `input_file_name()` gives an encoded URI
    (`%20`), binaryFile's `path` a plain one."""
    if uri.startswith("file:"):
        path = re.sub(r"^file:(//)?", "", uri)
        return urllib.parse.unquote(path) if encoded else path
    return uri


def arguments(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--input", required=True, action="append",
                   help="a feed file or folder (repeatable); any path Spark reads: local, hdfs://, s3a://")
    p.add_argument("--output", required=True, help="where the dataset goes; must not exist")
    p.add_argument("--format", default="html", help="the output format (alertkit formats), default html")
    p.add_argument("--templates", help="a templates folder (alertkit --templates), shipped to the workers")
    p.add_argument("--locale", help="the catalog locale, e.g. es")
    p.add_argument("--fragment", action="store_true", help="HTML fragments instead of whole pages")
    p.add_argument("--partitions", type=int, default=0,
                   help="partitions for the line feeds (default: 4 per core Spark has)")
    p.add_argument("--alertkit", default="alertkit",
                   help="the alertkit binary: a path on every worker, or the alias of the archive given to "
                        "--archives (ARCHIVE#alertkit), searched in the worker's files; default alertkit")
    return p.parse_args(argv)


def feed_files(spark, inputs):
    """Every feed file of the inputs, through Hadoop's file system API: (line feeds, whole feeds, total bytes)."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    lines, wholes, size = [], [], 0
    for argument in inputs:
        path = jvm.org.apache.hadoop.fs.Path(argument)
        fs = path.getFileSystem(conf)
        statuses = fs.globStatus(path)
        if not statuses:
            raise SystemExit(f"alertkit_spark: {argument}: no such file or folder")
        for status in statuses:
            found = []
            if status.isDirectory():
                files = fs.listFiles(status.getPath(), True)
                while files.hasNext():
                    found.append(files.next())
            else:
                found.append(status)
            for file in sorted(found, key=lambda s: s.getPath().toString()):
                name = file.getPath().toString()
                base = file.getPath().getName().lower()
                explicit = not status.isDirectory()
                if base.endswith(LINE_FEEDS) and file.getLen() > 0:
                    lines.append(name)
                elif base.endswith(WHOLE_FEEDS + LINE_FEEDS) or explicit:
                    # Read whole: arrays and documents, an empty file (one rejected record, as batch has it), and a
                    # file named on the command line whatever its extension.
                    wholes.append(name)
                else:
                    continue
                size += file.getLen()
    return lines, wholes, size


def alertkit_command(options):
    command = ["batch", "-", "--ndjson", "--jobs", "1", "--format", options.format, "--no-progress"]
    if options.locale:
        command += ["--locale", options.locale]
    if options.fragment:
        command.append("--fragment")
    return command


def find_binary(name):
    """The alertkit binary on this worker: a path, or inside the archive unpacked under the alias `name`."""
    if os.path.isfile(name) and os.access(name, os.X_OK):
        return os.path.abspath(name)
    for root in (os.getcwd(), SparkFiles.getRootDirectory()):
        folder = os.path.join(root, name)
        if os.path.isfile(folder) and os.access(folder, os.X_OK):
            return folder
        for candidate in sorted(glob.glob(os.path.join(folder, "**", "alertkit"), recursive=True)):
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
    raise RuntimeError(f"alertkit_spark: no alertkit binary at {name!r}, nor in an archive unpacked as {name!r} "
                       f"under {os.getcwd()} or {SparkFiles.getRootDirectory()}: pass --archives "
                       f"alertkit-VERSION-linux-x86_64.tar.gz#{name} to spark-submit, or --alertkit PATH")


class Alertkit:
    """One `alertkit batch - --ndjson` process: lines in (from a thread), lines out."""

    def __init__(self, options, command):
        binary = find_binary(options.alertkit)
        arguments = [binary] + command
        if options.templates:
            arguments += ["--templates", SparkFiles.get(os.path.basename(options.templates.rstrip("/")))]
        # The worker's own settings never apply: a job's output depends on its arguments alone.
        environment = dict(os.environ, ALERTKIT_CONFIG=os.devnull)
        self.process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=environment)
        self.failure = None
        self.errors = collections.deque(maxlen=20)  # the last lines: a fatal message comes after the rejections'
        self.drain = threading.Thread(target=self._drain_errors, daemon=True)
        self.drain.start()

    def _drain_errors(self):
        for line in self.process.stderr:
            self.errors.append(line.decode("utf-8", "replace").rstrip())

    def feed(self, chunks):
        """Writes every chunk of bytes to the process, in a thread of its own, then closes its input."""
        def write():
            try:
                for chunk in chunks:
                    self.process.stdin.write(chunk)
                self.process.stdin.close()
            except BaseException as error:  # a broken pipe: the process died; its status says why
                self.failure = error
                try:
                    self.process.stdin.close()
                except OSError:
                    pass
        thread = threading.Thread(target=write, daemon=True)
        thread.start()
        return thread

    def batches(self, chunks, place, sent, skip=None):
        """Feeds `chunks` and yields the output as Arrow batches of (kind, value), each line rewritten with `place`,
        at most BATCH_SIZE lines or BATCH_BYTES bytes a batch; then checks how the process ended and that it gave
        one result per record. `sent()`, called once the input is all written, says what it was: (the fewest
        results it may give, the most or None, how to name it). With `skip`, the first result must start with it
        and is dropped, not counted. The process is killed if its output is not what it should be."""
        writer = self.feed(chunks)
        kinds, lines, size = [], [], 0
        results = 0  # every line, `skip`'s too: each is numbered by its position in the stream, from 0
        try:
            for line in self.process.stdout:
                match = HEAD.match(line)
                if match is None:
                    raise RuntimeError(f"alertkit_spark: an output line it does not know: {line[:200]!r}")
                if int(match.group(1)) != results:
                    raise RuntimeError(f"alertkit_spark: alertkit's result {results + 1} is numbered "
                                       f"{int(match.group(1)) + 1}: a result is missing or repeated")
                results += 1
                if skip is not None and results == 1:
                    if not line.startswith(skip):
                        raise RuntimeError(f"alertkit_spark: alertkit's first result is not the one it should be: "
                                           f"{line[:200]!r}")
                    continue
                kind, value = rewrite(line.rstrip(b"\n"), match, place)
                kinds.append(kind)
                lines.append(value)
                size += len(value)
                if len(lines) >= BATCH_SIZE or size >= BATCH_BYTES:
                    yield arrow_batch(kinds, lines)
                    kinds, lines, size = [], [], 0
            status, detail = self.finish(writer)
        except BaseException:  # a failed task leaves no process behind in the worker (Spark reuses it)
            self.process.kill()
            raise
        fewest, most, what = sent()
        got = results - (1 if skip is not None and results else 0)
        if got < fewest or (most is not None and got > most):
            raise RuntimeError(f"alertkit_spark: sent alertkit {what}, got {got} results back (it exited {status}"
                               f"{': ' + detail if detail else ''})")
        if lines:
            yield arrow_batch(kinds, lines)

    def finish(self, writer):
        """Waits for the process; raises unless it read every line and exited 0, or 1 (some records rejected).
        Returns its status and its last lines on standard error."""
        writer.join()
        status = self.process.wait()
        self.drain.join()
        detail = "; ".join(list(self.errors)[-5:])
        if status not in (0, 1):
            raise RuntimeError(f"alertkit exited with status {status}: {detail}")
        if self.failure is not None:  # the input could not all be given to it: records would be missing
            raise RuntimeError(f"alertkit_spark: feeding alertkit failed ({self.failure!r}); it exited {status}: {detail}")
        return status, detail


def rewrite(line, match, place):
    """(kind, the dataset's line) for one line of alertkit's output, `match` its HEAD; `place` gives a stream line's
    (file as JSON, line in that file)."""
    source, number = place(int(match.group(2)))
    if b',"document":' in line:
        return "documents", b'{"source":' + source + b',"line":' + str(number).encode() + b"," + line[match.end():]
    record = json.loads(line)
    error = record.get("error", {})
    rejected = {"source": json.loads(source), "line": number}
    if "id" in record:
        rejected["id"] = record["id"]
    rejected.update(pointer=error.get("pointer", ""), message=error.get("message", ""), problems=error.get("problems", []))
    return "rejected", json.dumps(rejected, ensure_ascii=False, separators=(",", ":")).encode()


def arrow_batch(kinds, lines):
    """An Arrow batch (kind, value) of output lines. The values' column is made from one buffer and its offsets:
    `pyarrow.array` copies a list of bytes objects one by one, ten times slower for pages."""
    import numpy as np
    import pyarrow as pa
    offsets = np.zeros(len(lines) + 1, dtype=np.int32)
    np.cumsum(np.fromiter(map(len, lines), dtype=np.int32, count=len(lines)), out=offsets[1:])
    values = pa.Array.from_buffers(pa.binary(), len(lines), [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(lines))])
    return pa.RecordBatch.from_arrays([pa.array(kinds, pa.string()), values], ["kind", "value"])


def line_partitions(options, command, first_lines):
    """mapInArrow over line feeds: rows (file, block, value) → rows (kind, value), one alertkit per partition.

    The partition's lines go to alertkit's standard input in order; a segment is a run of lines of one block of
    one file, so that each output line's stream line number gives back its file and its line in that file."""
    def run(batches):
        batches = iter(batches)
        pending = []
        for batch in batches:  # a partition of blank lines alone holds no record: no process at all
            pending.append(batch)
            if any(value.strip(BLANK) for value in batch.column("value").to_pylist()):
                break
        else:
            return
        starts, segments = [], []  # where each segment starts in the stream; (its file as JSON, its first line)
        records = 0  # the records sent: alertkit's one a non-blank line, counted as they go
        alertkit = Alertkit(options, command)

        def chunks():
            nonlocal records
            # A first line of `{}` (a whole record, rejected and dropped) settles alertkit into reading one record a
            # line, as `batch FILE` is by the time it reaches this partition: else a partition whose first line
            # starts with `[` would be read as an array, and one that opens a `{` as a document over lines.
            yield b"{}\n"
            stream, key = 2, None
            for batch in itertools.chain(pending, batches):
                count = batch.num_rows
                if count == 0:
                    continue
                files, blocks = batch.column("file"), batch.column("block")
                last = (files[count - 1].as_py(), blocks[count - 1].as_py())
                if (files[0].as_py(), blocks[0].as_py()) == last:  # a split's lines are contiguous: one segment
                    changes = [0] if last != key else []
                    keys = {0: last}
                else:
                    file_list, block_list = files.to_pylist(), blocks.to_pylist()
                    keys = {i: (file_list[i], block_list[i]) for i in range(count)
                            if (file_list[i], block_list[i]) != (key if i == 0 else (file_list[i - 1], block_list[i - 1]))}
                    changes = sorted(keys)
                for index in changes:
                    file, block = keys[index]
                    segments.append((json.dumps(source_name(file)).encode(), first_lines[(file, block)]))
                    starts.append(stream + index)
                key = last
                stream += count
                values = batch.column("value").to_pylist()
                records += sum(1 for value in values if value.strip(BLANK))
                yield b"\n".join(values) + b"\n"

        def place(stream_line):
            position = bisect.bisect_right(starts, stream_line) - 1
            source, first = segments[position]
            return source, first + stream_line - starts[position]

        # One result a record: the `{}` that starts the stream gives the first, which is dropped.
        yield from alertkit.batches(chunks(), place, lambda: (records, records, f"{records} records"), skip=FIRST)

    return run


def whole_files(options, command):
    """mapInArrow over whole feeds: rows (path, content) → rows (kind, value), one alertkit per file."""
    def run(batches):
        for batch in batches:
            paths, contents = batch.column("path"), batch.column("content")
            for row in range(batch.num_rows):  # one file's bytes at a time, not the whole batch's
                name = source_name(paths[row].as_py(), encoded=False)
                source, content = json.dumps(name).encode(), contents[row].as_py()
                least, what = fewest_records(content), f"{name} ({len(content)} bytes: at least one record)"
                alertkit = Alertkit(options, command)
                yield from alertkit.batches([content], lambda number: (source, number), lambda: (least, None, what))

    return run


def fewest_records(content):
    """The fewest records alertkit can find in a whole file: 1 (an empty or blank file is one rejected record), or
    0 for a file of nothing but brackets and white space (`[]`, empty arrays, hold none). Only alertkit knows how
    many more: arrays, documents over lines and broken parts are its to split."""
    body = content[len(BOM):] if content.startswith(BOM) else content
    return 0 if body.strip(BLANK) and not body.strip(BLANK + b"[]") else 1


def main(argv):
    options = arguments(argv)
    spark = SparkSession.builder.appName("alertkit").getOrCreate()
    context = spark.sparkContext
    context.setLogLevel(os.environ.get("ALERTKIT_SPARK_LOG_LEVEL", "WARN"))
    if options.templates:
        context.addFile(options.templates, recursive=True)
    lines, wholes, size = feed_files(spark, options.input)
    if not lines and not wholes:
        raise SystemExit("alertkit_spark: the inputs hold no feed file (.json, .ndjson, .jsonl)")
    command = alertkit_command(options)
    schema = "kind string, value binary"
    parts = []
    if lines:
        partitions = options.partitions or 4 * context.defaultParallelism
        spark.conf.set("spark.sql.files.maxPartitionBytes", str(max(1 << 20, size // partitions + 1)))
        spark.conf.set("spark.sql.files.openCostInBytes", "0")
        feed = (spark.read.option("lineSep", "\n").text(lines)
                .select(F.input_file_name().alias("file"), F.input_file_block_start().alias("block"),
                        F.col("value").cast("binary").alias("value")))
        # Each block's first line: the lines of the blocks of its file before it, counted in one pass in the JVM.
        counts = feed.groupBy("file", "block").count().collect()
        first_lines, totals = {}, {}
        for row in sorted(counts, key=lambda r: (r["file"], r["block"])):
            first_lines[(row["file"], row["block"])] = totals.get(row["file"], 0) + 1
            totals[row["file"]] = totals.get(row["file"], 0) + row["count"]
        parts.append(feed.mapInArrow(line_partitions(options, command, first_lines), schema))
    if wholes:
        files = spark.read.format("binaryFile").load(wholes).select("path", "content")
        parts.append(files.repartition(min(len(wholes), 4 * context.defaultParallelism))
                     .mapInArrow(whole_files(options, command), schema))
    result = parts[0] if len(parts) == 1 else parts[0].unionByName(parts[1])
    observation = Observation("records")
    result = result.observe(observation, F.sum((F.col("kind") == "documents").cast("long")).alias("documents"),
                            F.sum((F.col("kind") == "rejected").cast("long")).alias("rejected"))
    try:
        (result.select("kind", F.col("value").cast("string").alias("value"))
         .write.partitionBy("kind").text(options.output))
    except Exception as error:  # a worker's alertkit failed: Spark aborted the write, nothing was committed
        text = str(error)
        # The worker's exception line (`RuntimeError: …`), not a line of the traceback's source that quotes it.
        found = re.search(r"(?:^|\n)(?:[\w.]+: )*(alertkit exited with status \d+[^\n]*|alertkit_spark: [^\n]*)", text)
        detail = found.group(1) if found else text.split("\n")[0]
        print(f"alertkit_spark: failed, nothing written: {detail.strip()}", file=sys.stderr, flush=True)
        spark.stop()
        return 1
    counts = observation.get
    documents, rejected = counts.get("documents") or 0, counts.get("rejected") or 0
    print(f"alertkit_spark: {documents} rendered, {rejected} rejected, {documents + rejected} records "
          f"({len(lines)} line feeds, {len(wholes)} whole files) -> {options.output}", flush=True)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
