#!/usr/bin/env bash
# Builds and runs every package under Examples/ against this checkout (a path dependency), as an outside user
# would, and compares each one's output with its expected-output.txt, or runs its check.sh on the built binary
# (Examples/CustomCLI: a whole alertkit command with a presenter and a format of its own, server included).
# Templates folders (no Package.swift) render in every format and locale.
#   scripts/examples.sh           every example
#   scripts/examples.sh --quick   all but the packages that build the command and the server themselves
#                                 (Examples/CustomCLI: its own copy of Hummingbird, 5 minutes on 2 cores); CI runs this
#                                 from scripts/test.sh, and scripts/test-slow.sh runs them all
set -euo pipefail
quick=
if [ "${1:-}" = --quick ]; then quick=1; fi
cd "$(dirname "$0")/.."
alertkit="$(swift build --show-bin-path)/alertkit"
for example in Examples/*/; do
  name=$(basename "$example")
  echo "examples: $name" >&2
  if [ ! -f "$example/Package.swift" ]; then
    # A templates folder (Examples/LoyaltyCard: a match type in catalog files alone): its alert renders in every
    # format and locale with no warning, the value masked (the last four shown, the rest never).
    for alert in "$example"*-alert.json; do
      for locale in en es; do
        for format in $(ALERTKIT_CONFIG=/dev/null "$alertkit" formats | cut -f1); do
          out=$(ALERTKIT_CONFIG=/dev/null "$alertkit" render "$alert" -f "$format" --templates "$example" --locale "$locale" 2>/tmp/examples-err.$$) \
            || { cat /tmp/examples-err.$$ >&2; rm -f /tmp/examples-err.$$; echo "examples: $name: $format $locale failed" >&2; exit 1; }
          if [ -s /tmp/examples-err.$$ ]; then cat /tmp/examples-err.$$ >&2; rm -f /tmp/examples-err.$$; echo "examples: $name: $format $locale warned" >&2; exit 1; fi
          if grep -q "5512" <<<"$out"; then echo "examples: $name: $format $locale shows the unmasked number" >&2; exit 1; fi
          case "$format" in sms|push) ;; *) grep -q "7731" <<<"$out" || { echo "examples: $name: $format $locale lacks the masked value" >&2; exit 1; } ;; esac
        done
      done
    done
    rm -f /tmp/examples-err.$$
    continue
  fi
  if [ -n "$quick" ] && ! grep -q "traits: \[\]" "$example/Package.swift"; then
    echo "examples: $name skipped (--quick: it builds the command and the server; scripts/test-slow.sh runs it)" >&2
    continue
  fi
  # The log goes to standard error through the descriptor, never by reopening /dev/stderr: that truncates a log
  # file that standard error is redirected to (as CI's is).
  log=$(swift build --package-path "$example" 2>&1) || { echo "$log" >&2; echo "examples: $name does not build" >&2; exit 1; }
  echo "$log" >&2
  # swift-distributed-tracing (under Hummingbird, which Examples/CustomCLI builds) ships a file its manifest does not
  # declare: SwiftPM's warning about that package is not about this code (scripts/test.sh ignores it too).
  if grep -E "(^|[^a-z])warning:" <<<"$log" | grep -qvE "warning: 'swift-distributed-tracing': found [0-9]+ file\(s\) which are unhandled"; then
    echo "examples: $name builds with warnings" >&2; exit 1
  fi
  # A package that depends on the libraries alone must not fetch, let alone build, the command's, the server's and
  # the tests' dependencies (the `Tools` trait, off with `traits: []`): the libraries need no package.
  if grep -q "traits: \[\]" "$example/Package.swift"; then
    for heavy in hummingbird swift-nio swift-argument-parser swift-property-based swift-crypto swift-mustache; do
      if [ -e "$example/.build/checkouts/$heavy" ]; then echo "examples: $name fetched $heavy" >&2; exit 1; fi
    done
  fi
  binary="$(swift build --package-path "$example" --show-bin-path)/$name"
  if [ -x "$example/check.sh" ]; then
    # A command of its own (Examples/CustomCLI): its check runs it as a user would, server included.
    "$example/check.sh" "$binary"
  else
    "$binary" | diff -u "$example/expected-output.txt" - \
      || { echo "examples: $name's output differs from $example/expected-output.txt" >&2; exit 1; }
  fi
done
echo "examples: all ran as expected" >&2
