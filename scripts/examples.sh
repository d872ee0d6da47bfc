#!/usr/bin/env bash
# Builds and runs every package under Examples/ against this checkout (a path dependency), as an outside user
# would, and compares each one's output with its expected-output.txt. CI runs it from scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
for example in Examples/*/; do
  name=$(basename "$example")
  echo "examples: $name" >&2
  # The log goes to standard error through the descriptor, never by reopening /dev/stderr: that truncates a log
  # file that standard error is redirected to (as CI's is).
  log=$(swift build --package-path "$example" 2>&1) || { echo "$log" >&2; echo "examples: $name does not build" >&2; exit 1; }
  echo "$log" >&2
  if grep -qE "(^|[^a-z])warning:" <<<"$log"; then echo "examples: $name builds with warnings" >&2; exit 1; fi
  # A package that depends on the libraries alone must not fetch, let alone build, the command's and server's
  # dependencies (the `Tools` trait, off with `traits: []`).
  for heavy in hummingbird swift-nio swift-argument-parser swift-property-based; do
    if [ -e "$example/.build/checkouts/$heavy" ]; then echo "examples: $name fetched $heavy" >&2; exit 1; fi
  done
  "$(swift build --package-path "$example" --show-bin-path)/$name" | diff -u "$example/expected-output.txt" - \
    || { echo "examples: $name's output differs from $example/expected-output.txt" >&2; exit 1; }
done
echo "examples: all ran as expected" >&2
