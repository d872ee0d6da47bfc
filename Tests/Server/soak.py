"""Soak test of `alertkit serve` (scripts/soak.sh runs it): a bounded mix of good and hostile clients at the same
time for SECONDS, then checks that the server answered every valid request correctly, gave nothing to a client
without the token, gave back its batch slots and descriptors, kept its memory flat and stops on SIGTERM in time.

    python3 Tests/Server/soak.py SECONDS     (ALERTKIT names the binary; default .build/debug/alertkit)

The standard library alone. Loopback only; every loop is bounded in time; temporary files go in a folder of their
own, removed at the end. Progress every ~10 s on stderr; a summary table on stdout; exit status 1 on any failed check.
"""
import collections
import concurrent.futures
import http.client
import json
import os
import pathlib
import re
import secrets
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

from clients import (SAMPLES, begin_batch, chunk, compact_lines, metric, open_fds, pump, request, rss_mb)

ROOT = pathlib.Path(__file__).resolve().parents[2]
IDLE, READ, MIN_RATE, GRACE = 5, 2, 1024, 5  # the server's --idle-timeout, --read-timeout, --batch-min-rate, --grace-period
BODY_LIMIT = 1 << 20  # the server's default --body-limit
FORMATS = ["html", "text", "markdown", "sms", "slack"]  # deterministic formats (email has the time in it)
RSS_CAP_MB = 400
SSN_SAMPLE = ROOT / "SampleData" / "ssn-alert.json"
SSN = b"123-45-6789"
TRICKS = ["//v1/render", "//v1/batch", "///v1/validate", "//v1/schema", "/v1/./render", "/v1%2Frender",
          "/healthz/../v1/render", "/v1/render/"]


def alertkit():
    return os.environ.get("ALERTKIT") or str(ROOT / ".build" / "debug" / "alertkit")


