"""Clients of `alertkit serve` as the server tests and the soak driver (soak.py) use them; the standard library alone.

Requests go with their path exactly as written (http.client puts the target on the request line unchanged; curl and
requests normalise paths). Batch clients that misbehave work on a raw socket. Every wait is bounded in time.
"""
import http.client
import json
import os
import pathlib
import re
import selectors
import socket
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "SampleData").glob("*.json"))


def free_port():
    """A loopback port free right now (the server is told it with --port)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port, method, target, body=None, headers=None, timeout=10):
    """One request on a connection of its own, the target sent exactly as written: (status, headers, body).

    Header names are lower-cased. The connection is closed after the answer (Connection: close)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, target, body=body, headers={"Connection": "close", **(headers or {})})
        answer = connection.getresponse()
        return answer.status, {name.lower(): value for name, value in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def metric(exposition, name, labels=""):
    """The value of one sample in Prometheus' text format (`name{labels} value`), or None when it is absent."""
    wanted = name + (f"{{{labels}}}" if labels else "")
    for line in exposition.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, _, value = line.rpartition(" ")
        if key.strip() == wanted:
            return float(value)
    return None


def await_streams(port, count, seconds=3):
    """Polls /metrics until `alertkit_batch_streams_active` is `count` or `seconds` pass; gives the last value.
    A test that needs its streams to hold their slots waits for this, not for a guessed sleep."""
    deadline = time.monotonic() + seconds
    while True:
        value = metric(request(port, "GET", "/metrics", timeout=5)[2].decode(), "alertkit_batch_streams_active")
        if value == count or time.monotonic() >= deadline:
            return value
        time.sleep(0.05)


def rss_mb(pid):
    """The process' resident memory in MB (VmRSS), 0 once it is gone."""
    try:
        status = pathlib.Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match.group(1)) / 1024 if match else 0.0


def open_fds(pid):
    """How many descriptors the process has open (-1 once it is gone)."""
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def compact_lines(count):
    """`count` NDJSON lines: the sample alerts in turn, each as compact JSON on one line."""
    lines = [json.dumps(json.loads(path.read_text()), separators=(",", ":")).encode() + b"\n" for path in SAMPLES]
    return b"".join(lines[index % len(lines)] for index in range(count))


def chunk(data):
    """One chunk of a chunked body."""
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


def begin_batch(port, length, fmt="html", headers=None):
    """A /v1/batch request of a `length`-byte body on a socket with a small receive buffer (so that an unread answer
    soon stops the server's writes): the headers sent, the body not yet; the socket non-blocking."""
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
    connection.settimeout(10)
    connection.connect(("127.0.0.1", port))
    extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    connection.sendall(f"POST /v1/batch?format={fmt} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}"
                       f"Content-Type: application/x-ndjson\r\nContent-Length: {length}\r\n\r\n".encode())
    connection.setblocking(False)
    return connection


def pump(connection, body, read_at_most, seconds=8):
    """Sends what it can of `body` while reading up to `read_at_most` bytes of the answer; stops when both are done,
    the server closed, nothing moved for a second, or after `seconds`. Gives (bytes sent, answer bytes)."""
    sent, received = 0, b""
    selector = selectors.DefaultSelector()
    selector.register(connection, selectors.EVENT_READ | selectors.EVENT_WRITE)
    deadline, last_progress = time.monotonic() + seconds, time.monotonic()
    try:
        while time.monotonic() < deadline and time.monotonic() - last_progress < 1:
            if sent >= len(body) and len(received) >= read_at_most:
                break
            for _, events in selector.select(timeout=0.1):
                if events & selectors.EVENT_WRITE and sent < len(body):
                    try:
                        count = connection.send(body[sent:sent + 65536])
                    except BlockingIOError:
                        count = 0
                    except OSError:  # the server closed: what it answered is still to read
                        count, body = 0, body[:sent]
                    sent += count
                    last_progress = time.monotonic() if count else last_progress
                if events & selectors.EVENT_READ and len(received) < read_at_most:
                    try:
                        data = connection.recv(min(65536, read_at_most - len(received)))
                    except BlockingIOError:
                        data = None
                    except OSError:
                        data = b""
                    if data == b"":
                        return sent, received
                    if data:
                        received += data
                        last_progress = time.monotonic()
            wanted = (selectors.EVENT_WRITE if sent < len(body) else 0) | \
                (selectors.EVENT_READ if len(received) < read_at_most else 0)
            if wanted:
                selector.modify(connection, wanted)
    finally:
        selector.unregister(connection)
        selector.close()
    return sent, received
