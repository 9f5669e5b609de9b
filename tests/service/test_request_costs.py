"""What one request costs in Redis round trips (counted, never timed), and that the cheaper rate
limit storage still answers correct X-RateLimit-* headers and 429s."""

import time

import pytest
import redis

from service import create_app

# GET view: one transaction counts the rate limit hit and loads the match. POST action: that, then
# the compare-and-set save script (which announces the match itself).
MAX_VIEW_ROUND_TRIPS = 1
MAX_ACTION_ROUND_TRIPS = 2


@pytest.fixture
def round_trips(monkeypatch):
    """The name of the first command of each write to a Redis socket by this process (a command,
    a pipeline or a transaction: one round trip each)."""
    sent = []
    send = redis.connection.AbstractConnection.send_packed_command

    def counted(self, command, *args, **options):
        packed = command if isinstance(command, (bytes, str)) else b"".join(
            part if isinstance(part, bytes) else bytes(part) for part in command)
        packed = packed.encode() if isinstance(packed, str) else packed
        sent.append(packed.split(b"\r\n")[2].decode())  # *<n>, $<len>, then the command's name
        return send(self, command, *args, **options)

    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counted)
    return sent


def _new_match(client):
    made = client.post("/matches", json={"game": "insidejob", "options": {"players": 4}, "seed": 3,
                                         "seats": [{"kind": "human"}] * 4}).get_json()
    return made["match_id"], {t["seat"]: t["token"] for t in made["tokens"]}


