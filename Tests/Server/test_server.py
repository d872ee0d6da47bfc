"""The built `alertkit serve`, as clients use it: curl, the batch command's lines, Schemathesis against the
OpenAPI document, and SIGTERM in the middle of a stream."""
import json
import os
import re
import pathlib
import signal
import socket
import subprocess
import sys
import time

import pytest

from clients import await_streams, request
from conftest import ROOT, Server, alertkit

SAMPLE = ROOT / "SampleData" / "email-alert.json"
CHECKS = ",".join([
    "not_a_server_error", "status_code_conformance", "content_type_conformance", "response_schema_conformance",
    "response_headers_conformance", "negative_data_rejection",
])


def cli(*arguments, stdin=None, tmp_path=None):
    environment = dict(os.environ, ALERTKIT_CONFIG=str(tmp_path / "config.json"))
    return subprocess.run([alertkit(), *arguments], input=stdin, capture_output=True, check=False, env=environment).stdout


@pytest.mark.parametrize("fmt,extra", [
    ("html", []), ("html", ["--fragment"]), ("markdown", []), ("text", []), ("json", []), ("slack", []),
    ("sms", []), ("push", []), ("teams", []), ("text", ["--locale", "es"]),
])
def test_curl_render_equals_cli_render(server, tmp_path, fmt, extra):
    query = f"format={fmt}"
    if "--fragment" in extra:
        query += "&fragment=true"
    if "--locale" in extra:
        query += "&locale=" + extra[extra.index("--locale") + 1]
    served = subprocess.run(["curl", "-sS", "--fail-with-body", "-H", "Content-Type: application/json",
                             "--data-binary", f"@{SAMPLE}", f"{server.url}/v1/render?{query}"],
                            capture_output=True, check=True).stdout
    assert served == cli("render", str(SAMPLE), "-f", fmt, *extra, tmp_path=tmp_path)


