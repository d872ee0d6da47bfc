#!/usr/bin/env bash
# Runs the built CustomCLI as a user would (scripts/examples.sh calls it with the binary's path): the loyalty-card
# alert renders in every format, Acme's pager line included, in English and Spanish, with no warning, its number masked;
# then `serve` answers the same alert over HTTP and stops cleanly on SIGTERM.
set -euo pipefail
cli=$1
here=$(cd "$(dirname "$0")" && pwd)
alert="$here/../LoyaltyCard/loyalty-alert.json"
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "CustomCLI: $*" >&2; exit 1; }
export ALERTKIT_CONFIG=/dev/null  # the user's stored settings play no part

formats=$("$cli" formats | cut -f1)
for wanted in email html json markdown push slack sms teams text pager; do
  grep -qx "$wanted" <<<"$formats" || fail "formats does not list $wanted: $formats"
done
for locale in en es; do
  for format in $formats; do
    out=$("$cli" render "$alert" -f "$format" --locale "$locale" 2>"$work/err") || { cat "$work/err" >&2; fail "$format $locale failed"; }
    [ -s "$work/err" ] && { cat "$work/err" >&2; fail "$format $locale warned"; }
    grep -q "5512" <<<"$out" && fail "$format $locale shows the unmasked number"
    case "$format" in
      sms|push) ;;  # they show no details for any alert
      pager) grep -qx "URGENT 4930982:900 .*" <<<"$out" || fail "pager $locale: not one urgent line: $out" ;;
      *) grep -q "7731" <<<"$out" || fail "$format $locale lacks the masked number" ;;
    esac
    case "$locale/$format" in
      en/html|en/markdown|en/text|en/pager) grep -q "Loyalty Card Number Leaked" <<<"$out" || fail "$format en lacks the presenter's title" ;;
      es/html|es/markdown|es/text|es/pager) grep -q "Número de tarjeta de fidelidad filtrado" <<<"$out" || fail "$format es lacks the Spanish title" ;;
    esac
    case "$format" in html|markdown|text) grep -q "Acme Rewards" <<<"$out" || fail "$format $locale lacks the programme" ;; esac
  done
done

"$cli" serve --port 0 >"$work/serve.log" 2>&1 &
server=$!
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/serve.log" | head -1)
  [ -n "$port" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$work/serve.log" >&2; fail "serve stopped"; }
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/serve.log" >&2; fail "serve did not say where it listens"; }
pager=$(curl -sS --max-time 10 -H "Content-Type: application/json" --data-binary @"$alert" "http://127.0.0.1:$port/v1/render?format=pager")
[ "$pager" = "URGENT 4930982:900 Loyalty Card Number Leaked (0.6)" ] || fail "serve: the pager answer is $pager"
slack=$(curl -sS --max-time 10 -H "Content-Type: application/json" --data-binary @"$alert" "http://127.0.0.1:$port/v1/render?format=slack&locale=es")
grep -q "7731" <<<"$slack" && ! grep -q "5512" <<<"$slack" || fail "serve: slack answer is $slack"
curl -sS --max-time 10 "http://127.0.0.1:$port/v1/formats" | grep -q '"pager"' || fail "serve: /v1/formats lacks pager"
kill -TERM "$server"
status=0; wait "$server" || status=$?
server=""
[ "$status" -eq 0 ] || { cat "$work/serve.log" >&2; fail "serve exited $status on SIGTERM"; }
echo "CustomCLI: every format in en and es, and serve, as expected" >&2