def _play_one(client, match_id, tokens):
    """The seat to move plays its first legal action (loads every script into a fresh Redis)."""
    seat = client.get(f"/matches/{match_id}").get_json()["to_move"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    view = client.get(f"/matches/{match_id}", headers=auth).get_json()
    client.post(f"/matches/{match_id}/actions", headers=auth,
                json={"action": view["legal_actions"][0], "version": view["version"]})


def test_a_view_and_an_action_cost_few_redis_round_trips(client, round_trips):
    match_id, tokens = _new_match(client)
    _play_one(client, match_id, tokens)  # a Redis that never saw the scripts costs a load once
    seat = client.get(f"/matches/{match_id}").get_json()["to_move"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    round_trips.clear()
    view = client.get(f"/matches/{match_id}", headers=auth)
    assert view.status_code == 200 and "X-RateLimit-Remaining" in view.headers
    assert len(round_trips) <= MAX_VIEW_ROUND_TRIPS, round_trips
    round_trips.clear()
    answer = client.post(f"/matches/{match_id}/actions", headers=auth,
                         json={"action": view.get_json()["legal_actions"][0],
                               "version": view.get_json()["version"]})
    assert answer.status_code == 200 and "X-RateLimit-Remaining" in answer.headers
    assert len(round_trips) <= MAX_ACTION_ROUND_TRIPS, round_trips


def test_a_view_at_a_version_costs_one_round_trip_like_the_view(client, round_trips):
    match_id, tokens = _new_match(client)
    _play_one(client, match_id, tokens)
    _play_one(client, match_id, tokens)
    for seat in (None, 0):
        auth = {"Authorization": f"Bearer {tokens[seat]}"} if seat is not None else {}
        round_trips.clear()
        view = client.get(f"/matches/{match_id}/replay?at=1", headers=auth)
        assert view.status_code == 200 and view.get_json()["version"] == 1
        assert len(round_trips) <= MAX_VIEW_ROUND_TRIPS, round_trips


def test_scripts_redis_does_not_know_go_the_long_way(client):
    """NOSCRIPT (a restarted or failed-over Redis has forgotten the scripts; simulated with SHAs
    it never saw, so the shared server is left alone): the request loads the scripts again and
    answers as usual."""
    match_id, tokens = _new_match(client)
    seat = client.get(f"/matches/{match_id}").get_json()["to_move"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    parts = client.application.extensions["safehouse"]
    scripts = (parts["store"]._create, parts["store"]._save)  # the limiter counts without a script
    for script in scripts:
        script.sha = "0" * 40
    view = client.get(f"/matches/{match_id}", headers=auth)  # the view needs no script
    assert view.status_code == 200 and "X-RateLimit-Remaining" in view.headers
    answer = client.post(f"/matches/{match_id}/actions", headers=auth,
                         json={"action": view.get_json()["legal_actions"][0],
                               "version": view.get_json()["version"]})
    assert answer.status_code == 200 and answer.get_json()["version"] == view.get_json()["version"] + 1
    assert parts["store"]._save.sha != "0" * 40  # loaded again
    assert client.post("/matches", json={"game": "insidejob", "options": {"players": 4}}).status_code == 201
    assert parts["store"]._create.sha != "0" * 40


def test_rate_limit_headers_and_429_come_from_the_one_hit(config, redis_url):
    app = create_app(dict(config, RATE_LIMIT="4/minute", CREATE_LIMIT="4/minute"))
    client = app.test_client()
    remaining, resets = [], []
    for _ in range(4):
        answer = client.get("/matches/nosuchmatch")
        assert answer.status_code == 404
        assert answer.headers["X-RateLimit-Limit"] == "4"
        remaining.append(int(answer.headers["X-RateLimit-Remaining"]))
        resets.append(int(answer.headers["X-RateLimit-Reset"]))
    assert remaining == [3, 2, 1, 0]
    assert all(time.time() - 2 <= reset <= time.time() + 61 for reset in resets)
    refused = client.get("/matches/nosuchmatch")
    assert refused.status_code == 429
    assert refused.get_json()["error"]["code"] == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 61
    assert refused.headers["X-RateLimit-Remaining"] == "0"


def test_creation_counts_both_limits_and_reports_its_own(config):
    client = create_app(dict(config, RATE_LIMIT="5/minute", CREATE_LIMIT="2/minute")).test_client()
    body = {"game": "insidejob", "options": {"players": 4}, "seats": [{"kind": "human"}] * 4}
    answers = [client.post("/matches", json=body) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 429]
    assert [a.headers["X-RateLimit-Limit"] for a in answers] == ["2", "2", "2"]
    assert [a.headers["X-RateLimit-Remaining"] for a in answers] == ["1", "0", "0"]
    views = [client.get("/matches/nosuchmatch") for _ in range(3)]  # the overall budget: 3 used
    assert [v.status_code for v in views] == [404, 404, 429]
    assert [v.headers["X-RateLimit-Remaining"] for v in views] == ["1", "0", "0"]
    assert client.get("/healthz").status_code == 200  # exempt


def test_a_limit_string_with_two_windows_counts_both(config):
    client = create_app(dict(config, RATE_LIMIT="3/minute;2/hour")).test_client()
    answers = [client.get("/matches/nosuchmatch") for _ in range(3)]
    assert [a.status_code for a in answers] == [404, 404, 429]
    assert answers[2].headers["X-RateLimit-Limit"] == "2"  # the breached one


@pytest.mark.parametrize("header", ["gzip", "gzip, deflate, br", "x-gzip", "deflate", "", "*", "GZIP",
                                    "gzip;q=0", "gzip;q=0.5, br", "*;q=0", "br, *;q=0.1", "identity"])
def test_the_quick_accept_encoding_read_agrees_with_werkzeug(app, header):
    from flask import request

    from service.api.headers import _accepts_gzip
    with app.test_request_context(headers={"Accept-Encoding": header} if header else {}):
        assert _accepts_gzip() == (request.accept_encodings["gzip"] > 0)


def test_a_classified_seat_view_reads_its_notes_in_the_same_round_trip(client, round_trips):
    """Classified keeps each seat's cypher-wheel notes beside the match: a seat's view reads them
    in the one round trip of its load (once this process has seen the match has notes)."""
    made = client.post("/matches", json={"game": "classified", "seed": 7}).get_json()
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    url = f"/matches/{made['match_id']}"
    assert client.put(f"{url}/notes", json={"number": 4, "mark": "coloured"}, headers=auth).status_code == 200
    client.get(url, headers=auth)  # a process meets a match's notes once
    round_trips.clear()
    view = client.get(url, headers=auth)
    assert view.status_code == 200 and view.get_json()["state"]["notes"]["4"] == "coloured"
    assert len(round_trips) <= MAX_VIEW_ROUND_TRIPS, round_trips
    round_trips.clear()
    other = client.get(url, headers={"Authorization": f"Bearer {tokens[1]}"})
    assert other.get_json()["state"]["notes"]["4"] == "none"  # the other seat's own notes only
    assert len(round_trips) <= MAX_VIEW_ROUND_TRIPS, round_trips
