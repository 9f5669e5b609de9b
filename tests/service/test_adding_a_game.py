"""docs/adding-a-game.md, proven: the test toy game (tests/toygame.py) registers through exactly
the recipe's path for a game outside engine/ (SAFEHOUSE_EXTRA_GAMES) and then appears in the
catalog, is created and played through the API, plays a rated tournament with the roles it
declares, and is covered by the secret-ledger sweep (tests/secret_ledger/toy.py)."""

import json
import os
import subprocess
import sys

import engine
from engine.registry import EXTRA
from engine.tournament import run_in_memory, standings, validate_spec
from tests import toygame
from tests.secret_ledger import ledger_class, sweep, sweep_match
from tests.test_secret_ledger import GAMES as SWEPT

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROBE = ("import json, engine; from engine.registry import EXTRA; "
         "print(json.dumps([[g['game'] for g in engine.catalog()], EXTRA]))")


def _catalog_in_a_fresh_process(extra):
    env = {k: v for k, v in os.environ.items() if k != "SAFEHOUSE_EXTRA_GAMES"}
    env.update(PYTHONPATH=ROOT, **({"SAFEHOUSE_EXTRA_GAMES": extra} if extra else {}))
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def test_the_toy_game_registers_through_safehouse_extra_games():
    assert _catalog_in_a_fresh_process("tests.toygame:RULES") == [
        sorted([*engine.registry.BUILTIN, "toy"]), ["toy"]]
    games, extra = _catalog_in_a_fresh_process("")
    assert "toy" not in games and extra == []
    assert "toy" in EXTRA and engine.get_game("toy") is toygame.RULES  # this test process too


def test_the_toy_game_is_in_the_catalog(client):
    entry = next(g for g in engine.catalog() if g["game"] == "toy")
    assert [b["bot"] for b in entry["bots"]] == ["random", "ismcts"]  # no heuristic module
    served = next(g for g in client.get("/games").json["games"] if g["game"] == "toy")
    assert served["name"] == entry["name"] == "Toy (tests only)"
    assert served["options"] == entry["options"] and served["actions"] == entry["actions"]
    assert [b["bot"] for b in served["bots"]] == ["random", "ismcts"]
    reference = client.get("/games/toy/reference").json
    assert reference["game"] == "toy" and reference["sections"] == []


def test_the_toy_game_is_created_and_played_through_the_api(client):
    made = client.post("/matches", json={"game": "toy", "seed": 11, "options": {"target": 4}}).json
    tokens = {t["seat"]: {"Authorization": f"Bearer {t['token']}"} for t in made["tokens"]}
    mid = made["match_id"]
    view = client.get(f"/matches/{mid}", headers=tokens[0]).json
    for _ in range(toygame.RULES.max_length):
        if view["finished"]:
            break
        seat = view["to_move"][0]
        legal = client.get(f"/matches/{mid}/actions", headers=tokens[seat]).json["legal_actions"]
        view = client.post(f"/matches/{mid}/actions", json={"action": legal[-1]},
                           headers=tokens[seat]).json
    assert view["finished"] and view["outcome"]["text"]
    assert sum(len(p) for p in view["state"]["played"]) == 4


def test_the_toy_game_plays_a_rated_tournament_with_its_roles():
    spec = validate_spec({"game": "toy", "entrants": ["random", "ismcts"], "deals": 3, "seed": 5,
                          "budget": {"iterations": 20}})
    records = run_in_memory(spec)
    assert len(records) == spec["matches"] == 6
    assert all(r["finished"] and r["roles"] == ["first", "second"] for r in records)
    assert all(r["sides"] == [None, None] and r["measures"] == {} for r in records)
    table = standings(spec, records)
    for row in table["standings"]:
        assert set(row["roles"]) == {"first", "second"} and row["n"] == 6
        assert row["roles"]["first"]["n"] == 3
    assert "teams" not in table  # not cooperative


def test_the_toy_game_is_in_the_secret_ledger_sweep():
    assert "toy" in SWEPT
    played, problems = sweep("toy", range(30))
    assert played == 30 and not problems, problems[:3]


class LeakyToy(toygame.ToyGame):
    """The toy game with a view that shows the other seat's hand."""

    id = "toyleak"

    def view(self, state, seat):
        return {**super().view(state, seat), "hands": [sorted(h) for h in state.hands]}


def test_the_toy_ledger_catches_a_view_that_shows_the_other_hand(monkeypatch):
    monkeypatch.setitem(engine.GAMES, "toyleak", LeakyToy())
    problems = sweep_match("toyleak", {}, 3, ledger=ledger_class("toy"))
    assert problems and "state/hands" in problems[0], problems[:3]


def test_the_card_faces_the_web_client_serves_are_each_games_own(client):
    """/web/ref.json is what each game declares (`Game.card_faces`), keyed by game id."""
    declared = {g: rules.card_faces() for g, rules in engine.GAMES.items() if rules.card_faces()}
    assert declared.keys() >= {"classified", "insidejob", "ifthen"}
    assert client.get("/web/ref.json").get_json() == declared
