"""Finding 7: the worker followed redirects (even to ftp://), called any URL (loopback, private
ranges), its fault messages worked as a port-scan oracle, and a CRLF in a URL crashed the batch
job. Now remote calls are http(s) only, never follow a redirect, refuse non-public addresses
unless the operator's allow-list names them (every resolved address checked, the connection made
to the checked one), say only "timeout" / "refused" / "bad answer", and URLs are checked at spec
time (no control characters) with the field named."""

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from engine.tournament import SpecError, play_entry, schedule_entry, validate_spec
from engine.tournament import remote
from service import create_app

HITS = []
TRICKLED = []
PAYLOAD = {"game": "classified", "seat": 0, "deadline_ms": 500, "view": {}, "legal_actions": [],
           "match": {}}


class Handler(BaseHTTPRequestHandler):
    """/good: an action; /moved: a redirect (to /good, or ftp://); /crash: 500 with a detail."""

    def do_POST(self):  # noqa: N802
        HITS.append(self.path)
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path.startswith("/moved"):
            self.send_response(302)
            self.send_header("Location", "ftp://127.0.0.1/x" if "ftp" in self.path else "/good")
            self.end_headers()
            return
        if self.path == "/trickle":
            return self._trickle()
        status, body = (500, b"Traceback: secret internal detail") if self.path == "/crash" else (
            200, json.dumps({"action": {"type": "pass"}}).encode())
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _trickle(self):
        """A valid answer sent one byte per 0.1 s (3 s in all); notes whether it all went out."""
        body = json.dumps({"action": {"type": "pass"}}).encode().ljust(30)
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for byte in body:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.1)
            TRICKLED.append("sent whole")
        except OSError:
            TRICKLED.append("cut")

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def bot():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", httpd.server_address[1]
    httpd.shutdown()


def _ask(url, timeout_ms=1000):
    return remote.ask({"url": url, "timeout_ms": timeout_ms}, PAYLOAD)


def test_loopback_and_private_addresses_are_refused_unless_allowed(bot, monkeypatch):
    base, port = bot
    monkeypatch.delenv("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", raising=False)
    HITS.clear()
    for url in (f"{base}/good", f"http://localhost:{port}/good", f"http://[::ffff:127.0.0.1]:{port}/good",
                "http://10.0.0.1/", "http://169.254.169.254/latest", "http://224.0.0.1/", "http://0.0.0.0/"):
        assert _ask(url, 300) == (None, "refused"), url
    assert HITS == []  # nothing was sent
    monkeypatch.setenv("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", "127.0.0.1")
    assert _ask(f"{base}/good") == ({"type": "pass"}, None)


def test_every_resolved_address_is_checked_and_the_checked_one_is_called(bot, monkeypatch):
    base, port = bot
    monkeypatch.setenv("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", "127.0.0.1")
    real, answers = socket.getaddrinfo, []

    def resolve(host, *args, **kwargs):  # a rebinding name: allowed first, elsewhere after
        if host != "bot.example":
            return real(host, *args, **kwargs)  # an address: no look-up
        answers.append(host)
        target = "127.0.0.1" if len(answers) == 1 else "127.0.0.2"
        return real(target, *args, **kwargs)
    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    assert _ask(f"http://bot.example:{port}/good") == ({"type": "pass"}, None)
    assert len(answers) == 1  # resolved once; the connection went to the checked address

    def mixed(host, port_, *args, **kwargs):
        return real("8.8.8.8", port_, *args, **kwargs) + real("10.0.0.1", port_, *args, **kwargs)
    monkeypatch.setattr(socket, "getaddrinfo", mixed)
    monkeypatch.setattr(socket, "create_connection", _never)
    assert _ask("http://mixed.example/good") == (None, "refused")


def test_redirects_are_never_followed(bot, monkeypatch):
    base, _ = bot
    monkeypatch.setenv("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", "127.0.0.1")
    HITS.clear()
    assert _ask(f"{base}/moved") == (None, "bad answer")
    assert _ask(f"{base}/moved-ftp") == (None, "bad answer")
    assert HITS == ["/moved", "/moved-ftp"]  # /good was never requested


