"""Dark Agent rules-level trajectories: every seeded playout must stay identical.

For each option set (the benchmark's two, the game's conformance sets and a short-aim duel),
seeded matches are played through the rules object directly (the playout API the benchmark
measures: new_state / to_move / legal_actions / apply), and a sha256 is taken over every step's
movers, every seat's legal actions (in order), the chosen action, the events, the outcome, the
RNG position, the lossless state JSON and, every VIEW_EVERY steps and at the end, every seat's
view and the spectator's. Two pickers: uniform (the benchmark's random play) and eager (prefers
attacks and anything but ending the turn, so captures, wounds, jackets, Media and objective
endings come up more). The expected digests were recorded from the engine before the second
round of speed work: a speed change must keep them (a rules change that moves them has to say
so and update them).
"""

import hashlib
import json

import pytest

from engine import Rng
from engine.darkagent import RULES

VIEW_EVERY = 7


def uniform(pick, legal):
    """Any legal action, uniformly."""
    return pick.choice(legal)


def eager(pick, legal):
    """An attack half the time when there is one, else mostly anything but end_turn."""
    attacks = [a for a in legal if a["type"] == "attack"]
    if attacks and pick.randbelow(2):
        return pick.choice(attacks)
    others = [a for a in legal if a["type"] != "end_turn"]
    if others and pick.randbelow(8):
        return pick.choice(others)
    return pick.choice(legal)


PICKERS = {"uniform": uniform, "eager": eager}

# (picker, options, matches, sha256 of their trajectories), recorded before the speed work
CASES = [
    ("uniform", {"players": 2}, 30,
     "605f83e6a0dca030f8687a371c26cd793b3d302421b88586a8f65e55534e0c6d"),
    ("uniform", {"players": 2, "max_rounds": 10}, 30,
     "a992d371151bdbc2dc27f54fa1d781cb85aecb0ad0a83c156bdaf3a218307fd6"),
    ("uniform", {"players": 1, "aim_limit": 2}, 10,
     "66ecc721164c825342ecab75b7dfc0963790d96450c5e9669c7f1af644054a2d"),
    ("uniform", {"players": 3, "max_rounds": 4, "objective_effects": True}, 10,
     "8a20a819e5d2f8b46165be39ceb1ff3187c72a0db0f14c2c59dcd4abd3030454"),
    ("uniform", {"players": 4, "max_rounds": 3, "jacket_defence": "auto", "need_dark_agent": True}, 10,
     "044e7afd5bb0115d09cc31c2de84abeda4bf16b871bb5baf9a188b6d3004d267"),
    ("uniform", {"players": 5, "max_rounds": 2, "vote_rule": "half_or_more"}, 10,
     "225ad00be4550d2d4e4e8aa94282373ffe653f1e6adf215465296519e36f9390"),
    ("uniform", {"players": 6, "max_rounds": 3, "objective_effects": True}, 10,
     "46ef6065f8a1b4aa90f63197f9887018c4ca988dd61869d3f6f3b75c06912f71"),
    ("eager", {"players": 2}, 15,
     "c43181dd3d7c58e7f1dfc00c6a255695ebbb90c2065a432f49f58a6f3cf49329"),
    ("eager", {"players": 2, "aim_limit": 2}, 15,
     "e85d53addfd4203067ac19ab75a80dbbb0708757a22d1448ad99dc5c46f521f3"),
    ("eager", {"players": 3, "max_rounds": 6, "objective_effects": True}, 10,
     "ed7e525073035619a14eb960c08d781190d7b6763a25dab24105b98b73d1fbbd"),
    ("eager", {"players": 4, "max_rounds": 4, "jacket_defence": "auto", "need_dark_agent": True}, 10,
     "4e0438ff7ca7767846c45a2c1f60719b773ba79c76a391c95663b0b974014f70"),
    ("eager", {"players": 6, "max_rounds": 3, "objective_effects": True}, 10,
     "ee2a1d94452d672b7a9a0264adfd68d7512de020d2d7a7de9b1aba80a0c420bc"),
]


def trajectory_digest(options, matches, picker="uniform"):
    """sha256 over the steps of `matches` seeded playouts with these options and picker."""
    choose = PICKERS[picker]
    options = RULES.validate_options(options)
    seats = range(options["players"])
    digest = hashlib.sha256()
    for seed in range(matches):
        rng = Rng(seed * 7919 + 5)
        pick = Rng(seed * 104729 + 1)
        state = RULES.new_state(options, rng)
        steps = 0
        while True:
            moving = tuple(RULES.to_move(state))
            step = {"state": RULES.state_to_json(state), "to_move": list(moving),
                    "legal": [RULES.legal_actions(state, s) for s in seats],
                    "outcome": RULES.outcome(state), "counter": rng.counter}
            if steps % VIEW_EVERY == 0 or not moving:
                step["views"] = [RULES.view(state, s) for s in (*seats, None)]
            if not moving:
                digest.update(json.dumps(step, sort_keys=True).encode())
                break
            seat = moving[0] if len(moving) == 1 else pick.choice(moving)
            action = choose(pick, RULES.legal_actions(state, seat))
            state, events = RULES.apply(state, seat, action, rng)
            step.update(seat=seat, action=action, events=events)
            digest.update(json.dumps(step, sort_keys=True).encode())
            steps += 1
    return digest.hexdigest()


@pytest.mark.parametrize("picker, options, matches, expected", CASES,
                         ids=[f"{c[0]}-{json.dumps(c[1], sort_keys=True)}" for c in CASES])
def test_trajectories_unchanged(picker, options, matches, expected):
    assert trajectory_digest(options, matches, picker) == expected


def lean_digest(options, matches):
    """sha256 of seeded random playouts run as the benchmark runs them (only the mover's legal
    actions are asked for, nothing else is looked at between steps): actions, events, and the
    final state JSON, outcome and RNG position. Catches state the engine would only get right
    when other seats' legal actions or the JSON form were computed first."""
    options = RULES.validate_options(options)
    digest = hashlib.sha256()
    for seed in range(matches):
        rng, pick = Rng(seed), Rng(seed ^ 0xABC)
        state = RULES.new_state(options, rng)
        while RULES.outcome(state) is None:
            movers = RULES.to_move(state)
            seat = movers[pick.randbelow(len(movers))] if len(movers) > 1 else movers[0]
            legal = RULES.legal_actions(state, seat)
            action = legal[pick.randbelow(len(legal))]
            state, events = RULES.apply(state, seat, action, rng)
            digest.update(json.dumps([seat, action, events], sort_keys=True).encode())
        final = [RULES.state_to_json(state), RULES.outcome(state), rng.counter]
        digest.update(json.dumps(final, sort_keys=True).encode())
    return digest.hexdigest()


LEAN_CASES = [
    ({"players": 2}, 40, "e3e93e2d4796b565516911757e163e515d04bd4fcabee1e4281c1c0b0458131e"),
    ({"players": 2, "max_rounds": 10}, 40, "e51eaddd9b78c8b328dfc2301da7ba21c114a57a1af203b82ac14b7c2bf691e8"),
    ({"players": 4, "objective_effects": True}, 10, "e76ba8bfb09d1b30d773eb142e426edf075dcf85d045c19d67b162f40d06acef"),
]


@pytest.mark.parametrize("options, matches, expected", LEAN_CASES,
                         ids=[json.dumps(c[0], sort_keys=True) for c in LEAN_CASES])
def test_benchmark_playouts_unchanged(options, matches, expected):
    assert lean_digest(options, matches) == expected
