#!/usr/bin/env python3
"""A quick self-check of scripts/gen-feed.py (a few seconds): exits 1 and says what is wrong if any check fails.

    python3 scripts/test-gen-feed.py                      # GEN_FEED=path checks another copy of the generator

Checks: the same options give the same bytes in separate processes (and another seed other bytes); every valid
record of 10,000 meets the alert schema (Python's jsonschema, Draft 2020-12) and has a unique id; at
--invalid-rate 0.3 every one of the 13 reasons occurs, every invalid record fails the schema, and only where
its reason says (the pointers Tests/AlertModelTests/GeneratedFeedTests.swift expects); the array format parses
to the same records as NDJSON; --output writes the same bytes as standard output; card numbers, IBANs and
routing numbers pass their checks; no string holds a brace (a template placeholder to the rendering tests); the
long tail (--tail-rate) holds every shape and size, valid, within the contract's limits and at them.
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.environ.get("GEN_FEED") or os.path.join(ROOT, "scripts", "gen-feed.py")  # GEN_FEED: another copy
SCHEMA = os.path.join(ROOT, "Sources", "AlertModel", "Resources", "alert.schema.json")

# Where the contract is broken, by reason (GeneratedFeedTests.expectedPointer); "value key missing" is at
# /events/0/data/<the match type's value key>.
EXPECTED_POINTER = {
    "missing id": "/id", "empty id": "/id", "type out of range": "/type", "type is a string": "/type",
    "events empty": "/events", "events not an array": "/events",
    "date not a calendar date": "/events/0/date", "date wrong format": "/events/0/date",
    "data missing": "/events/0/data", "data not an object": "/events/0/data",
    "value key missing": "/events/0/data/", "name missing": "/events/0/data/name",
    "account missing": "/events/0/data/account",
}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def generate(*arguments):
    result = subprocess.run([sys.executable, GENERATOR, *arguments], capture_output=True)
    if result.returncode != 0:
        sys.exit("gen-feed.py %s failed: %s" % (" ".join(arguments), result.stderr.decode()))
    return result.stdout


def records(output):
    return [json.loads(line) for line in output.decode("utf-8").split("\n") if line]


def error_places(validator, record):
    """The JSON pointers of the schema's innermost errors for `record` (a missing member: its own pointer)."""
    places = set()

    def walk(errors):
        for error in errors:
            if error.context:
                walk(error.context)
                continue
            path = "".join("/" + str(part) for part in error.absolute_path)
            if error.validator == "required":
                path += "/" + error.message.split("'")[1]
            places.add(path)

    walk(validator.iter_errors(record))
    return places


def luhn_valid(number):
    digits = [int(c) for c in number if c.isdigit()][::-1]
    return sum(d if i % 2 == 0 else (d * 2 - 9 if d > 4 else d * 2) for i, d in enumerate(digits)) % 10 == 0


def iban_valid(iban):
    compact = iban.replace(" ", "")
    return int("".join(str(int(c, 36)) for c in compact[4:] + compact[:4])) % 97 == 1


def routing_valid(number):
    d = [int(c) for c in number]
    return len(d) == 9 and (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5] + d[8]) % 10 == 0


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)


