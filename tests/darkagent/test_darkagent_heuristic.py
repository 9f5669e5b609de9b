"""The heuristic bot: only legal actions, deterministic, and better than random."""

import engine
from engine import Rng
from engine.bots.random_bot import choose_random
from engine.darkagent import RULES
from engine.darkagent.heuristic import choose


def play(options, seed, bots):
    """Play one match with a bot per seat; returns the outcome."""
    m = engine.start("darkagent", options, seed=seed)
    rng = Rng(seed * 31 + 7)
    while engine.to_move(m):
        seat = engine.to_move(m)[0]
        view = engine.render(m, seat, with_log=False)
        action = bots[seat](view, seat, RULES, rng, {})
        assert action in view["legal_actions"]
        m = engine.step(m, seat, action)
    return RULES.outcome(m.state)


def test_heuristic_plays_legal_actions_for_every_player_count():
    for players in range(1, 7):
        play({"players": players, "max_rounds": 3}, players, [choose] * players)


def test_heuristic_is_deterministic():
    a = play({"players": 2, "max_rounds": 4}, 5, [choose, choose])
    b = play({"players": 2, "max_rounds": 4}, 5, [choose, choose])
    assert a == b


def test_heuristic_beats_random():
    wins = games = 0
    for seed in range(200):
        seat = seed % 2
        bots = [choose_random, choose_random]
        bots[seat] = choose
        outcome = play({"players": 2, "max_rounds": 6}, 1000 + seed, bots)
        games += 1
        wins += seat in outcome["winners"] and len(outcome["winners"]) == 1
    rate = wins / games
    print(f"heuristic vs random: won {wins}/{games} = {rate:.0%}")
    assert rate > 0.6
