"""WCAG 2.2 A and AA by axe-core, in Chromium: every sample's page (390 and 1280 pixels wide, light and dark, and
its popups opened), every sample's email HTML part (light and dark), and the review report (light and dark).

axe-core is driven by axe-selenium-python (PyPI); the axe-core it runs is the 4.x build that axe-playwright-python
(PyPI, installed without its Playwright dependency) ships, since axe-selenium-python's own copy is axe-core 3.1.
The pages have no script and a policy that allows none: axe is put in through the WebDriver, which the policy does
not see, in a Chromium of its own (conftest's, with script on: axe waits on timers) where every host name is unresolvable.
"""
import email
import email.policy
import importlib.util
import json
import os
import pathlib

import pytest
from selenium.webdriver.common.by import By

from conftest import PAGES, ROOT, SAMPLES, chromium

GOLDEN = ROOT / "Tests" / "AlertRenderingTests" / "Golden"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
SCHEMES = ["light", "dark"]
WIDTHS = [(390, 844), (1280, 800)]


def axe_script():
    """The axe-core build that axe-playwright-python ships (found, not imported: Playwright is not installed)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("axe-playwright-python is not installed (scripts/setup.sh --test installs it, without Playwright)")
    return pathlib.Path(list(spec.submodule_search_locations)[0]) / "axe.min.js"


@pytest.fixture(scope="module")
def axe_browser():
    driver = chromium(javascript=True)  # axe waits on timers; the pages' own policy still allows no script
    driver.set_script_timeout(120)  # axe over a long page on a busy machine
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def audit(axe_browser):
    """Opens a file at a width and colour scheme; `check(context)` runs axe there (on the element that `context`
    selects, or the whole document) and fails with every violation, its rule, its elements and axe's reason."""
    from axe_selenium_python import Axe
    source = axe_script().read_text(encoding="utf-8")

    class Audit:
        def open(self, path, width, height, scheme):
            axe_browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            axe_browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                        {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            axe_browser.get(path.as_uri())
            self.label = f"{path.name} at {width} px, {scheme}"
            return axe_browser

        def check(self, context=None):
            if not axe_browser.execute_script("return typeof axe !== 'undefined'"):
                axe_browser.execute_script(source)
            version = axe_browser.execute_script("return axe.version")
            assert version.split(".")[0] == "4", f"axe-core {version}: the 4.x build was expected"
            options = json.dumps({"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
            results = Axe(axe_browser).run(context=context, options=options)
            problems = [f"{violation['id']} ({violation['impact']}): {node['target']}: "
                        + "; ".join(check["message"] for check in node["any"] + node["all"] + node["none"])
                        for violation in results["violations"] for node in violation["nodes"]]
            assert problems == [], f"{self.label}: {len(problems)} WCAG violations\n" + "\n".join(problems[:20])
            return results

    return Audit()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width,height", WIDTHS)
@pytest.mark.parametrize("name", PAGES)
def test_page(pages, audit, name, width, height, scheme):
    path, _ = pages[name]
    audit.open(path, width, height, scheme)
    audit.check()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", ["email-alert", "email-alert+help-line", "mixed-alert+es"])
def test_page_popups(pages, audit, name, scheme):
    """Each popup, opened by its button (no script: the popover attribute), checked on its own."""
    path, view = pages[name]
    browser = audit.open(path, 390, 844, scheme)
    for action in view["actions"]:
        popup = "popup-" + action["id"]
        browser.find_element(By.CSS_SELECTOR, f'button[popovertarget="{popup}"][popovertargetaction="show"]').click()
        assert browser.find_element(By.ID, popup).is_displayed()
        audit.check(f"#{popup}")
        browser.execute_script("arguments[0].hidePopover()", browser.find_element(By.ID, popup))


def test_contrast_rule_runs(audit, tmp_path):
    """The check can fail: a page of the old grey body text (#808080 on white, 3.94:1) is a color-contrast violation."""
    page = tmp_path / "grey.html"
    page.write_text('<!DOCTYPE html><html lang="en"><head><title>Grey</title></head><body><main>'
                    '<p style="color:#808080; background:#ffffff; font-size:14px">Your email address was leaked.</p>'
                    '</main></body></html>')
    audit.open(page, 390, 844, "light")
    with pytest.raises(AssertionError, match="color-contrast"):
        audit.check()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_email_html_parts(audit, tmp_path, scheme):
    for name in SAMPLES:
        message = email.message_from_bytes((GOLDEN / f"{name}.eml").read_bytes(), policy=email.policy.default)
        html = [part for part in message.iter_parts()][1].get_content()
        path = tmp_path / f"{name}.html"
        path.write_text(html, encoding="utf-8")
        audit.open(path, 390, 844, scheme)
        audit.check()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_review_report(review, audit, scheme):
    folder, _ = review
    audit.open(folder / "report" / "index.html", 1280, 800, scheme)
    audit.check()
