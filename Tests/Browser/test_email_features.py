"""Every HTML and CSS feature the shipped email uses, against caniemail.com's support data for Gmail, Outlook and
Apple Mail (`caniemail/features.json`, extracted from github.com/hteumeuleu/caniemail by scripts/caniemail-data.py).

A feature that some of those clients lack, or support in part, must have a fallback in the template, and the test
checks that the fallback is there in every sample's HTML part (the Word engine's fixed-width table, every colour
inline so a client without the dark-mode block still reads it...). A feature the template starts to use that the
data marks unsupported, with no reviewed fallback, fails the test; so does a change in the data for a reviewed one
(read it again: the fallback may no longer hold) and a property or element the data has no entry for and that is
not listed here with a reason.
"""
import email
import email.policy
import html.parser
import json
import pathlib
import re

import pytest

from conftest import ROOT, SAMPLES

GOLDEN = ROOT / "Tests" / "AlertRenderingTests" / "Golden"
DATA = json.loads((pathlib.Path(__file__).parent / "caniemail" / "features.json").read_text())
FEATURES = DATA["features"]
FAMILIES = ("gmail.", "outlook.", "apple-mail.")

ELEMENTS = {"table": "html-table", "tr": "html-table", "td": "html-table", "p": "html-p", "h2": "html-h1-h6",
            "ol": "html-lists", "ul": "html-lists", "li": "html-lists", "strong": "html-strong", "span": "html-span",
            "div": "html-div", "style": "html-style", "body": "html-body", "a": None, "html": None, "head": None,
            "meta": None, "title": None}
ATTRIBUTES = {"lang": "html-lang", "dir": "html-dir", "role": "html-role", "width": "html-width", "align": "html-align",
              "cellpadding": "html-cellpadding", "cellspacing": "html-cellspacing", "class": "css-selector-class",
              "style": None, "href": None, "charset": None, "name": None, "content": None}
LONGHANDS = {"border-bottom": "css-border", "border-top": "css-border", "border-color": "css-border",
             "padding-left": "css-padding", "font-family": None, "color": None, "mso-line-height-rule": None}
# Properties caniemail has no page for, and why they need none.
UNLISTED = {
    "font-family": "a font stack: a client without the first font takes the next, down to sans-serif",
    "color": "text colour, which every client keeps (caniemail has no page for it)",
    "mso-line-height-rule": "read by Outlook's Word engine only, for which it is written; every other client ignores it",
}


def check(pattern, reason):
    """A fallback: `pattern` must be found in every HTML part."""
    return (re.compile(pattern, re.S), reason)


def absent(pattern, reason):
    """A partial support whose gap the email stays out of: `pattern` (the part a client lacks) must not be found."""
    return (re.compile(pattern, re.S), reason, "absent")


