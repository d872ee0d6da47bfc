#!/usr/bin/env bash
# Makes docs/email-alert-414x736.png, the README's picture of the page: SampleData/email-alert.json rendered by the
# command as it is today, at 414 × 736 (an iPhone 8 Plus) in headless Chromium. Tests/Browser/test_readme_shot.py runs
# it into a scratch file and compares the two, so the picture cannot go stale.
# Usage: scripts/readme-shot.sh [OUTPUT.png] [ALERTKIT]   (defaults: docs/email-alert-414x736.png, the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/email-alert-414x736.png}
alertkit=${2:-.build/debug/alertkit}
[ -x "$alertkit" ] || swift build --product alertkit >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ALERTKIT_CONFIG=/dev/null "$alertkit" render SampleData/email-alert.json -o "$work/alert.html"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
chromium --headless --no-sandbox --hide-scrollbars --user-data-dir="$work/profile" --window-size=414,736 \
  --screenshot="$out" "file://$work/alert.html" 2>/dev/null
echo "scripts/readme-shot.sh: $out" >&2
