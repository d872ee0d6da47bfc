"""The README's picture of the page (docs/email-alert-414x736.png) is what the command renders today.

scripts/readme-shot.sh makes it; this test runs the script into a scratch file with the built binary and compares
the two pixel by pixel. A change to the page that the picture no longer shows fails here: run the script and commit
the new picture. The README names the script, so the picture's recipe cannot drift from the one it shows.
"""
import subprocess

from PIL import Image, ImageChops

from conftest import ROOT, alertkit

PICTURE = ROOT / "docs" / "email-alert-414x736.png"


def test_readme_picture_is_the_page_rendered_today(tmp_path):
    fresh = tmp_path / "shot.png"
    subprocess.run([str(ROOT / "scripts" / "readme-shot.sh"), str(fresh), alertkit()], check=True, cwd=ROOT,
                   capture_output=True)
    committed, today = Image.open(PICTURE).convert("RGB"), Image.open(fresh).convert("RGB")
    assert committed.size == today.size == (414, 736)
    # The largest difference of the three channels, then the pixels where it is visible.
    difference = ImageChops.difference(committed, today).convert("L").point(lambda value: 255 if value > 32 else 0)
    changed = difference.histogram()[255]
    # The same machine renders the same pixels; a changed character alone changes dozens.
    assert changed <= 8, (f"{changed} pixels differ from {PICTURE.name}: the page changed; run scripts/readme-shot.sh "
                          "and commit the picture")


def test_readme_names_the_script_that_makes_its_picture():
    readme = (ROOT / "README.md").read_text()
    assert "scripts/readme-shot.sh" in readme and "docs/email-alert-414x736.png" in readme
