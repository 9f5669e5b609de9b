"""ISMCTS's paired root search (engine/bots/paired.py): every root move judged on the same deals."""

import engine
from engine.bots.paired import HEURISTIC_EDGE, choose_paired


class LuckGame:
    """One decision: a move adds its bonus to the deal's luck (drawn by the sampler); the root
    seat wins when the sum passes 1. Under shared deals the largest bonus always does best."""

    def __init__(self, bonuses):
        self.bonuses = bonuses
        self.applied = []

    def apply(self, state, seat, action, rng):
        self.applied.append((state["luck"], action))
        return {"total": state["luck"] + self.bonuses[action]}, []


def run(game, favourite=None, iterations=400, budget=None):
    legal = sorted(game.bonuses)
    sample = lambda view_state, seat, rng: {"luck": rng.random()}  # noqa: E731
    clock = budget
    return choose_paired(game, {"state": {}}, 0, legal, legal, favourite, engine.Rng(5), iterations,
                         None if budget is None else 0.5, clock, sample,
                         lambda state, rng: state, lambda state: 1.0 if state["total"] > 1 else 0.0)


def test_every_surviving_move_is_played_on_the_same_deals():
    game = LuckGame({"a": 0.0, "b": 0.1, "c": 0.3, "d": 0.2})
    assert run(game) == "c"
    deals = {}
    for luck, action in game.applied:
        deals.setdefault(luck, []).append(action)
    per_deal = list(deals.values())
    assert all(sorted(moves) == ["a", "b", "c", "d"] for moves in per_deal[:4])  # all, same deal
    sizes = [len(moves) for moves in per_deal]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 2  # halved, never below two
    assert sorted(per_deal[-1]) == ["c", "d"]
    assert len(game.applied) <= 400


def test_moves_tied_at_a_cut_all_stay():
    game = LuckGame({"a": 0.0, "b": 0.0, "c": 0.0})
    run(game, iterations=60)
    assert len(game.applied) == 60  # 20 deals of all three: nothing ever fell below the others


def test_a_small_margin_does_not_move_it_off_the_heuristics_move():
    game = LuckGame({"a": 0.0, "b": HEURISTIC_EDGE / 4})
    assert run(game, favourite="a") == "a"
    assert run(LuckGame({"a": 0.0, "b": 0.3}), favourite="a") == "b"


def test_the_clock_stops_it_after_at_least_one_deal():
    ticks = iter(range(1, 100))
    game = LuckGame({"a": 0.0, "b": 0.5})
    assert run(game, budget=lambda: next(ticks)) in ("a", "b")
    assert len(game.applied) == 2  # one deal: the clock had passed the deadline after it


def test_paired_ismcts_is_reproducible_for_a_seed():
    match = engine.start("classified", {}, 3)
    seat = engine.to_move(match)[0]
    view = engine.render(match, seat)
    picks = {str(engine.bots.choose("ismcts", view, seat, {"iterations": 60, "paired": 1}, seed=9))
             for _ in range(2)}
    assert len(picks) == 1
