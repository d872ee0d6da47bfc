"""The worker's side: one `alertkit batch - --ndjson` process a partition (or a whole file), lines in, lines out.

Python only moves bytes here. Each output line of alertkit starts `{"position":N,"source":"<stdin>","line":N,
"index":N,`, which only mean something within one process's stream: that head is cut off and the record's own source
line and index are put beside what is left, as Arrow columns (source, line, index, value); the JVM parses `value`
(`from_json`). The positions (0, 1, 2, … in input order, each repeated once a format and locale) show a result
missing or repeated, and a task that does not get back exactly what it sent fails, so that Spark retries it or fails
the job: nothing is ever lost or written twice.
"""

import collections
import glob
import itertools
import os
import re
import shutil
import subprocess
import threading

HEAD = re.compile(rb'\{"position":(\d+),"source":"<stdin>","line":(\d+),"index":(\d+),')
FIRST = b'{"position":0,"source":"<stdin>","line":1,'
BLANK = b" \t\r\n"  # what alertkit counts as white space
BOM = b"\xef\xbb\xbf"  # skipped at the start of an input
BATCH_SIZE = 1024  # output lines per Arrow batch (a page is about 15 KB)
BATCH_BYTES = 64 << 20  # and at most this many bytes (the batch's offsets are 32-bit)


class Config:
    """What every task of one `render` needs, pickled to the workers: the alertkit arguments and where its binary is."""

    def __init__(self, formats, locales, templates=None, fragment=False, date=None, binary="alertkit"):
        self.formats = list(formats)
        self.locales = list(locales)
        self.templates = templates  # the folder's name among the files Spark ships (SparkContext.addFile)
        self.fragment = fragment
        self.date = date
        self.binary = binary

    @property
    def outputs(self):
        """Lines a record gives: one a format and locale."""
        return len(self.formats) * len(self.locales)

    def command(self):
        command = ["batch", "-", "--ndjson", "--jobs", "1", "--no-progress"]
        for name in self.formats:
            command += ["-f", name]
        if len(self.locales) == 1:
            command += ["--locale", self.locales[0]]
        else:
            command += ["--locales", ",".join(self.locales)]
        if self.fragment:
            command.append("--fragment")
        if self.date:
            command += ["--date", self.date]
        return command


def find_binary(name):
    """The alertkit binary on this worker: a path, or inside the archive unpacked under the alias `name`."""
    from pyspark import SparkFiles
    if os.path.isfile(name) and os.access(name, os.X_OK):
        return os.path.abspath(name)
    for root in (os.getcwd(), SparkFiles.getRootDirectory()):
        folder = os.path.join(root, name)
        if os.path.isfile(folder) and os.access(folder, os.X_OK):
            return folder
        for candidate in sorted(glob.glob(os.path.join(folder, "**", "alertkit"), recursive=True)):
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
    on_path = shutil.which(name) if os.sep not in name else None  # installed on the worker's PATH
    if on_path:
        return on_path
    raise RuntimeError(f"alertkit_spark: no alertkit binary at {name!r}, nor in an archive unpacked as {name!r} "
                       f"under {os.getcwd()} or {SparkFiles.getRootDirectory()}, nor on the PATH: pass --archives "
                       f"alertkit-VERSION-linux-x86_64.tar.gz#{name} to spark-submit, or alertkit=PATH")


class Alertkit:
    """One `alertkit batch - --ndjson` process: lines in (from a thread), lines out."""

    def __init__(self, config):
        from pyspark import SparkFiles
        arguments = [find_binary(config.binary)] + config.command()
        if config.templates:
            arguments += ["--templates", SparkFiles.get(config.templates)]
        # The worker's own settings never apply: a job's output depends on its arguments alone.
        environment = dict(os.environ, ALERTKIT_CONFIG=os.devnull)
        self.outputs = config.outputs
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

    def batches(self, chunks, place, sent, skip=False):
        """Feeds `chunks` and yields the output as Arrow batches of (source, line, index, value), at most BATCH_SIZE
        lines or BATCH_BYTES bytes a batch; then checks how the process ended and that it gave one result a format
        and locale for every record. `place(position, stream_line, stream_index)` gives a record's (source, line,
        index), called once a record, in order. `sent()`, called once the input is all written, says what it was: (the fewest records it
        may give, the most or None, how to name it). With `skip`, the first record's results must be the `{}` that
        settles alertkit into lines, and are dropped, not counted. The process is killed if its output is not what
        it should be."""
        writer = self.feed(chunks)
        sources, numbers, indexes, values, size = [], [], [], [], 0
        results = 0  # every line, the skipped record's too
        n = self.outputs
        where = None
        try:
            for line in self.process.stdout:
                match = HEAD.match(line)
                if match is None:
                    raise RuntimeError(f"alertkit_spark: an output line it does not know: {line[:200]!r}")
                position = int(match.group(1))
                if position != results // n:
                    raise RuntimeError(f"alertkit_spark: alertkit's result {results + 1} is numbered "
                                       f"{position + 1}: a result is missing or repeated")
                results += 1
                if skip and position == 0:
                    if not line.startswith(FIRST):
                        raise RuntimeError(f"alertkit_spark: alertkit's first result is not the one it should be: "
                                           f"{line[:200]!r}")
                    continue
                if (results - 1) % n == 0:  # a record's first result
                    where = place(position, int(match.group(2)), int(match.group(3)))
                value = b"{" + line[match.end():].rstrip(b"\n")
                sources.append(where[0])
                numbers.append(where[1])
                indexes.append(where[2])
                values.append(value)
                size += len(value)
                if len(values) >= BATCH_SIZE or size >= BATCH_BYTES:
                    yield arrow_batch(sources, numbers, indexes, values)
                    sources, numbers, indexes, values, size = [], [], [], [], 0
            status, detail = self.finish(writer)
        except BaseException:  # a failed task leaves no process behind in the worker (Spark reuses it)
            self.process.kill()
            raise
        fewest, most, what = sent()
        records = results // n - (1 if skip and results else 0)
        if results % n or records < fewest or (most is not None and records > most):
            raise RuntimeError(f"alertkit_spark: sent alertkit {what}, got {records} results back"
                               f"{f' and {results % n} lines more' if results % n else ''} (it exited {status}"
                               f"{': ' + detail if detail else ''})")
        if values:
            yield arrow_batch(sources, numbers, indexes, values)

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


