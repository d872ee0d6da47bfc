#!/usr/bin/env bash
# Builds and runs every package under Examples/ against this checkout (a path dependency), as an outside user
# would, and compares each one's output with its expected-output.txt. CI runs it from scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
for example in Examples/*/; do
  name=$(basename "$example")
  echo "examples: $name" >&2
  swift build --package-path "$example" 2>&1 | tee /dev/stderr | { ! grep -E "(^|[^a-z])warning:"; } >/dev/null \
    || { echo "examples: $name builds with warnings" >&2; exit 1; }
  "$(swift build --package-path "$example" --show-bin-path)/$name" | diff -u "$example/expected-output.txt" - \
    || { echo "examples: $name's output differs from $example/expected-output.txt" >&2; exit 1; }
done
echo "examples: all ran as expected" >&2
