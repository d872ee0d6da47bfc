#!/usr/bin/env bash
# Builds AlertKit's self-contained release archive (issue 16):
#   scripts/dist.sh [OUT_DIR]         writes OUT_DIR/alertkit-VERSION-linux-x86_64.tar.gz (default: dist/)
#   scripts/dist.sh --debug OUT_DIR   the same archive around the checkout's debug build (alertkit-...-debug.tar.gz):
#                                     linked dynamically, for this machine alone; what scripts/test.sh packs for
#                                     Tests/Spark in CI, where the static release build would take 12 minutes
#                                     (scripts/test-slow.sh runs Tests/Spark on the real one)
# The binary links the Swift standard library and Foundation statically (--static-swift-stdlib) and libcmark
# statically too (libcmark-dev's libcmark.a, named by a pkg-config file of this script's own), so it needs nothing
# but the C library of a Debian or Ubuntu machine: no Swift toolchain, no libcmark. Beside it in the archive:
# AlertKit_AlertTemplates.resources (the shipped templates, catalogs, icons and page, found beside the binary:
# README, "Ship it"), the Spark package and job (integrations/spark) with docs/spark.md, README.md, LICENSE (AlertKit's own), NOTICE (what is linked in, and their
# licences) and alertkit-page.css (the page's stylesheet for fragments). Beside the archive, NAME.tar.gz.sha256. `alertkit --version` names the version and the commit it was built from. Every file in the archive is
# owned by root (uid and gid 0, by number) and writable by its owner alone, whoever builds it: extracted as root,
# the binary is not left owned or writable by the builder's uid.
set -euo pipefail
cd "$(dirname "$0")/.."
debug=
if [ "${1:-}" = --debug ]; then debug=1; shift; fi
out=${1:-dist}
scripts/setup.sh >/dev/null

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/AlertModel/AlertKitVersion.swift)
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
# Built from anything but the commit itself (changed or new files in what goes into the archive): say so.
if [ "$commit" != unknown ] && [ -n "$(git status --porcelain -- Sources Templates Package.swift integrations 2>/dev/null)" ]; then
  commit="$commit-modified"
fi
name="alertkit-$version-linux-$(uname -m)${debug:+-debug}"

work=$(mktemp -d "${TMPDIR:-/tmp}/alertkit-dist.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -n "$debug" ]; then
  echo "dist: packing the debug build as $name (commit $commit; linked dynamically, for this machine alone)" >&2
  swift build --product alertkit > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; echo "dist: the build failed" >&2; exit 1; }
  bin=$(swift build --show-bin-path)
else
  # libcmark, statically: the same headers, and a library folder that holds the archive alone, searched first, so that
  # `-lcmark` (the module map's link) finds libcmark.a where it would find libcmark.so.
  static=$PWD/.build-dist/cmark-static  # a fixed place: the same flags each time, so the build stays incremental
  libdir=$(pkg-config --variable=libdir libcmark) && cflags=$(pkg-config --cflags libcmark) \
    && cmark_version=$(pkg-config --modversion libcmark) || { echo "dist: pkg-config knows no libcmark" >&2; exit 1; }
  [ -f "$libdir/libcmark.a" ] || { echo "dist: no $libdir/libcmark.a (libcmark-dev)" >&2; exit 1; }
  case "$static" in *" "*) echo "dist: the checkout's path has a space, which pkg-config cannot pass: $static" >&2; exit 1 ;; esac
  mkdir -p "$static"
  ln -sf "$libdir/libcmark.a" "$static/libcmark.a"
  cat > "$static/libcmark.pc" <<EOF
Name: libcmark
Description: CommonMark parsing and rendering (linked statically for the release archive)
Version: $cmark_version
Cflags: $cflags
Libs: -L$static -lcmark
EOF

  echo "dist: building $name (commit $commit)" >&2
  build=(swift build -c release --static-swift-stdlib --scratch-path .build-dist -Xcc "-DALERTKIT_COMMIT=\"$commit\"")
  if ! PKG_CONFIG_PATH="$static" "${build[@]}" --product alertkit > "$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    echo "dist: the build failed" >&2
    exit 1
  fi
  bin=$(PKG_CONFIG_PATH="$static" "${build[@]}" --show-bin-path)
fi

stage="$work/$name"
mkdir -p "$stage"
cp "$bin/alertkit" "$stage/alertkit"
strip "$stage/alertkit"
cp -R "$bin/AlertKit_AlertTemplates.resources" "$stage/"
# The Spark package (pip install ./integrations/spark, or spark-submit integrations/spark/job.py) and its guide.
mkdir -p "$stage/integrations/spark/alertkit_spark" "$stage/docs"
cp integrations/spark/job.py integrations/spark/pyproject.toml integrations/spark/README.md "$stage/integrations/spark/"
cp integrations/spark/alertkit_spark/*.py "$stage/integrations/spark/alertkit_spark/"
cp docs/spark.md "$stage/docs/"
cp README.md LICENSE "$stage/"
cp -R SampleData "$stage/"  # the samples `alertkit review` compares by default
# The page's stylesheet scoped to a fragment, for a page that embeds `--fragment` output (`alertkit page-css`).
ALERTKIT_CONFIG=/dev/null "$stage/alertkit" page-css > "$stage/alertkit-page.css"
cat > "$stage/NOTICE" <<EOF
AlertKit $version (commit $commit), built $(date -u +%Y-%m-%d) with $(swift --version 2>/dev/null | head -1).
$([ -n "$debug" ] && echo "Linked dynamically (a debug build, which runs only where this Swift toolchain is installed):" || echo "Linked statically:") the Swift standard library and Foundation (Apache License 2.0 with Runtime Library Exception),
ICU data (Unicode licence), libcmark $(pkg-config --modversion libcmark) (BSD-2-Clause and others, see
https://github.com/commonmark/cmark/blob/master/COPYING), swift-mustache, Hummingbird, SwiftNIO,
swift-argument-parser, swift-log, swift-metrics, swift-prometheus, swift-service-lifecycle (Apache License 2.0).
EOF

# What the binary still loads: the C library's parts alone (a debug archive: whatever it links).
needed=$(readelf -d "$stage/alertkit" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
for library in $needed; do
  [ -z "$debug" ] || break
  case "$library" in
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libutil.so.*|ld-linux*|libstdc++.so.*|libgcc_s.so.*) ;;
    *) echo "dist: the binary needs $library, which a bare machine lacks" >&2; exit 1 ;;
  esac
done

mkdir -p "$out"
tar -C "$work" --owner=0 --group=0 --numeric-owner --mode='u+rwX,go+rX,go-w' -czf "$out/$name.tar.gz" "$name"
# Its SHA-256 beside it, as `sha256sum -c` reads it (the archive's name without a folder, to check where it lands).
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "dist: $out/$name.tar.gz ($(du -h "$out/$name.tar.gz" | cut -f1); needs $needed), $out/$name.tar.gz.sha256" >&2
echo "$out/$name.tar.gz"
