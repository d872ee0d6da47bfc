"""Fixtures for the browser tests: pages rendered by the built `alertkit`, and one headless Chromium.

The pages are rendered once per run into .build/browser/pages, with their JSON view models beside them
(the expected popup texts come from there, not from this file). Chromium runs with JavaScript disabled and
every host name unresolvable, so a page that needs either fails here.
"""
import json
import os
import pathlib
import shutil
import subprocess

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / ".build" / "browser"
SAMPLES = sorted(p.stem for p in (ROOT / "SampleData").glob("*.json"))
# The email sample again with a help line configured (its Call button becomes a tel: link), and the
# mixed sample in Spanish, whose labels are the longest.
HELP_LINE = "+1 (800) 555-0100"
PAGES = SAMPLES + ["email-alert+help-line", "mixed-alert+es"]
VIEWPORTS = [(320, 568), (375, 667), (414, 736), (1024, 1366), (1366, 1024)]


def alertkit():
    path = os.environ.get("ALERTKIT") or str(ROOT / ".build" / "debug" / "alertkit")
    if not os.access(path, os.X_OK):
        pytest.exit(f"no alertkit binary at {path}: build first (scripts/test.sh does)", returncode=1)
    return path


def render(name, fmt, destination):
    sample, _, variant = name.partition("+")
    arguments = [alertkit(), "render", str(ROOT / "SampleData" / f"{sample}.json"), "-f", fmt, "-o", str(destination)]
    if variant == "help-line":
        arguments += ["--help-line", HELP_LINE]
    elif variant:
        arguments += ["--locale", variant]
    # A settings file of its own, so the tester's stored settings do not change the pages.
    environment = dict(os.environ, ALERTKIT_CONFIG=str(OUT / "config.json"))
    subprocess.run(arguments, check=True, env=environment)


@pytest.fixture(scope="session")
def pages():
    """Maps each page name to (the HTML file, its view model)."""
    directory = OUT / "pages"
    directory.mkdir(parents=True, exist_ok=True)
    (OUT / "config.json").unlink(missing_ok=True)
    result = {}
    for name in PAGES:
        html, model = directory / f"{name}.html", directory / f"{name}.json"
        render(name, "html", html)
        render(name, "json", model)
        result[name] = (html, json.loads(model.read_text()))
    return result


def chromium(javascript=False):
    """A headless Chromium through its WebDriver: every host name unresolvable, colours in sRGB, and (unless
    `javascript`) script off, so that a page that needs script or the network fails."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
                     "--hide-scrollbars", "--force-color-profile=srgb"]:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


@pytest.fixture(scope="session")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture
def show(browser):
    """Opens a page at a viewport size (as a phone or tablet would, with the viewport meta applied)."""
    def open_page(path, width, height, media=None):
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", media or {"media": "", "features": []})
        browser.get_log("browser")  # what earlier pages logged is not this page's
        browser.get(path.as_uri())
        return browser
    return open_page


STEP = ("Change your password today, on every site where you used it, and turn on two-step verification wherever it is "
        "offered: in your email account first, then in your bank's app, your phone company's account and every shop that "
        "keeps your card, so that a password someone found cannot open them.")


@pytest.fixture(scope="session")
def review():
    """Runs `alertkit review` once (one step of the English catalog reworded, the SMS showing it, every output written); gives its
    folder, exit status and standard output. test_review.py reads each output; test_accessibility.py the report."""
    folder = OUT / "review"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "after" / "catalog").mkdir(parents=True)
    catalog = json.loads((ROOT / "Templates" / "catalog" / "en.json").read_text())
    email = catalog["matchTypes"]["IDEMAILADDR"]
    email["steps"][0]["text"] = STEP
    (folder / "after" / "catalog" / "en.json").write_text(json.dumps({"matchTypes": {"IDEMAILADDR": email}}))
    # A product team's SMS that shows the first step without an app link (the shipped one shows it only with one), so
    # the long step takes it past its budget of two parts.
    (folder / "after" / "formats").mkdir()
    sms = (ROOT / "Templates" / "formats" / "sms.txt.mustache").read_text()
    guarded = "{{#product.appLink}}{{#first(nextSteps.items)}}{{text}}{{/first(nextSteps.items)}}{{/product.appLink}}"
    assert guarded in sms
    (folder / "after" / "formats" / "sms.txt.mustache").write_text(
        sms.replace(guarded, "{{#first(nextSteps.items)}}{{text}}{{/first(nextSteps.items)}}"))
    environment = dict(os.environ, ALERTKIT_CONFIG=str(OUT / "config.json"))
    result = subprocess.run(
        [alertkit(), "review", "--after", str(folder / "after"), "--locale", "en", "--locale", "es",
         "--report", str(folder / "report"), "--json", str(folder / "review.json"),
         "--summary", str(folder / "summary.md"), "--junit", str(folder / "junit.xml")],
        capture_output=True, text=True, env=environment, timeout=600)
    yield folder, result
    shutil.rmtree(folder, ignore_errors=True)
