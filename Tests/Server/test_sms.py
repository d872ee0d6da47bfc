"""The shipped SMS as its recipient reads it, through the built `alertkit batch` on a realistic feed (the generator's,
seed 38) in English and Spanish, with and without the product's help line and app link.

Counted here, in this file's own code, as 3GPP TS 23.038 and 23.040 count it: every message is within its budget of
two parts; no sentence is cut (no ellipsis: the fitting leaves a sentence out whole); Spanish keeps its accents
(UCS-2, as the catalog writes it); an instruction to act comes only with the app link that says where; the message
ends with the opt-out text CTIA's principles ask for. A template's `sms-segments=1` makes every message one part.
"""
import json
import os
import subprocess

import pytest

from conftest import ROOT, alertkit

GSM7 = set("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿"
           "abcdefghijklmnopqrstuvwxyzäöñüà")
EXTENSION = set("^{}\\[~]|€")
OPT_OUT = {"en": "Reply STOP to cancel.", "es": "Responda STOP para cancelar."}
APP = "https://app.example.com/alerts"


def parts(text):
    if all(c in GSM7 or c in EXTENSION for c in text):
        septets = sum(2 if c in EXTENSION else 1 for c in text)
        return 1 if septets <= 160 else -(-septets // 153)
    units = len(text.encode("utf-16-le")) // 2
    return 1 if units <= 70 else -(-units // 67)


@pytest.fixture(scope="module")
def feed(tmp_path_factory):
    path = tmp_path_factory.mktemp("sms") / "feed.ndjson"
    subprocess.run(["python3", str(ROOT / "scripts" / "gen-feed.py"), "--count", "300", "--seed", "38",
                    "--output", str(path)], check=True)
    return path


def batch(feed, tmp_path, locale, settings=(), templates=None):
    environment = dict(os.environ, ALERTKIT_CONFIG=str(tmp_path / "config.json"))
    for key, value in settings:
        subprocess.run([alertkit(), "config", "set", key, value], check=True, env=environment, capture_output=True)
    command = [alertkit(), "batch", str(feed), "--ndjson", "-f", "sms", "--locale", locale, "--no-progress"]
    if templates:
        command += ["--templates", str(templates)]
    result = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return [json.loads(line)["document"].rstrip("\n") for line in result.stdout.splitlines()]


@pytest.mark.parametrize("configured", [False, True], ids=["catalog only", "help line and app link"])
@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_message_within_two_parts_and_whole_sentences(feed, tmp_path, locale, configured):
    settings = [("help-line", "+1 (800) 555-0100"), ("app-link", APP)] if configured else []
    messages = batch(feed, tmp_path, locale, settings)
    assert len(messages) == 300
    tail = f"{APP} {OPT_OUT[locale]}" if configured else OPT_OUT[locale]
    cut = []
    for message in messages:
        assert parts(message) <= 2, message
        if "…" in message or "..." in message:
            # Only the first sentence, and only when it and the tail alone are over the budget: then nothing else is
            # left, the cut sits right before the tail, and the message is full but for a word.
            head, _, rest = message.partition("…" if "…" in message else "...")
            assert rest == " " + tail and head.count(". ") == 0, f"a sentence cut that was not the first: {message}"
            assert len(message.encode("utf-16-le")) // 2 > 134 - 20, message
            cut.append(message)
        assert message.endswith(OPT_OUT[locale]), message
        assert message.startswith("Identity Protection: " if locale == "en" else "Protección de identidad: "), message
        if configured:
            assert APP in message, f"no app link to act on: {message}"
    # Spanish titles with the app link are the one case over two UCS-2 parts: "…vinculado a su… https://…".
    assert len(cut) == 0 if not (configured and locale == "es") else len(cut) < len(messages) // 5, cut[:3]
    if locale == "es":
        assert all("ó" in message for message in messages), "Spanish keeps its accents"
        assert all(parts(message) <= 2 and not set(message) <= GSM7 | EXTENSION for message in messages)
    if configured and locale == "en":
        with_help = [message for message in messages if "+1 (800) 555-0100." in message]
        assert len(with_help) > len(messages) // 2, "the help line, where it fits"


def test_an_instruction_comes_with_where_to_act(feed, tmp_path):
    """Without an app link the SMS says what happened and stops there: "Change your password" with nowhere to do it
    reads as phishing. With one, the first step comes before the link."""
    bare = batch(feed, tmp_path, "en")
    (tmp_path / "linked").mkdir()
    linked = batch(feed, tmp_path / "linked", "en", [("app-link", APP)])
    steps = [message for message in linked if message.split(". ")[1:] and APP in message]
    assert sum(len(a) < len(b) for a, b in zip(bare, linked)) == len(bare)
    assert any("password" in message.lower() for message in steps), steps[:3]
    assert not any("password" in message.lower() for message in bare), bare[:3]


def test_a_template_budget_of_one_part(feed, tmp_path):
    folder = tmp_path / "templates" / "formats"
    folder.mkdir(parents=True)
    shipped = (ROOT / "Templates" / "formats" / "sms.txt.mustache").read_text()
    (folder / "sms.txt.mustache").write_text(shipped.replace("fit=sms", "fit=sms sms-segments=1", 1))
    messages = batch(feed, tmp_path, "es", [("app-link", APP)], templates=tmp_path / "templates")
    assert all(parts(message) == 1 for message in messages), [m for m in messages if parts(m) > 1][:3]
    assert all(message.endswith(OPT_OUT["es"]) and APP in message for message in messages)
