"""Swiss tournaments: later rounds pair by points without rematches, seats stay balanced, a run
cut short mid-way resumes round by round."""

from collections import Counter

import pytest

from engine.tournament import run, run_in_memory, schedule, standings, validate_spec
from engine.tournament.results import read_records
from tests.tournament import riggame

ENTRANTS = ["rigged", "lowball", "random", {"name": "random2", "bot": "random"},
            {"name": "low2", "bot": "lowball"}, {"name": "mcts", "bot": "ismcts",
                                                 "params": {"iterations": 5}}]


@pytest.fixture(scope="module", autouse=True)
def rigged_game():
    riggame.install()


def _spec(**extra):
    return validate_spec({"game": "saynumber", "entrants": ENTRANTS, "format": "swiss",
                          "deals": 2, "seed": 5, **extra})


def test_swiss_rounds_pair_by_points_without_rematches():
    assert _spec()["rounds"] == 4  # default: ceil(log2(6)) + 1
    spec = _spec(rounds=3)
    assert spec["matches"] == 3 * 3 * 2 * 2
    records = {r["index"]: r for r in run_in_memory(spec)}
    entries = schedule(spec, records)
    assert [e["seats"] for e in entries] == [records[i]["seats"] for i in range(spec["matches"])]
    pairs = Counter()
    for record in records.values():
        if record["seating"] == 0 and record["deal"] % 2 == 0:  # one line per pairing per round
            pairs[frozenset(record["seats"])] += 1
    assert max(pairs.values()) == 1  # nobody meets the same opponent twice
    seats = Counter((name, seat) for r in records.values() for seat, name in enumerate(r["seats"]))
    for name in ("rigged", "lowball", "random", "random2", "low2", "mcts"):
        assert seats[(name, 0)] == seats[(name, 1)] == 6
    last_round = [r for r in records.values() if r["round"] == 2]
    assert any(set(r["seats"]) == {"lowball", "low2"} for r in last_round)  # the bottom meets
    table = standings(spec, records.values())
    assert table["standings"][0]["entrant"] == "rigged"


def test_swiss_with_an_odd_field_gives_byes_and_resumes(tmp_path):
    spec = _spec(entrants=ENTRANTS[:5], rounds=3)
    out = str(tmp_path / "swiss")
    run(spec, out, workers=1, limit=7)  # stops inside round 1
    assert sorted(read_records(out)) == list(range(7))
    records = run(spec, out, workers=2)
    assert sorted(records) == list(range(spec["matches"]))
    whole = {r["index"]: r for r in run_in_memory(spec)}
    assert [records[i]["seats"] for i in sorted(records)] == [whole[i]["seats"] for i in sorted(whole)]
    sat_out = Counter()
    for round_no in range(3):
        playing = {n for r in records.values() if r["round"] == round_no for n in r["seats"]}
        sat_out.update({"rigged", "lowball", "random", "random2", "low2"} - playing)
    assert sum(sat_out.values()) == 3 and max(sat_out.values()) == 1
