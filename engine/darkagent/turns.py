"""Turn structure: satellite placement, Phase 1, end of turn (Double Agent, Media), the UN peace
phase (end check, secret simultaneous vote, rotation) and the next turn.

Turn order is counter-clockwise: with seats listed clockwise and first player f, the order is
f, f-1, f-2, ... and the last player is f+1 (who holds the Double Agent token at the start).
"""

from . import board
from .data import CARDS, DARK_CODE, SOLO, SPY_BASE, spy_owner
from .events import public_event
from .state import (ACT, COMPILED, MEDIA, MOVE, NO_CACHES, NO_STATE_CACHES, OVER, VOTE, DarkAgentState, copy_state,
                    evolve, evolve_fields, replace_at)

TURN_RESET = {"spotted": (), "sats_used": (0,) * board.LINES, "used_cells": (), "status": (),
              "turned": -1, "media_picks": (), "pending": ()}
# the next turn's Phase 1 as one merge: the turn-scoped fields reset and the per-state caches
_NEXT_TURN = {"phase": MOVE, **TURN_RESET, **NO_STATE_CACHES}
_set_attribute = object.__setattr__


def last_player(state):
    """The seat that plays last in each round (first player's left neighbour)."""
    return (state.first + 1) % state.cfg.players


def round_limit(cfg):
    """The round after which the game ends regardless: the smaller of the rules' limit (solo
    10 + alpha, or the max_rounds option) and the safety_round_cap option."""
    return round_limit_and_reason(cfg)[0]


def round_limit_and_reason(cfg):
    """(last round, end reason): ("rounds") for the rules' own limit (solo 10 + alpha, option
    max_rounds), ("safety_round_cap") for OUR termination guard when it comes first."""
    if cfg.players == 1:
        alpha = cfg.aim_limit if cfg.solo_alpha < 0 else cfg.solo_alpha
        rules_limit = SOLO["baseRounds"] + alpha
    else:
        rules_limit = cfg.max_rounds  # 0: the publisher's multiplayer game has no round limit
    if rules_limit and rules_limit <= cfg.safety_round_cap:
        return rules_limit, "rounds"
    return cfg.safety_round_cap, "safety_round_cap"


def apply_place(state, seat, action):
    """Setup: place one own satellite in a line with room."""
    line = action["line"]
    sats = replace_at(state.sats, line, tuple(sorted(state.sats[line] + (seat,))))
    order = state.place_order[1:]
    state = evolve(state, sats=sats, place_order=order, phase=MOVE if not order else state.phase)
    return state, [public_event({"place_satellite": {"seat": seat, "line": line}})]


def apply_move(state, seat, action):
    """Phase 1: move satellites, swap one, or skip when nothing is possible; then Phase 2.
    (Every turn makes one: the state copy, `state.evolve`, is written out.)"""
    kind = action["type"]
    if COMPILED:
        return apply_move_typed(state, seat, action, kind)
    fields = state.__dict__
    new = DarkAgentState.__new__(DarkAgentState)
    if kind == "move_satellites":
        sats = board.apply_moves(fields["sats"], seat, action["moves"])
        public = {"move_satellites": {"seat": seat, "moves": list(action["moves"])}}
    elif kind == "swap_satellite":
        sats = board.apply_swap(fields["sats"], seat, action["line"], action["with_line"], action["owner"])
        public = {"swap_satellite": {"seat": seat, "line": action["line"],
                                     "with_line": action["with_line"], "owner": action["owner"]}}
    else:  # the satellites stay: so do the facts cached with them
        _set_attribute(new, "__dict__", {**fields, "phase": ACT, **NO_STATE_CACHES})
        return new, [{"public": {"skip_satellites": seat}, "private": {}}]
    _set_attribute(new, "__dict__", {**fields, "sats": sats, "phase": ACT, **NO_CACHES})
    return new, [{"public": public, "private": {}}]