# Each feature the email uses that some client lacks or supports in part: the support the data gave when it was
# reviewed (client: y/n/a), and what in the HTML answers for the clients without it.
REVIEWED = {
    "css-border-radius": (check(r"border-radius:5px", "decoration only: Outlook for Windows shows square corners"),),
    "css-margin": (check(r"<!--\[if mso\]><table role=\"presentation\" align=\"center\" width=\"600\"",
                         "margin: 0 auto (auto unsupported by the Word engine): a centred fixed-width table for it"),
                   absent(r"margin:[^;\"]*-\d", "no negative margin (unsupported in Gmail and Outlook)")),
    "css-max-width": (check(r"<!--\[if mso\]><table[^>]*width=\"600\" [^>]*style=\"width:600px;\"",
                            "max-width: 600px: the Word engine gets a table of 600 pixels instead"),),
    "css-width": (check(r"width=\"600\"", "the Word engine's widths in attributes too"),),
    "css-line-height": (check(r"mso-line-height-rule:exactly; line-height:\d+px", "the Word engine's exact line heights"),
                        absent(r"(?<!mso-line-height-rule:exactly; )(?<![-\w])line-height:\d+px",
                               "every px line height follows mso-line-height-rule:exactly (the Word engine's rounding)")),
    "css-padding": (absent(r"<(p|div|span|h2|a|li)\b[^>]*padding",
                           "padding on table cells and lists, which the Word engine honours, not on paragraphs"),),
    "css-border": (absent(r"<(p|div|span|h2)\b[^>]*border", "borders on table cells only (the Word engine's)"),),
    "css-font-weight": (absent(r"font-weight:(?!600|bold)", "600 or bold: the Word engine rounds other weights"),),
    "css-font-size": (absent(r"font-size:[\d.]+(rem|%|em)", "pixel sizes only (rem, em and % partial)"),),
    "css-text-align": (absent(r"text-align:(start|end|match-parent)", "left and center only"),),
    "css-border-spacing": (check(r"border-collapse:collapse; border-spacing:0",
                                 "collapsed borders, so spacing does not show where border-spacing is unsupported"),),
    "html-style": (check(r"<body class=\"ak-page\" style=\"[^\"]*background-color:#f2f2f2",
                         "the <style> holds only the dark-mode block; every light colour is inline"),),
    "css-at-media": (absent(r"@media[^{]*@media", "one media query, not nested"),),
    "css-at-media-prefers-color-scheme": (check(r"class=\"ak-card\" style=\"[^\"]*color:#767676",
                                                "light colours inline: a client without it shows the light email"),),
    "css-selector-class": (check(r"class=\"ak-card\" style=\"[^\"]*background-color:#ffffff",
                                 "classes only select the dark-mode overrides; inline styles do the rest"),),
    "css-selector-grouping": (check(r"class=\"ak-title ak-rule\" style=\"[^\"]*color:#000000",
                                    "grouped selectors in the dark-mode block only; the light colours are inline"),),
    "css-important": (absent(r"style=\"[^\"]*!important|[^ ]!important|!IMPORTANT",
                             "!important in the <style> block only, lowercase and after a space"),),
    "html-meta-color-scheme": (check(r"@media \(prefers-color-scheme: dark\)",
                                     "a hint only: the colours come from inline styles and the media query"),),
    "html-body": (check(r"<div lang=\"[a-z-]+\" dir=\"(ltr|rtl)\">",
                        "lang and dir again on a wrapper div, which clients that replace <body> keep"),),
    "html-dir": (check(r"<div lang=\"[a-z-]+\" dir=\"(ltr|rtl)\">", "dir on the wrapper div as well as on <html>"),),
    "html-lists": (absent(r"list-style", "the default markers: no list-style"),),
    "html-role": (check(r"<table role=\"presentation\"", "role on layout tables only: a client that drops it reads a table"),),
    "html-width": (absent(r"<img", "width attributes on tables only, no images"),),
    "html-align": (check(r"<!--\[if mso\]><table role=\"presentation\" align=\"center\"",
                         "align inside the Word engine's conditional comment only"),),
    "html-doctype": (check(r"^<!DOCTYPE html>", "the Word engine ignores the doctype; the layout does not need it"),),
}

# The support each reviewed feature had in the data when it was reviewed: a change there fails, to be read again.
REVIEWED_SUPPORT = json.loads((pathlib.Path(__file__).parent / "caniemail" / "reviewed.json").read_text())


