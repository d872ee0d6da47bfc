#!/usr/bin/env bash
# Runs the Swift tests under a sanitizer, in a build folder of its own (.build-address, .build-thread):
#   scripts/sanitize.sh [address|thread] [swift test arguments...]
# AddressSanitizer (the default; scripts/test-slow.sh runs it, CI does not: 29 minutes here) stops at the first use after free, overflow or double free, in the test
# process and in every `alertkit` the tests run (built with it too). Leak detection is off: at exit it reports the
# memory of lazily made globals as leaked (the compiled schema's NSRegularExpression in Foundation, tests' static
# fixtures), which are kept for the life of the process on purpose. ThreadSanitizer reports data races.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-address}
case "$kind" in address|thread) ;; *) echo "usage: scripts/sanitize.sh [address|thread] [swift test arguments]" >&2; exit 64 ;; esac
shift || true
scratch=".build-$kind"
scripts/setup.sh
swift build --build-tests --sanitize="$kind" --scratch-path "$scratch"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1"
export ALERTKIT_SANITIZER="$kind"  # tests skip their bounds on time and memory, which the sanitizer's cost breaks
swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" --disable-xctest "$@"
echo "sanitize: the tests pass under the $kind sanitizer" >&2
