"""Remote bots over HTTP (127.0.0.1 only, which the operator's allow-list must name): a good
answer is played; a timeout, a refusal, a crash, a bad or an illegal answer is recorded against the
entrant and the zombie policy plays; the match goes on."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from engine.tournament import SpecError, run_in_memory, standings, validate_spec

SEEN = []


class Handler(BaseHTTPRequestHandler):
    """/good: the first legal action; /slow: too late; /crash: HTTP 500; /illegal: a made-up
    action; /garbage: not JSON."""

    def do_POST(self):  # noqa: N802
        request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        SEEN.append(request)
        if self.path == "/crash":
            self.send_response(500)
            self.end_headers()
            return
        if self.path == "/slow":
            time.sleep(0.3)
        answer = {"/illegal": {"action": {"type": "steal", "card": 99}}}.get(
            self.path, {"action": request["legal_actions"][0]})
        body = b"not json" if self.path == "/garbage" else json.dumps(answer).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except OSError:  # /slow: the runner hung up at its deadline
            pass

    def log_message(self, *args):
        pass


@pytest.fixture(autouse=True)
def loopback_allowed(monkeypatch):
    """These bots listen on 127.0.0.1: a non-public address, so the allow-list names it."""
    monkeypatch.setenv("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", "127.0.0.1")


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def _tournament(url, timeout_ms=1000):
    return validate_spec({"game": "classified", "deals": 1, "seed": 3, "entrants": [
        "random", {"name": "far", "remote": {"url": url, "timeout_ms": timeout_ms}}]})


def test_a_good_remote_bot_plays_its_answers(server):
    SEEN.clear()
    spec = _tournament(server + "/good")
    records = run_in_memory(spec)
    assert all(r["finished"] and not r["faults"] for r in records)
    request = SEEN[0]
    assert set(request) == {"game", "seat", "deadline_ms", "view", "legal_actions", "match"}
    assert request["view"]["legal_actions"] == request["legal_actions"]
    assert request["view"]["state"] is not None and request["match"]["tournament"] == spec["name"]
    first_history = records[0]["replay"]["history"]
    remote_seat = records[0]["seats"].index("far")
    moves = [action for seat, action in first_history if seat == remote_seat]
    assert moves and len(moves) == records[0]["moves_per_seat"][remote_seat]


@pytest.mark.parametrize("path,timeout_ms,kind", [
    ("/slow", 100, "timeout"), ("/crash", 1000, "bad answer"), ("/illegal", 1000, "illegal"),
    ("/garbage", 1000, "bad answer"),
])
def test_faults_are_recorded_and_the_zombie_plays(server, path, timeout_ms, kind):
    spec = _tournament(server + path, timeout_ms)
    records = run_in_memory(spec)
    for record in records:
        assert record["finished"]
        remote_seat = record["seats"].index("far")
        assert record["faults"] and {f["seat"] for f in record["faults"]} == {remote_seat}
        assert all(f["fault"] == kind for f in record["faults"])
        assert len(record["faults"]) == record["moves_per_seat"][remote_seat]
    row = {r["entrant"]: r for r in standings(spec, records)["standings"]}
    assert row["far"]["faults"] == sum(len(r["faults"]) for r in records)
    assert row["far"]["fault_kinds"] == {kind: row["far"]["faults"]}
    assert row["random"]["faults"] == 0


def test_nobody_listening_is_a_refusal_not_a_crash():
    spec = _tournament("http://127.0.0.1:9/", 200)
    records = run_in_memory(spec)
    assert all(r["finished"] and r["faults"][0]["fault"] == "refused" for r in records)


@pytest.mark.parametrize("entrant,field", [
    ({"name": "x", "remote": {"url": "ftp://example"}}, "entrants[1].remote.url"),
    ({"name": "x", "remote": {"url": "http://127.0.0.1:1/", "timeout_ms": 0}},
     "entrants[1].remote.timeout_ms"),
    ({"name": "x", "remote": {"url": "http://127.0.0.1:1/", "retries": 2}},
     "entrants[1].remote.retries"),
    ({"remote": "http://127.0.0.1:1/"}, "entrants[1].name"),
    ({"name": "x", "bot": "random", "remote": "http://127.0.0.1:1/"}, "entrants[1].bot"),
])
def test_remote_spec_errors_name_the_field(entrant, field):
    with pytest.raises(SpecError) as caught:
        validate_spec({"game": "classified", "entrants": ["random", entrant]})
    assert caught.value.field == field


def test_the_example_remote_bot_plays_a_tournament(tmp_path):
    import os
    import socket
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    bot = subprocess.Popen([sys.executable, os.path.join(root, "examples", "remote_bot.py"),
                            "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        records = run_in_memory(_tournament(f"http://127.0.0.1:{port}/", 5000))
        assert all(r["finished"] and not r["faults"] for r in records)
    finally:
        bot.terminate()
        bot.wait(timeout=10)
