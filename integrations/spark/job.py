"""The job for spark-submit: `spark-submit … integrations/spark/job.py --input … --output …` (`--help` lists the
options; docs/spark.md). The package beside it (`alertkit_spark`, or the one pip installed) does the work."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from alertkit_spark.job import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
