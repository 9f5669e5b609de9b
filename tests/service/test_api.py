"""API behaviour through the Flask test client against a real Redis."""

import json

import pytest

import engine


def create(client, **body):
    body.setdefault("game", "toy")
    body.setdefault("seed", 42)
    response = client.post("/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_catalog_lists_games_with_options_and_bots(client):
    games = client.get("/games").json["games"]
    toy = next(g for g in games if g["game"] == "toy")
    assert toy["options"]["target"] == {"default": 6, "type": "int", "min": 2, "max": 8,
                                        "label": "Target", "help": ""}
    assert any(b["bot"] == "random" for b in toy["bots"])
    assert client.get("/games/toy").json["name"] == toy["name"]
    assert client.get("/games/nope").json["error"]["code"] == "unknown_game"


def test_create_issues_one_token_per_human_seat(client):
    made = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert [t["seat"] for t in made["tokens"]] == [0]
    assert made["status"] == "active" and made["version"] == 0
    assert len(made["commitment"]) == 64


def test_views_are_redacted_per_seat(client):
    made = create(client, seed=987654321987)  # digits a random hex id will not contain
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    mid = made["match_id"]
    spectator = client.get(f"/matches/{mid}").json
    assert spectator["seat"] is None and spectator["state"]["hand"] is None
    mine = client.get(f"/matches/{mid}", headers=auth(tokens[0])).json
    assert mine["seat"] == 0 and len(mine["state"]["hand"]) == 2
    assert mine["legal_actions"] and spectator["legal_actions"] == []
    theirs = client.get(f"/matches/{mid}", headers=auth(tokens[1])).json
    assert set(theirs["state"]["hand"]).isdisjoint(mine["state"]["hand"])
    for view in (spectator, mine, theirs):
        assert "987654321987" not in json.dumps(view) and '"seed"' not in json.dumps(view)


def test_play_action_advances_and_rejects_bad_input_without_change(client):
    made = create(client)
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    mid = made["match_id"]
    legal = client.get(f"/matches/{mid}/actions", headers=auth(tokens[0])).json["legal_actions"]
    before = client.get(f"/matches/{mid}").json
    cases = [
        ({"action": {"type": "fly"}}, 422, "invalid_action"),
        ({"action": {"type": "play", "card": 99}}, 409, "illegal_action"),
        ({"action": legal[0], "version": 5}, 409, "stale_version"),
        ({"action": legal[0], "seat": 1}, 403, "forbidden_seat"),
        ({"nothing": 1}, 400, "invalid_request"),
    ]
    for body, status, code in cases:
        response = client.post(f"/matches/{mid}/actions", json=body, headers=auth(tokens[0]))
        assert (response.status_code, response.json["error"]["code"]) == (status, code), body
    wrong_turn = client.post(f"/matches/{mid}/actions", json={"action": legal[0]}, headers=auth(tokens[1]))
    assert wrong_turn.json["error"]["code"] == "not_your_turn"
    assert client.post(f"/matches/{mid}/actions", json={"action": legal[0]}).status_code == 401
    assert client.get(f"/matches/{mid}").json == before
    ok = client.post(f"/matches/{mid}/actions", json={"action": legal[0], "version": 0}, headers=auth(tokens[0]))
    assert ok.status_code == 200 and ok.json["version"] == 1


def test_illegal_rejection_carries_version_and_legal_actions(client):
    made = create(client)
    token = made["tokens"][0]["token"]
    response = client.post(f"/matches/{made['match_id']}/actions",
                           json={"action": {"type": "play", "card": 99}}, headers=auth(token))
    err = response.json["error"]
    assert err["current_version"] == 0 and err["legal_actions"]
    assert "99" in err["message"] or err["message"]


@pytest.mark.parametrize("body, field", [
    ({"game": "toy", "options": {"target": 99}}, "options.target"),
    ({"game": "toy", "options": {"colour": 1}}, "options.colour"),
    ({"game": "toy", "seats": [{"kind": "bot", "bot": "nobody"}, {}]}, "seats[0]"),
    ({"game": "toy", "seats": [{}]}, "seats"),
    ({"game": 5}, "game"),
    ({}, "game"),
])
def test_bad_create_requests_name_the_field(client, body, field):
    response = client.post("/matches", json=body)
    assert 400 <= response.status_code < 500
    assert response.json["error"]["field"] == field


def test_unknown_game_and_match_are_404(client):
    assert client.post("/matches", json={"game": "chess"}).status_code == 404
    assert client.get("/matches/nope").json["error"]["code"] == "match_not_found"


def test_non_json_bodies_are_4xx(client):
    assert client.post("/matches", data="{", content_type="application/json").status_code == 400
    assert client.post("/matches", data="x=1", content_type="text/plain").status_code == 415
    assert client.post("/matches", json=[1, 2]).status_code == 400


def test_client_seed_refused_unless_allowed(config):
    from service import create_app
    client = create_app(dict(config, ALLOW_CLIENT_SEEDS=False)).test_client()
    response = client.post("/matches", json={"game": "toy", "seed": 3})
    assert response.status_code == 400 and response.json["error"]["field"] == "seed"
    assert client.post("/matches", json={"game": "toy"}).status_code == 201


def test_seed_and_token_never_in_events_or_views(client):
    made = create(client, seed=9_111_222_333_444)
    token = made["tokens"][0]["token"]
    mid = made["match_id"]
    text = json.dumps(client.get(f"/matches/{mid}/events").json) + json.dumps(client.get(f"/matches/{mid}").json)
    assert "9111222333444" not in text and token not in text


def test_replay_only_after_the_end_and_verifies_commitment(client):
    made = create(client)
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    mid = made["match_id"]
    assert client.get(f"/matches/{mid}/replay").json["error"]["code"] == "not_finished"
    view = client.get(f"/matches/{mid}").json
    while not view["finished"]:
        seat = view["to_move"][0]
        action = client.get(f"/matches/{mid}/actions", headers=auth(tokens[seat])).json["legal_actions"][0]
        view = client.post(f"/matches/{mid}/actions", json={"action": action}, headers=auth(tokens[seat])).json
    replay = client.get(f"/matches/{mid}/replay").json
    from service.matches import commitment_for
    assert commitment_for("toy", replay["options"], int(replay["seed"]), replay["setup"]) == made["commitment"]
    again = engine.replay("toy", replay["options"], int(replay["seed"]),
                          [(h["seat"], h["action"]) for h in replay["history"]])
    worded = dict(view["outcome"])
    assert " won" in worded.pop("text")  # the view's outcome in words
    assert engine.render(again, None)["outcome"] == replay["outcome"] == worded
    assert replay["log"] == list(again.log)  # every chance result, private parts included
    assert any(entry.get("private") for entry in replay["log"])


def test_view_log_since_cuts_the_log_and_bad_values_are_400(client):
    made = create(client)
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    mid = made["match_id"]
    for _ in range(3):
        view = client.get(f"/matches/{mid}", headers=auth(tokens[0])).json
        mover = view["to_move"][0]
        legal = client.get(f"/matches/{mid}/actions", headers=auth(tokens[mover])).json["legal_actions"]
        assert client.post(f"/matches/{mid}/actions", json={"action": legal[0]},
                           headers=auth(tokens[mover])).status_code == 200
    whole = client.get(f"/matches/{mid}", headers=auth(tokens[0]))
    tail = client.get(f"/matches/{mid}?log_since=2", headers=auth(tokens[0]))
    assert tail.status_code == 200 and whole.json["version"] == 3
    assert tail.json["log"] == [e for e in whole.json["log"] if e["seq"] > 2] and tail.json["log"]
    assert {k: v for k, v in tail.json.items() if k != "log"} == {
        k: v for k, v in whole.json.items() if k != "log"}
    assert tail.headers["ETag"] != whole.headers["ETag"]
    assert client.get(f"/matches/{mid}?log_since=3", headers=auth(tokens[0])).json["log"] == []
    cached = client.get(f"/matches/{mid}?log_since=2", headers={
        **auth(tokens[0]), "If-None-Match": tail.headers["ETag"]})
    assert cached.status_code == 304
    for bad in ("-1", "x", "1.5"):
        response = client.get(f"/matches/{mid}?log_since={bad}")
        assert response.status_code == 400 and response.json["error"]["code"] == "invalid_request"
        assert response.json["error"]["field"] == "log_since"
