"""The hostile tester's attacks on `alertkit serve`, as regressions: path spellings that slipped past the bearer
token, /v1/batch slots kept by clients that vanish, trickle or stop reading, a log pipe nobody reads, templates that
render without end or include themselves, a catalog name that broke /readyz's JSON, request heads trickled a line at
a time from many connections of one client, and probes that use HEAD.

Every request here is sent with its path exactly as written (http.client or a socket: curl and requests normalise
paths). Every wait is bounded in time and count; a server that hangs fails the test and is killed.
"""
import concurrent.futures
import http.client
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time

import pytest

from clients import await_streams, begin_batch, chunk, compact_lines, metric, pump, request
from conftest import ROOT, Server, alertkit, problem

SSN_SAMPLE = ROOT / "SampleData" / "ssn-alert.json"
SSN = json.loads(SSN_SAMPLE.read_text())["events"][0]["data"]["ssn"]  # 123-45-6789, shown only with reveal=true
SSN_LINE = json.dumps(json.loads(SSN_SAMPLE.read_text()), separators=(",", ":")).encode() + b"\n"
TOKEN = "attack-test-token-4f1c"
IDLE = 2  # --idle-timeout in the slot tests
MARGIN = 3  # seconds past a timeout that the server may take (a debug build, two shared cores)


def cli_batch(body, fmt, directory):
    """What `alertkit batch - --ndjson` prints for `body`, its source named as the server names a body's, and the
    summary line that ends a /v1/batch stream run to its end."""
    environment = dict(os.environ, ALERTKIT_CONFIG=os.path.join(directory, "config.json"))
    expected = subprocess.run([alertkit(), "batch", "-", "--ndjson", "-f", fmt, "--errors",
                               os.path.join(directory, "errors.ndjson")],
                              input=body, capture_output=True, check=True, env=environment, timeout=60).stdout
    lines = [json.loads(line) for line in expected.splitlines()]
    summary = {"rendered": sum("document" in line for line in lines), "rejected": sum("error" in line for line in lines),
               "warnings": sum(len(line.get("warnings", [])) for line in lines),
                   "fitted": sum(any("fitted to its receiver" in w["message"] for w in line.get("warnings", [])) for line in lines)}
    return (expected.replace(b'"source":"<stdin>"', b'"source":"<body>"')
            + json.dumps({"summary": summary}, separators=(",", ":")).encode() + b"\n")


def leaks(body):
    """Whether an answer holds the SSN sample's document or its unmasked number."""
    return SSN.encode() in body or SSN.replace("-", "").encode() in body or b"Social Security" in body


# --- 1 and 2: path spellings and the bearer token ---------------------------------------------------------------

@pytest.fixture(scope="module")
def guarded():
    """A server with a token file and --allow-reveal: the worst case for a request that skips authentication."""
    with tempfile.TemporaryDirectory(prefix="alertkit-tokens-") as directory:
        tokens = os.path.join(directory, "tokens")
        with open(tokens, "w") as file:
            file.write(f"# the tests' token\n{TOKEN}\n")
        running = Server("--token-file", tokens, "--allow-reveal")
        try:
            yield running
        finally:
            running.close()


