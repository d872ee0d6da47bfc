#!/usr/bin/env bash
# Makes docs/review-report.png, the report docs/review.md shows: one step of the shipped English catalog reworded
# past an SMS's length, reviewed over the shipped samples, the report's top at 1000 × 1500 in headless Chromium.
# Usage: scripts/review-shot.sh [ALERTKIT]   (default: the debug build, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
alertkit=${1:-.build/debug/alertkit}
[ -x "$alertkit" ] || swift build --product alertkit >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/my-templates/catalog"
python3 - "$work/my-templates/catalog/en.json" <<'PY'
import json, sys
catalog = json.load(open("Templates/catalog/en.json"))
steps = catalog["matchTypes"]["IDEMAILADDR"]["steps"]
steps[0]["text"] = "Change your password today, on every site where you used it, and turn on two-step verification wherever it is offered."
json.dump({"matchTypes": {"IDEMAILADDR": {"steps": steps}}}, open(sys.argv[1], "w"))
PY
"$alertkit" review --after "$work/my-templates" --locale en --format html --format sms --format slack \
  --report "$work/report" --fail-on never >/dev/null
chromium --headless --no-sandbox --hide-scrollbars --window-size=1000,1500 \
  --screenshot="$PWD/docs/review-report.png" "file://$work/report/index.html" 2>/dev/null
echo "scripts/review-shot.sh: docs/review-report.png" >&2