def main():
    try:
        from jsonschema import Draft202012Validator
    except ImportError:
        sys.exit("test-gen-feed.py: needs jsonschema (python3 -m pip install jsonschema)")
    with open(SCHEMA, encoding="utf-8") as file:
        schema = json.load(file)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)

    # Determinism, across processes (each with its own hash seed).
    options = ("--count", "3000", "--invalid-rate", "0.1")
    first = generate(*options, "--seed", "7")
    check(first == generate(*options, "--seed", "7"), "the same seed gave other bytes")
    check(first != generate(*options, "--seed", "8"), "another seed gave the same bytes")
    check(first.count(b"\n") == 3000 and first.endswith(b"\n"), "not 3000 lines, each ending in a newline")

    # Valid records.
    valid = records(generate("--count", "10000", "--seed", "1"))
    check(len(valid) == 10000, "--count 10000 gave %d records" % len(valid))
    ids, types, matches = set(), set(), set()
    for record in valid:
        if not check(validator.is_valid(record), "a valid record fails the schema: %s" % json.dumps(record)[:300]):
            break
        check("_invalid" not in record, "an invalid record at --invalid-rate 0")
        check(record["id"] not in ids, "id %s twice" % record["id"])
        ids.add(record["id"])
        types.add(record["type"])
        for event in record["events"]:
            data = event["data"]
            matches.add(data.get("match"))
            if "ccn" in data:
                check(luhn_valid(data["ccn"]), "card number %s fails the Luhn check" % data["ccn"])
            if "iban" in data:
                check(iban_valid(data["iban"]), "IBAN %s fails its check" % data["iban"])
            if "routingNumber" in data:
                check(routing_valid(data["routingNumber"]), "routing number %s fails its check" % data["routingNumber"])
        check(not any("{" in s or "}" in s for s in strings(record)), "a brace in %s" % record["id"])
    check(types == {1, 2, 3}, "types seen: %s" % sorted(types))
    check(len(matches - {None}) == 13, "match types seen: %s" % sorted(matches - {None}))

    # Invalid records: every reason, each a schema failure at its place and nowhere else.
    mixed = records(generate("--count", "6000", "--seed", "2", "--invalid-rate", "0.3"))
    reasons = {}
    for record in mixed:
        reason = record.get("_invalid")
        if reason is None:
            check(validator.is_valid(record), "a valid record fails the schema: %s" % json.dumps(record)[:300])
            continue
        reasons[reason] = reasons.get(reason, 0) + 1
        if not check(reason in EXPECTED_POINTER, "unknown reason %r" % reason):
            continue
        places = error_places(validator, record)
        check(places, "an invalid record (%s) passes the schema: %s" % (reason, json.dumps(record)[:300]))
        expected = EXPECTED_POINTER[reason]
        check(all(p == expected or (expected.endswith("/") and p.startswith(expected) and p.count("/") == 4)
                  for p in places), "%s: the schema fails at %s, not (only) at %s" % (reason, sorted(places), expected))
    check(set(reasons) == set(EXPECTED_POINTER),
          "reasons missing at rate 0.3: %s" % sorted(set(EXPECTED_POINTER) - set(reasons)))
    check(1200 < sum(reasons.values()) < 2400, "%d invalid records of 6000 at rate 0.3" % sum(reasons.values()))
    # The fixture the Swift test uses holds every reason too.
    fixture = records(generate("--count", "4000", "--seed", "11", "--invalid-rate", "0.05"))
    check({r.get("_invalid") for r in fixture} - {None} == set(EXPECTED_POINTER),
          "--count 4000 --seed 11 --invalid-rate 0.05 lacks a reason (GeneratedFeedTests needs all 13)")

    # The long tail: every shape with every size at --tail-rate 1 --count 24, each record valid and within the
    # contract's limits (1,000 events, 64 KiB a string, 1 MiB an alert), some exactly at them; rate 0 changes nothing.
    tail = generate("--count", "24", "--seed", "5", "--tail-rate", "1")
    tail_records = records(tail)
    check(len(tail_records) == 24, "--tail-rate 1 --count 24 gave %d records" % len(tail_records))
    sizes = [len(line) for line in tail.split(b"\n") if line]
    longest = [max(len(text.encode("utf-8")) for text in strings(record["events"])) for record in tail_records]
    counts = {len(record["events"]) for record in tail_records}
    posts = {len(e["data"].get("content", "").encode("utf-8")) for r in tail_records if r["type"] == 3 for e in r["events"]}
    for record in tail_records:
        check(validator.is_valid(record), "a long-tail record fails the schema: %s" % json.dumps(record)[:300])
        check(not any("{" in s or "}" in s for s in strings(record)), "a brace in %s" % record["id"])
    check(max(sizes) == 1 << 20 and sizes.count(1 << 20) >= 5, "no record of exactly 1 MiB (largest %d)" % max(sizes))
    check(max(longest) == 64 * 1024, "the longest string is %d bytes, not 64 KiB" % max(longest))
    check({43, 50, 51, 100, 500, 1000} <= counts, "event counts in the tail: %s" % sorted(counts))
    check({2900, 3000, 3001, 10000, 65536} <= posts, "post sizes in the tail: %s" % sorted(posts))
    check(any(len({e["data"].get("match") for e in r["events"]}) == 13 for r in tail_records),
          "no alert of every match type in the tail")
    check(len({r["id"] for r in tail_records}) == 24, "ids repeat in the tail")
    check(generate("--count", "300", "--seed", "3", "--tail-rate", "0") == generate("--count", "300", "--seed", "3"),
          "--tail-rate 0 changed the feed")
    some = records(generate("--count", "400", "--seed", "3", "--tail-rate", "0.05"))
    check(5 <= sum(len(r["events"]) > 4 or len(json.dumps(r)) > 2000 for r in some) <= 60,
          "--tail-rate 0.05 of 400 records gave an odd number of tail records")
    bad = subprocess.run([sys.executable, GENERATOR, "--tail-rate", "1.5"], capture_output=True)
    check(bad.returncode == 2 and b"--tail-rate" in bad.stderr, "--tail-rate 1.5 was not refused")

    # The array format: the same records, one a line between [ and ].
    array = generate("--count", "40", "--seed", "17", "--format", "array", "--invalid-rate", "0.1")
    lines = array.split(b"\n")
    check(lines[0] == b"[" and lines[-2] == b"]" and lines[-1] == b"" and len(lines) == 43, "array layout")
    check(json.loads(array) == records(generate("--count", "40", "--seed", "17", "--invalid-rate", "0.1")),
          "the array's records differ from the NDJSON ones")
    check(json.loads(generate("--count", "0", "--format", "array")) == [], "an empty array")

    # --output: the same bytes as standard output, no temporary file left.
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "feed.ndjson")
        subprocess.run([sys.executable, GENERATOR, "--count", "3000", "--seed", "7", "--invalid-rate", "0.1",
                        "--output", path], check=True)
        with open(path, "rb") as file:
            check(file.read() == first, "--output wrote other bytes than standard output")
        check(os.listdir(folder) == ["feed.ndjson"], "--output left %s" % os.listdir(folder))

    for failure in failures[:20]:
        print("FAIL:", failure, file=sys.stderr)
    if failures:
        print("test-gen-feed.py: %d failures" % len(failures), file=sys.stderr)
        return 1
    print("test-gen-feed.py: all checks passed (%d valid records against the schema, %d invalid ones, 13 reasons)"
          % (len(valid) + len(mixed) - sum(reasons.values()), sum(reasons.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
