"""`render(df, …)`: alert JSON in a DataFrame column → one row per (record, format, locale)."""

import os
import tempfile
import zipfile

from . import process

# What alertkit writes after a line's head (`BatchLine`), as the JVM parses it.
LINE_SCHEMA = ("id string, format string, locale string, "
               "warnings array<struct<pointer:string,message:string>>, document string, "
               "error struct<kind:string,pointer:string,message:string,problems:array<struct<pointer:string,message:string>>>")

# The rows `render` gives, in order (docs/spark.md, "The dataset").
COLUMNS = ("source", "line", "index", "id", "format", "locale", "kind", "document", "warnings", "reason", "pointer",
           "message", "problems")

DOCUMENT, REJECTED = "document", "rejected"

PIPED = "source string, line long, index long, value binary"


def render(df, column="value", formats=("html",), locales=("en",), templates=None, fragment=False, *,
           source="source", line="line", date=None, alertkit="alertkit"):
    """Renders the alerts of `df[column]` (JSON as a string or binary, one alert a row) with the shipped `alertkit`
    binary on the workers: a DataFrame of one row per (record, format, locale) with the columns of `COLUMNS`.

    - `formats`, `locales`: every record is decoded once, presented once per locale, and emitted once per format.
    - `templates`: a templates folder on the driver (`alertkit --templates`), shipped to the workers.
    - `fragment`: HTML fragments instead of whole pages. `date`: an RFC 3339 time for the email's Date (pinned
      output).
    - `source`, `line`: columns of `df` that say where each record came from, carried to the output (null where
      `df` has no such column). `index` (a record's number within its file, which the job gives) is null.
    - `alertkit`: the binary, a path on every worker or the alias of the release archive given to `--archives`
      (`ARCHIVE#alertkit`, the default), found in the worker's files.

    A row whose value is null or blank is no record, as a blank line is none to `alertkit batch`. Every other row
    is in the result exactly once for each format and locale: `kind` is `document` (with `document` and any
    `warnings`) or `rejected` (with the `reason`, a `FailureKind` name such as `invalid-alert`, and the first
    problem's `pointer` and `message`, and all of them in `problems`). A worker's alertkit that fails, or gives back
    a result more or less than it was sent, fails its task, which Spark retries.
    """
    from pyspark.sql import functions as F
    config = configure(df.sparkSession, formats, locales, templates, fragment, date, alertkit)
    names = set(df.columns)
    piped = df.select(
        (F.col(source).cast("string") if source in names else F.lit(None).cast("string")).alias("source"),
        (F.col(line).cast("long") if line in names else F.lit(None).cast("long")).alias("line"),
        F.lit(None).cast("long").alias("index"), F.col(column).cast("binary").alias("value"))
    rows = piped.mapInArrow(process.record_rows(config, _columns), PIPED)
    return typed(rows, config)


def _columns(batch):
    """(source, line, index, value) of a batch that has those columns."""
    return list(zip(*(batch.column(index).to_pylist() for index in range(4))))


def typed(rows, config):
    """alertkit's results (source, line, index, value) as the rows of `COLUMNS`."""
    from pyspark.sql import functions as F
    # FAILFAST: a line the JVM cannot read fails its task, never becomes a row of nulls.
    parsed = rows.select("source", "line", "index", F.from_json(F.col("value").cast("string"), LINE_SCHEMA,
                                                       {"mode": "FAILFAST"}).alias("r"))
    error = F.col("r.error")
    return parsed.select(
        "source", "line", "index", F.col("r.id").alias("id"), F.col("r.format").alias("format"),
        F.coalesce(F.col("r.locale"), F.lit(config.locales[0])).alias("locale"),
        F.when(error.isNull(), F.lit(DOCUMENT)).otherwise(F.lit(REJECTED)).alias("kind"),
        F.col("r.document").alias("document"), F.col("r.warnings").alias("warnings"),
        error.getField("kind").alias("reason"), error.getField("pointer").alias("pointer"),
        error.getField("message").alias("message"), error.getField("problems").alias("problems"))


def configure(spark, formats, locales, templates, fragment, date, alertkit):
    """What every task of a `render` needs (`process.Config`), its templates folder and this package shipped."""
    formats, locales = names(formats, "formats"), names(locales, "locales")
    context = spark.sparkContext
    ship(context)
    shipped = None
    if templates:
        folder = os.path.abspath(templates.rstrip("/"))
        if not os.path.isdir(folder):
            raise ValueError(f"alertkit_spark: templates {templates!r} is not a folder")
        added = _added(context)
        if folder not in added:
            context.addFile(folder, recursive=True)
            added.add(folder)
        shipped = os.path.basename(folder)
    return process.Config(formats, locales, templates=shipped, fragment=fragment, date=date, binary=alertkit)


def names(value, what):
    """A list of names, or a comma-separated string of them: one or more, different, none empty."""
    names = [value] if isinstance(value, str) else list(value)
    names = [name.strip() for text in names for name in text.split(",")]
    if not names or not all(names) or len(set(names)) != len(names):
        raise ValueError(f"alertkit_spark: {what} takes one or more different names, not {value!r}")
    return names


def _added(context):
    if not hasattr(context, "_alertkit_added"):
        context._alertkit_added = set()
    return context._alertkit_added


def ship(context):
    """Ships this package to the workers once a SparkContext (`addPyFile` of a zip of it), so that a cluster whose
    workers have not installed it runs `render` all the same. A worker that has it installed uses the shipped copy,
    the driver's own."""
    added = _added(context)
    if "package" in added:
        return
    from pyspark import SparkFiles
    package = os.path.dirname(os.path.abspath(__file__))
    # Under Spark's own scratch folder for this context, which it removes when it stops: its file server reads the
    # zip from here whenever an executor asks for it.
    folder = tempfile.mkdtemp(prefix="alertkit-spark-", dir=SparkFiles.getRootDirectory())
    archive = os.path.join(folder, "alertkit_spark.zip")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(os.listdir(package)):
            if name.endswith(".py"):
                out.write(os.path.join(package, name), os.path.join("alertkit_spark", name))
    context.addPyFile(archive)
    added.add("package")
