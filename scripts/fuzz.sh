#!/usr/bin/env bash
# Fuzzes AlertKit with libFuzzer and AddressSanitizer (issue 15):
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]     TARGET: decoder, pipeline, line-reader, template, or
#                                                              all (two targets at a time, SECONDS each)
#   scripts/fuzz.sh build                                      builds the targets only
# Each target starts from its seed corpus (Fuzz/Corpus/TARGET, kept small in the repository) and grows a working
# corpus of its own under .build-fuzz/corpus/TARGET (kept between runs, never committed). A finding (a crash, a
# broken property, a timeout, memory over the limit) stops the run with a non-zero status and leaves the input in
# .build-fuzz/findings/TARGET/; replay it with `scripts/fuzz.sh TARGET 0 FILE`, then make it a regression test
# (Tests/*/FuzzRegressionTests.swift). CI runs each target for 20 seconds; docs/fuzzing.md says more.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/fuzz.sh decoder|pipeline|line-reader|template|all SECONDS [libFuzzer options] | build" >&2; exit 64; }
target=${1:-}
[ -n "$target" ] || usage
scratch="$PWD/.build-fuzz"

build() {
    scripts/setup.sh >/dev/null
    swift build --package-path Fuzz --scratch-path "$scratch" -c release \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 \
        | grep -v 'unhandled file' >&2 || true
    for product in FuzzDecoder FuzzPipeline FuzzLineReader FuzzTemplate; do
        [ -x "$scratch/release/$product" ] || { echo "fuzz: $product was not built" >&2; exit 1; }
    done
}

if [ "$target" = build ]; then build; exit 0; fi
seconds=${2:-}
[[ "$seconds" =~ ^[0-9]+$ ]] || usage
shift 2

run() {  # TARGET PRODUCT DICTIONARY MAX_LEN [options]
    local name=$1 product=$2 dict=$3 maxlen=$4
    shift 4
    local corpus="$scratch/corpus/$name" findings="$scratch/findings/$name/" work
    mkdir -p "$corpus" "$findings"
    work=$(mktemp -d "${TMPDIR:-/tmp}/alertkit-fuzz.XXXXXX")
    trap 'rm -rf "$work"' RETURN
    local replay=()
    if [ $# -gt 0 ] && [ -f "$1" ]; then replay=("$@"); set --; fi
    local options=(-dict="Fuzz/$dict" -max_len="$maxlen" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0
                   -artifact_prefix="$findings" -print_final_stats=1)
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0" SWIFT_BACKTRACE="enable=no"
    if [ ${#replay[@]} -gt 0 ]; then
        ALERTKIT_FUZZ_SCRATCH="$work" "$scratch/release/$product" "${options[@]}" "${replay[@]}"
        return
    fi
    # First the inputs of past findings (Fuzz/Regressions/TARGET): each must pass again.
    if compgen -G "Fuzz/Regressions/$name/*" >/dev/null; then
        ALERTKIT_FUZZ_SCRATCH="$work" "$scratch/release/$product" "${options[@]}" Fuzz/Regressions/"$name"/* 2>"$work/log" || {
            grep -v "Cannot export local symbol" "$work/log" | tail -40 >&2
            echo "fuzz: $name: a past finding (Fuzz/Regressions/$name) fails again" >&2
            return 1
        }
        echo "fuzz: $name: $(ls Fuzz/Regressions/"$name" | wc -l) past finding(s) pass" >&2
    fi
    echo "fuzz: $name for $seconds s (corpus $corpus, seeds Fuzz/Corpus/$name)" >&2
    # -jobs=0: one process; -close_fd_mask=1 keeps the targets' standard output (none expected) out of the log.
    ALERTKIT_FUZZ_SCRATCH="$work" "$scratch/release/$product" "${options[@]}" -max_total_time="$seconds" \
        -close_fd_mask=1 "$@" "$corpus" "Fuzz/Corpus/$name" 2>"$work/log" || {
        status=$?
        cp "$work/log" "$findings/log-$(date +%Y%m%d-%H%M%S).txt"
        grep -v "Cannot export local symbol" "$work/log" | grep -A40 -E 'fuzz finding|ERROR:|Fatal error|deadly signal' | head -80 >&2
        echo "fuzz: $name found a problem; the input is in $findings" >&2
        return $status
    }
    grep -E '^(stat::|#[0-9]+ +DONE)' "$work/log" | tr '\n' ' ' | sed 's/^/fuzz: '"$name"': /' >&2
    echo >&2
}

[ -n "${ALERTKIT_FUZZ_BUILT:-}" ] || build
case "$target" in
    decoder) run decoder FuzzDecoder json.dict 65536 "$@" ;;
    pipeline) run pipeline FuzzPipeline json.dict 16384 "$@" ;;
    line-reader) run line-reader FuzzLineReader json.dict 8192 "$@" ;;
    template) run template FuzzTemplate mustache.dict 8192 "$@" ;;
    all)
        # Two at a time (each target is one process on one core), the built binaries shared.
        status=0
        for pair in "decoder pipeline" "line-reader template"; do
            pids=()
            for name in $pair; do ALERTKIT_FUZZ_BUILT=1 "$0" "$name" "$seconds" "$@" & pids+=($!); done
            for pid in "${pids[@]}"; do wait "$pid" || status=1; done
        done
        exit $status ;;
    *) usage ;;
esac
