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
    """Every record of the inputs as alertkit's results (source, line, value); and the counts of feed files."""
    context = spark.sparkContext
    lines, wholes, size = feeds.feed_files(spark, options.input)
    if not lines and not wholes:
        raise SystemExit("alertkit_spark: the inputs hold no feed file (.json, .ndjson, .jsonl)")
    parts = []
    if lines:
        partitions = options.partitions or 4 * context.defaultParallelism
        spark.conf.set("spark.sql.files.maxPartitionBytes", str(max(1 << 20, size // partitions + 1)))
        spark.conf.set("spark.sql.files.openCostInBytes", "0")
        feed = feeds.read_lines(spark, lines)
        parts.append(feed.mapInArrow(process.record_rows(config, feeds.numbered(feeds.first_lines(feed))), frame.PIPED))
    if wholes:
        files = spark.read.format("binaryFile").load(wholes).select("path", "content")
        parts.append(files.repartition(min(len(wholes), 4 * context.defaultParallelism))
                     .mapInArrow(process.whole_file_rows(config, feeds.source_name), frame.PIPED))
    result = parts[0] if len(parts) == 1 else parts[0].unionByName(parts[1])
    return result, len(lines), len(wholes)


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
    reader = {"pathGlobFilter": "*.{ndjson,jsonl}"}
    if options.max_files_per_trigger:
        reader["maxFilesPerTrigger"] = str(options.max_files_per_trigger)
    stream = feeds.read_lines(spark, folder, stream=True, options=reader)

    def each(batch, batch_id):
        firsts = feeds.first_lines(batch)
        if not firsts:
            return
        result = batch.mapInArrow(process.record_rows(config, feeds.numbered(firsts)), frame.PIPED)
        path = f"{options.output.rstrip('/')}/batch={batch_id}"
        documents, rejected = write(frame.typed(result, config), options, path, mode="overwrite")
        files = len({file for file, _ in firsts})
        print(summary(documents, rejected, config, f" in batch {batch_id} ({files} feed file{'s' if files != 1 else ''})"
                      f" -> {path}"), flush=True)

    writer = stream.writeStream.foreachBatch(each).option("checkpointLocation", options.checkpoint)
    if options.available_now:
        writer = writer.trigger(availableNow=True)
    else:
        writer = writer.trigger(processingTime=f"{options.trigger_seconds} seconds")
    query = writer.start()

    def stop(number, frame_):
        print(f"alertkit_spark: {signal.Signals(number).name}: stopping after the batch under way", file=sys.stderr,
              flush=True)
        query.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"alertkit_spark: watching {folder} for line feeds (checkpoint {options.checkpoint})", flush=True)
    query.awaitTermination()
    if query.exception() is not None:
        raise RuntimeError(str(query.exception()))


def main(argv):
    options = arguments(argv)
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.appName("alertkit").getOrCreate()
    spark.sparkContext.setLogLevel(os.environ.get("ALERTKIT_SPARK_LOG_LEVEL", "WARN"))
    config = frame.configure(spark, options.formats, options.locales, options.templates, options.fragment,
                             options.date, options.alertkit)
    try:
        (run_stream if options.stream else run_once)(spark, options, config)
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