class Tally:
    """Counts by kind and outcome, and the first few messages of each kind's errors."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = collections.defaultdict(collections.Counter)
        self.messages = collections.defaultdict(list)

    def add(self, kind, outcome, message=None):
        with self.lock:
            self.counts[kind][outcome] += 1
            if message and len(self.messages[kind]) < 5:
                self.messages[kind].append(message)

    def total(self, outcome):
        with self.lock:
            return sum(counter[outcome] for counter in self.counts.values())


class KeptAlive:
    """One kept-alive connection; a request that finds it closed by the server is sent again on a new one."""

    def __init__(self, port):
        self.port, self.connection = port, None

    def send(self, method, target, body=None, headers=None):
        for attempt in range(2):
            reused = self.connection is not None
            if not reused:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
            try:
                self.connection.request(method, target, body=body, headers=headers or {})
                answer = self.connection.getresponse()
                data = answer.read()
                if answer.will_close:
                    self.close()
                return answer.status, data
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine):
                self.close()
                if not reused or attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self):
        if self.connection:
            self.connection.close()
        self.connection = None


class Soak:
    def __init__(self, seconds, folder):
        self.seconds, self.folder = seconds, pathlib.Path(folder)
        self.token = secrets.token_hex(16)
        self.tally = Tally()
        self.stop = threading.Event()
        self.environment = dict(os.environ, ALERTKIT_CONFIG=str(self.folder / "config.json"))
        self.log_tail = collections.deque(maxlen=40)
        self.log_lines = 0
        self.samples = []  # (seconds since start, RSS MB, descriptors)
        self.failures = []

    # --- what the answers must be, computed once -------------------------------------------------------------

    def expectations(self):
        def render(job):
            path, fmt = job
            done = subprocess.run([alertkit(), "render", str(path), "-f", fmt], capture_output=True,
                                  env=self.environment, timeout=60)
            if done.returncode != 0:
                raise SystemExit(f"soak: alertkit render {path.name} -f {fmt} failed ({done.returncode}): "
                                 f"{done.stderr.decode()[-500:]}")
            return job, done.stdout
        jobs = [(path, fmt) for path in SAMPLES for fmt in FORMATS]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            self.renders = [(path.read_bytes(), fmt, expected) for (path, fmt), expected in pool.map(render, jobs)]
        lines = compact_lines(8 * len(SAMPLES)).splitlines(keepends=True)
        lines[5] = b'{"id": "bad", "type": 9, "events": []}\n'
        lines[17] = b"not json at all\n"
        self.batch_body = b"".join(lines)
        # Two lines are refused, so the command exits 1 (records rejected); its lines are the answer all the same.
        batch = subprocess.run(
            [alertkit(), "batch", "-", "--ndjson", "-f", "text", "--errors", str(self.folder / "errors.ndjson")],
            input=self.batch_body, capture_output=True, check=False, env=self.environment, timeout=60)
        if batch.returncode not in (0, 1) or batch.stdout.count(b"\n") != len(lines):
            raise SystemExit(f"soak: alertkit batch failed ({batch.returncode}): {batch.stderr.decode()[-500:]}")
        # The command's lines, and the summary that ends a /v1/batch stream run to its end.
        records = [json.loads(line) for line in batch.stdout.splitlines()]
        summary = {"rendered": sum("document" in r for r in records), "rejected": sum("error" in r for r in records),
                   "warnings": sum(len(r.get("warnings", [])) for r in records),
                   "fitted": sum(any("fitted to its receiver" in w["message"] for w in r.get("warnings", [])) for r in records)}
        self.batch_expected = (batch.stdout.replace(b'"source":"<stdin>"', b'"source":"<body>"')
                               + json.dumps({"summary": summary}, separators=(",", ":")).encode() + b"\n")
        self.big_batch = compact_lines(2000)

    # --- the server ----------------------------------------------------------------------------------------------

    def start(self):
        tokens = self.folder / "tokens"
        tokens.write_text(f"{self.token}\n")
        self.process = subprocess.Popen(
            [alertkit(), "serve", "--port", "0", "--token-file", str(tokens), "--allow-reveal",
             "--idle-timeout", str(IDLE), "--read-timeout", str(READ), "--batch-min-rate", str(MIN_RATE),
             "--grace-period", str(GRACE)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=self.environment)
        found = threading.Event()

        def read_log():  # read to the end (the server must never block on its log here), keeping the last lines
            for raw in self.process.stdout:
                line = raw.decode(errors="replace").rstrip("\n")
                self.log_lines += 1
                self.log_tail.append(line)
                match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
                if match and not found.is_set():
                    self.port = int(match.group(1))
                    found.set()
        self.log_reader = threading.Thread(target=read_log, daemon=True)
        self.log_reader.start()
        deadline = time.monotonic() + 30
        while not found.wait(0.1) and self.process.poll() is None and time.monotonic() < deadline:
            pass
        if not found.is_set():
            self.process.kill()
            self.process.wait()
            self.log_reader.join(timeout=5)
            raise SystemExit("soak: alertkit serve did not start:\n" + "\n".join(self.log_tail))
        self.auth = {"Authorization": f"Bearer {self.token}"}

    # --- the clients; each loops until self.stop, every request bounded by a timeout ----------------------------

    def renders_worker(self, offset):
        client = KeptAlive(self.port)
        index = offset
        while not self.stop.is_set():
            body, fmt, expected = self.renders[index % len(self.renders)]
            index += 1
            try:
                status, data = client.send("POST", f"/v1/render?format={fmt}", body,
                                           {**self.auth, "Content-Type": "application/json"})
            except OSError as error:
                self.tally.add("render", "error", f"{fmt}: {error!r}")
                client.close()
                continue
            if status == 200 and data == expected:
                self.tally.add("render", "ok")
            else:
                self.tally.add("render", "error", f"{fmt}: HTTP {status}, {len(data)} bytes, {len(expected)} expected")
        client.close()

    def batches_worker(self):
        busy_since = None
        while not self.stop.is_set():
            try:
                status, _, data = request(self.port, "POST", "/v1/batch?format=text", self.batch_body,
                                          {**self.auth, "Content-Type": "application/x-ndjson"}, timeout=30)
            except OSError as error:
                self.tally.add("batch", "error", repr(error))
                continue
            if status == 503:  # every slot taken (by the slow and vanishing clients, rightly for a while)
                self.tally.add("batch", "busy")
                busy_since = busy_since or time.monotonic()
                if time.monotonic() - busy_since > IDLE + READ + 10:
                    self.tally.add("batch", "error", f"no batch slot for {time.monotonic() - busy_since:.0f} s")
                    busy_since = None
                self.stop.wait(0.2)
                continue
            busy_since = None
            if status == 200 and data == self.batch_expected:
                self.tally.add("batch", "ok")
            else:
                lines, expected = data.count(b"\n"), self.batch_expected.count(b"\n")
                self.tally.add("batch", "error", f"HTTP {status}, {lines} lines ({expected} expected), not the "
                               "batch command's")

    def bad_input_worker(self):
        headers = {**self.auth, "Content-Type": "application/json"}
        cases = [
            ("malformed", b'{"id": "1", "type": 1, "events": [', 400),
            ("invalid", b'{"id": "", "type": 7, "events": []}', 422),
            ("oversize", b'{"id": "' + b"x" * (BODY_LIMIT + 1024) + b'"}', 413),
        ]
        index = 0
        while not self.stop.is_set():
            kind, body, wanted = cases[index % len(cases)]
            index += 1
            try:
                status, _, data = request(self.port, "POST", "/v1/render?format=text", body, headers, timeout=15)
            except OSError as error:
                self.tally.add(kind, "error", repr(error))
                continue
            if status == wanted and data.lstrip().startswith(b"{"):
                self.tally.add(kind, "ok")
            else:
                self.tally.add(kind, "error", f"HTTP {status} (expected {wanted}): {data[:120]!r}")
            self.stop.wait(0.05)

    def slow_worker(self):
        """Batch bodies trickled a blank line every half second (2 bytes/s): the server must end each stream soon
        after the read timeout, without its final chunk."""
        while not self.stop.is_set():
            try:
                connection = socket.create_connection(("127.0.0.1", self.port), timeout=2)
            except OSError as error:
                self.tally.add("slow", "error", repr(error))
                self.stop.wait(1)
                continue
            started, received, closed = time.monotonic(), b"", False
            try:
                connection.sendall(f"POST /v1/batch?format=text HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                   f"Authorization: Bearer {self.token}\r\nContent-Type: application/x-ndjson\r\n"
                                   f"Transfer-Encoding: chunked\r\n\r\n".encode() + chunk(b"\n"))
                connection.settimeout(0.5)
                while time.monotonic() - started < READ + 8:
                    try:
                        data = connection.recv(65536)
                    except TimeoutError:
                        data = None
                    except OSError:
                        data = b""
                    if data == b"":
                        closed = True
                        break
                    if data:
                        received += data
                        if received.startswith(b"HTTP/1.1 503"):
                            break
                        continue
                    try:
                        connection.sendall(chunk(b"\n"))
                    except OSError:
                        closed = True
                        break
            finally:
                connection.close()
            took = time.monotonic() - started
            if received.startswith(b"HTTP/1.1 503"):
                self.tally.add("slow", "busy")
            elif closed and not received.endswith(b"0\r\n\r\n"):
                self.tally.add("slow", "ok")
            else:
                self.tally.add("slow", "error", f"a trickled stream still open after {took:.1f} s, or complete: "
                               f"{received[-80:]!r}")
            self.stop.wait(1)

    def vanish_worker(self):
        """Batch clients that read part of the answer and close, normally or with an RST."""
        rounds = 0
        while not self.stop.is_set():
            rounds += 1
            try:
                connection = begin_batch(self.port, len(self.big_batch), headers=self.auth)
                _, received = pump(connection, self.big_batch, 131072, seconds=6)
                if rounds % 2:
                    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                connection.close()
            except OSError as error:
                self.tally.add("vanish", "error", repr(error))
                self.stop.wait(1)
                continue
            if received.startswith(b"HTTP/1.1 503"):
                self.tally.add("vanish", "busy")
            elif received.startswith(b"HTTP/1.1 200"):
                self.tally.add("vanish", "ok")
            else:
                self.tally.add("vanish", "error", f"answer {received[:80]!r}")
            self.stop.wait(1.5)

    def unauthorized_worker(self):
        """Requests without the token, with a wrong one, and path tricks: never a document."""
        wrong = [None, "Bearer wrong", "Bearer ", f"Bearer {self.token}x", f"Basic {self.token}", self.token]
        ssn = SSN_SAMPLE.read_bytes()
        index = 0
        while not self.stop.is_set():
            authorization = wrong[index % len(wrong)]
            trick = TRICKS[index % len(TRICKS)]
            index += 1
            for kind, target, headers, wanted in [
                ("no token", "/v1/render?reveal=true&format=text", {}, 401),
                ("wrong token", "/v1/render?reveal=true&format=text", {"Authorization": authorization or "Bearer x"}, 401),
                ("no token", "/v1/batch?reveal=true&format=text", {}, 401),
                ("path trick", trick + "?reveal=true&format=text", {}, 400),
                ("path trick", trick + "?reveal=true&format=text", dict(self.auth), 400),
            ]:
                method = "GET" if "schema" in target else "POST"
                try:
                    status, _, data = request(self.port, method, target, None if method == "GET" else ssn,
                                              {**headers, "Content-Type": "application/json"}, timeout=15)
                except OSError as error:
                    self.tally.add(kind, "error", f"{target}: {error!r}")
                    continue
                if 200 <= status < 300 or SSN in data or b"Social Security" in data:
                    self.tally.add(kind, "leak", f"{target} {headers}: HTTP {status} {data[:80]!r}")
                elif status != wanted:
                    self.tally.add(kind, "error", f"{target} {headers}: HTTP {status}, not {wanted}")
                else:
                    self.tally.add(kind, "ok")
            self.stop.wait(0.05)

    # --- the run --------------------------------------------------------------------------------------------------

    def sample(self, started):
        self.samples.append((time.monotonic() - started, rss_mb(self.process.pid), open_fds(self.process.pid)))

    def active_streams(self):
        try:
            return metric(request(self.port, "GET", "/metrics", timeout=5)[2].decode(), "alertkit_batch_streams_active")
        except OSError:
            return None

    def run(self):
        began = time.monotonic()
        self.expectations()
        print(f"soak: {len(self.renders)} renders and the batch expected, {time.monotonic() - began:.1f} s",
              file=sys.stderr)
        self.start()
        # Warm up: one of each kind, then the idle descriptor count.
        for _, fmt, _ in self.renders[: len(FORMATS)]:
            request(self.port, "POST", f"/v1/render?format={fmt}", SSN_SAMPLE.read_bytes(),
                    {**self.auth, "Content-Type": "application/json"})
        request(self.port, "POST", "/v1/batch?format=text", self.batch_body,
                {**self.auth, "Content-Type": "application/x-ndjson"}, timeout=30)
        time.sleep(1)
        self.idle_fds = open_fds(self.process.pid)
        workers = [threading.Thread(target=self.renders_worker, args=(offset,), name=f"render{offset}")
                   for offset in (0, len(self.renders) // 2)]
        workers += [threading.Thread(target=target, name=target.__name__) for target in (
            self.batches_worker, self.bad_input_worker, self.slow_worker, self.vanish_worker, self.unauthorized_worker)]
        started = time.monotonic()
        for worker in workers:
            worker.start()
        next_progress = started + 10
        while time.monotonic() - started < self.seconds:
            time.sleep(min(2, max(0.1, self.seconds - (time.monotonic() - started))))
            self.sample(started)
            if self.process.poll() is not None:
                self.failures.append(f"the server exited ({self.process.returncode}) during the run")
                break
            if self.samples[-1][1] > RSS_CAP_MB:
                self.failures.append(f"RSS {self.samples[-1][1]:.0f} MB passed the cap of {RSS_CAP_MB} MB")
                break
            if time.monotonic() >= next_progress:
                next_progress += 10
                self.progress(started)
        self.stop.set()
        for worker in workers:
            worker.join(timeout=40)
            if worker.is_alive():
                self.failures.append(f"the client thread {worker.name} did not stop within 40 s")
        if self.process.poll() is None:
            self.settle()
            self.shutdown()
        return self.report()

    def progress(self, started):
        _, rss, fds = self.samples[-1]
        counts = ", ".join(f"{kind} {sum(counter.values())}" for kind, counter in sorted(self.tally.counts.items()))
        print(f"soak: {time.monotonic() - started:.0f}/{self.seconds} s: {counts}; errors {self.tally.total('error')}, "
              f"leaks {self.tally.total('leak')}; RSS {rss:.0f} MB, {fds} descriptors", file=sys.stderr)

    def settle(self):
        """After the clients: no batch stream left and the descriptors back near their idle count, within the
        idle timeout and a margin."""
        deadline = time.monotonic() + IDLE + READ + 5
        self.end_streams = self.active_streams()
        while self.end_streams != 0 and time.monotonic() < deadline:
            time.sleep(0.5)
            self.end_streams = self.active_streams()
        deadline = time.monotonic() + IDLE + 5
        self.end_fds = open_fds(self.process.pid)
        while self.end_fds > self.idle_fds + 4 and time.monotonic() < deadline:
            time.sleep(0.5)
            self.end_fds = open_fds(self.process.pid)
        if self.end_streams != 0:
            self.failures.append(f"alertkit_batch_streams_active is {self.end_streams} after the clients, not 0")
        if self.end_fds > self.idle_fds + 4:
            self.failures.append(f"{self.end_fds} descriptors open after the clients, {self.idle_fds} when idle")

    def shutdown(self):
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.exit_status = self.process.wait(timeout=GRACE + 3)
        except subprocess.TimeoutExpired:
            self.exit_status = None
        self.shutdown_seconds = time.monotonic() - started
        if self.exit_status != 0:
            self.failures.append(f"SIGTERM: exit status {self.exit_status} after {self.shutdown_seconds:.1f} s "
                                 f"(grace period {GRACE} s, allowed {GRACE + 3} s)")

    def report(self):
        print(f"{'kind':<12} {'ok':>8} {'busy':>6} {'errors':>7} {'leaks':>6}")
        for kind, counter in sorted(self.tally.counts.items()):
            print(f"{kind:<12} {counter['ok']:>8} {counter['busy']:>6} {counter['error']:>7} {counter['leak']:>6}")
        for kind, messages in sorted(self.tally.messages.items()):
            for message in messages:
                print(f"  {kind}: {message}")
        ok = self.tally.total("ok")
        if self.tally.total("error"):
            self.failures.append(f"{self.tally.total('error')} requests answered wrongly ({ok} rightly)")
        if self.tally.total("leak"):
            self.failures.append(f"{self.tally.total('leak')} requests without the token got data")
        for kind in ("render", "batch", "no token", "path trick", "slow", "vanish"):
            if self.tally.counts[kind]["ok"] == 0:
                self.failures.append(f"no {kind} request was answered rightly")
        self.check_memory()
        rss = [rss for _, rss, _ in self.samples] or [0]
        print(f"RSS MB: first {rss[0]:.0f}, last {rss[-1]:.0f}, max {max(rss):.0f}")
        print(f"descriptors: idle {self.idle_fds}, end {getattr(self, 'end_fds', '?')}; "
              f"batch streams active at the end: {getattr(self, 'end_streams', '?')}")
        print(f"shutdown: {getattr(self, 'shutdown_seconds', float('nan')):.1f} s, exit status "
              f"{getattr(self, 'exit_status', '?')}; {self.log_lines} log lines read")
        for failure in self.failures:
            print(f"FAILED: {failure}")
        if self.failures:
            print("the server's last log lines:\n" + "\n".join(self.log_tail), file=sys.stderr)
        print("soak: " + ("FAILED" if self.failures else f"passed ({ok} requests answered rightly)"))
        return 1 if self.failures else 0

    def check_memory(self):
        """Flat: after the warm-up (the first tenth of the run, at least 5 s), the last quarter's average RSS at most
        1.5 times the first quarter's."""
        warm = max(5, self.seconds / 10)
        steady = [rss for moment, rss, _ in self.samples if moment >= warm]
        if len(steady) < 8:
            print(f"(memory trend not judged: {len(steady)} samples after the warm-up)")
            return
        quarter = len(steady) // 4
        first, last = sum(steady[:quarter]) / quarter, sum(steady[-quarter:]) / quarter
        print(f"RSS MB after warm-up: first-quarter average {first:.1f}, last-quarter average {last:.1f}")
        if last > 1.5 * first:
            self.failures.append(f"RSS grew from {first:.0f} MB to {last:.0f} MB on average (over 1.5 times)")


def main():
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    if seconds < 10:
        raise SystemExit("usage: soak.py [SECONDS] (at least 10; default 600)")
    if not os.access(alertkit(), os.X_OK):
        raise SystemExit(f"soak: no alertkit binary at {alertkit()}")
    with tempfile.TemporaryDirectory(prefix="alertkit-soak-") as folder:
        soak = Soak(seconds, folder)
        try:
            status = soak.run()
        finally:
            process = getattr(soak, "process", None)
            if process and process.poll() is None:
                process.kill()
                process.wait()
            if process and process.stdout:
                process.stdout.close()
    sys.exit(status)


if __name__ == "__main__":
    main()
