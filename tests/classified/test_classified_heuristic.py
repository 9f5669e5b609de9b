"""The heuristic bot: only legal actions, deterministic, and better than the random bot."""

import engine
from engine import Rng
from engine.classified import heuristic


def play(seed, bots, options=None):
    """Play one match; bots[seat] is "heuristic" or "random". Returns the outcome."""
    match = engine.start("classified", options or {}, seed)
    rngs = [Rng(seed * 2 + 1), Rng(seed * 2 + 2)]
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        view = engine.render(match, seat, with_log=False)
        if bots[seat] == "heuristic":
            action = heuristic.choose(view, seat, match.rules, rngs[seat], {})
            assert action in view["legal_actions"]
        else:
            action = rngs[seat].choice(view["legal_actions"])
        match = engine.step(match, seat, action)
    return engine.render(match, None, with_log=False)["outcome"]


def test_heuristic_plays_only_legal_actions_in_every_card_set():
    for options in ({}, {"card_set": "emerald"}, {"card_set": "ruby"},
                    {"card_set": "random_full", "promos": True, "difficulty": "hard"}):
        for seed in range(4):
            play(seed, ["heuristic", "heuristic"], options)


def test_heuristic_is_deterministic():
    assert play(11, ["heuristic", "random"]) == play(11, ["heuristic", "random"])


def test_heuristic_beats_random():
    wins = total = 0
    for seed in range(200):
        bots = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        me = bots.index("heuristic")
        outcome = play(seed, bots, {"card_set": ["citrine", "emerald", "ruby", "random_full"][seed % 4]})
        total += 1
        wins += 1 if outcome["winners"] == [me] else 0.5 if len(outcome["winners"]) == 2 else 0
    rate = wins / total
    print(f"heuristic vs random: {rate:.1%} over {total} matches (shared victories count 1/2)")
    assert rate > 0.6
