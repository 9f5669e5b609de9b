"""Inside Job per-seat views, built from an allow-list (rules digest B10).

A seat sees: its own hand (others: counts), its own role, public roles (Nervous Agent,
Accomplice, threshold reveals; all roles once the match is over), the role its Accomplice peek
showed, the 2 missions it drew while choosing, the missions it discarded (as knowledge), every
card played with its wager token, trick winners, completed and failed missions, Intel counts and
the supply, counts of the mission deck, discarded missions and set-aside cards, who has voted
and its own vote; all votes once everyone has voted. Nothing in a view says whether a player
could have followed suit. Spectators (seat None) see only public information.
"""

from .data import MISSIONS, PARAMS
from .state import MISSION, OVER, PLAY, plays_to_json


def mission_card(mission_id):
    """A mission as shown to players: id, text, trump suit, risky, official."""
    m = MISSIONS[mission_id]
    return {"id": m["id"], "text": m["text"], "trump": m["trump"], "risky": m["risky"],
            "official": m["official"]}


def known_roles(state, seat):
    """Role per seat as `seat` knows it (None = unknown)."""
    roles, revealed = state.setup.roles, state.revealed
    over = state.phase == OVER
    peeked = state.accomplice_target if seat is not None and roles[seat] == "accomplice" else -1
    return [role if (over or revealed[s] or s == seat or s == peeked) else None
            for s, role in enumerate(roles)]


def knowledge(state, seat):
    """The seat's private knowledge: missions it discarded, the role it peeked."""
    if seat is None:
        return []
    known = [{"kind": "discarded_mission", "trick": i + 1, "mission": m}
             for i, (s, m) in enumerate(state.discarded) if s == seat]
    target = state.accomplice_target
    if target >= 0 and state.setup.roles[seat] == "accomplice":
        known.append({"kind": "peek", "seat": target, "role": state.setup.roles[target]})
    return known


def vote_view(state, seat):
    """Who has voted, the seat's own vote, and every vote once all are revealed."""
    votes = state.votes
    if not votes:
        return {"voted": None, "my_vote": None, "votes": None}
    mine = votes[seat] if seat is not None else None
    decided = state.phase == OVER and state.result[1] in ("vote_caught", "vote_escaped")
    return {"voted": [v is not None for v in votes],
            "my_vote": None if mine is None else list(mine),
            "votes": [None if v is None else list(v) for v in votes] if decided else None}


def public_tricks(state):
    """Finished tricks: lead, mission, plays, winner, success."""
    return [{"lead": lead, "mission": m, "plays": plays_to_json(plays), "winner": w,
             "success": ok} for lead, m, plays, w, ok in state.tricks]


def build_view(state, seat):
    """The JSON-able view of `state` for `seat` (None = spectator)."""
    setup = state.setup
    phase = state.phase
    view = {
        "you": seat, "players": setup.players, "phase": phase,
        "options": {"wagers": setup.wagers, "risk_mode": setup.risk_mode,
                    "special_roles": list(setup.specials),
                    "voluntary_special_reveal": setup.voluntary_reveal},
        "params": dict(PARAMS[setup.players]), "dealer": setup.dealer, "lead": state.lead,
        "turn": state.turn if phase == PLAY else None,
        "trick_number": len(state.tricks) + (1 if phase in (MISSION, PLAY) else 0),
        "hand": list(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "set_aside_count": len(setup.set_aside),
        "roles": known_roles(state, seat), "revealed": list(state.revealed),
        "intel": list(state.intel), "supply": state.supply,
        "mission": mission_card(state.mission) if state.mission else None,
        "drawn": ([mission_card(m) for m in state.drawn]
                  if phase == MISSION and seat == state.lead else None),
        "trick": plays_to_json(state.trick), "tricks": public_tricks(state),
        "completed": list(state.completed), "failed": list(state.failed),
        "deck_size": len(state.deck), "discarded_count": len(state.discarded),
        "discarded_by": [s for s, _ in state.discarded],
        "accomplice_target": state.accomplice_target if state.accomplice_target >= 0 else None,
        "knowledge": knowledge(state, seat),
        "result": ({"side": state.result[0], "reason": state.result[1],
                    "seat": state.result[2]} if state.result else None),
    }
    view.update(vote_view(state, seat))
    return view

