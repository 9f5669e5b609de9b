"""Seating schedules are exactly balanced and deals are duplicated across seatings."""

from collections import Counter, defaultdict

import pytest

from engine.tournament import schedule, validate_spec
from engine.tournament.schedule import derive_seed

CASES = [
    ({"game": "classified", "entrants": ["random", "heuristic", "ismcts"], "deals": 3}, 2),
    ({"game": "insidejob", "options": {"players": 4}, "entrants": ["random", "heuristic"],
      "deals": 2}, 4),
    ({"game": "insidejob", "options": {"players": 3},
      "entrants": ["random", "heuristic", {"name": "r2", "bot": "random"},
                   {"name": "h2", "bot": "heuristic"}], "deals": 2}, 3),
    ({"game": "insidejob", "options": {"players": 5}, "entrants": ["random", "heuristic", "ismcts"],
      "deals": 1}, 5),
    ({"game": "insidejob", "options": {"players": 4}, "format": "gauntlet", "challenger": "ismcts",
      "entrants": ["random", "heuristic", "ismcts"], "deals": 2}, 4),
    ({"game": "insidejob", "options": {"players": 3}, "seatings": "all",
      "entrants": ["random", "heuristic", "ismcts"], "deals": 2}, 3),
]


@pytest.mark.parametrize("raw,seats", CASES)
def test_every_entrant_plays_every_seat_equally_often(raw, seats):
    spec = validate_spec(raw)
    assert spec["seats"] == seats
    entries = schedule(spec)
    assert len(entries) == spec["matches"]
    counts = Counter((name, seat) for e in entries for seat, name in enumerate(e["seats"]))
    names = {e["name"] for e in spec["entrants"]}
    for name in names:
        per_seat = {counts[(name, seat)] for seat in range(seats)}
        assert len(per_seat) == 1, (name, per_seat)
    # the challenger of a gauntlet is in every match; otherwise every entrant plays equally often
    totals = {name: sum(counts[(name, s)] for s in range(seats)) for name in names}
    if spec["format"] == "round_robin":
        assert len(set(totals.values())) == 1, totals


@pytest.mark.parametrize("raw,seats", CASES)
def test_each_deal_is_replayed_through_every_seating(raw, seats):
    spec = validate_spec(raw)
    by_deal_group = defaultdict(list)
    for entry in schedule(spec):
        assert entry["seed"] == derive_seed(spec["seed"], "deal", entry["deal"])
        by_deal_group[(entry["deal"], entry["group"])].append(entry)
    seeds = {entries[0]["seed"] for entries in by_deal_group.values()}
    assert len(seeds) == spec["deals"]  # one seed per deal, shared by every line-up
    for entries in by_deal_group.values():
        assert len({e["seed"] for e in entries}) == 1
        # within one deal and line-up, every entrant of the line-up holds every seat equally often
        lineup = Counter(entries[0]["seats"])
        for seat in range(seats):
            assert Counter(e["seats"][seat] for e in entries) == Counter(
                {name: count * len(entries) // seats for name, count in lineup.items()})


def test_indices_are_dense_and_deal_major():
    spec = validate_spec({"game": "classified", "entrants": ["random", "heuristic"], "deals": 4,
                          "seed": 5})
    entries = schedule(spec)
    assert [e["index"] for e in entries] == list(range(8))
    assert [e["deal"] for e in entries] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert entries[0]["seats"] == list(reversed(entries[1]["seats"]))


def test_matches_per_pairing_and_total_round_up_to_whole_deals():
    base = {"game": "classified", "entrants": ["random", "heuristic", "ismcts"]}
    assert validate_spec({**base, "matches_per_pairing": 5})["deals"] == 3
    spec = validate_spec({**base, "total_matches": 1000})
    assert spec["matches"] >= 1000 and spec["matches"] % 6 == 0 and spec["matches"] < 1006


def test_different_master_seeds_give_different_deals():
    one = validate_spec({"game": "classified", "entrants": ["random", "heuristic"], "seed": 1})
    two = validate_spec({"game": "classified", "entrants": ["random", "heuristic"], "seed": 2})
    assert schedule(one)[0]["seed"] != schedule(two)[0]["seed"]
