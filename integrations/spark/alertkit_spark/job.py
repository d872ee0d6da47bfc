"""The command-line job over `render`: feed files in, a Parquet (or JSON lines) dataset out; once, or as a stream.

    spark-submit --master spark://HOST:7077 --archives alertkit-VERSION-linux-x86_64.tar.gz#alertkit \\
        integrations/spark/job.py --input feeds/ --output rendered/ --formats html,sms --locales en,es

The dataset (docs/spark.md): one row per (record, format, locale), partitioned by kind (`document`, `rejected`),
format and locale. Every input record is in it once for each format and locale, or the job fails and writes
nothing: Spark's output committer publishes a dataset whole (`_SUCCESS`), and a failed or retried task's files never
reach it.

With `--stream --checkpoint DIR` the job reads the line feeds (`.ndjson`, `.jsonl`) that land in the input folder
(Structured Streaming's file source; move a file in whole, do not write it in place) and writes each micro-batch to
`OUTPUT/batch=N/`, replacing whatever an earlier attempt at batch N left: stopped (or killed) and started again with
the same checkpoint, it goes on from the first batch not committed, so no record is lost or written twice.
"""

import argparse
import os
import re
import signal
import sys

from . import feeds, frame, process

OUTPUT_FORMATS = ("parquet", "json")


def arguments(argv):
    p = argparse.ArgumentParser(prog="alertkit_spark", description=__doc__.split("\n\n")[0])
    p.add_argument("--input", required=True, action="append",
                   help="a feed file or folder (repeatable); any path Spark reads: local, hdfs://, s3a://. "
                        "With --stream, the one folder to watch")
    p.add_argument("--output", required=True, help="where the dataset goes; must not exist (with --stream: may, "
                                                   "to go on with the same --checkpoint)")
    p.add_argument("--output-format", choices=OUTPUT_FORMATS, default="parquet",
                   help="parquet (default) or json (one JSON object a line)")
    p.add_argument("--compression", help="the files' codec: Spark's names (parquet: snappy by default, zstd, gzip, "
                                         "none; json: none by default, gzip, bzip2)")
    p.add_argument("--formats", "--format", dest="formats", default="html",
                   help="output formats, comma-separated (alertkit formats), default html")
    p.add_argument("--locales", "--locale", dest="locales", default="en",
                   help="catalog locales, comma-separated (en,es), default en")
    p.add_argument("--templates", help="a templates folder (alertkit --templates), shipped to the workers")
    p.add_argument("--fragment", action="store_true", help="HTML fragments instead of whole pages")
    p.add_argument("--date", help="an RFC 3339 date-time for the email's Date header (reproducible output)")
    p.add_argument("--partitions", type=int, default=0,
                   help="partitions for the line feeds (default: 4 per core Spark has)")
    p.add_argument("--alertkit", default="alertkit",
                   help="the alertkit binary: a path on every worker, or the alias of the archive given to "
                        "--archives (ARCHIVE#alertkit), searched in the worker's files; default alertkit")
    p.add_argument("--stream", action="store_true", help="watch the input folder for new line feeds")
    p.add_argument("--checkpoint", help="with --stream: the checkpoint folder (required), where Spark records what "
                                        "it has read and committed")
    p.add_argument("--available-now", action="store_true",
                   help="with --stream: process the files there now, in micro-batches, then stop")
    p.add_argument("--trigger-seconds", type=float, default=0,
                   help="with --stream: seconds between micro-batches (default 0: one as soon as the last ends)")
    p.add_argument("--max-files-per-trigger", type=int, default=0,
                   help="with --stream: at most this many new files a micro-batch (default: all that have landed)")
    options = p.parse_args(argv)
    if options.stream:
        if not options.checkpoint:
            p.error("--stream needs --checkpoint DIR")
        if len(options.input) != 1:
            p.error("--stream watches one folder: give --input once")
    elif options.checkpoint or options.available_now or options.max_files_per_trigger:
        p.error("--checkpoint, --available-now and --max-files-per-trigger go with --stream")
    if options.partitions < 0 or options.max_files_per_trigger < 0 or options.trigger_seconds < 0:
        p.error("--partitions, --max-files-per-trigger and --trigger-seconds take 0 or more")
    try:
        frame.names(options.formats, "--formats")
        frame.names(options.locales, "--locales")
    except ValueError as error:
        p.error(str(error).replace("alertkit_spark: ", ""))
    return options