def attack(server, target, token=None, extra_headers=None):
    """The request the hostile tester sent to `target`: the SSN alert, reveal=true, as text (GET for the schema)."""
    headers = dict(extra_headers or {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if "schema" in target or "healthz" in target:
        return request(server.port, "GET", target, headers=headers)
    separator = "&" if "?" in target else "?"
    headers["Content-Type"] = "application/json"
    return request(server.port, "POST", target + separator + "reveal=true&format=text", body=SSN_LINE, headers=headers)


# Refused with 400 before authentication and routing: an empty segment, a `.` or `..` segment, a percent-encoded
# slash, backslash or dot. The first four are the hostile tester's; the absolute form's path is `//v1/render` too.
REFUSED = [
    "//v1/render", "//v1/batch", "///v1/validate", "//v1/schema",
    "/v1//render", "/v1/render/", "/v1/render//", "/v1/", "//healthz", "/healthz/", "//",
    "/v1/./render", "/healthz/../v1/render", "/./v1/render", "/v1/render/.", "/v1/render/..", "/.", "/..",
    "/v1%2Frender", "/v1%2frender", "/%2Fv1/render", "/v1/render%2F", "/v1%5Crender", "/v1%5crender",
    "/v1/%2E/render", "/v1/%2e/render", "/v1/.%2E/render", "/healthz/%2E%2E/v1/render", "/v1/render%2E",
    "http://127.0.0.1//v1/render",
]


@pytest.mark.parametrize("target", ["//v1/render", "//v1/batch", "///v1/validate", "/v1/./render", "/v1%2Frender"])
def test_path_tricks_are_refused_with_a_token_too(guarded, target):
    answer = attack(guarded, target, token=TOKEN)
    assert answer[0] == 400, f"{target} with the token: HTTP {answer[0]} {answer[2][:200]!r}, not 400"
    problem(answer)


# Not path tricks, but no route without a token either: 401 (an unknown path needs a token too).
UNAUTHORIZED = [
    "/v1/render", "/v1/batch", "/v1/validate", "/v1/schema", "/v1/formats",
    "/V1/render", "/v1/RENDER", "/V1/RENDER", "/v1/%72ender", "/%76%31/render", "/%76%31/%72ender", "/v1/render;x",
    "/v1/render%3Freveal=true", "/v1/render%252F", "/v1", "/nope", "/", "/healthzx", "/metrics/x",
    "/HEALTHZ", "/v1/render%20",
]


# Outside the contract's list, so either answer will do (a stricter path rule may refuse them), but never a document.
EITHER = ["/v1/render%00", "/v1/render%0A", "/v1\\render", "/v1/render\\", "/v1/render%", "/v1/render%zz"]


PATHS = [(target, (400,)) for target in REFUSED] + [(target, (401,)) for target in UNAUTHORIZED] \
    + [(target, (400, 401)) for target in EITHER]


@pytest.mark.parametrize("target,wanted", PATHS, ids=[target for target, _ in PATHS])
def test_no_spelling_of_a_path_gets_past_the_token(guarded, target, wanted):
    answer = attack(guarded, target)
    assert not leaks(answer[2]), f"{target} without a token gave the SSN document: HTTP {answer[0]} {answer[2][:200]!r}"
    assert answer[0] in wanted, \
        f"{target} without a token: HTTP {answer[0]} {answer[2][:200]!r}, not {' or '.join(map(str, wanted))}"
    problem(answer)


@pytest.mark.parametrize("authorization", [
    "Bearer wrong", "Bearer ", "Bearer", f"Bearer {TOKEN[:-1]}", f"Bearer {TOKEN}x",
    f"Bearer {TOKEN} x", TOKEN, f"Basic {TOKEN}", f"Token {TOKEN}",
])
def test_a_wrong_token_gets_401_and_no_document(guarded, authorization):
    for target in ("/v1/render", "//v1/render"):
        answer = attack(guarded, target, extra_headers={"Authorization": authorization})
        assert not leaks(answer[2]), f"{target} with {authorization!r}: HTTP {answer[0]} {answer[2][:200]!r}"
        assert answer[0] == (401 if target == "/v1/render" else 400), \
            f"{target} with Authorization {authorization!r}: HTTP {answer[0]} {answer[2][:200]!r}"


def test_the_open_routes_stay_open_and_the_token_still_works(guarded):
    for target in ("/healthz", "/readyz", "/metrics", "/healthz?x=%2F"):  # a %2F in the query is not in the path
        status, _, body = request(guarded.port, "GET", target)
        assert status == 200, f"GET {target} without a token: HTTP {status} {body[:200]!r}"
    answer = attack(guarded, "/v1/render", token=TOKEN)
    assert answer[0] == 200 and SSN.encode() in answer[2], "reveal=true with the token should show the number"
    # `/` alone is not a path trick: without a token 401 (above), with one the unknown path it is.
    status, _, body = request(guarded.port, "GET", "/", headers={"Authorization": f"Bearer {TOKEN}"})
    assert status == 404, f"GET / with the token: HTTP {status} {body[:200]!r}"


def test_post_to_an_open_route_gets_no_document(guarded):
    # Only GET is open; whether a POST is 401 (needs a token) or 405 is the server's choice, never a 2xx.
    status, _, body = request(guarded.port, "POST", "/healthz?reveal=true&format=text", body=SSN_LINE,
                              headers={"Content-Type": "application/json"})
    assert status in (401, 405) and not leaks(body), f"POST /healthz: HTTP {status} {body[:200]!r}"


# --- 3: /v1/batch slots come back from clients that vanish, half-close or stop reading ----------------------------

BIG_BATCH = compact_lines(4000)  # about 1 MB in; HTML pages out, tens of MB: far more than the socket buffers hold


def misbehave(port, how):
    """One batch client that goes wrong as `how` says; gives the socket, still open unless it was closed."""
    connection = begin_batch(port, len(BIG_BATCH))
    if how == "half-close":
        sent, received = pump(connection, BIG_BATCH[: len(BIG_BATCH) // 2], 65536)
        connection.shutdown(socket.SHUT_WR)  # half the body, then end of input; and the answer is never read
    else:
        sent, received = pump(connection, BIG_BATCH, 262144 if how in ("close", "reset") else 65536)
    assert received.startswith(b"HTTP/1.1 200"), f"the batch client ({how}) got {received[:200]!r} (sent {sent})"
    if how == "reset":
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        connection.close()
    elif how == "close":
        connection.close()
    return connection


def batch_until_served(port, body, fmt, seconds):
    """POST /v1/batch until it is answered 200 (503 while the slots are taken), for at most `seconds`: (status, body,
    seconds waited, tries)."""
    started = time.monotonic()
    status, answer = None, b""
    for tries in range(1, 200):
        try:
            status, _, answer = request(port, "POST", f"/v1/batch?format={fmt}", body=body,
                                        headers={"Content-Type": "application/x-ndjson"}, timeout=10)
        except OSError as error:
            status, answer = None, repr(error).encode()
        if status == 200 or time.monotonic() - started > seconds:
            return status, answer, time.monotonic() - started, tries
        time.sleep(0.25)
    return status, answer, time.monotonic() - started, tries


def settled(read, good, seconds):
    """Reads `read()` until `good(value)` or `seconds` pass; gives the last value."""
    deadline = time.monotonic() + seconds
    value = read()
    while not good(value) and time.monotonic() < deadline:
        time.sleep(0.2)
        value = read()
    return value


def active_streams(server):
    return metric(server.metrics(), "alertkit_batch_streams_active")


@pytest.mark.parametrize("how", ["close", "reset", "half-close", "stop-reading"])
def test_batch_slots_come_back_from_clients_that_go_wrong(tmp_path, how):
    server = Server("--idle-timeout", str(IDLE))  # the default two batch slots
    clients = []
    try:
        small = compact_lines(60)
        expected = cli_batch(small, "text", str(tmp_path))
        status, answer, _, _ = batch_until_served(server.port, small, "text", 5)  # warm up: threads, buffers
        assert status == 200 and answer == expected, f"a first batch, alone: HTTP {status} {answer[:200]!r}"
        time.sleep(0.5)
        idle_fds = server.fds()
        clients = [misbehave(server.port, how) for _ in range(2)]  # both slots
        status, answer, waited, tries = batch_until_served(server.port, small, "text", IDLE + MARGIN)
        assert status == 200, (f"after two batch clients that {how}, /v1/batch was still HTTP {status} "
                               f"{answer[:200]!r} after {waited:.1f} s ({tries} tries): their slots did not come back")
        assert answer == expected, "the batch answered after them is not the batch command's lines"
        active = settled(lambda: active_streams(server), lambda value: value == 0, 3)
        assert active == 0, f"alertkit_batch_streams_active is {active} once every stream is over, not 0"
        fds = settled(server.fds, lambda count: count <= idle_fds + 3, IDLE + MARGIN)
        assert fds <= idle_fds + 3, f"the server holds {fds} descriptors after the clients, {idle_fds} when idle before"
    finally:
        for connection in clients:
            connection.close()
        server.close()


# --- 4: a body trickled under the minimum rate is ended --------------------------------------------------------

def test_trickling_batch_clients_lose_their_slots(tmp_path):
    server = Server("--read-timeout", "1", "--batch-min-rate", "200", "--max-batch-streams", "2")
    tricklers, answers, ended = [], [b"", b""], [None, None]
    try:
        small = compact_lines(30)
        expected = cli_batch(small, "text", str(tmp_path))
        started = time.monotonic()
        for _ in range(2):
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            connection.sendall(b"POST /v1/batch?format=text HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               b"Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk(b"\n"))
            connection.setblocking(False)
            tricklers.append(connection)
        # The third client must find both slots taken: wait until the server has started both streams.
        active = await_streams(server.port, 2)
        assert active == 2, f"two batch streams opened, alertkit_batch_streams_active is {active}"
        served, status, answer, statuses = None, None, b"", []
        next_trickle = started + 1
        for _ in range(200):  # a blank line a second from each; the third client tries in between
            now = time.monotonic()
            if now - started > 12 or (served is not None and all(ended)):
                break
            for index, connection in enumerate(tricklers):
                if ended[index] is not None:
                    continue
                try:
                    while data := connection.recv(65536):
                        answers[index] += data
                    ended[index] = now - started  # b"": the server closed it
                except BlockingIOError:
                    pass
                except OSError:
                    ended[index] = now - started
                if ended[index] is None and now >= next_trickle:
                    try:
                        connection.send(chunk(b"\n"))
                    except OSError:
                        ended[index] = now - started
            if now >= next_trickle:
                next_trickle += 1
            if served is None:
                status, _, answer = request(server.port, "POST", "/v1/batch?format=text", body=small,
                                            headers={"Content-Type": "application/x-ndjson"}, timeout=5)
                statuses.append(status)
                if status == 200:
                    served = time.monotonic() - started
            time.sleep(0.2)
        assert statuses[0] == 503, f"the trickling clients did not hold both slots: a third batch got {statuses[0]} at once"
        assert served is not None and served < 8, (
            f"two clients trickling a blank line a second kept both slots: a third batch got HTTP {status} "
            f"{answer[:200]!r} after {time.monotonic() - started:.1f} s" if served is None else
            f"a third batch was served only after {served:.1f} s (read timeout 1 s, minimum rate 200 bytes/s)")
        assert answer == expected
        assert all(moment is not None for moment in ended), f"a trickling client's connection stayed open (closed at {ended})"
        for received in answers:
            assert not received.endswith(b"0\r\n\r\n"), "a stream ended for slowness looks complete"
        stopped = metric(server.metrics(), "alertkit_batch_streams_stopped_total", 'reason="slow"')
        assert stopped is not None and stopped >= 2, f'alertkit_batch_streams_stopped_total{{reason="slow"}} is {stopped}'
    finally:
        for connection in tricklers:
            connection.close()
        server.close()


def test_a_burst_buys_no_long_trickle(tmp_path):
    """60 KB of blank lines at once, then a byte every second: under the minimum rate in every later window, so the
    stream ends within a few windows, not after 60 KB / 1 KiB/s (the rate is measured per window, not from the start)."""
    server = Server("--read-timeout", "2", "--batch-min-rate", "1024", "--max-batch-streams", "1")
    connection = None
    try:
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        connection.sendall(b"POST /v1/batch?format=text HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           b"Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n"
                           + chunk(b"\n" * 60000))
        connection.setblocking(False)
        started, closed = time.monotonic(), None
        while time.monotonic() - started < 20 and closed is None:
            try:
                while data := connection.recv(65536):
                    pass
                closed = time.monotonic() - started
            except BlockingIOError:
                pass
            except OSError:
                closed = time.monotonic() - started
            if closed is None:
                try:
                    connection.send(chunk(b"\n"))
                except OSError:
                    closed = time.monotonic() - started
            time.sleep(1)
        assert closed is not None and closed < 10, f"a 60 KB burst bought a trickle of {time.monotonic() - started:.0f} s"
        status, _, _ = request(server.port, "POST", "/v1/batch?format=text", body=compact_lines(3),
                               headers={"Content-Type": "application/x-ndjson"}, timeout=10)
        assert status == 200, f"the slot did not come back: {status}"
    finally:
        if connection:
            connection.close()
        server.close()


# --- 5: a log nobody reads never blocks serving -----------------------------------------------------------------

def log_flood(server, count, first):
    """`count` GET /healthz with a 128-character X-Request-ID each (one log line of about 250 bytes a request), on a
    kept-alive connection; fails when one has no answer within 2 s."""
    connection, reconnects = None, 0
    try:
        for number in range(first, first + count):
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
            try:
                connection.request("GET", "/healthz", headers={"X-Request-ID": f"{number:08d}-" + "r" * 119})
                answer = connection.getresponse()
                answer.read()
            except TimeoutError:
                pytest.fail(f"request {number + 1} had no answer within 2 s: the unread log blocks serving")
            except (ConnectionError, OSError, http.client.HTTPException) as error:
                connection.close()
                connection = None  # the server may close a kept-alive connection; the next request opens another
                reconnects += 1
                assert reconnects < 50, f"request {number + 1}: {error!r}, the 50th connection lost"
                continue
            assert answer.status == 200, f"request {number + 1}: HTTP {answer.status}"
    finally:
        if connection:
            connection.close()


def test_an_unread_log_pipe_never_blocks_serving():
    server = Server("--grace-period", "2", unread_pipe=True)
    try:
        # 3,000 requests fill the pipe (64 KiB) a dozen times over; a server that buffers its log may hold them all,
        # so more follow, a thousand at a time, until it says it drops lines (20,000 at most: about 5 MB of log).
        log_flood(server, 3000, 0)
        sent, dropped, started = 3000, None, time.monotonic()
        while sent < 20000 and time.monotonic() - started < 60:
            dropped = metric(server.metrics(), "alertkit_log_lines_dropped_total")
            if dropped:
                break
            log_flood(server, 1000, sent)
            sent += 1000
        started = time.monotonic()
        status, _, body = request(server.port, "POST", "/v1/render?format=text", body=SSN_SAMPLE.read_bytes(),
                                  headers={"Content-Type": "application/json"}, timeout=2)
        assert status == 200 and b"Social Security" in body and time.monotonic() - started < 2
        started = time.monotonic()
        exposition = server.metrics()
        assert time.monotonic() - started < 2
        dropped = metric(exposition, "alertkit_log_lines_dropped_total")
        assert dropped is not None and dropped > 0, \
            f"alertkit_log_lines_dropped_total is {dropped} after {sent} requests whose log nobody read"
        started = time.monotonic()
        status = server.stop(timeout=2 + 3)
        took = time.monotonic() - started
        assert took < 2 + 3 and status == 0, f"SIGTERM: exit status {status} after {took:.1f} s (grace period 2 s)"
    finally:
        server.stop(sig=signal.SIGKILL, timeout=5)
        server.close()


# --- 6: templates that render without end, or include themselves --------------------------------------------------

THRICE = "{{#details}}{{#details}}{{#details}}{{value}} {{/details}}{{/details}}{{/details}}"  # 1,000³ values
SILENT = "{{#details}}{{#details}}{{#details}}{{/details}}{{/details}}{{/details}}"  # 1,000³ turns, no output


def thousand_events():
    """A valid alert of 1,000 events (the most --max-events allows by default); a social-media alert has a detail
    per event, so `details` holds 1,000 items."""
    alert = json.loads((ROOT / "SampleData" / "social-drugs-alert.json").read_text())
    alert["events"] = alert["events"] * 1000
    return json.dumps(alert).encode()


def render_beside(server, fmt, seconds):
    """POSTs the 1,000-event alert as `fmt` while watching the server's memory and answering a valid request beside
    it: (status, answer body, seconds, peak RSS, the valid request's status and seconds)."""
    body, valid = thousand_events(), (ROOT / "SampleData" / "email-alert.json").read_bytes()
    peak = server.rss_mb()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        started = time.monotonic()
        runaway = pool.submit(request, server.port, "POST", f"/v1/render?format={fmt}", body,
                              {"Content-Type": "application/json"}, seconds + 2)
        time.sleep(0.5)
        beside = pool.submit(lambda: (time.monotonic(), request(server.port, "POST", "/v1/render?format=text", valid,
                                                                {"Content-Type": "application/json"}, 5)))
        for _ in range(int((seconds + 3) * 20)):
            peak = max(peak, server.rss_mb())
            if peak > 300:
                server.process.kill()  # before it takes the machine's memory
                break
            if runaway.done() and beside.done():
                break
            time.sleep(0.05)
        try:
            status, headers, answer = runaway.result(timeout=1)
        except Exception as error:  # noqa: BLE001 - a timeout or a reset: no answer is the finding
            status, headers, answer = None, {}, repr(error).encode()
        took = time.monotonic() - started
        try:
            sent_at, (valid_status, _, _) = beside.result(timeout=6)
            valid_took = time.monotonic() - sent_at
        except Exception as error:  # noqa: BLE001
            valid_status, valid_took = repr(error), None
    return status, headers, answer, took, peak, valid_status, valid_took


@pytest.fixture
def templates(tmp_path):
    folder = tmp_path / "templates"
    (folder / "formats").mkdir(parents=True)
    (folder / "formats" / "amp.txt.mustache").write_text(THRICE)
    (folder / "formats" / "silent.txt.mustache").write_text(SILENT)
    return folder


@pytest.mark.parametrize("fmt,flags,seconds,wanted", [
    # The hostile tester's template with the default document limit: either limit may stop it.
    ("amp", ["--render-timeout", "3"], 3, (422, 503)),
    # The document limit alone: small, with a timeout far off.
    ("amp", ["--max-document-bytes", "65536", "--render-timeout", "30"], 3, (422,)),
    # The timeout alone: a template that loops writing nothing, and a document limit (which may charge list items
    # too) so high that only the timeout can stop it.
    ("silent", ["--render-timeout", "1", "--max-document-bytes", str(1 << 40)], 1, (503,)),
], ids=["nested-default-limits", "document-limit", "render-timeout"])
def test_runaway_templates_hit_a_limit_not_the_memory(templates, fmt, flags, seconds, wanted):
    server = Server("--templates", str(templates), *flags, "--grace-period", "1")
    try:
        status, headers, answer, took, peak, valid_status, valid_took = render_beside(server, fmt, seconds)
        assert peak < 300, f"the server's RSS reached {peak:.0f} MB rendering the {fmt} template (killed)"
        assert status in wanted and took < seconds + 2, \
            f"the {fmt} template, {' '.join(flags)}: HTTP {status} {answer[:200]!r} after {took:.1f} s, not {wanted}"
        problem((status, headers, answer))
        assert valid_status == 200 and valid_took < 5, f"a valid render beside it: {valid_status} after {valid_took} s"
    finally:
        server.stop(timeout=3)
        server.close()


def cpu_seconds(pid):
    """The process's CPU time so far (user and system), from /proc."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_shutdown_held_past_the_grace_period_is_forced_exit_75(templates):
    """A render that no cancellation stops (the silent template, its render timeout far off) holds the graceful
    shutdown: 3 s past the grace period the process ends, exit 75 (forced-stop in README's outcome table): not 0, which
    would hide it, not 1, which means rejected records, and not a crash."""
    server = Server("--templates", str(templates), "--render-timeout", "120", "--max-document-bytes", str(1 << 40),
                    "--grace-period", "1")
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            before = cpu_seconds(server.process.pid)
            pool.submit(request, server.port, "POST", "/v1/render?format=silent", thousand_events(),
                        {"Content-Type": "application/json"}, 30)
            # The render is running once the server has spent a second of CPU on it (a state, not a guessed moment).
            deadline = time.monotonic() + 60
            while cpu_seconds(server.process.pid) - before < 1 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert cpu_seconds(server.process.pid) - before >= 1, "the render never started"
            started = time.monotonic()
            status = server.stop(timeout=30)
            took = time.monotonic() - started
    finally:
        server.stop(timeout=30)
        log = server.log_path.read_text()
        server.close()
    assert status == 75, f"exit status {status} after {took:.1f} s, not 75 (forced-stop)\n{log[-2000:]}"
    assert 1 <= took < 1 + 3 + 3, f"the forced stop took {took:.1f} s (grace period 1 s, then 3 s)"


def test_a_template_that_includes_itself_breaks_its_own_format_only(tmp_path):
    """A cycle of partials would recurse until the stack overflows: the format is broken from the start (500, named
    in /readyz and in the log with the file of the cycle), and every other format renders as usual."""
    folder = tmp_path / "templates"
    (folder / "formats").mkdir(parents=True)
    (folder / "formats" / "loop.txt.mustache").write_text("{{> loop2}}")
    (folder / "formats" / "loop2.mustache").write_text("{{> loop2}}")
    server = Server("--templates", str(folder))
    try:
        status, _, body = request(server.port, "GET", "/readyz")
        assert status == 200 and json.loads(body)["broken"] == ["loop"], body
        answer = request(server.port, "POST", "/v1/render?format=loop", body=SSN_LINE,
                         headers={"Content-Type": "application/json"})
        assert answer[0] == 500, answer
        detail = problem(answer)["detail"]
        assert "loop" in detail and str(folder) not in detail, f"the caller is told the format, not the files: {detail}"
        ok = request(server.port, "POST", "/v1/render?format=text", body=SSN_LINE, headers={"Content-Type": "application/json"})
        assert ok[0] == 200 and b"Social Security" in ok[2], ok[:2]
    finally:
        server.stop(timeout=5)
        log = server.log_path.read_text()
        server.close()
    assert "loop2.mustache" in log and "partials include themselves" in log, f"the log does not name the cycle:\n{log[-1000:]}"


# --- 7: /readyz is JSON whatever the catalog files are called ------------------------------------------------------
# A catalog is named by a locale tag and nothing else: a file whose name is not one (a quote, a dot, a path) stops
# the server at start with 78 and its name, so no such name ever reaches /readyz; /readyz itself is written by the
# JSON writer (its Swift test checks the answer parses).

def test_a_catalog_not_named_by_a_locale_tag_stops_the_server_and_readyz_is_json(tmp_path):
    folder = tmp_path / "templates"
    (folder / "catalog").mkdir(parents=True)
    shutil.copy(ROOT / "Templates" / "catalog" / "en.json", folder / "catalog" / 'x"y.json')
    environment = dict(os.environ, ALERTKIT_CONFIG=str(tmp_path / "config.json"))
    result = subprocess.run([alertkit(), "serve", "--port", "0", "--templates", str(folder)], env=environment,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 78, f"exit {result.returncode}, not 78:\n{result.stderr[-1000:]}"
    assert 'x"y' in result.stderr and "not a locale tag" in result.stderr, result.stderr[-1000:]
    (folder / "catalog" / 'x"y.json').rename(folder / "catalog" / "fr-CA.json")
    server = Server("--templates", str(folder))
    try:
        status, headers, body = request(server.port, "GET", "/readyz")
        assert status == 200 and headers.get("content-type", "").startswith("application/json")
        try:
            ready = json.loads(body)
        except ValueError as error:
            pytest.fail(f"/readyz is not JSON ({error}): {body[:300]!r}")
        assert ready["status"] == "ready" and ready["locales"] == ["en", "es", "fr-CA"], ready
    finally:
        server.close()


# --- 8: request heads trickled a line at a time, and connections held per client address --------------------------
# A request head (request line and headers) must be in within the head timeout (--head-timeout, 10 s): counted from
# the connection's accept, or on a kept-alive connection from the next request's first byte; past it the connection
# is closed, as nginx's client_header_timeout does. One client address holds at most --max-connections-per-address
# connections (128); another is answered 503 and closed at once. The attacker and the probers are different client
# addresses of 127.0.0.0/8 (Linux routes all of it to lo), as they would be on a network.

HEAD_START = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def trickle(every, first=HEAD_START, start=0.0, until=60):
    """The pieces of a head that never ends: `first`, then a header line every `every` seconds."""
    count = int((until - start) / every)
    return [(start, first)] + [(start + every * n, b"X-Trickle-%d: 1\r\n" % n) for n in range(1, count)]


class Head:
    """One client's connection from `source` (an address of 127.0.0.0/8), sending `pieces`, [(seconds after
    connecting, bytes)], when they are due; it records what the server sent and when the server closed it."""

    def __init__(self, port, source, pieces):
        self.connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.connection.bind((source, 0))
        self.connection.settimeout(10)
        self.connection.connect(("127.0.0.1", port))
        self.connection.setblocking(False)
        self.opened = time.monotonic()
        self.pieces = list(pieces)
        self.received = b""
        self.closed_at = None  # seconds after connecting

    def step(self):
        """Reads what came, sends what is due; gives whether the server has closed the connection."""
        if self.closed_at is not None:
            return True
        now = time.monotonic() - self.opened
        try:
            while data := self.connection.recv(65536):
                self.received += data
            self.closed_at = now  # end of stream
        except BlockingIOError:
            pass
        except OSError:
            self.closed_at = now  # reset
        while self.closed_at is None and self.pieces and self.pieces[0][0] <= now:
            try:
                self.connection.send(self.pieces.pop(0)[1])
            except OSError:
                self.closed_at = now
        return self.closed_at is not None

    def statuses(self):
        return [int(line.split()[1]) for line in self.received.split(b"\r\n") if line.startswith(b"HTTP/1.1 ")]

    def close(self):
        self.connection.close()


def drive(heads, done, seconds, also=lambda: None):
    """Steps every head (and `also`) every 50 ms until `done()` or `seconds` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for head in heads:
            head.step()
        also()
        if done():
            return
        time.sleep(0.05)


def test_a_request_head_must_come_within_the_head_timeout():
    server = Server("--head-timeout", "2")
    heads = {}
    try:
        port = server.port
        heads = {
            # below the timeout: a head in three pieces, the last at 1 s, is served
            "below": Head(port, "127.0.0.1", [(0, b"GET /healthz HTTP/1.1\r\n"), (0.5, b"Host: 127.0.0.1\r\n"), (1.0, b"\r\n")]),
            # above it: a header line every half second, for ever, is closed at 2 s
            "above": Head(port, "127.0.0.1", trickle(0.5)),
            # nothing at all: closed at 2 s too (a bare connection is a head not yet begun)
            "silent": Head(port, "127.0.0.1", []),
            # kept alive: a request served at once, 3.5 s of quiet (the idle timeout's, 30 s, not the head's), then
            # a head trickled from 3.5 s: closed 2 s after its first byte
            "kept-alive": Head(port, "127.0.0.1", [(0, HEAD_START + b"\r\n")] + trickle(0.5, start=3.5)),
        }
        timed = ("above", "silent", "kept-alive")
        drive(heads.values(), lambda: all(heads[name].closed_at is not None for name in timed), 5.5 + MARGIN + 2)
        found = {name: (head.closed_at, head.statuses()) for name, head in heads.items()}
        assert heads["below"].statuses() == [200] and heads["below"].closed_at is None, found
        for name, (earliest, latest) in {"above": (2, 2), "silent": (2, 2), "kept-alive": (5.5, 5.5)}.items():
            closed_at = heads[name].closed_at
            assert closed_at is not None and earliest - 0.25 <= closed_at <= latest + MARGIN, (
                f"with --head-timeout 2, the {name} client was closed at {closed_at} s, not at {earliest} s: {found}")
        assert heads["above"].statuses() == [] and heads["silent"].statuses() == [], found
        assert heads["kept-alive"].statuses() == [200], found
        timed_out = settled(lambda: metric(server.metrics(), "alertkit_connections_closed_total", 'reason="head_timeout"'),
                            lambda value: value == 3, 3)
        assert timed_out == 3, f'alertkit_connections_closed_total{{reason="head_timeout"}} is {timed_out}, not 3'
    finally:
        for head in heads.values():
            head.close()
        server.close()


def open_connections(server, wanted):
    """Polls `alertkit_connections_open` (the scrape's own connection counts) until it is `wanted`: the state a test
    needs before it goes on, not a guessed moment."""
    return settled(lambda: metric(server.metrics(), "alertkit_connections_open"), lambda value: value == wanted, 10)


def test_connections_per_address_are_capped_and_slots_come_back():
    server = Server("--max-connections-per-address", "4", "--head-timeout", "30")
    heads = []
    try:
        port = server.port
        held = [Head(port, "127.0.0.2", [(0, HEAD_START)]) for _ in range(4)]  # at the cap: each is accepted
        heads += held
        count = open_connections(server, 4 + 1)
        assert count == 5, f"4 connections from 127.0.0.2 and a scrape: alertkit_connections_open is {count}"
        extra = Head(port, "127.0.0.2", [(0, HEAD_START + b"\r\n")])  # over it: refused at once
        heads.append(extra)
        drive([extra], lambda: extra.closed_at is not None, 5)
        assert extra.closed_at is not None and extra.closed_at < 3, f"a 5th connection from 127.0.0.2 was not closed ({extra.closed_at})"
        assert extra.statuses() in ([], [503]), f"a 5th connection from 127.0.0.2 got {extra.received[:200]!r}"
        refused = metric(server.metrics(), "alertkit_connections_closed_total", 'reason="address_limit"')
        assert refused == 1, f'alertkit_connections_closed_total{{reason="address_limit"}} is {refused}, not 1'
        other = Head(port, "127.0.0.3", [(0, HEAD_START + b"\r\n")])  # another address has its own count
        heads.append(other)
        drive([other], lambda: other.statuses() != [] or other.closed_at is not None, 10)
        assert other.statuses() == [200], f"127.0.0.3 beside 127.0.0.2's full count: {other.received[:200]!r}"
        assert request(port, "GET", "/healthz", timeout=5)[0] == 200
        for head in held:  # the four held connections are served once their heads end
            head.pieces.append((0, b"\r\n"))
        drive(held, lambda: all(head.statuses() for head in held), 10)
        assert [head.statuses() for head in held] == [[200]] * 4, [head.received[:100] for head in held]
        held[0].close()  # a slot comes back: another connection from 127.0.0.2 is served
        served = None
        for _ in range(50):
            again = Head(port, "127.0.0.2", [(0, HEAD_START + b"Connection: close\r\n\r\n")])
            heads.append(again)
            drive([again], lambda: again.closed_at is not None, 5)
            if again.statuses() == [200]:
                served = again
                break
            time.sleep(0.1)
        assert served is not None, "a connection from 127.0.0.2 was still refused after one of its four closed"
    finally:
        for head in heads:
            head.close()
        server.close()


def test_slow_heads_from_one_address_are_closed_at_10_s_and_never_stop_healthz():
    server = Server()  # the defaults: a head within 10 s, 128 connections an address
    attackers, others, probes = [], [], []
    try:
        port = server.port
        attackers = [Head(port, "127.0.0.2", trickle(2)) for _ in range(150)]
        honest = Head(port, "127.0.0.3", [(0, HEAD_START)] + [(n, b"X-Line-%d: 1\r\n" % n) for n in range(1, 7)] + [(7, b"\r\n")])
        silent = Head(port, "127.0.0.3", [])
        others = [honest, silent]
        next_probe = [time.monotonic()]

        def probe():  # GET /healthz from 127.0.0.1 twice a second throughout
            if time.monotonic() < next_probe[0]:
                return
            started = time.monotonic()
            try:
                status = request(port, "GET", "/healthz", timeout=3)[0]
            except OSError as error:
                status = repr(error)
            probes.append((status, time.monotonic() - started))
            next_probe[0] = time.monotonic() + 0.5

        drive(attackers + others, lambda: all(head.closed_at is not None for head in attackers + [silent]) and honest.statuses(),
              10 + MARGIN + 2, also=probe)
        closed = sorted(head.closed_at if head.closed_at is not None else float("inf") for head in attackers)
        refused = [moment for moment in closed if moment < 5]
        held = [moment for moment in closed if moment >= 5]
        assert len(refused) == 22 and len(held) == 128, (
            f"150 connections from 127.0.0.2: {len(refused)} refused at once, {len(held)} held; closed at {closed}")
        assert 9.75 <= held[0] and held[-1] <= 10 + MARGIN, f"the held slow heads were closed from {held[0]} s to {held[-1]} s, not at 10 s"
        assert honest.statuses() == [200], f"a head ended at 7 s: {honest.received[:200]!r}"
        assert silent.closed_at is not None and 9.75 <= silent.closed_at <= 10 + MARGIN, f"a silent connection: {silent.closed_at}"
        assert len(probes) >= 15 and all(status == 200 and seconds < 2 for status, seconds in probes), probes
        exposition = server.metrics()
        assert metric(exposition, "alertkit_connections_closed_total", 'reason="address_limit"') == 22
        assert metric(exposition, "alertkit_connections_closed_total", 'reason="head_timeout"') == 129
    finally:
        for head in attackers + others:
            head.close()
        server.close()


# --- 9: HEAD on the probes' routes --------------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["/healthz", "/readyz", "/metrics"])
def test_probes_may_use_head(guarded, target):
    with socket.create_connection(("127.0.0.1", guarded.port), timeout=10) as connection:
        connection.sendall(f"HEAD {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        received = b""
        while data := connection.recv(65536):
            received += data
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 "), f"HEAD {target} without a token: {received[:300]!r}"
    assert body == b"", f"HEAD {target} sent a body: {body[:200]!r}"
    status, _, _ = request(guarded.port, "POST", target, body=b"{}", headers={"Content-Type": "application/json"})
    assert status in (401, 405), f"POST {target}: HTTP {status}"
