"""Fixtures for the server tests: the built `alertkit serve` on a free loopback port, stopped after the tests.

The server's log goes to a file of the test's own (removed with it); the port is the one it prints at start.
"""
import os
import pathlib
import re
import signal
import subprocess
import tempfile
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def alertkit():
    path = os.environ.get("ALERTKIT") or str(ROOT / ".build" / "debug" / "alertkit")
    if not os.access(path, os.X_OK):
        pytest.exit(f"no alertkit binary at {path}: build first (scripts/test.sh does)", returncode=1)
    return path


class Server:
    """A running `alertkit serve`: its process, base URL and log."""

    def __init__(self, *arguments):
        self.directory = tempfile.TemporaryDirectory(prefix="alertkit-serve-")
        self.log_path = pathlib.Path(self.directory.name) / "serve.log"
        self.log = open(self.log_path, "w")
        environment = dict(os.environ, ALERTKIT_CONFIG=str(pathlib.Path(self.directory.name) / "config.json"))
        self.process = subprocess.Popen([alertkit(), "serve", "--port", "0", *arguments],
                                        stdout=self.log, stderr=subprocess.STDOUT, env=environment)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", self.log_path.read_text())
            if match:
                self.url = match.group(1)
                self.port = int(self.url.rsplit(":", 1)[1])
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("alertkit serve did not start:\n" + self.log_path.read_text())

    def stop(self, sig=signal.SIGTERM, timeout=20):
        """Signals the server and gives its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            status = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        self.log.close()
        return status

    def close(self):
        self.stop()
        self.directory.cleanup()


@pytest.fixture(scope="module")
def server():
    running = Server()
    yield running
    running.close()
