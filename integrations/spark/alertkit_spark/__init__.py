"""AlertKit on Apache Spark: `render(df, …)` turns a DataFrame of alert JSON into one row per (record, format,
locale), piping each partition through the shipped `alertkit` binary on its worker (docs/spark.md).

    from alertkit_spark import render
    alerts = spark.read.text("feeds/")                      # one alert a line, in `value`
    render(alerts, formats=["html", "sms"], locales=["en", "es"]).write.parquet("rendered/")

`python -m alertkit_spark` (or `spark-submit integrations/spark/job.py`) is the command-line job over it.
"""

from .frame import COLUMNS, DOCUMENT, REJECTED, render

__version__ = "0.4.0"
__all__ = ["render", "COLUMNS", "DOCUMENT", "REJECTED", "__version__"]
