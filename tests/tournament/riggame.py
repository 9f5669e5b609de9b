"""A test-only game and bots for rigging a tournament.

"Say a number": two seats each say a number 0..9 once (seat 0 first); the higher number wins,
equal numbers share the win. The bot `rigged` always says 9, so it never loses (it wins, or
shares the win with a 9); `lowball` always says 0. Registered by `install()`.
"""

from dataclasses import dataclass

from engine import Game, event, make_outcome
from engine.bots import register_bot


@dataclass(frozen=True)
class SayState:
    """The numbers said so far, in seat order."""

    said: tuple = ()


class SayGame(Game):
    """Rules of "say a number" (tests only)."""

    id = "saynumber"
    name = "Say a number (tests only)"
    min_players = max_players = 2
    max_length = 2
    options_spec = {"players": {"default": 2, "choices": [2]}}
    action_schemas = {"say": {"n": "int"}}

    def new_state(self, options, rng):
        return SayState()

    def to_move(self, state):
        return (len(state.said),) if len(state.said) < 2 else ()

    def legal_actions(self, state, seat):
        return [{"type": "say", "n": n} for n in range(10)]

    def apply(self, state, seat, action, rng):
        return SayState(state.said + (action["n"],)), [event({"said": action["n"]})]

    def view(self, state, seat):
        return {"said": list(state.said)}

    def outcome(self, state):
        if len(state.said) < 2:
            return None
        best = max(state.said)
        return make_outcome({s for s in range(2) if state.said[s] == best}, 2, scores=list(state.said))

    def state_to_json(self, state):
        return {"said": list(state.said)}

    def state_from_json(self, data):
        return SayState(tuple(data["said"]))

    def sample_state(self, view, seat, rng):
        return SayState(tuple(view["said"]))


RULES = SayGame()


def install():
    """Register the game and the two test bots (idempotent)."""
    import engine
    engine.register(RULES)
    register_bot("rigged", lambda view, seat, rules, rng, params: {"type": "say", "n": 9},
                 description="always says 9 (tests only)", games=["saynumber"])
    register_bot("lowball", lambda view, seat, rules, rng, params: {"type": "say", "n": 0},
                 description="always says 0 (tests only)", games=["saynumber"])
