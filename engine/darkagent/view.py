"""Per-seat views (digest A18, an allow-list) and `sample_state` for bots.

Everything is open except: equipment hands (others see the count and the cards publicly known to
be in the hand, e.g. taken from the theatre), the equipment deck order (count only) and the UN
votes (a "has voted" flag until all are revealed). `sample_state` rebuilds the full state from a
view and deals the unseen equipment (deck + others' unknown hand cards) at random.
"""

from collections import Counter

from .data import (
    AIM_NAMES,
    CARDS,
    DEPTH,
    EMPTY,
    EQUIP_BASE,
    EQUIP_INDEX,
    EQUIPMENT,
    EQUIPMENT_DECK,
    LINES,
    NATIONS,
    SPY_LEVELS,
    describe,
    spy_code,
)
from .scoring import deployed_levels, ledger, solo_target
from .state import DarkAgentConfig, DarkAgentState, with_cache_slots
from .turns import last_player, round_limit


def view(state, seat):
    """The JSON-able view of `state` for `seat` (None = spectator)."""
    n = state.cfg.players
    deployed = deployed_levels(state.grid, n)
    out = {
        "you": seat, "options": state.cfg.to_json(), "phase": state.phase, "round": state.round,
        "round_limit": round_limit(state.cfg), "first": state.first, "turn": state.turn,
        "last_player": last_player(state), "place_order": list(state.place_order),
        "grid": _grid_view(state.grid),
        "attempt_markers": dict(zip(AIM_NAMES, state.markers)),
        "satellites": [list(s) for s in state.sats],
        "double_agent": state.double_agent,
        "bonus_token": {"aim": state.bonus_aim, "holder": state.bonus_holder},
        "deck_size": len(state.deck), "discard": list(state.discard),
        "players": [_player_view(state, s, deployed) for s in range(n)],
        "turn_state": {"spotted": list(state.spotted), "sats_used": list(state.sats_used),
                       "used_cells": list(state.used_cells), "status": list(state.status),
                       "turned": state.turned, "media_picks": list(state.media_picks)},
        "pending": list(state.pending),
        "last_roll": _roll_view(state.last_roll),
        "rotations": state.rotations, "end_reason": state.end_reason,
    }
    if state.cfg.players == 1:
        out["solo_target"] = solo_target(state.cfg)
    if seat is not None:
        out["hand"] = list(state.hands[seat])
        out["my_vote"] = state.votes[seat] if state.votes else -1
    return out


def _grid_view(grid):
    """The theatre as lines of cell descriptions (fresh dicts copied from a per-code table)."""
    cells = [None if item is None else item.copy() for item in map(_DESCRIPTIONS.__getitem__, grid)]
    return [cells[i:i + DEPTH] for i in range(0, LINES * DEPTH, DEPTH)]


_DESCRIPTIONS = {code: describe(code) for code in
                 [EMPTY] + list(range(len(CARDS))) + [EQUIP_BASE + i for i in range(len(EQUIPMENT))] +
                 [spy_code(seat, level) for seat in range(NATIONS) for level in SPY_LEVELS]}


def _player_view(state, seat, deployed):
    entries = ledger(state, seat, deployed[seat])
    return {
        "seat": seat, "reserve": list(state.reserve[seat]), "wounded": list(state.wounded[seat]),
        "super_token": state.super_token[seat], "hand_size": len(state.hands[seat]),
        "hand_known": list(state.hands_public[seat]),
        "captured": list(state.captured[seat]),
        "kills": [list(k) for k in state.kills[seat]],
        "virology_used": state.virology_used[seat],
        "has_voted": bool(state.votes) and state.votes[seat] != -1,
        "ledger": entries,
        "score": sum(e["vp"] for e in entries),
    }


def _roll_view(roll):
    if not roll:
        return None
    rolled, used, die, bonus, defence, success = roll
    return {"dice": list(rolled), "dice_used": list(used), "defender_die": die, "bonus": bonus,
            "defence": defence, "success": success}


def _code_of(item):
    if item is None:
        return -1
    if item["kind"] == "spy":
        return spy_code(item["owner"], item["level"])
    if item["kind"] == "equipment":
        return EQUIP_BASE + EQUIP_INDEX[item["name"]]
    return item["id"]


def _roll_from(data):
    if data is None:
        return ()
    return (tuple(data["dice"]), tuple(data["dice_used"]), data["defender_die"], data["bonus"],
            data["defence"], data["success"])


def sample_state(v, seat, rng):
    """A full state consistent with view `v` of `seat`: unseen equipment dealt at random."""
    players = v["players"]
    grid = tuple(_code_of(v["grid"][line][d]) for line in range(LINES) for d in range(DEPTH))
    hands, votes = _deal_hidden(v, seat, grid, rng)
    deck = hands.pop()
    turn = v["turn_state"]
    return with_cache_slots(DarkAgentState(
        cfg=DarkAgentConfig(**v["options"]), phase=v["phase"], first=v["first"], turn=v["turn"],
        round=v["round"], place_order=tuple(v["place_order"]), grid=grid,
        markers=tuple(v["attempt_markers"][a] for a in AIM_NAMES),
        sats=tuple(tuple(s) for s in v["satellites"]),
        reserve=tuple(tuple(p["reserve"]) for p in players),
        wounded=tuple(tuple(p["wounded"]) for p in players),
        super_token=tuple(p["super_token"] for p in players), double_agent=v["double_agent"],
        hands=tuple(hands), hands_public=tuple(tuple(p["hand_known"]) for p in players),
        deck=deck, discard=tuple(v["discard"]),
        captured=tuple(tuple(p["captured"]) for p in players),
        kills=tuple(tuple(tuple(k) for k in p["kills"]) for p in players),
        bonus_aim=v["bonus_token"]["aim"], bonus_holder=v["bonus_token"]["holder"],
        virology_used=tuple(p["virology_used"] for p in players),
        spotted=tuple(turn["spotted"]), sats_used=tuple(turn["sats_used"]),
        used_cells=tuple(turn["used_cells"]), status=tuple(turn["status"]), turned=turn["turned"],
        media_picks=tuple(turn["media_picks"]), pending=tuple(v["pending"]), votes=votes,
        last_roll=_roll_from(v["last_roll"]), rotations=v["rotations"], end_reason=v["end_reason"]))


def _deal_hidden(v, seat, grid, rng):
    """(hands + [deck], votes): the unseen equipment shuffled into others' hands and the deck."""
    players = v["players"]
    pool = Counter(EQUIPMENT_DECK)
    pool.subtract(Counter(equipment_in_theatre(grid)))
    pool.subtract(Counter(v["discard"]))
    pool.subtract(Counter(v["hand"]))
    for p in players:
        if p["seat"] != seat:
            pool.subtract(Counter(p["hand_known"]))
    unseen = rng.shuffled(sorted(pool.elements()))
    hands = []
    for p in players:
        if p["seat"] == seat:
            hands.append(tuple(v["hand"]))
            continue
        k = p["hand_size"] - len(p["hand_known"])
        hands.append(tuple(sorted(p["hand_known"] + unseen[:k])))
        unseen = unseen[k:]
    hands.append(tuple(unseen))
    votes = ()
    if v["phase"] == "vote":
        votes = tuple(v["my_vote"] if p["seat"] == seat else
                      (rng.randbelow(2) if p["has_voted"] else -1) for p in players)
    return hands, votes


def equipment_in_theatre(grid):
    """Equipment names lying in the theatre."""
    from .data import EQUIPMENT
    return [EQUIPMENT[c - EQUIP_BASE] for c in grid if EQUIP_BASE <= c < EQUIP_BASE + 100]

