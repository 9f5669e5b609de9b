"""Issue 27's contract items, one behaviour each: what schemathesis --checks all found, fixed in the
server (the schema side is held by test_schemathesis.py and test_openapi.py)."""

import socket

import requests

BOT = {"bot": "random"}


def _match(client, game="classified", seats=None):
    body = {"game": game, **({"seats": seats} if seats is not None else {})}
    made = client.post("/matches", json=body)
    assert made.status_code == 201, made.json
    return made.json


def test_405_names_the_allowed_methods(client):
    answer = client.open("/games", method="TRACE")
    assert answer.status_code == 405
    assert set(answer.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "HEAD", "OPTIONS"}


def test_no_token_is_401_before_a_weak_idempotency_key(client):
    made = _match(client)
    answer = client.post(f"/matches/{made['match_id']}/actions", headers={"Idempotency-Key": "short"},
                         json={"action": {"type": "pass"}, "version": 0})
    assert answer.status_code == 401 and answer.json["error"]["code"] == "unauthorized"


def test_listing_with_an_unknown_token_is_401_like_a_view(client):
    made = _match(client)
    bad = {"Authorization": "Bearer not-a-token-of-ours"}
    assert client.get(f"/matches/{made['match_id']}", headers=bad).status_code == 401
    assert client.get("/matches", headers=bad).status_code == 401
    good = {"Authorization": f"Bearer {made['tokens'][0]['token']}"}
    assert client.get("/matches", headers=good).status_code == 200


def test_unknown_keys_on_human_and_open_seats_are_refused(client):
    for kind in ("human", "open"):
        answer = client.post("/matches", json={"game": "classified",
                                               "seats": [{"kind": kind, "colour": "red"}, BOT]})
        assert answer.status_code == 400 and answer.json["error"]["field"] == "seats[0].colour"


def test_catalog_ranges_are_the_servers_limits_and_seat_counts_are_listed(client, app):
    settings = app.extensions["safehouse"]["settings"]
    for game in client.get("/games").json["games"]:
        ismcts = next(b for b in game["bots"] if b["bot"] == "ismcts")["params"]
        assert ismcts["budget_ms"]["max"] == settings.max_bot_budget_ms
        assert ismcts["iterations"]["max"] == settings.max_bot_iterations
    ifthen = client.get("/games/ifthen").json["seat_counts"]
    assert {"options": {"players": 4, "allKnowing": "engine"}, "seats": 3} in ifthen
    assert {"options": {"players": 4, "allKnowing": "seat"}, "seats": 4} in ifthen
    too_big = client.post("/matches", json={"game": "classified", "seats": [
        {"bot": "ismcts", "budget_ms": settings.max_bot_budget_ms}, BOT]})
    assert too_big.status_code == 201  # the advertised maximum is accepted


def test_the_wrong_number_of_seats_is_a_422_naming_seat_counts(client):
    answer = client.post("/matches", json={"game": "classified", "seats": [BOT]})
    assert answer.status_code == 422 and answer.json["error"]["code"] == "wrong_seat_count"


def test_events_after_the_end_are_not_echoed(client):
    made = _match(client, seats=[BOT, BOT])
    answer = client.get(f"/matches/{made['match_id']}/events", query_string={"after": 10**12}).json
    assert answer["events"] == [] and answer["last"] < 10**12


def test_a_304_names_the_current_representation(client):
    made = _match(client)
    url, gzip = f"/matches/{made['match_id']}", {"Accept-Encoding": "gzip"}
    first = client.get(url, headers=gzip)
    assert first.headers["ETag"].endswith('-gzip"')  # a view is over 1 KB: sent gzipped
    plain = first.headers["ETag"].replace("-gzip", "")
    again = client.get(url, headers={**gzip, "If-None-Match": plain})
    assert again.status_code == 304 and again.headers["ETag"] == first.headers["ETag"]


def _raw(base, request):
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return data.decode("latin1")


def test_gunicorns_own_refusals_are_json(live_server):
    long_line = _raw(live_server, b"GET /games?x=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    big_header = _raw(live_server, b"GET /games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n")
    many = _raw(live_server, b"GET /games HTTP/1.1\r\nHost: x\r\n"
                + b"".join(b"X-%d: 1\r\n" % i for i in range(110)) + b"\r\n")
    for answer, status, code in ((long_line, 414, "uri_too_long"), (big_header, 431, "headers_too_large"),
                                 (many, 431, "headers_too_large")):
        assert answer.startswith(f"HTTP/1.1 {status} ") and "Content-Type: application/json" in answer
        assert f'"code":"{code}"' in answer
    assert requests.get(live_server + "/games", timeout=10).status_code == 200
