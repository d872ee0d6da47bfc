"""`alertkit serve` as on-call runs it: SIGHUP reloads templates, catalogs and settings (a broken reload keeps the
old ones and says why), the start and stop lines, JSON logs, and what /metrics counts."""
import concurrent.futures
import json
import os
import pathlib
import signal
import subprocess
import time

from clients import metric, request
from conftest import ROOT, Server, alertkit

SAMPLE = (ROOT / "SampleData" / "email-alert.json").read_bytes()
JSON = {"Content-Type": "application/json"}


def settled(probe, wanted, seconds=30):
    """Polls `probe` until it gives `wanted` (a state, not a guessed moment), for at most `seconds`: its last value."""
    deadline = time.monotonic() + seconds
    value = probe()
    while value != wanted and time.monotonic() < deadline:
        time.sleep(0.05)
        value = probe()
    return value


def reloads(server, result):
    return metric(server.metrics(), "alertkit_reloads_total", f'result="{result}"')


def brief(server):
    status, _, body = request(server.port, "POST", "/v1/render?format=brief", SAMPLE, JSON)
    return status, body.decode()


def test_sighup_reloads_a_good_folder_and_keeps_the_old_one_when_the_new_is_broken(tmp_path):
    folder = tmp_path / "templates"
    (folder / "formats").mkdir(parents=True)
    template = folder / "formats" / "brief.txt.mustache"
    template.write_text("first words: {{title}}\n")
    server = Server("--templates", str(folder))
    stop_serving = False
    statuses = []

    def keep_asking():
        while not stop_serving:
            statuses.append(request(server.port, "POST", "/v1/render?format=text", SAMPLE, JSON)[0])

    try:
        status, body = brief(server)
        assert status == 200 and body.startswith("first words: "), body
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            asking = pool.submit(keep_asking)
            # A good folder: the new words are served once the reload is counted.
            template.write_text("second words: {{title}}\n")
            server.process.send_signal(signal.SIGHUP)
            assert settled(lambda: reloads(server, "loaded"), 1) == 1, server.log_path.read_text()[-2000:]
            status, body = brief(server)
            assert status == 200 and body.startswith("second words: "), body
            # A broken one (a catalog that is not JSON): the reload fails, says why, and the last good one is served.
            (folder / "catalog").mkdir()
            (folder / "catalog" / "en.json").write_text("{")
            template.write_text("third words: {{title}}\n")
            server.process.send_signal(signal.SIGHUP)
            assert settled(lambda: reloads(server, "failed"), 1) == 1, server.log_path.read_text()[-2000:]
            status, body = brief(server)
            assert status == 200 and body.startswith("second words: "), body
            # Mended: the next SIGHUP loads it.
            (folder / "catalog" / "en.json").write_text("{}")
            server.process.send_signal(signal.SIGHUP)
            assert settled(lambda: reloads(server, "loaded"), 2) == 2
            assert brief(server)[1].startswith("third words: ")
            # A template that no longer parses, without --strict: a broken reload too; the format keeps answering.
            template.write_text("{{#details}}\n")
            server.process.send_signal(signal.SIGHUP)
            assert settled(lambda: reloads(server, "failed"), 2) == 2
            status, body = brief(server)
            assert status == 200 and body.startswith("third words: "), body
            stop_serving = True
            asking.result(timeout=30)
        assert statuses and set(statuses) == {200}, f"requests during the reloads: {sorted(set(statuses))}"
    finally:
        stop_serving = True
        status = server.stop()
        log = server.log_path.read_text()
        server.close()
    assert status == 0
    assert "reload: templates, catalogs and settings loaded" in log and "reload failed: serving with the templates" in log
    assert "en.json" in log.split("reload failed", 1)[1].split("\n", 1)[0], "the failure names the broken file"
    print(log)  # what on-call reads, for the note (pytest -s shows it)


