"""Browser-facing contract: stream tickets (EventSource cannot send Authorization) and CORS."""

import redis
import requests

from service import create_app

from .conftest import _serve
from .test_realtime import make, play_one, read_sse


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_a_stream_ticket_follows_its_own_seat_and_only_its_match(live_server, config):
    mid, tokens = make(live_server)
    other_mid, _ = make(live_server)
    for _ in range(2):
        play_one(live_server, mid, tokens)
    issued = requests.post(f"{live_server}/matches/{mid}/stream-ticket", headers=auth(tokens[0]), timeout=5)
    assert issued.status_code == 201
    ticket = issued.json()["ticket"]
    assert issued.json()["seat"] == 0 and 0 < issued.json()["expires_in"] <= 60
    with requests.get(f"{live_server}/matches/{mid}/stream", params={"ticket": ticket},
                      stream=True, timeout=10) as resp:
        assert resp.status_code == 200
        events = read_sse(resp, 3)
    own = [entry for e in events for entry in e["data"]["entries"] if entry["actor"] == 0]
    assert own and all("private" in entry for entry in own)  # seat 0's own draws
    assert all("private" not in entry for e in events for entry in e["data"]["entries"]
               if entry["actor"] == 1)
    wrong = requests.get(f"{live_server}/matches/{other_mid}/stream", params={"ticket": ticket}, timeout=5)
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "invalid_ticket"
    junk = requests.get(f"{live_server}/matches/{mid}/stream", params={"ticket": "x" * 32}, timeout=5)
    assert junk.status_code == 401 and junk.json()["error"]["code"] == "invalid_ticket"
    db = redis.Redis.from_url(config["REDIS_URL"])
    stored = [k for k in db.scan_iter(f"{config['PREFIX']}ticket:*")]
    assert stored and all(ticket.encode() not in k for k in stored)
    assert all(0 < db.ttl(k) <= 60 for k in stored)


def test_a_ticket_needs_a_seat_token(client):
    made = client.post("/matches", json={"game": "toy"}).json
    anonymous = client.post(f"/matches/{made['match_id']}/stream-ticket")
    assert anonymous.status_code == 401 and anonymous.json["error"]["code"] == "unauthorized"
    bad = client.post(f"/matches/{made['match_id']}/stream-ticket", headers=auth("not-a-token"))
    assert bad.status_code == 401
    assert client.post("/matches/nope/stream-ticket", headers=auth("x")).status_code == 404


def test_cors_is_off_by_default(client):
    answer = client.get("/games", headers={"Origin": "https://example.test"})
    assert "Access-Control-Allow-Origin" not in answer.headers


def test_cors_allows_configured_origins_answers_preflight_and_exposes_headers(config):
    client = create_app(dict(config, CORS_ORIGINS=["https://play.example"])).test_client()
    preflight = client.options("/matches/abc/actions", headers={
        "Origin": "https://play.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key, if-match"})
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://play.example"
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    for header in ("authorization", "idempotency-key", "if-match"):
        assert header in allowed
    made = client.post("/matches", json={"game": "toy"}, headers={"Origin": "https://play.example"})
    assert made.headers["Access-Control-Allow-Origin"] == "https://play.example"
    exposed = made.headers["Access-Control-Expose-Headers"]
    for header in ("ETag", "Location", "Retry-After", "Idempotent-Replayed", "X-RateLimit-Remaining"):
        assert header in exposed
    stranger = client.get("/games", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in stranger.headers


def test_the_access_log_never_records_a_ticket_or_a_token(config, tmp_path):
    log = tmp_path / "access.log"
    server = _serve(config, access_log=str(log))
    base = next(server)
    try:
        mid, tokens = make(base)
        ticket = requests.post(f"{base}/matches/{mid}/stream-ticket", headers=auth(tokens[0]),
                               timeout=5).json()["ticket"]
        with requests.get(f"{base}/matches/{mid}/stream", params={"ticket": ticket, "after": 1},
                          stream=True, timeout=10) as resp:
            assert resp.status_code == 200
        requests.get(f"{base}/matches/{mid}", headers=auth(tokens[1]), timeout=5)
    finally:
        server.close()
    text = log.read_text()
    assert f"/matches/{mid}/stream" in text  # the log is on
    assert ticket not in text and tokens[0] not in text and tokens[1] not in text