def feed(tmp_path):
    generated = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen-feed.py"), "--count", "300",
                                "--seed", "5"], capture_output=True, check=True).stdout.splitlines(keepends=True)
    generated[7] = b'{"id": "bad", "type": 9, "events": []}\n'
    generated[20] = b"not json at all\n"
    generated[33] = generated[33][: len(generated[33]) // 2] + b"\n"
    return b"".join(generated)


def test_batch_lines_equal_the_batch_command(server, tmp_path):
    body = feed(tmp_path)
    served = subprocess.run(["curl", "-sS", "--fail-with-body", "-H", "Content-Type: application/x-ndjson",
                             "--data-binary", "@-", f"{server.url}/v1/batch?format=markdown"],
                            input=body, capture_output=True, check=True).stdout
    expected = cli("batch", "-", "--ndjson", "-f", "markdown", "--errors", str(tmp_path / "errors.ndjson"),
                   stdin=body, tmp_path=tmp_path)
    # The batch command's lines, then the summary that says the stream ran to its end.
    assert served.count(b"\n") == 301
    records, summary = served.rsplit(b"\n", 2)[0] + b"\n", served.splitlines()[-1]
    assert records == expected.replace(b'"source":"<stdin>"', b'"source":"<body>"')
    assert served.count(b'"error":') == 3
    assert json.loads(summary) == {"summary": {"rendered": 297, "rejected": 3, "warnings": 0, "fitted": 0}}


def test_schemathesis_finds_nothing(server, tmp_path):
    result = subprocess.run(["schemathesis", "run", f"{server.url}/v1/openapi.json", "--checks", CHECKS,
                             "--max-examples", os.environ.get("SCHEMATHESIS_EXAMPLES", "40"), "--seed", "1",
                             "--no-color", "--report-dir", str(tmp_path)], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "No issues found" in result.stdout


def chunk(data):
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


def read_all(connection):
    """Everything the server sends until it closes the connection, which is then closed here too."""
    received = b""
    while data := connection.recv(65536):
        received += data
    connection.close()
    return received


def open_stream(server, fmt, first_lines, close=False):
    """A /v1/batch request sent by hand, chunked, with its first lines: the test decides when (if ever) it ends."""
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    connection.sendall(f"POST /v1/batch?format={fmt} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode()
                       + (b"Connection: close\r\n" if close else b"")
                       + b"Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n")
    connection.sendall(chunk(b"".join(first_lines)))
    return connection


def test_sigterm_during_a_stream_never_looks_complete(tmp_path):
    server = Server("--grace-period", "1")
    try:
        lines = feed(tmp_path).splitlines(keepends=True)
        connection = open_stream(server, "text", lines[:200])  # the rest never comes: a stream still running
        received = b""
        deadline = time.monotonic() + 10
        while b'"position":63' not in received and time.monotonic() < deadline:
            received += connection.recv(65536)
        assert b"HTTP/1.1 200" in received and b'"position":63' in received
        server.process.send_signal(signal.SIGTERM)
        connection.settimeout(15)
        while True:
            try:
                data = connection.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not data:
                break
            received += data
        connection.close()
        status = server.stop(timeout=15)
        assert status == 0, server.log_path.read_text()
        # Chunked: a complete answer ends with the zero-length chunk. This one must not.
        assert not received.endswith(b"0\r\n\r\n")
    finally:
        server.close()


def test_sigterm_lets_a_request_in_flight_finish(tmp_path):
    server = Server("--grace-period", "5")
    try:
        lines = feed(tmp_path).splitlines(keepends=True)
        connection = open_stream(server, "sms", lines[:100], close=True)
        assert await_streams(server.port, 1) == 1, "the stream holds no slot before SIGTERM"
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        connection.sendall(chunk(b"".join(lines[100:])) + b"0\r\n\r\n")  # the body ends within the grace period
        received = read_all(connection)
        assert server.stop(timeout=15) == 0
        assert received.endswith(b"0\r\n\r\n")
        assert received.count(b'"position":') >= 300
    finally:
        server.close()


def test_binds_to_loopback_by_default(server):
    assert "listening on http://127.0.0.1:" in server.log_path.read_text()
    log = server.log_path.read_text()
    assert "request_id=" in log and "status=" in log and "duration_ms=" in log


def test_systemd_unit_verifies(tmp_path):
    unit = (ROOT / "deploy" / "alertkit.service").read_text()
    assert "ExecStart=/usr/local/bin/alertkit serve" in unit and "NoNewPrivileges=yes" in unit
    if subprocess.run(["which", "systemd-analyze"], capture_output=True).returncode != 0:
        pytest.skip("systemd-analyze is not installed")
    copy = tmp_path / "alertkit.service"
    copy.write_text(unit.replace("/usr/local/bin/alertkit", alertkit()))
    result = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr


def test_slow_bodies_time_out_stalled_streams_close_and_extra_streams_are_refused(tmp_path):
    config = tmp_path / "serve.json"
    config.write_text('{"readTimeout": 1, "maxBatchStreams": 1, "idleTimeout": 2}')
    server = Server("--config", str(config))
    try:
        # 408: a body that stops half way.
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        slow.sendall(b"POST /v1/render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"id\": ")
        answer = slow.recv(65536)
        assert answer.startswith(b"HTTP/1.1 408") and b"application/problem+json" in answer
        assert b'"type":"urn:alertkit:problem:timeout"' in answer, answer  # README's outcome table: timeout, 408
        slow.close()
        assert 'alertkit_rejected_total{reason="timeout"} 1' in server.metrics()
        # 503: a second batch stream while the only slot is taken.
        lines = feed(tmp_path).splitlines(keepends=True)
        stream = open_stream(server, "text", lines[:10])
        assert await_streams(server.port, 1) == 1, "the first stream holds no slot"
        refused = subprocess.run(["curl", "-s", "-w", "\n%{http_code}", "-H",
                                  "Content-Type: application/x-ndjson", "--data-binary", "@-", f"{server.url}/v1/batch"],
                                 input=b"".join(lines[:3]), capture_output=True, check=True).stdout
        assert refused.endswith(b"\n503") and b'"type":"urn:alertkit:problem:busy"' in refused, refused  # busy, 503
        # A stalled stream: nothing either way for the idle timeout closes it.
        stream.settimeout(10)
        started, received = time.monotonic(), b""
        while True:
            try:
                data = stream.recv(65536)
            except ConnectionResetError:
                break
            if not data:
                break
            received += data
        assert time.monotonic() - started < 6
        assert not received.endswith(b"0\r\n\r\n")
        stream.close()
    finally:
        server.close()


def test_a_batch_is_measured_and_logged_to_its_last_byte(server, tmp_path):
    """The request log and the duration histogram time a /v1/batch to the end of its answer, not to its first byte:
    a body sent over 1.2 s (three pauses) cannot be logged as taking less."""
    lines = feed(tmp_path).splitlines(keepends=True)[:40]
    connection = open_stream(server, "text", lines[:10], close=True)
    for part in (lines[10:20], lines[20:30], lines[30:]):
        time.sleep(0.4)
        connection.sendall(chunk(b"".join(part)))
    connection.sendall(b"0\r\n\r\n")
    received = read_all(connection)
    assert b'{"summary":{"rendered":37,"rejected":3,"warnings":0,"fitted":0}}\n' in received  # lines 8, 21 and 34 are broken
    request_id = re.search(rb"X-Request-ID: ([0-9a-f-]+)", received, re.IGNORECASE).group(1).decode()
    deadline = time.monotonic() + 5
    logged = None
    while logged is None and time.monotonic() < deadline:
        logged = next((line for line in server.log_path.read_text().splitlines()
                       if request_id in line and "path=/v1/batch" in line), None)
        time.sleep(0.05)
    assert logged is not None, server.log_path.read_text()[-2000:]
    duration = float(re.search(r"duration_ms=([0-9.]+)", logged).group(1))
    assert duration >= 1200, logged
    histogram = server.metrics()
    assert 'alertkit_http_request_duration_seconds_count{route="/v1/batch"}' in histogram


def test_readme_curl_upload_tip_streams_a_feed(server, tmp_path):
    """README's tip for a large feed, as written: -T with -X POST and no Expect, answered 200 with every line."""
    readme = (ROOT / "README.md").read_text()
    tip = re.search(r"`(curl -sS -X POST -T feed\.ndjson [^`]+)`", readme).group(1)
    (tmp_path / "feed.ndjson").write_bytes(feed(tmp_path))
    command = tip.replace("http://127.0.0.1:8080", server.url)
    result = subprocess.run(["sh", "-c", command], capture_output=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(b"\n") == 301 and result.stdout.splitlines()[-1].startswith(b'{"summary":')


def test_warnings_reach_the_client(server, tmp_path):
    """An unknown match type: rendered, with AlertKit-Warnings on /v1/render and `warnings` on its batch line."""
    alert = {"id": "9:1", "type": 1, "events": [{"date": "2026-11-02", "data": {"match": "IDNOSUCH", "x": "y\r\nX-Evil: 1"}}]}
    body = json.dumps(alert).encode()
    answer = subprocess.run(["curl", "-sS", "-D", "-", "-o", "/dev/null", "-H", "Content-Type: application/json",
                             "--data-binary", "@-", f"{server.url}/v1/render?format=text"], input=body,
                            capture_output=True, check=True).stdout.decode()
    assert re.search(r"(?im)^AlertKit-Warnings: 1\r?$", answer), answer
    warning = re.search(r"(?im)^AlertKit-Warning: (.*)\r?$", answer).group(1)
    assert warning.startswith("/events/0/data/match ") and "IDNOSUCH" in warning
    assert not re.search(r"(?im)^X-Evil", answer)
    served = subprocess.run(["curl", "-sS", "-H", "Content-Type: application/x-ndjson", "--data-binary", "@-",
                             f"{server.url}/v1/batch?format=text"], input=body + b"\n", capture_output=True,
                            check=True).stdout.splitlines()
    line = json.loads(served[0])
    assert line["warnings"][0]["pointer"] == "/events/0/data/match" and "document" in line
    assert json.loads(served[-1]) == {"summary": {"rendered": 1, "rejected": 0, "warnings": 1, "fitted": 0}}


def test_metrics_and_problem_types_for_operators(server):
    """/metrics has the build, the process and batch streams in flight; every problem names its kind in `type`."""
    metrics = server.metrics()
    for name in ["alertkit_build_info", "process_resident_memory_bytes", "process_open_fds", "process_cpu_seconds_total",
                 "process_start_time_seconds", "alertkit_batch_streams_active"]:
        assert re.search(rf"(?m)^{name}(\{{[^}}]*\}})? ", metrics), name
    status, _, answer = request(server.port, "POST", "/v1/render?format=nope", b"{}", {"Content-Type": "application/json"})
    assert status == 404 and json.loads(answer)["type"] == "urn:alertkit:problem:unknown-format"
    status, _, answer = request(server.port, "POST", "/v1/render", b"{}", {"Content-Type": "text/plain"})
    assert status == 415 and json.loads(answer)["type"] == "urn:alertkit:problem:unsupported-media-type"
