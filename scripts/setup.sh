#!/usr/bin/env bash
# Installs what AlertKit needs on a fresh Debian machine, and only what is missing:
# libcmark-dev (the C library the HTML and Markdown emitters use) and, for the tests,
# Python's jsonschema (to check that other tools agree with our schema).
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
pkg-config --exists libcmark 2>/dev/null || missing+=(libcmark-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
if [ "${1:-}" = "--test" ]; then
  command -v python3 >/dev/null || missing+=(python3)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "${1:-}" = "--test" ]; then
  python3 -c 'import jsonschema' 2>/dev/null || {
    echo "setup: installing jsonschema (pip)" >&2
    python3 -m pip install --quiet jsonschema
  }
fi
