"""`alertkit review` as a team would run it in CI: one step reworded (long enough to push SMS past one message), every
output written, each read by the tool that would read it: the HTML report in Chromium from file://, the JSON by
jsonschema against docs/review.schema.json, the JUnit file by lxml against docs/junit.xsd, the Markdown summary by
its size."""
import json
import os
import shutil
import subprocess

import jsonschema
import pytest
from lxml import etree
from selenium.webdriver.common.by import By

from conftest import OUT, ROOT, alertkit

STEP = "Change your password today, on every site where you used it, and turn on two-step verification wherever it is offered."


@pytest.fixture(scope="module")
def review():
    """Runs the review once; gives its folder, exit status and standard output."""
    folder = OUT / "review"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "after" / "catalog").mkdir(parents=True)
    catalog = json.loads((ROOT / "Templates" / "catalog" / "en.json").read_text())
    email = catalog["matchTypes"]["IDEMAILADDR"]
    email["steps"][0]["text"] = STEP
    (folder / "after" / "catalog" / "en.json").write_text(json.dumps({"matchTypes": {"IDEMAILADDR": email}}))
    environment = dict(os.environ, ALERTKIT_CONFIG=str(OUT / "config.json"))
    result = subprocess.run(
        [alertkit(), "review", "--after", str(folder / "after"), "--locale", "en", "--locale", "es",
         "--report", str(folder / "report"), "--json", str(folder / "review.json"),
         "--summary", str(folder / "summary.md"), "--junit", str(folder / "junit.xml")],
        capture_output=True, text=True, env=environment, timeout=600)
    yield folder, result
    shutil.rmtree(folder, ignore_errors=True)


def test_exit_status_and_summary(review):
    folder, result = review
    assert result.returncode == 1, result.stderr  # a new limit finding fails by default
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
    assert all(row["changed"] == 0 for (_, locale), row in rows.items() if locale == "es")
    assert rows[("html", "en")]["clusters"][0]["source"] == "catalog en: matchTypes.IDEMAILADDR.steps[0].text"


def test_junit_matches_the_schema(review):
    folder, _ = review
    schema = etree.XMLSchema(etree.parse(str(ROOT / "docs" / "junit.xsd")))
    document = etree.parse(str(folder / "junit.xml"))
    schema.assertValid(document)
    cases = document.findall(".//testcase")
    assert len(cases) == 18  # 9 formats × 2 locales
    failed = [case.get("name") for case in cases if case.find("failure") is not None]
    assert failed == ["sms [en]"]


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
