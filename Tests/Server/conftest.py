"""Fixtures for the server tests: the built `alertkit serve` on a free loopback port, stopped after the tests.

The server's log goes to a file of the test's own (removed with it); the port is the one it prints at start. With
`unread_pipe=True` its stdout and stderr are pipes nobody reads instead, and the port is one chosen here.
The clients (requests with the path exactly as written, metrics, memory, descriptors) are in clients.py, which
uses the standard library alone so that the soak driver (soak.py) shares them.
"""
import json
import os
import pathlib
import re
import signal
import subprocess
import tempfile
import time

import pytest

from clients import free_port, open_fds, request, rss_mb

ROOT = pathlib.Path(__file__).resolve().parents[2]


def alertkit():
    path = os.environ.get("ALERTKIT") or str(ROOT / ".build" / "debug" / "alertkit")
    if not os.access(path, os.X_OK):
        pytest.exit(f"no alertkit binary at {path}: build first (scripts/test.sh does)", returncode=1)
    return path


class Server:
    """A running `alertkit serve`: its process, base URL and log."""

    def __init__(self, *arguments, unread_pipe=False, settings=()):
        """`settings`: `alertkit config set KEY VALUE` pairs stored, in the server's own config file, before it starts."""
        self.directory = tempfile.TemporaryDirectory(prefix="alertkit-serve-")
        environment = dict(os.environ, ALERTKIT_CONFIG=str(pathlib.Path(self.directory.name) / "config.json"))
        for key, value in settings:
            subprocess.run([alertkit(), "config", "set", key, value], check=True, env=environment, capture_output=True)
        if unread_pipe:
            self._start_on_unread_pipes(arguments, environment)
            return
        self.log_path = pathlib.Path(self.directory.name) / "serve.log"
        self.log = open(self.log_path, "w")
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

    def _start_on_unread_pipes(self, arguments, environment):
        """stdout and stderr on pipes this side never reads (until the process is gone); ready when /healthz is."""
        self.log = self.log_path = None
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen([alertkit(), "serve", "--port", str(self.port), *arguments],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if request(self.port, "GET", "/healthz", timeout=1)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop(timeout=5)
        raise RuntimeError("alertkit serve did not answer /healthz:\n" + self.output)

    def stop(self, sig=signal.SIGTERM, timeout=20):
        """Signals the server and gives its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            status = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        if self.log:
            self.log.close()
        elif not hasattr(self, "output"):
            # The pipes are read only now that nothing writes to them any more (bounded: the process is gone).
            self.output = b"".join(pipe.read() for pipe in (self.process.stdout, self.process.stderr)).decode(errors="replace")
            self.process.stdout.close()
            self.process.stderr.close()
        return status

    def rss_mb(self):
        return rss_mb(self.process.pid)

    def fds(self):
        return open_fds(self.process.pid)

    def metrics(self):
        return request(self.port, "GET", "/metrics", timeout=5)[2].decode()

    def close(self):
        self.stop()
        self.directory.cleanup()


@pytest.fixture(scope="module")
def server():
    running = Server()
    yield running
    running.close()


def problem(answer):
    """The problem details of an answer (status, headers, body), checked to be application/problem+json."""
    status, headers, body = answer
    assert headers.get("content-type", "").startswith("application/problem+json"), (status, headers, body[:300])
    details = json.loads(body)
    assert details.get("status") == status, details
    return details
