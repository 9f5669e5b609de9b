"""Re-running a match from (master seed, index, entrants) gives a bit-identical replay, per game."""

import json

import pytest

import engine
from engine.tournament import (play_scheduled, replay_record, run_in_memory, validate_spec,
                               without_timings)

GAMES = [
    ("classified", {}, ["random", "heuristic", {"name": "mcts", "bot": "ismcts",
                                                "params": {"iterations": 8}}]),
    ("insidejob", {"players": 4}, ["random", "heuristic"]),
    ("ifthen", {}, ["random", "heuristic"]),
    ("darkagent", {}, ["random", "heuristic"]),
    ("toy", {}, ["random", {"name": "mcts", "bot": "ismcts", "params": {"iterations": 8}}]),
]


@pytest.mark.parametrize("game,options,entrants", GAMES, ids=[g[0] for g in GAMES])
def test_rerun_is_bit_identical_and_replays(game, options, entrants):
    spec = validate_spec({"game": game, "options": options, "entrants": entrants, "deals": 2,
                          "seed": 2026})
    index = spec["matches"] - 1  # the last match: deal 1, the last line-up and seating
    first = play_scheduled(spec, index)
    again = play_scheduled(validate_spec(json.loads(json.dumps(spec))), index)
    assert json.dumps(without_timings(first), sort_keys=True) == \
        json.dumps(without_timings(again), sort_keys=True)
    assert first["finished"] and first["moves"] == len(first["replay"]["history"])
    final = replay_record(first)
    outcome = final.rules.outcome(final.state)
    assert outcome["winners"] == first["winners"]
    assert engine.match_to_json(final)["history"] == first["replay"]["history"]


def test_worker_processes_give_the_same_records_as_one_process():
    spec = validate_spec({"game": "classified", "entrants": ["random", "heuristic"], "deals": 3,
                          "seed": 11})
    one = [without_timings(r) for r in run_in_memory(spec, workers=1)]
    two = [without_timings(r) for r in run_in_memory(spec, workers=2)]
    assert one == two
