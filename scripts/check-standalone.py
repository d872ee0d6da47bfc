#!/usr/bin/env python3
"""Fails when the repository reaches outside itself: a clone with nothing beside it must build, test and bench.

    python3 scripts/check-standalone.py      (scripts/test.sh runs it first)

It reads every file git tracks (and every new file not ignored) and reports, with file and line:
- a reference to something that lives beside the checkout instead of in it: a `../NAME` path in a script, test or
  manifest that leaves the repository, a parent of the repository's root taken in code (`ROOT.parent`,
  `dirname(ROOT)`, `packageRoot.deletingLastPathComponent()`), an absolute path into a work area, or a document
  that is not in the repository cited by name (the input contract and the page are docs/contract.md);
- a relative Markdown link whose target does not exist in the repository.
Exit 0 when clean, 1 with the list otherwise.
"""
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SELF = pathlib.Path(__file__).resolve().relative_to(ROOT).as_posix()

# Documents and places outside the repository, by name: nothing here may cite them.
OUTSIDE = [
    (re.compile(r"\.\.[/]shared\b|\bshared[/]tools\b"), "the folder beside the checkout"),
    (re.compile(r"\bSPEC\.md\b|\bDESIGN\.md\b|mvc-exercise|\bux\.png\b|UX notes"),
     "a document that is not in the repository (see docs/contract.md)"),
    (re.compile(r"(?<![\w.])/work/"), "an absolute path into a work area"),
    (re.compile(r"\bROOT\.parent\b|dirname\(ROOT\)|packageRoot\.deletingLastPathComponent"),
     "the parent of the repository's root"),
]
# In scripts the working directory is the repository's root (they cd there first): `../NAME` leaves it.
CLIMB = re.compile(r"(?<![\w./])\.\./(?!\.\.)([A-Za-z][\w.-]*)")
SCRIPT = re.compile(r"^(scripts|\.ci)/")
# Markdown links and images with a relative target.
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


def files():
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    for name in listed:
        path = ROOT / name.decode()
        if name and path.is_file() and path.relative_to(ROOT).as_posix() != SELF:
            yield path


def text_of(path):
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace")


def inside(path):
    try:
        path.resolve().relative_to(ROOT)
        return True
    except ValueError:
        return False


def findings():
    for path in files():
        text = text_of(path)
        if text is None:
            continue
        name = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(text.splitlines(), 1):
            for pattern, why in OUTSIDE:
                if match := pattern.search(line):
                    yield f"{name}:{number}: {match.group(0)!r}: {why}"
            if SCRIPT.match(name):
                for match in CLIMB.finditer(line):
                    yield f"{name}:{number}: {match.group(0)!r}: a path that leaves the repository"
            if name.endswith(".md"):
                for match in LINK.finditer(line):
                    target = match.group(1)
                    if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
                        continue  # a URL, or an absolute path the reader means literally
                    resolved = (path.parent / target)
                    if not inside(resolved):
                        yield f"{name}:{number}: link to {target!r} leaves the repository"
                    elif not resolved.exists():
                        yield f"{name}:{number}: link to {target!r}: no such file in the repository"


def main():
    found = list(findings())
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"check-standalone: {len(found)} reference(s) outside the repository (above)", file=sys.stderr)
        return 1
    print("check-standalone: the repository stands alone (no path or document outside it)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
