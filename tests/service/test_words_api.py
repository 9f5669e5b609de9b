"""Words through the API: views carry log texts, a prompt and labelled choices; every game's
reference data is served at /games/{game}/reference; the catalog's options have words."""

import pytest

import engine
from tests.wordcheck import dev_strings

GAMES = ("classified", "insidejob", "ifthen", "darkagent")


def auth(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("game_id", GAMES)
def test_views_carry_words_for_the_seat_and_the_spectator(client, game_id):
    rules = engine.get_game(game_id)
    seats = rules.seat_count(rules.validate_options({}))
    made = client.post("/matches", json={"game": game_id, "seed": 7,
                                         "seats": [{"kind": "human"}] * seats}).json
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    mid = made["match_id"]
    for _ in range(6):  # a few moves in, so the log has entries of several kinds
        view = client.get(f"/matches/{mid}").json
        seat = view["to_move"][0]
        mine = client.get(f"/matches/{mid}", headers=auth(tokens[seat])).json
        assert len(mine["choices"]) == len(mine["legal_actions"]) and mine["prompt"]
        assert view["prompt"] is None and view["choices"] == []
        for entry in mine["log"] + view["log"]:
            assert entry["text"] and not dev_strings(entry["text"])
        for choice in mine["choices"]:
            assert choice["label"] and not dev_strings(choice["label"]) and isinstance(choice["refs"], list)
        answer = client.post(f"/matches/{mid}/actions", headers=auth(tokens[seat]),
                             json={"action": mine["legal_actions"][0], "version": mine["version"]})
        assert answer.status_code == 200, answer.json
        assert answer.json["prompt"] is None or answer.json["choices"]


@pytest.mark.parametrize("game_id", GAMES)
def test_reference_route_serves_every_game(client, game_id):
    answer = client.get(f"/games/{game_id}/reference")
    assert answer.status_code == 200
    assert answer.json == engine.reference(game_id)
    kinds = {s["kind"] for s in answer.json["sections"]}
    assert kinds and all(e["source"] in ("published", "ours")
                         for s in answer.json["sections"] for e in s["entries"])


def test_reference_of_an_unknown_game_is_a_404(client):
    answer = client.get("/games/chess/reference")
    assert answer.status_code == 404 and answer.json["error"]["code"] == "unknown_game"


def test_catalog_options_carry_labels_and_help(client):
    for game in client.get("/games").json["games"]:
        for key, option in game["options"].items():
            assert option["label"] and "help" in option, (game["game"], key)