def apply_move_typed(state, seat, action, kind):
    """`apply_move` for the compiled build: the extension type copied, its fields set."""
    new = copy_state(state)
    new.phase = ACT
    if kind == "move_satellites":
        new.sats = board.apply_moves(state.sats, seat, action["moves"])
        public = {"move_satellites": {"seat": seat, "moves": list(action["moves"])}}
    elif kind == "swap_satellite":
        new.sats = board.apply_swap(state.sats, seat, action["line"], action["with_line"], action["owner"])
        public = {"swap_satellite": {"seat": seat, "line": action["line"],
                                     "with_line": action["with_line"], "owner": action["owner"]}}
    else:  # the satellites stay: so do the facts cached with them
        return new, [{"public": {"skip_satellites": seat}, "private": {}}]
    new._sats_cache = None
    return new, [{"public": public, "private": {}}]


def apply_end_turn(state, seat, action):
    """The end_turn action: Phase 2 ends without a failed attack (the common case, no Double
    Agent token to hand on and no Media, goes straight to the next turn)."""
    if state.turned < 0 and "media" not in state.status:
        return next_turn(state)
    return end_action_phase(state, seat, failed=False)


def end_action_phase(state, seat, failed):
    """Phase 2 is over: pass the Double Agent token, then Media (unless failed) or next turn."""
    if state.turned < 0 and (failed or "media" not in state.status):
        return next_turn(state)  # the common case: nothing to hand on, no Media
    events = []
    if state.turned >= 0:
        code = state.grid[state.turned]
        holder = spy_owner(code) if code >= SPY_BASE else -1
        state = evolve(state, double_agent=holder, turned=-1)
        events.append(public_event({"double_agent_to": holder}))
    if not failed and "media" in state.status and sum(1 for c in state.grid if c >= 0) >= 2:
        return evolve(state, phase=MEDIA), events + [public_event({"media": seat})]
    state, more = next_turn(state)
    return state, events + more


def apply_media(state, seat, action):
    """Media: pick cells one by one, then put their contents back in a new order (or stop)."""
    kind = action["type"]
    if kind == "media_pick":
        return evolve(state, media_picks=state.media_picks + (action["cell"],)), [
            public_event({"media_pick": action["cell"]})]
    events = []
    if kind == "media_place":
        grid = list(state.grid)
        for src, dst in zip(state.media_picks, action["cells"]):
            grid[dst] = state.grid[src]
        state = evolve(state, grid=tuple(grid))
        events.append(public_event({"media_place": {"from": list(state.media_picks), "to": list(action["cells"])}}))
    state, more = next_turn(state)
    return state, events + more


def next_turn(state):
    """Reset turn-scoped fields; the next seat's Phase 1, or the UN peace phase after the last.
    (Every turn ends here: the state copy, `state.evolve`, is written out.)"""
    if COMPILED:
        return next_turn_typed(state)
    fields = state.__dict__
    turn, players = fields["turn"], fields["cfg"].players
    if turn != (fields["first"] + 1) % players:  # not the last player (last_player)
        nxt = (turn - 1) % players
        new = DarkAgentState.__new__(DarkAgentState)
        _set_attribute(new, "__dict__", {**fields, "turn": nxt, **_NEXT_TURN})
        return new, [{"public": {"turn": nxt}, "private": {}}]
    return un_peace_phase(state, TURN_RESET)


def next_turn_typed(state):
    """`next_turn` for the compiled build: the extension type copied, the fields of _NEXT_TURN
    set (the same values)."""
    turn, players = state.turn, state.cfg.players
    if turn != (state.first + 1) % players:  # not the last player (last_player)
        nxt = (turn - 1) % players
        new = copy_state(state)
        new.turn = nxt
        new.phase = MOVE
        reset_turn_fields(new)
        return new, [{"public": {"turn": nxt}, "private": {}}]
    return un_peace_phase(state, TURN_RESET)


def reset_turn_fields(new):
    """Set the fields of TURN_RESET, to its values, on a fresh copy (compiled build only)."""
    new.spotted = new.used_cells = new.status = new.media_picks = new.pending = ()
    new.sats_used = _NO_SATS_USED
    new.turned = -1


_NO_SATS_USED = TURN_RESET["sats_used"]


def aims_captured(state):
    """Total objectives captured by all players."""
    return sum(1 for seat_cards in state.captured for c in seat_cards if CARDS[c].kind == "aim")


def dark_agent_captured(state):
    """Somebody took the Dark Agent."""
    return any(DARK_CODE in seat_cards for seat_cards in state.captured)