def rows(spark, options, config):
    """Every record of the inputs as alertkit's results (source, line, index, value); and the counts of feed files."""
    lines, wholes, size = feeds.feed_files(spark, options.input)
    if not lines and not wholes:
        raise SystemExit("alertkit_spark: the inputs hold no feed file (.json, .ndjson, .jsonl)")
    parts = []
    if lines:
        partitions = options.partitions or 4 * spark.sparkContext.defaultParallelism
        spark.conf.set("spark.sql.files.maxPartitionBytes", str(max(1 << 20, size // partitions + 1)))
        spark.conf.set("spark.sql.files.openCostInBytes", "0")
        feed = feeds.read_lines(spark, [feeds.glob_escaped(name) for name in lines])
        parts += line_parts(spark, feed, config)
    if wholes:
        parts.append(whole_part(spark, [feeds.glob_escaped(name) for name in wholes], config))
    result = parts[0]
    for part in parts[1:]:
        result = result.unionByName(part)
    return result, len(lines), len(wholes)


def line_parts(spark, feed, config):
    """The records of line feeds (file, block, value): one a non-blank line; a file of blank lines alone is read
    whole, as `alertkit batch` reads it (one rejected record: it holds no alert)."""
    firsts, blank_files = feeds.first_lines(feed)
    parts = [feed.mapInArrow(process.record_rows(config, feeds.numbered(firsts)), frame.PIPED)] if firsts else []
    if blank_files:
        parts.append(whole_part(spark, feeds.whole_paths(blank_files), config))
    return parts


def whole_part(spark, paths, config):
    """The records of whole files, one alertkit a file."""
    files = spark.read.format("binaryFile").load(paths).select("path", "content")
    return (files.repartition(min(len(paths), 4 * spark.sparkContext.defaultParallelism))
            .mapInArrow(process.whole_file_rows(config, feeds.source_name), frame.PIPED))


def write(result, options, path, mode="errorifexists"):
    """The dataset, partitioned by kind, format and locale; returns (documents, rejected) rows written."""
    from pyspark.sql import Observation
    from pyspark.sql import functions as F
    observation = Observation("records")
    result = result.observe(observation, F.sum((F.col("kind") == frame.DOCUMENT).cast("long")).alias("documents"),
                            F.sum((F.col("kind") == frame.REJECTED).cast("long")).alias("rejected"))
    writer = result.write.mode(mode).partitionBy("kind", "format", "locale")
    compression = options.compression or ("snappy" if options.output_format == "parquet" else "none")
    writer = writer.option("compression", compression)
    if options.output_format == "json":
        writer = writer.option("ignoreNullFields", "false")  # every line has every column, null or not
    (writer.parquet if options.output_format == "parquet" else writer.json)(path)
    counts = observation.get
    return counts.get("documents") or 0, counts.get("rejected") or 0


def failed(error):
    """The worker's exception line (`RuntimeError: …`), not a line of the traceback's source that quotes it."""
    text = str(error)
    found = re.search(r"(?:^|\n)(?:[\w.]+: )*(alertkit exited with status \d+[^\n]*|alertkit_spark: [^\n]*)", text)
    return (found.group(1) if found else text.split("\n")[0]).strip()


def summary(documents, rejected, config, rest):
    outputs = config.outputs
    return (f"alertkit_spark: {documents} rendered, {rejected} rejected, {(documents + rejected) // outputs} records"
            f" × {len(config.formats)} format{'s' if len(config.formats) != 1 else ''}"
            f" × {len(config.locales)} locale{'s' if len(config.locales) != 1 else ''}{rest}")


def run_once(spark, options, config):
    result, lines, wholes = rows(spark, options, config)
    documents, rejected = write(frame.typed(result, config), options, options.output)
    print(summary(documents, rejected, config, f" ({lines} line feeds, {wholes} whole files) -> {options.output}"),
          flush=True)


def run_stream(spark, options, config):
    folder = options.input[0]
    claim(spark, options)
    # A file is read once, by its name: land each feed under a name of its own. maxFileAge (7 days by default)
    # would pass over a file moved in with an older modification time: no age is too old here.
    reader = {"pathGlobFilter": "*.{ndjson,jsonl}", "maxFileAge": "36500d"}
    if options.max_files_per_trigger:
        reader["maxFilesPerTrigger"] = str(options.max_files_per_trigger)
    stream = feeds.read_lines(spark, folder, stream=True, options=reader)

    def each(batch, batch_id):
        parts = line_parts(spark, batch, config)
        if not parts:
            return
        result = parts[0] if len(parts) == 1 else parts[0].unionByName(parts[1])
        path = f"{options.output.rstrip('/')}/batch={batch_id}"
        documents, rejected = write(frame.typed(result, config), options, path, mode="overwrite")
        print(summary(documents, rejected, config, f" in batch {batch_id} -> {path}"), flush=True)

    writer = stream.writeStream.foreachBatch(each).option("checkpointLocation", options.checkpoint)
    if options.available_now:
        writer = writer.trigger(availableNow=True)
    else:
        writer = writer.trigger(processingTime=f"{options.trigger_seconds} seconds")
    query = writer.start()
    stopping = []

    def stop(number, frame_):  # only noted here: the loop below stops the query, between two waits
        stopping.append(signal.Signals(number).name)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"alertkit_spark: watching {folder} for line feeds (checkpoint {options.checkpoint})", flush=True)
    while not query.awaitTermination(1):
        if stopping:
            print(f"alertkit_spark: {stopping[0]}: stopping; a batch under way is run again at the next start",
                  file=sys.stderr, flush=True)
            query.stop()
    if query.exception() is not None:
        raise RuntimeError(str(query.exception()))


def claim(spark, options):
    """Ties the stream's output folder to its checkpoint (`OUTPUT/_alertkit_checkpoint`): a stream started on the
    same output with another checkpoint would number its batches from 0 again and write over the first one's, so it
    is refused."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    checkpoint = jvm.org.apache.hadoop.fs.Path(options.checkpoint)
    checkpoint = checkpoint.getFileSystem(conf).makeQualified(checkpoint).toString()
    marker = jvm.org.apache.hadoop.fs.Path(options.output.rstrip("/") + "/_alertkit_checkpoint")
    fs = marker.getFileSystem(conf)
    if fs.exists(marker):
        stream = fs.open(marker)
        try:
            claimed = jvm.org.apache.commons.io.IOUtils.toString(stream, "UTF-8")
        finally:
            stream.close()
        if claimed.strip() != checkpoint:
            raise Refused(f"{options.output} holds the output of the stream whose checkpoint is {claimed.strip()}, "
                          f"not {checkpoint}: give that checkpoint, or another output folder")
        return
    stream = fs.create(marker, False)
    try:
        stream.write(bytearray((checkpoint + "\n").encode("utf-8")))
    finally:
        stream.close()


class Refused(Exception):
    """A run the job refuses before it starts (exit 64)."""


def main(argv):
    options = arguments(argv)
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.appName("alertkit").getOrCreate()
    spark.sparkContext.setLogLevel(os.environ.get("ALERTKIT_SPARK_LOG_LEVEL", "WARN"))
    config = frame.configure(spark, options.formats, options.locales, options.templates, options.fragment,
                             options.date, options.alertkit)
    try:
        (run_stream if options.stream else run_once)(spark, options, config)
    except Refused as error:
        print(f"alertkit_spark: {error}", file=sys.stderr, flush=True)
        spark.stop()
        return 64
    except Exception as error:  # a worker's alertkit failed: Spark aborted the write, nothing was committed
        what = "stopped" if options.stream else "failed, nothing written"
        print(f"alertkit_spark: {what}: {failed(error)}", file=sys.stderr, flush=True)
        spark.stop()
        return 1
    spark.stop()
    return 0


def console():
    """The `alertkit-spark` command pip installs: the job in this Python (Spark's master from `spark.master` or
    `local[*]`; spark-submit is the way to a cluster)."""
    sys.exit(main(sys.argv[1:]))
