"""Markdown as a GFM renderer reads it (markdown-it-py's gfm-like preset, which links bare addresses as GitHub
does), beside the cmark checks of the Swift tests: the Markdown format and the Teams card's Markdown texts show
every sample's words as they are, escape only what would change their meaning (no `immediately\\.`), and link
nothing but the catalog's sources and the help line.
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
def test_teams_markdown_escapes_only_what_changes_meaning(name):
    view = json.loads(rendered(name, "json"))
    card = json.loads(rendered(name, "teams"))["attachments"][0]["content"]
    texts = []

    def walk(items):
        for item in items:
            if item.get("type") == "TextBlock":
                texts.append(item["text"])
            walk(item.get("items", []))
    walk(card["body"])
    joined = "\n".join(texts)
    assert "immediately\\." not in joined and not re.search(r"[a-z]\\[.,:;!?']", joined), joined[:400]
    seen = " ".join(visible(GFM.render(text)) for text in texts)
    for step in view["nextSteps"]["items"]:
        assert " ".join(step["text"].split()) in seen, step["text"]
    for text in texts:
        if text.startswith("- "):
            continue  # the steps and sources: the template's own list
        markup = GFM.render(text)
        assert not re.search(r"<(a|em|strong|code|h[1-6]|ul|ol|img|table|del)\b", markup), (text, markup)
