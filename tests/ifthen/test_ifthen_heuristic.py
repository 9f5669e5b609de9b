"""The heuristic bot: only legal actions, reads only the view, beats the random bot."""

import pytest

import engine
from engine import Rng
from engine.ifthen.heuristic import choose

RULES = engine.get_game("ifthen")


def play(options, seed, bot):
    """A whole match with every seat played by `bot` ("heuristic" or "random")."""
    match = engine.start("ifthen", options, seed)
    rng = Rng(seed + 5)
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        view = engine.render(match, seat, with_log=False)
        action = choose(view, seat, RULES, rng, {}) if bot == "heuristic" else rng.choice(
            view["legal_actions"])
        assert action in view["legal_actions"]
        match = engine.step(match, seat, action)
    return match


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 4, "level": 3}, {"players": 3, "challenges": "generated"},
    {"players": 4, "level": 1, "allKnowing": "seat", "mastermind": True}])
def test_heuristic_plays_only_legal_actions(options):
    for seed in range(3):
        match = play(options, seed, "heuristic")
        assert RULES.outcome(match.state) is not None


def test_heuristic_is_deterministic():
    a = play({"players": 3, "level": 2}, 7, "heuristic")
    b = play({"players": 3, "level": 2}, 7, "heuristic")
    assert engine.match_to_json(a) == engine.match_to_json(b)


def test_heuristic_beats_random():
    wins = {"heuristic": 0, "random": 0}
    n = 100
    for bot in wins:
        for seed in range(n):
            options = {"players": 2 + seed % 4, "level": seed % 4}
            outcome = RULES.outcome(play(options, seed, bot).state)
            wins[bot] += bool(outcome["winners"])
    print(f"If Then win rate over {n} matches each: heuristic {wins['heuristic'] / n:.2f}, "
          f"random {wins['random'] / n:.2f}")
    assert wins["heuristic"] > wins["random"] + n // 5