def test_the_log_starts_and_stops_with_the_version_and_settings_in_force_and_can_be_json(tmp_path):
    server = Server("--log-format", "json", "--body-limit", "65536")
    try:
        request(server.port, "POST", "/v1/render?format=markdown&locale=es", SAMPLE, JSON)
        request(server.port, "POST", "/v1/render", b"nope", JSON)
        batch = b"\n".join([SAMPLE.replace(b"\n", b" "), b"{}"]) + b"\n"
        request(server.port, "POST", "/v1/batch?format=text", batch, {"Content-Type": "application/x-ndjson"})
        settled(lambda: server.log_path.read_text().count('"message":"request"'), 3)
    finally:
        status = server.stop()
        log = server.log_path.read_text()
        server.close()
    assert status == 0
    lines = [line for line in log.splitlines() if line.startswith("{")]
    records = [json.loads(line) for line in lines]  # every log line is one JSON object
    started = next(record for record in records if record["message"] == "started")
    assert started["version"] and started["body_limit"] == "65536" and started["token_file"] == "none", started
    assert started["formats"] and "en" in started["locales"].split(","), started
    requests = [record for record in records if record["message"] == "request"]
    render = next(record for record in requests if record["status"] == "200" and record["route"] == "/v1/render")
    assert render["format"] == "markdown" and render["locale"] == "es" and float(render["duration_ms"]) > 0, render
    assert render["request_id"], render
    refused = next(record for record in requests if record["status"] == "400")
    assert refused["route"] == "/v1/render", refused
    streamed = next(record for record in requests if record["route"] == "/v1/batch")
    assert (streamed["rendered"], streamed["rejected"], streamed["format"]) == ("1", "1", "text"), streamed
    messages = [record["message"] for record in records]
    assert messages.index("shutting down: no new connections; requests in flight get the grace period") < messages.index("stopped")
    assert messages[-1] == "stopped", messages[-3:]
    # The text line on standard error says the version too.
    assert "alertkit serve 0." in log and "listening on http://127.0.0.1:" in log


def test_metrics_count_rejections_by_reason_and_warnings(tmp_path):
    server = Server()
    try:
        request(server.port, "POST", "/v1/render", b"nope", JSON)
        request(server.port, "POST", "/v1/render", b"{}", JSON)
        request(server.port, "POST", "/v1/render", SAMPLE, {"Content-Type": "text/plain"})
        unknown = json.loads(SAMPLE)
        unknown["events"][0]["data"]["match"] = "IDNOSUCH"
        request(server.port, "POST", "/v1/render?format=text", json.dumps(unknown).encode(), JSON)
        exposition = server.metrics()
    finally:
        server.close()
    for reason in ("not_json", "invalid_alert", "unsupported_media_type"):
        assert metric(exposition, "alertkit_rejected_total", f'reason="{reason}"') == 1, (reason, exposition)
    assert metric(exposition, "alertkit_warnings_total", 'format="text"') == 1, exposition


def test_a_reload_never_turns_authentication_off(tmp_path):
    tokens = tmp_path / "tokens"
    tokens.write_text("secret\n")
    config = tmp_path / "serve.json"
    config.write_text(json.dumps({"tokenFile": str(tokens)}))
    server = Server("--config", str(config))
    try:
        assert request(server.port, "POST", "/v1/render", SAMPLE, JSON)[0] == 401
        config.write_text("{}")  # the token file left out of the settings
        server.process.send_signal(signal.SIGHUP)
        assert settled(lambda: reloads(server, "failed"), 1) == 1
        assert request(server.port, "POST", "/v1/render", SAMPLE, JSON)[0] == 401
        assert request(server.port, "POST", "/v1/render", SAMPLE, dict(JSON, Authorization="Bearer secret"))[0] == 200
        # A new token file is taken (a rotation), and said so.
        tokens.write_text("rotated\n")
        config.write_text(json.dumps({"tokenFile": str(tokens)}))
        server.process.send_signal(signal.SIGHUP)
        assert settled(lambda: reloads(server, "loaded"), 1) == 1
        assert request(server.port, "POST", "/v1/render", SAMPLE, dict(JSON, Authorization="Bearer secret"))[0] == 401
        assert request(server.port, "POST", "/v1/render", SAMPLE, dict(JSON, Authorization="Bearer rotated"))[0] == 200
    finally:
        server.stop()
        log = server.log_path.read_text()
        server.close()
    assert "needs tokens" in log and "reload: the bearer tokens changed" in log, log[-1500:]


