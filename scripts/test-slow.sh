#!/usr/bin/env bash
# The slow tests, which CI (scripts/test.sh) runs only in short: about 50 minutes on a 2-core machine (the sum of
# its parts as each was measured; the script has not yet been timed whole).
#   scripts/test-slow.sh
# 1. The static release archive (scripts/dist.sh, a release build with the standard library linked in: about 12
#    minutes) and Tests/Spark on it: it runs outside the checkout with the toolchain off the PATH, links no Swift
#    library, and names its commit. CI runs the same tests on `scripts/dist.sh --debug`'s archive instead.
# 2. Examples/CustomCLI (scripts/examples.sh: a whole alertkit command of an outside package, server included, with
#    its own build of Hummingbird: about 5 minutes). CI runs the other examples (scripts/examples.sh --quick).
# 3. The Swift tests again under AddressSanitizer (scripts/sanitize.sh address, a build folder of its own: about 30
#    minutes). CI's short run of AddressSanitizer is the fuzzers' (scripts/fuzz.sh all 20, built with it).
# Longer fuzzing (scripts/fuzz.sh TARGET SECONDS), the 10-minute soak (scripts/soak.sh), ThreadSanitizer
# (scripts/sanitize.sh thread) and the benchmarks (scripts/bench*.sh) are their own scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
work=$(mktemp -d "${TMPDIR:-/tmp}/alertkit-slow.XXXXXX")
trap 'rm -rf "$work"' EXIT
swift build --product alertkit  # Tests/Spark and examples.sh use the checkout's debug build too
archive=$(scripts/dist.sh "$work/dist")
ALERTKIT_ARCHIVE="$archive" TMPDIR="$work" python3 -m pytest Tests/Spark -q -p no:cacheprovider
echo "test-slow: the release archive and Spark, $((SECONDS / 60)) min into the run" >&2
scripts/examples.sh
echo "test-slow: the examples, $((SECONDS / 60)) min into the run" >&2
scripts/sanitize.sh address
echo "test-slow: AddressSanitizer, $((SECONDS / 60)) min into the run; all passed" >&2
