#!/usr/bin/env python3
"""Extracts caniemail.com's support data for the mail clients the email test checks (Gmail, Outlook, Apple Mail)
from a checkout of github.com/hteumeuleu/caniemail (MIT, Rémi Parmentier) into
Tests/Browser/caniemail/features.json: for each feature, each client's support in its latest tested version
("y", "n", "a" partial, "u" unknown) with the notes that qualify it. The tests read that file; nothing reaches the
network. Run it again on a newer checkout to renew the data:

    python3 scripts/caniemail-data.py ~/src/caniemail [commit]
"""
import json
import pathlib
import sys

import yaml

FAMILIES = ("gmail", "outlook", "apple-mail")
ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests" / "Browser" / "caniemail" / "features.json"


def front_matter(text):
    return yaml.safe_load(text.split("---")[1].expandtabs(4))


def main():
    checkout = pathlib.Path(sys.argv[1])
    features = {}
    for path in sorted((checkout / "_features").glob("*.md")):
        if path.name.startswith("_"):
            continue
        try:
            data = front_matter(path.read_text())
        except yaml.YAMLError:
            continue  # a page whose front matter does not parse (two gradient pages): no feature the email uses
        notes = {str(k): v for k, v in (data.get("notes_by_num") or {}).items()}
        clients = {}
        for family in FAMILIES:
            for platform, versions in ((data.get("stats") or {}).get(family) or {}).items():
                if not versions:
                    continue
                version, value = list(versions.items())[-1]
                marks = str(value).split()
                clients[f"{family}.{platform}"] = {
                    "version": str(version), "support": marks[0],
                    "notes": [notes.get(mark.lstrip("#"), mark) for mark in marks[1:]]}
        features[path.stem] = {"title": data.get("title"), "tested": str(data.get("last_test_date")), "clients": clients}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    source = {"source": "https://github.com/hteumeuleu/caniemail", "commit": sys.argv[2] if len(sys.argv) > 2 else None,
              "licence": "MIT, Copyright (c) 2019 Rémi Parmentier (LICENSE beside this file)"}
    lines = [f"  {json.dumps(slug)}: {json.dumps(features[slug], ensure_ascii=False, sort_keys=True)}" for slug in sorted(features)]
    head = json.dumps(source, ensure_ascii=False, sort_keys=True)[1:-1]
    OUT.write_text("{" + head + ', "features": {\n' + ",\n".join(lines) + "\n}}\n")  # one feature a line: diffs read
    print(f"{OUT.relative_to(ROOT)}: {len(features)} features")


if __name__ == "__main__":
    main()
