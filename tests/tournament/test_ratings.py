"""Ratings and win rates: a rigged entrant rises to the top; teams and roles are rated."""

import math

import pytest

from engine.tournament import run_in_memory, standings, validate_spec, wilson
from engine.tournament.ratings import teams_of
from tests.tournament import riggame


@pytest.fixture(scope="module", autouse=True)
def rigged_game():
    riggame.install()


def test_rigged_entrant_rises_to_the_top():
    spec = validate_spec({"game": "saynumber", "entrants": ["random", "rigged", "lowball"],
                          "deals": 15, "seed": 3})
    table = standings(spec, run_in_memory(spec))
    order = [row["entrant"] for row in table["standings"]]
    assert order == ["rigged", "random", "lowball"]
    top = table["standings"][0]
    assert top["win_rate"] == 1.0 and top["n"] == 60
    assert top["sigma"] < 25 / 3  # uncertainty shrinks with matches
    assert top["ordinal"] > table["standings"][1]["mu"]  # clearly separated
    pair = {(p["entrant"], p["opponent"]): p for p in table["pairwise"]}
    assert pair[("rigged", "lowball")]["score"] == 1.0
    assert pair[("rigged", "random")]["gain"] > 0 and pair[("rigged", "random")]["paired"] == 30


def test_ratings_history_tracks_every_entrant():
    spec = validate_spec({"game": "saynumber", "entrants": ["rigged", "lowball"], "deals": 5})
    table = standings(spec, run_in_memory(spec))
    assert table["history"][-1]["matches"] == 10
    mu_rigged = [point["ratings"]["rigged"][0] for point in table["history"]]
    assert mu_rigged == sorted(mu_rigged)  # only ever wins


def test_wilson_interval():
    rate, low, high = wilson(8, 10)
    assert rate == 0.8 and math.isclose(low, 0.4902, abs_tol=1e-3) \
        and math.isclose(high, 0.9433, abs_tol=1e-3)
    assert all(math.isnan(v) for v in wilson(0, 0))


def test_inside_job_is_rated_by_side_and_role():
    record = {"seats": ["a", "b", "a", "b"], "won": [True, False, True, True],
              "roles": ["Agent", "Insider", "Agent", "Agent"],
              "sides": ["Agents", "Insider side", "Agents", "Agents"], "scores": [None] * 4,
              "measures": {}}
    teams, ranks = teams_of("insidejob", record, lambda seat: record["seats"][seat])
    assert teams == [["a", "a", "b"], ["b"]] and ranks == [0, 1]


def test_cooperative_team_plays_against_the_game():
    record = {"seats": ["a", "b"], "won": [False, False], "roles": ["Codebreaker"] * 2,
              "sides": ["Codebreakers"] * 2, "scores": [None, None], "measures": {"level": 2}}
    teams, ranks = teams_of("ifthen", record, lambda seat: record["seats"][seat])
    assert teams == [["a", "b"], ["ifthen (level 2)"]] and ranks == [1, 0]


def test_scores_rank_seats_without_sides():
    record = {"seats": ["a", "b", "c"], "won": [False, True, False], "roles": [None] * 3,
              "sides": [None] * 3, "scores": [3, 9, 5], "measures": {}}
    teams, ranks = teams_of("darkagent", record, lambda seat: record["seats"][seat])
    assert teams == [["a"], ["b"], ["c"]] and ranks == [2, 0, 1]


def test_real_games_report_roles_and_teams():
    spec = validate_spec({"game": "insidejob", "options": {"players": 4},
                          "entrants": ["random", "heuristic"], "deals": 1, "seed": 4})
    table = standings(spec, run_in_memory(spec))
    for row in table["standings"]:
        assert set(row["roles"]) == {"Insider", "Agent"}
        assert row["roles"]["Insider"]["n"] == 4 and row["roles"]["Agent"]["n"] == 12
    spec = validate_spec({"game": "ifthen", "entrants": ["heuristic"], "deals": 2, "seed": 4})
    table = standings(spec, run_in_memory(spec))
    assert table["teams"][0]["team"] == "heuristic + heuristic" and table["teams"][0]["n"] == 4
    assert table["opponents"][0]["entrant"] == "ifthen (level 0)"


def test_option_sets_judge_if_then_per_level():
    spec = validate_spec({"game": "ifthen", "entrants": ["heuristic", "random"], "deals": 1,
                          "seed": 6, "options": [{}, {"challenges": "generated", "level": 1},
                                                 {"challenges": "generated", "level": 3}]})
    assert spec["matches"] == 3 * 2  # per deal: 3 option sets x 1 pairing x 2 seatings
    records = run_in_memory(spec)
    assert [r["options_set"] for r in records] == [0, 0, 1, 1, 2, 2]
    assert [r["replay"]["options"]["level"] for r in records[::2]] == [0, 1, 3]
    assert len({r["seed"] for r in records}) == 1  # the same deal under every option set
    table = standings(spec, records)
    assert [t["level"] for t in table["teams"]] == [0, 1, 3]
    assert {o["entrant"] for o in table["opponents"]} == {
        "ifthen (level 0)", "ifthen (level 1)", "ifthen (level 3)"}
