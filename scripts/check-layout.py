#!/usr/bin/env python3
"""Fails when README.md's Layout section and the tree disagree.

    python3 scripts/check-layout.py      (scripts/test.sh runs it)

Every folder at the top of the repository, and every folder in Sources/ and Tests/, must be named in the Layout
block (a name may be a pattern: `Tests/Alert*Tests/`); and every path the block names must exist. Exit 0 when
they agree, 1 with the differences otherwise.
"""
import fnmatch
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def layout_names():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^## Layout\n\n```\n(.*?)^```", readme, re.S | re.M)
    if not block:
        sys.exit("check-layout: README.md has no ## Layout section with a ``` block")
    return [line.split()[0].rstrip("/") for line in block.group(1).splitlines() if line and not line.startswith(" ")]


def tracked_folders():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    folders = set()
    for name in files:
        parts = name.split("/")
        if len(parts) > 1:
            folders.add(parts[0])
        if len(parts) > 2 and parts[0] in ("Sources", "Tests"):
            folders.add("/".join(parts[:2]))
    return folders, set(files)


def main():
    names = layout_names()
    folders, files = tracked_folders()
    problems = []
    for folder in sorted(folders):
        if folder in ("Sources", "Tests"):
            continue  # named through their folders
        if not any(fnmatch.fnmatchcase(folder, name) or name.startswith(folder + "/") for name in names):
            problems.append(f"{folder}/ is in the tree but not in README.md's Layout")
    for name in names:
        if not any(fnmatch.fnmatchcase(path, name) or fnmatch.fnmatchcase(path, name + "/*") for path in files):
            problems.append(f"README.md's Layout names {name}, which is not in the tree")
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        return 1
    print(f"check-layout: README.md's Layout names all {len(folders)} folders, and only those that exist", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