def arrow_batch(sources, numbers, indexes, values):
    """An Arrow batch (source, line, index, value). The values' column is made from one buffer and its offsets:
    `pyarrow.array` copies a list of bytes objects one by one, ten times slower for pages."""
    import numpy as np
    import pyarrow as pa
    offsets = np.zeros(len(values) + 1, dtype=np.int32)
    np.cumsum(np.fromiter(map(len, values), dtype=np.int32, count=len(values)), out=offsets[1:])
    column = pa.Array.from_buffers(pa.binary(), len(values), [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(values))])
    return pa.RecordBatch.from_arrays([pa.array(sources, pa.string()), pa.array(numbers, pa.int64()),
                                       pa.array(indexes, pa.int64()), column], ["source", "line", "index", "value"])


def record_rows(config, rows):
    """A mapInArrow function: Arrow batches → `rows(batch)` = [(source, line, index, value)] → (source, line, index,
    value) of alertkit's results, one alertkit a partition. A value is one record: its line breaks are sent as carriage returns
    (white space to JSON outside a string, still refused inside one), so a record over several lines stays one; a
    null or blank value is no record (as batch skips blank lines)."""
    def run(batches):
        batches = iter(batches)
        pending = []
        for batch in batches:  # a partition of blank values alone holds no record: no process at all
            taken = rows(batch)
            pending.append(taken)
            if any(value and value.strip(BLANK) for _, _, _, value in taken):
                break
        else:
            return
        places = collections.deque()  # (source, line, index) of each record sent and not yet answered
        counted = [0]
        alertkit = Alertkit(config)

        def chunks():
            # A first line of `{}` (a whole record, rejected and dropped) settles alertkit into reading one record a
            # line, as `batch FILE` is by the time it reaches this partition: else a partition whose first line
            # starts with `[` would be read as an array, and one that opens a `{` as a document over lines.
            yield b"{}\n"
            for taken in itertools.chain(pending, map(rows, batches)):
                out = []
                for source, line, index, value in taken:
                    if not value or not value.strip(BLANK):
                        continue
                    places.append((source, line, index))
                    out.append(value.replace(b"\n", b"\r") if b"\n" in value else value)
                if out:
                    counted[0] += len(out)
                    yield b"\n".join(out) + b"\n"

        def place(position, stream_line, stream_index):
            return places.popleft()

        yield from alertkit.batches(chunks(), place, lambda: (counted[0], counted[0], f"{counted[0]} records"), skip=True)

    return run


def whole_file_rows(config, source_name):
    """A mapInArrow function over whole files: rows (path, content) → (source, line, index, value), one alertkit a
    file, which splits it into records (arrays, documents over lines) and numbers their lines and indexes itself."""
    def run(batches):
        for batch in batches:
            paths, contents = batch.column("path"), batch.column("content")
            for row in range(batch.num_rows):  # one file's bytes at a time, not the whole batch's
                name = source_name(paths[row].as_py(), encoded=False)
                content = contents[row].as_py()
                least, what = fewest_records(content), f"{name} ({len(content)} bytes: at least one record)"
                alertkit = Alertkit(config)
                yield from alertkit.batches([content], lambda position, number, index: (name, number, index),
                                            lambda: (least, None, what))

    return run


def fewest_records(content):
    """The fewest records alertkit can find in a whole file: 1 (an empty or blank file is one rejected record), or
    0 for a file of nothing but brackets and white space (`[]`, empty arrays, hold none). Only alertkit knows how
    many more: arrays, documents over lines and broken parts are its to split."""
    body = content[len(BOM):] if content.startswith(BOM) else content
    return 0 if body.strip(BLANK) and not body.strip(BLANK + b"[]") else 1
