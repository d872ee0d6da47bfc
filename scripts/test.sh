#!/usr/bin/env bash
# Runs every test: installs what is missing, builds with no warnings allowed, runs `swift test`, then the
# browser tests (headless Chromium on the rendered sample pages, and the W3C Nu validator), the server tests
# (the built `alertkit serve` with curl and Schemathesis), the fuzzers briefly (built with AddressSanitizer), and the
# release archive's layout and the Spark job on the debug build's archive. CI runs exactly this: 57 minutes on 2
# cores at 7a14bf2 (CustomCLI has moved out since), against a target of 40. scripts/test-slow.sh runs what is too
# slow for it (the static release archive, Examples/CustomCLI, the whole suite under AddressSanitizer).
# Arguments go to `swift test`; with arguments (a filter, say) the browser tests are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
python3 scripts/check-standalone.py  # nothing reaches outside the repository: a clone alone passes this command
python3 scripts/check-layout.py      # README.md's Layout and the tree agree
python3 scripts/test-gen-feed.py     # the feed generator the tests and benchmarks use: seeded, valid, each breach

# Clean tests: the run's temporary files go to a folder of its own (TMPDIR). At the end, anything the tests left
# there is an error, and so is anything new in /tmp itself; then the folder goes. The toolchain's and browsers'
# own leftovers are not the tests': SwiftPM's locks and TemporaryDirectory.* folders, swift-generated-sources
# (macro expansions), Chromium's org.chromium.Chromium.* profiles, pytest's emptied pytest-of-USER, and the
# JVM's hsperfdata_USER in /tmp (the Nu validator).
tmp_before=$(ls -A /tmp | sort)
run_tmp=$(mktemp -d /tmp/alertkit-test.XXXXXX)
export TMPDIR="$run_tmp"
log="$run_tmp/build.log"
trap 'rm -rf "$run_tmp"' EXIT
check_temporaries() {
  local left new
  left=$(cd "$run_tmp" && ls -A | grep -vxE 'build\.log|.*\.lock|TemporaryDirectory\..*|swift-generated-sources|org\.chromium\.Chromium\..*|pytest-of-.*' || true)
  rm -rf "$run_tmp"
  new=$(comm -13 <(echo "$tmp_before") <(ls -A /tmp | sort) | grep -vxE 'hsperfdata_.*' || true)
  if [ -n "$left$new" ]; then
    echo "test.sh: the tests left temporary files behind:" $left $new >&2
    exit 1
  fi
  echo "test.sh: no temporary file left behind ($(ls -A /tmp | wc -l) entries in /tmp before and after)" >&2
}
# took STEP: how long the run has taken when STEP ends (CI's whole run must stay under 40 minutes).
took() { echo "test.sh: $1 done, $((SECONDS / 60)) min $((SECONDS % 60)) s into the run" >&2; }
swift build --build-tests 2>&1 | tee "$log"
# swift-distributed-tracing (under Hummingbird) ships a file its manifest does not declare: SwiftPM's warning about
# that package is not about this code.
if grep -E "(^|[^a-z])warning:" "$log" | grep -vE "warning: 'swift-distributed-tracing': found [0-9]+ file\(s\) which are unhandled"; then
  echo "test.sh: the build has warnings (above); fix them" >&2
  exit 1
fi
swift test --skip-build --disable-xctest "$@"
took "swift test"
"$(swift build --show-bin-path)/alertkit" templates check  # the shipped templates parse and use only view-model names
if [ $# -eq 0 ]; then
  scripts/examples.sh --quick  # Examples/*: outside packages built against this checkout, run, output compared
                               # (all but CustomCLI, which builds the server again: scripts/test-slow.sh)
  took "examples"
  scripts/docs.sh      # the DocC article and API reference, DocC warnings as errors
  took "docs"
  scripts/bench.sh smoke >/dev/null  # every row of the throughput table once, on 500 alerts (the script works)
  took "bench smoke"
  python3 -m pytest Tests/Browser -q -p no:cacheprovider
  took "browser tests"
  python3 -m pytest Tests/Server -q -p no:cacheprovider  # apart: each folder's helpers are its conftest module
  took "server tests"
  scripts/bench-server.sh smoke >/dev/null  # the server's load test (wrk) and batch benchmark, briefly
  ALERTKIT="$(swift build --show-bin-path)/alertkit" scripts/soak.sh 20  # the soak test, briefly (default 10 min)
  took "server load and soak"
  scripts/fuzz.sh all 20       # each libFuzzer target (AddressSanitizer) for 20 s, past findings first (docs/fuzzing.md)
  took "fuzzers"
  # The release archive's layout around the debug build (the static one takes 12 minutes: scripts/test-slow.sh),
  # run outside the checkout with the toolchain off the PATH, and the Spark package and job: local[2], a standalone
  # cluster of two workers on 127.0.0.1 (scripts/spark-cluster.sh), streams.
  archive=$(scripts/dist.sh --debug "$run_tmp/dist")
  ALERTKIT_ARCHIVE="$archive" python3 -m pytest Tests/Spark -q -p no:cacheprovider
  rm -rf "$run_tmp/dist"
  took "release archive and Spark"
fi
check_temporaries