def un_peace_phase(state, changes=None):
    """End check, else open the secret rotation vote (`changes`: fields to set on the way)."""
    cfg = state.cfg
    changes = changes or {}
    if any(state.captured) and aims_captured(state) >= cfg.aim_limit and (
            not cfg.need_dark_agent or dark_agent_captured(state)):
        return evolve(state, phase=OVER, end_reason="objectives", **changes), [public_event({"game_over": "objectives"})]
    limit, reason = round_limit_and_reason(cfg)
    if state.round >= limit:
        return evolve(state, phase=OVER, end_reason=reason, **changes), [public_event({"game_over": reason})]
    if COMPILED:  # the same copy
        new = copy_state(state)
        new.phase, new.votes = VOTE, (-1,) * cfg.players
        if changes is TURN_RESET:  # (every round's end)
            reset_turn_fields(new)
        elif changes:
            new = evolve_fields(new, changes)
    else:
        new = DarkAgentState.__new__(DarkAgentState)  # the vote opens every round: state.evolve, written out
        _set_attribute(new, "__dict__", {**state.__dict__, "phase": VOTE, "votes": (-1,) * cfg.players,
                                         **changes, **(NO_CACHES if "sats" in changes else NO_STATE_CACHES)})
    return new, [{"public": {"un_vote": state.round}, "private": {}}]  # public_event, written out


def apply_vote(state, seat, action, rng):
    """Record a secret vote; when everyone has voted, reveal, rotate if passed, next round."""
    votes = replace_at(state.votes, seat, 1 if action["rotate"] else 0)
    if -1 in votes:  # the event as engine.core.event({"voted": seat}, {seat: {...}}) makes it
        if COMPILED:  # the same copy
            new = copy_state(state)
            new.votes = votes
        else:
            new = DarkAgentState.__new__(DarkAgentState)  # state.evolve, written out
            _set_attribute(new, "__dict__", {**state.__dict__, "votes": votes, **NO_STATE_CACHES})
        return new, [{"public": {"voted": seat}, "private": {str(seat): {"rotate": action["rotate"]}}}]
    passed, public = tally_votes(state, rng, votes)
    grid = board.rotate_grid(state.grid) if passed else state.grid
    new_round = state.round + 1
    if COMPILED:  # the same copy
        new = copy_state(state)
        new.grid, new.votes, new.round, new.turn = grid, (), new_round, state.first
        new.phase, new.rotations = MOVE, state.rotations + passed
        state = new
    else:
        fields = state.__dict__
        state = DarkAgentState.__new__(DarkAgentState)  # every round ends here: state.evolve, written out
        _set_attribute(state, "__dict__", {**fields, "grid": grid, "votes": (), "round": new_round,
                                           "turn": fields["first"], "phase": MOVE,
                                           "rotations": fields["rotations"] + passed, **NO_STATE_CACHES})
    return state, [{"public": {"voted": seat}, "private": {}}, {"public": public, "private": {}},
                   {"public": {"round": new_round}, "private": {}}]  # public_event, written out


def tally_votes(state, rng, votes):
    """(passed, public event) of the complete `votes`: strict majority of weighted votes;
    solo: you + one die."""
    cfg = state.cfg
    if cfg.players == 1:
        die = rng.die(6)
        opposing = die in SOLO["opposingYesFaces"]
        passed = votes[0] == 1 and opposing
        return passed, {"votes": list(votes), "opposition_die": die, "opposition_yes": opposing,
                        "rotate": passed}
    if cfg.objective_effects:
        weights = [vote_weight(state, s) for s in range(len(votes))]
        yes = sum(w for w, v in zip(weights, votes) if v == 1)
        total = sum(weights)
    else:  # every vote weighs 1
        weights = [1] * len(votes)
        yes, total = votes.count(1), len(votes)
    passed = 2 * yes > total if cfg.vote_rule == "strict_majority" else 2 * yes >= total
    return passed, {"votes": list(votes), "weights": weights, "rotate": passed}


def vote_weight(state, seat):
    """1, or 2 for the holder of the United Nations objective (optional objective effects)."""
    if state.cfg.objective_effects and any(CARDS[c].name == "united_nations" for c in state.captured[seat]):
        return 2
    return 1
