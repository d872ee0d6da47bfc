#!/usr/bin/env bash
# Soaks `alertkit serve` on 127.0.0.1 for SECONDS (default 600): renders of every sample in five formats and batches,
# each answer compared with `alertkit render` / `alertkit batch --ndjson` of the same input; malformed, invalid and
# oversize bodies; batch bodies trickled under the minimum rate; clients that vanish mid-answer (close, RST); requests
# without the token or with a wrong one, and path tricks (//v1/render): all at once, a thread each. Then it checks
# that every valid request was answered rightly and no unauthenticated one got data, that the batch streams gauge is
# back to 0 and the descriptors near their idle count, that the memory stayed flat (and under 400 MB), and that
# SIGTERM stops the server within its grace period + 3 s with status 0. A summary table on stdout, progress every
# ~10 s on stderr; exit status 1 on any failed check. `scripts/soak.sh 20` is a short run for CI.
#   scripts/soak.sh [SECONDS]     ALERTKIT=/path/to/alertkit uses that binary and builds nothing
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${ALERTKIT:-}" ]; then
  swift build --product alertkit >&2
  ALERTKIT="$(swift build --show-bin-path)/alertkit"
fi
export ALERTKIT
exec python3 Tests/Server/soak.py "${1:-600}"
