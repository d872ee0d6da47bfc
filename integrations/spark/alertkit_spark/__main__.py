"""`python -m alertkit_spark …` (under spark-submit: `integrations/spark/job.py`)."""

import sys

from .job import main

sys.exit(main(sys.argv[1:]))
