"""Inside Job rules-level trajectories: every seeded random playout must stay identical.

For each option set (the game's conformance sets), 20 matches are played through the rules
object directly (the playout API the benchmark measures: new_state / to_move / legal_actions /
apply), and a sha256 is taken over every step's movers, every seat's legal actions (in order),
the chosen action, the events, the outcome, the RNG position and the lossless state JSON. The
expected digests were recorded from the engine before its speed work: a speed change must keep
them (a rules change that moves them has to say so and update them).
"""

import hashlib
import json

import pytest

from engine import Rng
from engine.insidejob import RULES

MATCHES_PER_OPTION_SET = 20
# (options, sha256 of their trajectories), recorded before the speed work
CASES = [
    ({"players": 3},
     "4d1015e6ac2e0d1537b3627f5d4f5654682244af93497b62181f8f7da122d1ff"),
    ({"players": 4},
     "3b8bc7eacab2560a37579fc25418b5522d1003b7c9f97690d5ae19fd2e9fe5f2"),
    ({"players": 5},
     "ca88825e43bd704d823934ad197f7bdbfc52a93bb53e4cb64f30d23d82df0826"),
    ({"dealer": 2, "players": 3, "risk_mode": True, "wagers": False},
     "cc1de9779909628124f11f6c233f2911a5b61b5515fd9fffe55f37e3ad5b11c3"),
    ({"players": 4, "risk_mode": True, "special_roles": ["stubborn_agent", "sleeper_agent"]},
     "f6e295b3bbfa565bba898f5237239314b4ab2c3aa0d706878fc5d386809ff062"),
    ({"players": 5, "risk_mode": True, "special_roles": ["risky_agent", "tim_shady"]},
     "80503194a9575993c86a65c4c39c65c186216dd701dd2634d576424fa59f941c"),
    ({"players": 4, "special_roles": ["accomplice", "professor_no"]},
     "87d7b9363eba4c17b49ae7c884c0662096fc30224895b37089f1b474efa997ad"),
    ({"players": 5, "special_roles": ["tim_shady", "sleeper_agent"],
      "voluntary_special_reveal": True},
     "f894fe101a5c00bcc633f7c7f5eba1a5985096b392b3f2e4484320092a2e09ab"),
    ({"players": 5, "special_roles": ["nervous_agent", "decoy"], "wagers": False},
     "4ccf82c8c24f19a2dd230fb3e071e07140e4285d43f9c266e2e85a7ef97bb9c2"),
]


def trajectory_digest(options, matches=MATCHES_PER_OPTION_SET):
    """sha256 over the steps of `matches` seeded random playouts with these options."""
    options = RULES.validate_options(options)
    digest = hashlib.sha256()
    for seed in range(matches):
        rng = Rng(seed * 7919 + 11)
        pick = Rng(seed * 104729 + 3)
        state = RULES.new_state(options, rng)
        while True:
            moving = tuple(RULES.to_move(state))
            step = {"state": RULES.state_to_json(state), "to_move": list(moving),
                    "legal": [RULES.legal_actions(state, s)
                              for s in range(options["players"])],
                    "outcome": RULES.outcome(state), "counter": rng.counter}
            if not moving:
                digest.update(json.dumps(step, sort_keys=True).encode())
                break
            seat = moving[0] if len(moving) == 1 else pick.choice(moving)
            action = pick.choice(RULES.legal_actions(state, seat))
            state, events = RULES.apply(state, seat, action, rng)
            step.update(seat=seat, action=action, events=events)
            digest.update(json.dumps(step, sort_keys=True).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("options, expected", CASES,
                         ids=[json.dumps(options, sort_keys=True) for options, _ in CASES])
def test_trajectories_unchanged(options, expected):
    assert trajectory_digest(options) == expected
