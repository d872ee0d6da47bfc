"""The release archive (scripts/dist.sh) on a machine without Swift.

Run by scripts/test.sh after it packs the archive: ALERTKIT_ARCHIVE names it. The tests unpack it into a folder
outside the checkout and run it with the Swift toolchain off the PATH and LD_LIBRARY_PATH unset; without it they are
skipped (as are the Spark tests that need its binary).
In CI the archive is `scripts/dist.sh --debug`'s (the debug build, linked dynamically: its runpath finds the
toolchain's libraries even off the PATH), so the two checks only a static release build can pass, that it links no
Swift library and that `--version` names its commit, hold for the real archive, which `scripts/test-slow.sh` builds
(`scripts/dist.sh`, 12 minutes here) and runs these tests on.
"""

import os
import shutil
import subprocess
import tarfile

from conftest import ROOT, SAMPLE, bare_environment, run


def is_release(archive):
    """A static release archive, not `scripts/dist.sh --debug`'s."""
    return not os.path.basename(archive).endswith("-debug.tar.gz")


def test_archive_renders_outside_the_checkout_without_swift(archive, unpacked, tmp_path):
    binary = os.path.join(unpacked, "alertkit")
    needed = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True).stdout
    if is_release(archive):
        assert "libswift" not in needed and "libFoundation" not in needed and "libcmark" not in needed, needed
    else:
        assert "libswiftCore" in needed, needed  # the debug archive is what it says
    shutil.copy(SAMPLE, tmp_path / "alert.json")
    page = run([binary, "render", "alert.json", "-o", "alert.html"], cwd=tmp_path)
    assert page.returncode == 0, page.stderr
    html = (tmp_path / "alert.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and "Email Address Leaked" in html
    # The same page as the checkout's own build writes.
    reference = subprocess.run([os.path.join(ROOT, ".build", "debug", "alertkit"), "render", SAMPLE],
                               capture_output=True, env=dict(os.environ, ALERTKIT_CONFIG=os.devnull))
    assert reference.returncode == 0 and reference.stdout == html.encode()
    for fmt in ("markdown", "text", "json", "slack", "sms", "email"):
        result = run([binary, "render", "alert.json", "-f", fmt], cwd=tmp_path)
        assert result.returncode == 0 and result.stdout, (fmt, result.stderr)
    version = run([binary, "--version"], cwd=tmp_path)
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert version.returncode == 0, version.stderr
    if is_release(archive):  # the debug build was not given its commit (scripts/dist.sh sets it in the release build)
        assert f"(commit {commit}" in version.stdout.decode(), version.stdout


def test_archive_is_owned_by_root_and_holds_the_licence(archive):
    # Extracted as root, tar gives each file the owner the archive records: root's, never the builder's uid, and
    # none writable by group or others.
    with tarfile.open(archive) as tar:
        members = tar.getmembers()
        wrong = [(m.name, m.uid, m.gid, oct(m.mode)) for m in members if (m.uid, m.gid) != (0, 0) or m.mode & 0o022]
        assert not wrong, wrong
        top = members[0].name.split("/")[0]
        assert {f"{top}/alertkit", f"{top}/LICENSE", f"{top}/NOTICE", f"{top}/alertkit-page.css"} <= {m.name for m in members}
        with open(os.path.join(ROOT, "LICENSE"), "rb") as licence:
            assert tar.extractfile(f"{top}/LICENSE").read() == licence.read()
        assert b".alertkit {" in tar.extractfile(f"{top}/alertkit-page.css").read()
    # Beside it, its SHA-256 as sha256sum -c reads it.
    checked = subprocess.run(["sha256sum", "-c", os.path.basename(archive) + ".sha256"], cwd=os.path.dirname(archive),
                             capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout.strip().endswith(": OK"), checked.stdout + checked.stderr


def test_a_binary_copied_alone_says_what_is_missing(unpacked, tmp_path):
    shutil.copy(os.path.join(unpacked, "alertkit"), tmp_path / "alertkit")
    shutil.copy(SAMPLE, tmp_path / "alert.json")
    result = run([str(tmp_path / "alertkit"), "render", "alert.json"], cwd=tmp_path)
    message = result.stderr.decode()
    assert result.returncode == 72, message
    assert "AlertKit_AlertTemplates.resources" in message and str(tmp_path) in message and "Fatal error" not in message
    # --version and the schema need none of the files; ALERTKIT_RESOURCES names a folder that has them.
    assert run([str(tmp_path / "alertkit"), "--version"], cwd=tmp_path).returncode == 0
    assert run([str(tmp_path / "alertkit"), "schema"], cwd=tmp_path).returncode == 0
    named = bare_environment(ALERTKIT_RESOURCES=os.path.join(unpacked, "AlertKit_AlertTemplates.resources"))
    assert run([str(tmp_path / "alertkit"), "render", "alert.json", "-f", "text"], cwd=tmp_path, environment=named).returncode == 0
    # ALERTKIT_RESOURCES is that folder alone: one without the files is an error naming it, even where the binary
    # has its own beside it.
    wrong = bare_environment(ALERTKIT_RESOURCES=str(tmp_path / "nowhere"))
    strict = run([os.path.join(unpacked, "alertkit"), "render", "alert.json"], cwd=tmp_path, environment=wrong)
    assert strict.returncode == 72 and str(tmp_path / "nowhere") in strict.stderr.decode(), strict.stderr
    # A link to the binary finds the files beside the binary itself.
    os.symlink(os.path.join(unpacked, "alertkit"), tmp_path / "linked")
    assert run([str(tmp_path / "linked"), "render", "alert.json", "-f", "text"], cwd=tmp_path).returncode == 0


