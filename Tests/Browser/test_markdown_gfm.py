"""Markdown as a GFM renderer reads it (markdown-it-py's gfm-like preset, which links bare addresses as GitHub
does), beside the cmark checks of the Swift tests: the Markdown format shows
every sample's words as they are, escapes only what would change their meaning (no `immediately\\.`), and links
nothing but the catalog's sources and the help line; the Teams card's TextRuns, which have no Markdown, hold the
words character for character.
"""
import html
import json
import os
import re
import subprocess

import pytest
from markdown_it import MarkdownIt

from conftest import ROOT, SAMPLES, alertkit

GFM = MarkdownIt("gfm-like")


def rendered(name, fmt):
    return subprocess.run([alertkit(), "render", str(ROOT / "SampleData" / f"{name}.json"), "-f", fmt],
                          capture_output=True, check=True, env=dict(os.environ, ALERTKIT_CONFIG="/dev/null")
                          ).stdout.decode()


def visible(markup):
    text = re.sub(r"</?(a|strong|em|code)\b[^>]*>", "", markup)  # inline: no space where they stood
    text = re.sub(r"<[^>]+>", " ", text)
    return " ".join(html.unescape(text).replace("\u2060", "").split())


@pytest.mark.parametrize("name", SAMPLES)
def test_markdown_reads_as_written_in_gfm(name):
    view = json.loads(rendered(name, "json"))
    markup = GFM.render(rendered(name, "markdown"))
    seen = visible(markup)
    for text in [view["title"], view["risks"]["paragraphs"][0], *[s["text"] for s in view["nextSteps"]["items"]],
                 *[d["value"] for d in view["details"]]]:
        assert " ".join(text.split()) in seen, text
    sources = {source["url"] for source in view["sources"]["items"]}
    # and a post's own address on its network (a field of kind link), the one link an alert may give
    sources |= {f["value"] for d in view["details"] for f in d["fields"] if f.get("kind") == "link"}
    for link in re.findall(r'href="([^"]*)"', markup):
        assert html.unescape(link) in sources or link.startswith("tel:"), f"a live link from the alert: {link}"


@pytest.mark.parametrize("name", SAMPLES)
def test_teams_text_runs_show_the_words_as_they_are(name):
    """The Teams card has no Markdown to escape: every text is a TextRun, which a client shows as it is, so each
    step, the title and every detail's value are there character for character, with no backslash or word joiner."""
    view = json.loads(rendered(name, "json"))
    card = json.loads(rendered(name, "teams"))["attachments"][0]["content"]
    texts, kinds = [], set()

    def walk(value):
        if isinstance(value, dict):
            kinds.add(value.get("type"))
            if value.get("type") == "TextRun":
                texts.append(value["text"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    walk(card["body"])
    assert "TextBlock" not in kinds, "a TextBlock reads its text as Markdown"
    joined = "\n".join(texts)
    assert "\\" not in joined.replace(view["title"], "") and "\u2060" not in joined, joined[:400]
    for text in [view["title"], *[s["text"] for s in view["nextSteps"]["items"]], *[d["value"] for d in view["details"]]]:
        assert any(text in run for run in texts), text