def test_a_trickled_answer_is_cut_at_the_deadline(bot, monkeypatch):
    base, _ = bot
    monkeypatch.setenv("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", "127.0.0.1")
    TRICKLED.clear()
    assert _ask(f"{base}/trickle", timeout_ms=300) == (None, "timeout")
    for _ in range(100):  # bounded: the handler ends within its 3 s
        if TRICKLED:
            break
        time.sleep(0.05)
    assert TRICKLED == ["cut"]  # the worker hung up instead of reading on


def test_a_call_cut_while_still_sending_is_a_timeout(bot, monkeypatch):
    """On a loaded machine the deadline can pass before the request is out: the cut socket then
    fails the send (a broken pipe), which is still the deadline's doing, not a refusal."""
    base, _ = bot
    monkeypatch.setenv("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", "127.0.0.1")
    sending = remote._Pinned.request

    def slow_request(self, *args, **kwargs):
        if self.sock is None:
            self.connect()
        time.sleep(0.3)  # the 100 ms deadline passes (and the watchdog cuts) before sending
        return sending(self, *args, **kwargs)
    monkeypatch.setattr(remote._Pinned, "request", slow_request)
    assert _ask(f"{base}/good", timeout_ms=100) == (None, "timeout")


def test_faults_carry_no_network_detail(bot, monkeypatch):
    base, _ = bot
    monkeypatch.setenv("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", "127.0.0.1")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]  # nobody listens there
    faults = [_ask(f"{base}/crash")[1], _ask(f"http://127.0.0.1:{closed}/")[1],
              _ask("http://no-such-host.invalid/")[1], _ask(f"{base}/good\r\nX-Injected: 1")[1]]
    assert faults == ["bad answer", "refused", "refused", "refused"]
    assert set(faults) <= set(remote.FAULTS)


@pytest.mark.parametrize("url", ["http://127.0.0.1:1/\r\nX-Injected: 1", "http://a b/", "http://x/\x00",
                                 "http://user:pw@example.com/",
                                 "http://example.com:99999/", "http://" + "a" * 3000 + ".com/", "http:///x"])
def test_bad_urls_are_refused_at_spec_time_naming_the_field(config, url):
    entrant = {"name": "far", "remote": {"url": url}}
    with pytest.raises(SpecError) as caught:
        validate_spec({"game": "classified", "entrants": ["random", entrant]})
    assert caught.value.field == "entrants[1].remote.url"
    server = create_app(dict(config, TOURNAMENT_REMOTE_BOTS=True)).test_client()
    answer = server.post("/tournaments", json={"spec": {"game": "classified", "entrants": ["random", entrant]}})
    assert answer.status_code == 400 and answer.json["error"]["field"] == "spec.entrants[1].remote.url"


def test_a_private_literal_is_refused_at_spec_time_unless_allowed(config):
    spec = {"game": "classified", "entrants": ["random", {"name": "far", "remote": "http://10.1.2.3:8080/"}]}
    strict = create_app(dict(config, TOURNAMENT_REMOTE_BOTS=True)).test_client()
    answer = strict.post("/tournaments", json={"spec": spec})
    assert answer.status_code == 400 and answer.json["error"]["field"] == "spec.entrants[1].remote.url"
    allowed = create_app(dict(config, TOURNAMENT_REMOTE_BOTS=True,
                              TOURNAMENT_REMOTE_ALLOW="10.0.0.0/8")).test_client()
    assert allowed.post("/tournaments", json={"spec": spec}).status_code == 202


def test_a_bad_url_never_crashes_a_match(monkeypatch):
    """Even a URL that slipped past validation (a spec edited after it) only makes faults."""
    spec = validate_spec({"game": "classified", "deals": 1, "entrants": [
        "random", {"name": "far", "remote": "http://127.0.0.1:9/"}]})
    spec["entrants"][1]["remote"]["url"] = "http://127.0.0.1:9/\r\nHost: evil"
    record = play_entry(spec, schedule_entry(spec, 0))
    assert record["finished"] and {f["fault"] for f in record["faults"]} == {"refused"}


def _never(*args, **kwargs):
    raise AssertionError("connected to an address that was not checked")
