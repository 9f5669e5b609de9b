"""Dark Agent rules-level trajectories: every seeded playout must stay identical.

For each option set (the benchmark's two, the game's conformance sets and a short-aim duel),
seeded matches are played through the rules object directly (the playout API the benchmark
measures: new_state / to_move / legal_actions / apply), and a sha256 is taken over every step's
movers, every seat's legal actions (in order), the chosen action, the events, the outcome, the
RNG position, the lossless state JSON and, every VIEW_EVERY steps and at the end, every seat's
view and the spectator's. Two pickers: uniform (the benchmark's random play) and eager (prefers
attacks and anything but ending the turn, so captures, wounds, jackets, Media and objective
endings come up more). The expected digests were recorded from the engine before the second
round of speed work and re-recorded deliberately for the rules change that made special cards
act when spotted, the jacket automatic by default and the safety round cap an option (the
jacket cases now ask for the prompt): a speed change must keep them (a rules change that moves
them has to say so and update them).
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

# (picker, options, matches, sha256 of their trajectories), see the module docstring
CASES = [
    ("uniform", {"players": 2}, 30,
     "bc3ca2f410b1f7e3af157555c4b80b8123026274f5d80b347914f73a8b4037d3"),
    ("uniform", {"players": 2, "max_rounds": 10}, 30,
     "7a6ed315a9dd44257a47335761830b101b9a6a1e93d10791b77071bbc49c6253"),
    ("uniform", {"players": 1, "aim_limit": 2}, 10,
     "cb5c8ae62bfcae6dc45664587095045c84d93dfff3c2d272b42f08e59e51b326"),
    ("uniform", {"players": 3, "max_rounds": 4, "objective_effects": True}, 10,
     "728c49878b1362bce92371ca17b3a3920258a7e7c0904f30aca310166ba2d9d6"),
    ("uniform", {"players": 4, "max_rounds": 3, "jacket_defence": "ask", "need_dark_agent": True}, 10,
     "4af1f7753252792ba7f6b46f7367fca4147adae2a48e6952b0275bf486375f34"),
    ("uniform", {"players": 5, "max_rounds": 2, "vote_rule": "half_or_more"}, 10,
     "ef93eac25798f1c9a2994b4ebe701c15e47bbc7cefcb3baa32a4a6e282f0365a"),
    ("uniform", {"players": 6, "max_rounds": 3, "objective_effects": True}, 10,
     "04843a2aacefb6695f31d02f1b2a9faadd1e79a4cf794f4dd47694f713addad6"),
    ("eager", {"players": 2}, 15,
     "80c92e3ff13baa3b0ce91b78b75ccdd3d193fc755e7cb190af207c5c3c983f95"),
    ("eager", {"players": 2, "aim_limit": 2}, 15,
     "1b1c2b45cb0948539c00d622e0954dc75396af74e88f086d99842dc9ce025d91"),
    ("eager", {"players": 3, "max_rounds": 6, "objective_effects": True}, 10,
     "43279ad56471586c634c0d80482818a178e7b76eed30bff65c5f19f607736449"),
    ("eager", {"players": 4, "max_rounds": 4, "jacket_defence": "ask", "need_dark_agent": True}, 10,
     "3d20fafe542e6951bbe57c8b4233f291500441281e39310a980c4c9f3fcf0900"),
    ("eager", {"players": 6, "max_rounds": 3, "objective_effects": True}, 10,
     "b47e25d19144c77eb3b1b559413ec646d48552638e57cd0478bf65a1c0dba984"),
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
    ({"players": 2}, 40, "3a3961a4e8cbc5780eacf041eaba7baf13152a249d460355649ff6d2faa96208"),
    ({"players": 2, "max_rounds": 10}, 40, "0d567e6ea95bde81bfb1e2f1973a27bae73ebf183da21250e198b42bffef3af1"),
    ({"players": 4, "objective_effects": True}, 10, "0d2c4693cf3133c7641321a325c5464037de99f24f71aadeb71c1fba904f4abe"),
]


@pytest.mark.parametrize("options, matches, expected", LEAN_CASES,
                         ids=[json.dumps(c[0], sort_keys=True) for c in LEAN_CASES])
def test_benchmark_playouts_unchanged(options, matches, expected):
    assert lean_digest(options, matches) == expected