def test_serve_takes_the_stored_limits_under_its_file_and_flags(tmp_path):
    """`alertkit config set max-events 2` holds for serve as for render; a reload reads it again."""
    one_event = json.loads(SAMPLE)
    three = dict(one_event, events=one_event["events"] * 3)
    body = json.dumps(three).encode()
    server = Server(settings=[("max-events", "5")])
    try:
        assert request(server.port, "POST", "/v1/render?format=text", body, JSON)[0] == 200
        subprocess.run([alertkit(), "config", "set", "max-events", "2"], check=True, capture_output=True,
                       env=dict(os.environ, ALERTKIT_CONFIG=str(pathlib.Path(server.directory.name) / "config.json")))
        server.process.send_signal(signal.SIGHUP)
        assert settled(lambda: reloads(server, "loaded"), 1) == 1
        status, _, answer = request(server.port, "POST", "/v1/render?format=text", body, JSON)
        assert status == 422 and b"the events limit" in answer, answer[:300]
    finally:
        server.close()


def test_serve_takes_its_own_stored_settings_and_a_reload_names_those_that_take_a_restart(tmp_path):
    """`alertkit config set body-limit 4096` and `log-format json` hold for serve; --port 0 (a flag) wins over a
    stored port; a reload that changes a restart-only setting keeps the old value and names it."""
    server = Server(settings=[("body-limit", "4096"), ("log-format", "json"), ("port", "1")])
    config = pathlib.Path(server.directory.name) / "config.json"
    try:
        big = json.dumps(dict(json.loads(SAMPLE), padding="x" * 5000)).encode()
        assert request(server.port, "POST", "/v1/render?format=text", big, JSON)[0] == 413
        assert request(server.port, "POST", "/v1/render?format=text", SAMPLE, JSON)[0] == 200
        for key, value in [("grace-period", "3"), ("body-limit", "1048576")]:
            subprocess.run([alertkit(), "config", "set", key, value], check=True, capture_output=True,
                           env=dict(os.environ, ALERTKIT_CONFIG=str(config)))
        server.process.send_signal(signal.SIGHUP)
        assert settled(lambda: reloads(server, "loaded"), 1) == 1
        # The body limit is taken at once; the grace period takes a restart, and the reload says so.
        assert request(server.port, "POST", "/v1/render?format=text", big, JSON)[0] == 200
        settled(lambda: "take a restart" in server.log_path.read_text(), True)
    finally:
        server.stop()
        log = server.log_path.read_text()
        server.close()
    records = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    started = next(record for record in records if record["message"] == "started")
    assert started["body_limit"] == "4096" and started["log_format"] == "json" and started["grace_period"] == "10", started
    warned = next(record for record in records if "take a restart" in record["message"])
    assert warned["settings"] == "gracePeriod", warned


def test_a_cut_batch_stream_logs_what_it_did(tmp_path):
    """A client that goes away mid-stream (its body never ended): the request's log line counts the records
    rendered so far and says complete=false, and /metrics counts the same."""
    import socket
    server = Server("--log-format", "json")
    try:
        line = SAMPLE.replace(b"\n", b" ") + b"\n"
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as client:
            client.sendall(b"POST /v1/batch?format=text HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                           b"Transfer-Encoding: chunked\r\n\r\n")
            chunk = line * 200  # more than a worker's chunk of 64 records, which a quiet body does not flush
            client.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            received = b""
            while received.count(b'"document"') < 64:  # documents answered: a state, not a moment
                data = client.recv(65536)
                assert data, received[-300:]
                received += data
        # The body never ended: the server sees the client go and cuts the stream.
        logged = settled(lambda: '"route":"/v1/batch"' in server.log_path.read_text(), True)
        assert logged, server.log_path.read_text()[-2000:]
        rendered = metric(server.metrics(), "alertkit_alerts_rendered_total", 'format="text"')
    finally:
        server.stop()
        log = server.log_path.read_text()
        server.close()
    records = [json.loads(text) for text in log.splitlines() if text.startswith("{")]
    streamed = next(record for record in records if record.get("route") == "/v1/batch")
    assert streamed["complete"] == "false" and int(streamed["rendered"]) >= 64 and streamed["rejected"] == "0", streamed
    assert rendered == int(streamed["rendered"]), (rendered, streamed)
