"""The `InsideJob` rules object: wires the Game contract to the package's modules."""

from engine.core import Game

from . import actions, sample, setup, state, view
from .flow import first_draw_events
from .data import INSIDER_SIDE, MISSION_CATALOGUE, PARAMS, PROPOSALS, ROLES, SPECIAL_ROLES
from .outcome import match_outcome
from .state import COMPILED

NOTES = (
    "Inside Job (Tanner Simmons, KOSMOS 2022), 3-5 players. Cards are ints 0..51: suit = card "
    "// 13 (display names blue/red/yellow/green are a PROPOSAL), value = card % 13 + 1. "
    "UNOFFICIAL DATA: the 24 missions and 4 Risky missions are placeholders (official texts "
    "not available; see 'missions' in this entry, every one flagged official=false). "
    "Professor NO is EXPERIMENTAL (no source for games without an Insider). Special roles: "
    "up to 2, 4-5 players only; the Risky Agent needs risk_mode. PROPOSALS taken: random "
    "dealer (option dealer=-1), wagers on by default (option wagers), 1 token per wager, vote "
    "ties let the Insider escape, the Nervous Agent starts with no Intel, the Accomplice's "
    "trick tokens return to the supply, voluntary reveal off (option "
    "voluntary_special_reveal), special roles replace an Agent (Professor NO the Insider). "
    "Vote actions list targets sorted ([a, b] with a <= b for the Stubborn Agent).")


class InsideJob(Game):
    """Rules object for Inside Job (see the package docstring)."""

    id = "insidejob"
    rules_doc = "docs/rules/insidejob.md"
    name = "Inside Job"
    min_players = 3
    max_players = 5
    # designate + tricks x (choose + plays) + voluntary reveals + votes, maximised over counts
    max_length = max(1 + p["tricks"] * (1 + n) + 2 + n for n, p in PARAMS.items())
    options_spec = {
        "players": {"default": 4, "choices": [3, 4, 5]},
        "wagers": {"default": PROPOSALS["wagers_default"], "type": "bool"},
        "risk_mode": {"default": False, "type": "bool"},
        "special_roles": {"default": [], "type": "str[]", "items": list(SPECIAL_ROLES)},
        "voluntary_special_reveal": {"default": False, "type": "bool"},
        "dealer": {"default": -1, "type": "int", "min": -1, "max": 4},
    }
    action_schemas = {
        "play": {"card": "int", "wager": "bool"},
        "choose_mission": {"mission": "str"},
        "vote": {"targets": "int[]"},
        "designate": {"target": "int"},
        "reveal": {},
    }
    notes = NOTES
    # ISMCTS defaults (bench/bench_bots.py, 4 players): no root prior, with the rollout policy and
    # belief-weighted deals (rollout.py): n=1,000 won 64.3% [61.3, 67.2] vs the heuristic's 58.1%
    # [55.0, 61.1], points gain +5.7 [+3.6, +7.9]. (At n=200: a prior of 60 gave +4.5 against +9.0
    # without; without beliefs -3.0; plain random playouts -10.0.)
    bot_defaults = {"ismcts": {"prior": 0}}
    typical_moves = 44  # a random-bot match, 4 players (service/tournament cost estimates)
    conformance_options = (
        {"players": 3},
        {"players": 4},
        {"players": 5},
        {"players": 3, "risk_mode": True, "wagers": False, "dealer": 2},
        {"players": 4, "special_roles": ["stubborn_agent", "sleeper_agent"], "risk_mode": True},
        {"players": 5, "special_roles": ["risky_agent", "tim_shady"], "risk_mode": True},
        {"players": 4, "special_roles": ["accomplice", "professor_no"]},
        {"players": 5, "special_roles": ["tim_shady", "sleeper_agent"],
         "voluntary_special_reveal": True},
        {"players": 5, "special_roles": ["nervous_agent", "decoy"], "wagers": False},
    )

    def check_options(self, options):
        """Special-role and dealer checks (setup.check_options)."""
        setup.check_options(options)

    def new_state(self, options, rng):
        """A freshly dealt state."""
        return setup.new_state(options, rng)

    def setup_events(self, state_):
        """The first mission draw (logged at version 0, private to the lead)."""
        return first_draw_events(state_)

    # the hot-path methods are the actions module's functions themselves (no wrapper call); the
    # compiled build takes their forms written for it (the same answers, see actions.py)
    to_move = staticmethod(actions.to_move_typed if COMPILED else actions.to_move)
    legal_actions = staticmethod(actions.legal_actions_typed if COMPILED
                                 else actions.legal_actions)
    apply = staticmethod(actions.apply_action_typed if COMPILED else actions.apply_action)

    def view(self, state, seat):
        """The allow-listed view for a seat (None = spectator)."""
        return view.build_view(state, seat)

    def outcome(self, state):
        """None while running, else the per-seat outcome."""
        if not state.result:
            return None
        return match_outcome(state)

    def state_to_json(self, state_):
        """Lossless JSON form."""
        return state.state_to_json(state_)

    def state_from_json(self, data):
        """Inverse of state_to_json."""
        return state.state_from_json(data)

    def seat_role(self, state_, seat):
        """"Insider" for the Insider's side (the Insider, Professor NO), else "Agent"."""
        return "Insider" if ROLES[state_.setup.roles[seat]]["side"] == INSIDER_SIDE else "Agent"

    def seat_side(self, state_, seat):
        """The Insider's side against the Agents (team-aware ratings)."""
        return "Insider side" if self.seat_role(state_, seat) == "Insider" else "Agents"

    def sample_state(self, view_, seat, rng):
        """A state consistent with the seat's view (sample.py)."""
        return sample.sample_state(view_, seat, rng)

    def describe(self):
        """The catalog entry plus the special-role and (unofficial) mission catalogues."""
        entry = super().describe()
        entry["special_roles"] = setup.catalog_roles()
        entry["missions"] = {"official": MISSION_CATALOGUE["official"],
                             "note": MISSION_CATALOGUE["note"],
                             "cards": [view.mission_card(m["id"])
                                       for m in MISSION_CATALOGUE["missions"]]}
        entry["parameters"] = {str(n): dict(p) for n, p in PARAMS.items()}
        return entry
