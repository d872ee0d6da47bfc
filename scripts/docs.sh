#!/usr/bin/env bash
# Builds the DocC documentation of AlertRendering (the article "Extending AlertKit" and the API reference) from the
# debug build's modules, with every DocC warning (a broken symbol link, say) an error. Output: .build/docs.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift symbolgraph-extract -module-name AlertRendering -I "$bin/Modules" -I Sources/Ccmark -I Sources/CMarkArena/include \
  -target "$(uname -m)-unknown-linux-gnu" -output-dir "$graphs" -minimum-access-level public
docc convert Sources/AlertRendering/AlertRendering.docc --additional-symbol-graph-dir "$graphs" \
  --output-path .build/docs --fallback-display-name AlertRendering --fallback-bundle-identifier alertkit.AlertRendering \
  --warnings-as-errors >/dev/null
echo "docs: .build/docs (no DocC warnings)" >&2
