"""The Inside Job heuristic bot: only legal actions, deterministic, and better than random."""

import pytest

import engine
from engine import Rng
from engine.insidejob import RULES
from engine.insidejob.heuristic import choose


def play_match(options, seed, heuristic_seats):
    """A finished match: heuristic_seats use the heuristic bot, the others play at random."""
    match = engine.start("insidejob", options, seed)
    pick = Rng(seed * 31 + 7)
    while engine.to_move(match):
        moving = engine.to_move(match)
        seat = moving[pick.randbelow(len(moving))]
        view = engine.render(match, seat, with_log=False)
        if seat in heuristic_seats:
            action = choose(view, seat, RULES, Rng(seed * 1000 + match.version), {})
            assert action in view["legal_actions"]
        else:
            action = pick.choice(view["legal_actions"])
        match = engine.step(match, seat, action)
    return match


@pytest.mark.parametrize("options", [
    {"players": 3},
    {"players": 4, "special_roles": ["accomplice", "professor_no"]},
    {"players": 5, "risk_mode": True, "special_roles": ["risky_agent", "nervous_agent"]},
    {"players": 5, "special_roles": ["tim_shady", "sleeper_agent"],
     "voluntary_special_reveal": True},
    {"players": 4, "special_roles": ["decoy", "stubborn_agent"], "wagers": False},
])
def test_heuristic_plays_only_legal_actions(options):
    for seed in (1, 2):
        match = play_match(options, seed, set(range(options["players"])))
        assert engine.render(match, None)["finished"]


def test_heuristic_is_deterministic():
    match = engine.start("insidejob", {"players": 4}, 9)
    seat = engine.to_move(match)[0]
    view = engine.render(match, seat)
    assert choose(view, seat, RULES, Rng(5), {}) == choose(view, seat, RULES, Rng(5), {})


def test_heuristic_beats_random():
    """Paired: the same deals with one seat heuristic vs that seat random (~200 matches)."""
    options = {"players": 4}
    wins = {"heuristic": 0, "random": 0}
    matches = 200
    for seed in range(matches):
        seat = seed % 4
        for label, seats in (("heuristic", {seat}), ("random", set())):
            outcome = engine.render(play_match(options, 5000 + seed, seats), None)["outcome"]
            wins[label] += seat in outcome["winners"]
    rates = {k: v / matches for k, v in wins.items()}
    print(f"insidejob heuristic win rate {rates['heuristic']:.3f} vs random "
          f"{rates['random']:.3f} over {matches} paired matches")
    assert rates["heuristic"] > rates["random"]
