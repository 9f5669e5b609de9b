"""Action dicts that depend on a few small ints only, built once at import and shared by the
legal-action lists (like every cached legal list, they are read-only for callers): building a
list is then a matter of picking entries, with no dict allocated per legal action. They are
all in canonical form, so `rules.apply` skips normalising them (their ids: CANONICAL_IDS).
"""

from .data import CELLS, DEPTH, LINES, NATIONS, NEUTRAL

_LINES = range(LINES)
MOVE_SATELLITES = {moves: {"type": "move_satellites", "moves": list(moves)} for moves in
                   [(a, b) for a in _LINES for b in _LINES if a != b] +
                   [(a, b, c, d) for a in _LINES for b in _LINES for c in _LINES for d in _LINES
                    if a != b and c != d]}
SWAP_SATELLITE = {(a, b, owner): {"type": "swap_satellite", "line": a, "with_line": b, "owner": owner}
                  for a in _LINES for b in _LINES for owner in range(NEUTRAL, NATIONS)}
PLACE_SATELLITE = tuple({"type": "place_satellite", "line": line} for line in _LINES)
SKIP_SATELLITES = {"type": "skip_satellites"}
END_TURN = {"type": "end_turn"}
MEDIA_DONE = {"type": "media_done"}
TAKE, DOUBLE_AGENT, MEDIA_PICK = (tuple({"type": kind, "cell": cell} for cell in range(CELLS))
                                  for kind in ("take", "double_agent", "media_pick"))
BINOCULARS = tuple({"type": "play", "card": "binoculars", "cell": cell} for cell in range(CELLS))
RUBBER_BOAT = tuple({"type": "play", "card": "rubber_boat", "to": cell} for cell in range(CELLS))
JET_PACK = {(cell, to): {"type": "play", "card": "jet_pack", "cell": cell, "to": to}
            for cell in range(CELLS) for to in range(CELLS)}
SPOT = tuple(tuple({"type": "spot", "line": line, "depth": d} for d in range(DEPTH))
             for line in range(LINES))
SUPER_SPOT = tuple(tuple({"type": "spot", "line": line, "depth": d, "super": True}
                         for d in range(DEPTH)) for line in range(LINES))
SUPPORT_SPOT = {(line, d, sup, to): dict({"type": "spot", "line": line, "depth": d},
                                          **({"super": True} if sup else {}), to=to)
                for line in range(LINES) for d in range(DEPTH) for sup in (False, True)
                for to in range(CELLS)}  # spotting a Support card deploys into `to`
VOTES = ({"type": "vote", "rotate": True}, {"type": "vote", "rotate": False})
JACKET_ANSWERS = ({"type": "jacket", "use": True}, {"type": "jacket", "use": False})
PLAY = {card: {"type": "play", "card": card} for card in ("rifle", "rocket_launcher", "bulletproof_jacket")}


def _all_dicts():
    tables = (MOVE_SATELLITES, SWAP_SATELLITE, SUPPORT_SPOT, JET_PACK, PLAY)
    singles = (PLACE_SATELLITE, TAKE, DOUBLE_AGENT, MEDIA_PICK, BINOCULARS, RUBBER_BOAT,
               VOTES, JACKET_ANSWERS, (SKIP_SATELLITES, END_TURN, MEDIA_DONE))
    out = [a for table in tables for a in table.values()] + [a for row in singles for a in row]
    return out + [a for rows in (SPOT, SUPER_SPOT) for row in rows for a in row]


CANONICAL_IDS = frozenset(map(id, _all_dicts()))  # they live as long as the module: ids are safe
