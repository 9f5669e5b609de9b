"""Client-contract details: error codes, seeds as strings, limits, conditional requests, headers,
streams, simultaneous decisions, compression and listing (test client, real Redis)."""

import pytest


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def new_match(client, **body):
    body.setdefault("game", "toy")
    body.setdefault("seed", 11)
    response = client.post("/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


@pytest.mark.parametrize("method, path", [
    ("get", "/matches/nope"), ("get", "/matches/nope/actions"), ("post", "/matches/nope/actions"),
    ("post", "/matches/nope/join"), ("get", "/matches/nope/events"), ("get", "/matches/nope/stream"),
    ("get", "/matches/nope/replay")])
def test_an_unknown_match_is_match_not_found(client, method, path):
    body = {"action": {"type": "draw"}} if path.endswith("actions") else {}
    response = getattr(client, method)(path, json=body, headers=auth("whatever"))
    assert (response.status_code, response.json["error"]["code"]) == (404, "match_not_found")


def test_an_unknown_game_is_still_unknown_game(client):
    assert client.post("/matches", json={"game": "chess"}).json["error"]["code"] == "unknown_game"
    assert client.get("/games/chess").json["error"]["code"] == "unknown_game"
