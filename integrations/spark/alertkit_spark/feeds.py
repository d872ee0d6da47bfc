"""Feed files as Spark reads them: which files, and each line's file and number.

`.ndjson` and `.jsonl` files hold one record a line and are split across partitions; `.json` files (an array, one
alert, documents one after another) are read whole, one alertkit each, which splits them into records itself.
"""

import re
import urllib.parse

LINE_FEEDS = (".ndjson", ".jsonl")
WHOLE_FEEDS = (".json",)
BOM = b"\xef\xbb\xbf"
BLANK = b" \t\r\n"  # what alertkit counts as white space


def source_name(uri, encoded=True):
    """How a record's file is named in the datasets: a local file by its path (`/data/feed.ndjson`, as `alertkit
    batch` names it), anything else by its URI (`hdfs://…`, `s3a://…`). `input_file_name()` gives an encoded URI
    (`%20`), binaryFile's `path` a plain one."""
    if uri.startswith("file:"):
        path = re.sub(r"^file:(//)?", "", uri)
        return urllib.parse.unquote(path) if encoded else path
    return uri


def feed_files(spark, inputs):
    """Every feed file of the inputs, through Hadoop's file system API: (line feeds, whole feeds, total bytes)."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    lines, wholes, size = [], [], 0
    for argument in inputs:
        path = jvm.org.apache.hadoop.fs.Path(argument)
        fs = path.getFileSystem(conf)
        # A path that exists is taken as it is written, glob characters and all; else it is a pattern.
        statuses = [fs.getFileStatus(path)] if fs.exists(path) else fs.globStatus(path)
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


def read_lines(spark, paths, stream=False, options=None):
    """The lines of line feeds as a DataFrame (file, block, value): Spark's text source, split at `\\n` alone (a
    `\\r` before it stays on the line, as alertkit reads it), each line with its file and the start of its block."""
    from pyspark.sql import functions as F
    reader = spark.readStream if stream else spark.read
    reader = reader.option("lineSep", "\n")
    for key, value in (options or {}).items():
        reader = reader.option(key, value)
    frame = reader.text(paths)
    return frame.select(F.input_file_name().alias("file"), F.input_file_block_start().alias("block"),
                        F.col("value").cast("binary").alias("value"))


def first_lines(frame):
    """From (file, block, value): each block's first line number in its file and the number of records (non-blank
    lines) of its file's blocks before it, counted in one pass in the JVM; and the files whose lines are all blank
    (as `input_file_name()` names them), which hold no record line by line but one rejected record to `alertkit
    batch` ("holds no alert"): the job reads those whole, as batch does."""
    from pyspark.sql import functions as F
    blank = F.length(F.regexp_replace(F.col("value").cast("string"), "[ \t\r\n\ufeff]", "")) == 0
    counts = frame.groupBy("file", "block").agg(F.count(F.lit(1)).alias("lines"),
                                                 F.sum(F.when(blank, 0).otherwise(1)).alias("records")).collect()
    firsts, lines, records = {}, {}, {}
    for row in sorted(counts, key=lambda r: (r["file"], r["block"])):
        file = row["file"]
        firsts[(file, row["block"])] = (lines.get(file, 0) + 1, records.get(file, 0))
        lines[file] = lines.get(file, 0) + row["lines"]
        records[file] = records.get(file, 0) + (row["records"] or 0)
    return firsts, sorted(file for file, count in records.items() if count == 0)


def numbered(firsts):
    """`rows(batch)` for `process.record_rows` over (file, block, value) batches: each line's source, number in its
    file and record index in its file (as `alertkit batch FILE` numbers records: blank lines are none). A split's
    lines come in order and whole within one partition, so a line's number is its block's first plus the lines of
    that block seen before it. A byte order mark at the start of a file is left out, as alertkit leaves it out of a
    file it reads."""
    seen = {}
    names = {}

    def rows(batch):
        files, blocks, values = (batch.column(name).to_pylist() for name in ("file", "block", "value"))
        out = []
        for file, block, value in zip(files, blocks, values):
            key = (file, block)
            offset, index = seen.get(key, (0, 0))
            first, first_index = firsts[key]
            number = first + offset
            if number == 1 and value.startswith(BOM):
                value = value[len(BOM):]
            record = bool(value.strip(BLANK))
            seen[key] = (offset + 1, index + record)
            name = names.get(file)
            if name is None:
                name = names[file] = source_name(file)
            out.append((name, number, first_index + index if record else None, value))
        return out

    return rows


def glob_escaped(path):
    """A path as Spark's readers take it literally: Hadoop reads `*?[]{}\\` in a path as a glob."""
    return re.sub(r"([*?\[\]{}\\])", r"\\\1", path)


def whole_paths(files):
    """The files that `first_lines` found all blank, as paths for the whole-file reader."""
    return [glob_escaped(urllib.parse.unquote(file)) for file in files]