class Features(html.parser.HTMLParser):
    """The elements, attributes and CSS (inline and in <style>) of an HTML part, as caniemail's pages name them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.used, self.unlisted, self.in_style = set(), set(), False

    def handle_decl(self, decl):
        if decl.lower() == "doctype html":
            self.used.add("html-doctype")

    def handle_starttag(self, tag, attrs):
        if tag not in ELEMENTS:
            self.unlisted.add(f"<{tag}>")
        elif ELEMENTS[tag]:
            self.used.add(ELEMENTS[tag])
        for name, value in attrs:
            if name not in ATTRIBUTES:
                self.unlisted.add(f"{tag}@{name}")
            elif ATTRIBUTES[name]:
                self.used.add(ATTRIBUTES[name])
            if name == "style":
                self.declarations(value)
            if tag == "meta" and name == "name" and value == "color-scheme":
                self.used.add("html-meta-color-scheme")
            if tag == "a" and name == "href" and value.startswith("mailto:"):
                self.used.add("html-mailto-links")
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        self.in_style = False

    def handle_comment(self, data):
        if data.startswith("[if mso]"):  # the Word engine's conditional comments: read by it alone
            self.used.add("html-comments")
            inner = Features()
            inner.feed(data[len("[if mso]>"):-len("<![endif]")])
            self.used |= inner.used
            self.unlisted |= inner.unlisted

    def handle_data(self, data):
        if not self.in_style:
            return
        for query in re.findall(r"@media\s*\(([^)]*)\)", data):
            self.used.add("css-at-media")
            if query.startswith("prefers-color-scheme"):
                self.used.add("css-at-media-prefers-color-scheme")
        for selectors, block in re.findall(r"([^{}]+)\{([^{}]*)\}", data):
            if "." in selectors:
                self.used.add("css-selector-class")
            if "," in selectors:
                self.used.add("css-selector-grouping")
            self.declarations(block)

    def declarations(self, text):
        for declaration in filter(None, (part.strip() for part in text.split(";"))):
            name, _, value = declaration.partition(":")
            name = name.strip().lower()
            if "!important" in value:
                self.used.add("css-important")
            for unit, slug in (("px", "css-unit-px"), ("%", "css-unit-percent"), ("em", "css-unit-em")):
                if re.search(r"\d" + re.escape(unit) + r"\b" if unit != "%" else r"\d%", value):
                    self.used.add(slug)
            slug = LONGHANDS.get(name, f"css-{name}")
            if slug in FEATURES:
                self.used.add(slug)
            elif name not in UNLISTED:
                self.unlisted.add(name)


def html_part(name):
    message = email.message_from_bytes((GOLDEN / f"{name}.eml").read_bytes(), policy=email.policy.default)
    return [part for part in message.iter_parts()][1].get_content()


def gaps(slug):
    """The clients of the three families without full support for `slug`, with the support they have."""
    return {client: info["support"] for client, info in FEATURES[slug]["clients"].items()
            if client.startswith(FAMILIES) and info["support"] != "y"}


def used_features():
    used, unlisted = set(), set()
    for name in SAMPLES:
        parser = Features()
        parser.feed(html_part(name))
        used |= parser.used
        unlisted |= parser.unlisted
    return used, unlisted


def test_every_feature_is_supported_or_has_its_fallback():
    used, unlisted = used_features()
    assert {"html-table", "css-border-radius", "css-at-media-prefers-color-scheme", "css-line-height"} <= used, used
    assert not unlisted, f"no caniemail page and no reason given: {sorted(unlisted)}"
    missing = {slug: gaps(slug) for slug in used if gaps(slug) and slug not in REVIEWED}
    assert not missing, f"features some client lacks, with no fallback in the template: {missing}"
    assert set(REVIEWED) <= used, f"reviewed fallbacks for features the email no longer uses: {set(REVIEWED) - used}"
    for slug in sorted(used):
        if slug in REVIEWED:
            assert gaps(slug) == REVIEWED_SUPPORT[slug], (
                f"{slug}: caniemail's data changed since the fallback was reviewed; read it again: "
                f"{REVIEWED_SUPPORT[slug]} -> {gaps(slug)}")


@pytest.mark.parametrize("name", SAMPLES)
def test_fallbacks_are_in_every_html_part(name):
    body = html_part(name)
    for slug, rules in REVIEWED.items():
        for pattern, reason, *mode in rules:
            found = pattern.search(body) is not None
            if mode == ["absent"]:
                assert not found, f"{slug}: {reason}; found {pattern.search(body).group(0)[:120]!r}"
            else:
                assert found, f"{slug}: {reason}; {pattern.pattern!r} not in {name}'s HTML part"


def test_the_check_fails_without_a_fallback():
    """Negative control: an HTML part using a feature Outlook lacks (flex) with no fallback is caught, and taking the
    Word engine's table out of the shipped one breaks its fallbacks."""
    parser = Features()
    parser.feed('<div style="display:flex; background-image:url(x.png)">x</div>')
    flagged = {slug for slug in parser.used if gaps(slug) and slug not in REVIEWED}
    assert {"css-display", "css-background-image"} & flagged, parser.used
    stripped = re.sub(r"<!--\[if mso\].*?<!\[endif\]-->", "", html_part("email-alert"), flags=re.S)
    failing = [slug for slug, rules in REVIEWED.items() for pattern, reason, *mode in rules
               if not mode and pattern.search(stripped) is None]
    assert {"css-margin", "css-max-width", "html-align"} <= set(failing), failing


def test_data_is_caniemail_with_its_licence():
    assert DATA["source"] == "https://github.com/hteumeuleu/caniemail" and "MIT" in DATA["licence"]
    assert "Permission is hereby granted" in (pathlib.Path(__file__).parent / "caniemail" / "LICENSE").read_text()
    assert len(FEATURES) > 250 and gaps("css-border-radius").get("outlook.windows") == "n"
