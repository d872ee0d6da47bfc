#!/usr/bin/env bash
# Runs every test: installs what is missing, builds with no warnings allowed, then `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
if grep -E "(^|[^a-z])warning:" "$log"; then
  echo "test.sh: the build has warnings (above); fix them" >&2
  exit 1
fi
swift test --skip-build --disable-xctest "$@"
