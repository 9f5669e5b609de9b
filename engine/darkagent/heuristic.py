"""A heuristic Dark Agent bot that reads only its seat's rendered view.

Plays by the game's obvious good sense: place and move satellites to widen its own spotting
range over valuable cells, spot the best cells (special cards act when spotted, so only those
that can act), take equipment, choose attacks by exact odds (odds.p_success) times VP, stop
when the odds are poor, and vote for the UN rotation only when it improves its own spotting
value. `choose(view, seat, rules, rng, params)`
returns one of view["legal_actions"]; params: min_odds (percent, default 45).
"""

from .data import CARDS, DEPTH, SLOTS
from .odds import p_success

DEFAULT_MIN_ODDS = 45
SPECIAL_VALUE = {"support": 2.5, "supply": 1.5, "espionage": 1.0, "media": 0.2}


def choose(view, seat, rules, rng, params):
    """One legal action chosen by the heuristic (deterministic given rng)."""
    legal = view["legal_actions"]
    st = view["state"]
    by_type = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    for kind, answer in (("jacket", {"type": "jacket", "use": True}), ("media_done", {"type": "media_done"})):
        if kind in by_type and answer in legal:
            return answer
    if "vote" in by_type:
        return {"type": "vote", "rotate": _rotation_helps(st, seat)}
    if "place_satellite" in by_type or "move_satellites" in by_type or "swap_satellite" in by_type:
        return _best_satellite_action(st, seat, legal, rng)
    if "end_turn" in by_type:
        return _act(st, seat, by_type, params.get("min_odds", DEFAULT_MIN_ODDS) / 100.0, rng)
    return legal[rng.randbelow(len(legal))]


def cell_value(st, seat, cell, armed=None):
    """How useful it is for `seat` to spot this cell (targets only matter with spies out;
    `armed`: whether the seat has a spy in the field, when the caller knows it)."""
    item = st["grid"][cell // DEPTH][cell % DEPTH]
    me = st["players"][seat]
    if item is None:
        return 0.3 if me["reserve"] else 0.0
    kind = item["kind"]
    if armed is None:
        armed = _has_field_spy(st, seat)
    if kind == "spy" and item["owner"] == seat:
        return 3.0
    if kind == "aim":
        return 4.0 if armed else 0.4
    if kind == "sentinel":
        return float(item["level"]) * (1.0 if armed else 0.1)
    if kind in ("spy", "agent", "dark"):
        return 0.6 * item.get("vp", item["level"]) * (1.0 if armed else 0.1)
    if kind == "equipment":
        if me["hand_size"] >= 3:
            return 0.0
        return 3.5 if item["name"] == "rubber_boat" and me["reserve"] else 1.5
    if kind == "special":  # it acts as soon as it is spotted: worth it only if it can act
        name = item["name"]
        if name == "support":
            return 3.5 if me["reserve"] else 0.0
        if name == "supply" and (me["hand_size"] >= 3 or not st["deck_size"] and not st["discard"]):
            return 0.0
        if name == "espionage" and st["double_agent"] == seat:
            return 0.0
        if name == "media" and "media" in st["turn_state"]["status"]:
            return 0.0
        return SPECIAL_VALUE.get(name, 0.0)
    return 0.0


class CellValues(dict):
    """One decision's cell -> cell_value for `seat` (each computed on first use: the values
    depend on the view alone, not on the satellite layout a caller tries), and its memo of
    line values by (source line, owners) for spotting_value."""

    def __init__(self, st, seat):
        super().__init__()
        self.st, self.seat, self.armed, self.lines = st, seat, None, {}

    def __missing__(self, cell):
        if self.armed is None:
            self.armed = _has_field_spy(self.st, self.seat)
        value = self[cell] = cell_value(self.st, self.seat, cell, self.armed)
        return value


def _has_field_spy(st, seat):
    return any(item and item["kind"] == "spy" and item["owner"] == seat
               for line in st["grid"] for item in line)


def spotting_value(st, seat, sats, grid_shift=0, values=None):
    """Value of the best cells `seat`'s satellites could select, for a satellite layout of
    tuples (`values`: the decision's CellValues, made here when not given)."""
    cells = CellValues(st, seat) if values is None else values
    memo = cells.lines
    total = 0.0
    for line, owners in enumerate(sats):
        src = (line + grid_shift) % len(sats)
        value = memo.get((src, owners))
        if value is None:
            value = memo[src, owners] = _line_value(cells, seat, src, owners)
        if value is not _NO_SATELLITE:
            total += value
    return total


_NO_SATELLITE = object()  # a line without the seat's satellites adds nothing


def _line_value(cells, seat, src, owners):
    """What the seat's satellites among `owners` could select on line `src`."""
    mine = owners.count(seat)
    if not mine:
        return _NO_SATELLITE
    reach = DEPTH if len(owners) == SLOTS and mine == SLOTS else min(len(owners), DEPTH)
    best = sorted((cells[src * DEPTH + d] for d in range(reach)), reverse=True)
    return sum(best[:mine])


def _after(sats, seat, action):
    sats = [list(s) for s in sats]
    kind = action["type"]
    if kind == "place_satellite":
        sats[action["line"]].append(seat)
    elif kind == "move_satellites":
        moves = action["moves"]
        for i in range(0, len(moves), 2):
            sats[moves[i]].remove(seat)
            sats[moves[i + 1]].append(seat)
    elif kind == "swap_satellite":
        sats[action["line"]].remove(seat)
        sats[action["with_line"]].remove(action["owner"])
        sats[action["line"]].append(action["owner"])
        sats[action["with_line"]].append(seat)
    return [tuple(s) for s in sats]


def _best_satellite_action(st, seat, legal, rng):
    best, best_value = None, None
    values = CellValues(st, seat)
    for action in legal:
        value = spotting_value(st, seat, _after(st["satellites"], seat, action), 0, values) + rng.random() * 1e-3
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def _rotation_helps(st, seat):
    sats = [tuple(s) for s in st["satellites"]]
    values = CellValues(st, seat)
    return spotting_value(st, seat, sats, 1, values) > spotting_value(st, seat, sats, 0, values) + 0.5


def _act(st, seat, by_type, min_odds, rng):
    spots = by_type.get("spot", [])
    if spots:
        cells = CellValues(st, seat)

        def gain(a):
            return cells[a["line"] * DEPTH + a["depth"]] - (3.5 if a.get("super") else 0.0)
        spot = max(spots, key=gain)
        if gain(spot) > 0.1:
            if "to" not in spot:
                return spot
            same = [a for a in spots if a["line"] == spot["line"] and a["depth"] == spot["depth"]
                    and a.get("super") == spot.get("super")]
            return _best_deploy(st, same)  # spotting Support deploys at once: pick where
    for kind in ("take", "virology"):
        if kind in by_type:
            return by_type[kind][0]
    attack, p = _best_attack(st, seat, by_type.get("attack", []))
    plays = by_type.get("play", [])
    if attack and p < 0.9:
        for card in ("rifle", "rocket_launcher"):
            for play in plays:
                if play["card"] == card:
                    return play
    if attack and p >= min_odds:
        return attack
    boat = _best_deploy(st, [p for p in plays if p["card"] == "rubber_boat"])
    if boat:
        return boat
    for play in plays:
        if play["card"] == "binoculars":
            return play
    return {"type": "end_turn"}


def _best_deploy(st, actions):
    """A Support/Rubber-boat action deploying into the most useful empty cell."""
    if not actions:
        return None
    seat = st["you"]
    spotted = st["turn_state"]["spotted"]

    def _score(action):
        cell = action["to"]
        line, depth = divmod(cell, DEPTH)
        owners = st["satellites"][line]
        reach = DEPTH if len(owners) == SLOTS and owners.count(seat) == SLOTS else len(owners)
        near = 2.0 if cell in spotted else (1.0 if seat in owners and depth < reach else 0.0)
        return near + 0.1 * sum(1 for c in _neighbours(cell) if _is_target(st, c))
    return max(actions, key=_score)


def _neighbours(cell):
    line, depth = divmod(cell, DEPTH)
    for dl, dd in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= line + dl < 7 and 0 <= depth + dd < DEPTH:
            yield (line + dl) * DEPTH + depth + dd


def _is_target(st, cell):
    item = st["grid"][cell // DEPTH][cell % DEPTH]
    return bool(item) and item["kind"] in ("aim", "sentinel")


def attack_odds(st, seat, action):
    """(probability, VP at stake) of a legal attack action, from the view only."""
    grid = st["grid"]
    item = lambda c: grid[c // DEPTH][c % DEPTH]
    target = item(action["target"])
    bonus = sum(item(c)["level"] for c in action["spies"])
    if action.get("adrenaline") is not None:
        bonus += item(action["adrenaline"])["level"]
    status = st["turn_state"]["status"]
    if "rifle" in status:
        bonus += 2
    if st["options"]["objective_effects"] and any(
            CARDS[c].name == "nuclear_submarine" for c in st["players"][seat]["captured"]):
        bonus += 2
    kind = target["kind"]
    if kind == "aim":
        bonus += st["attempt_markers"][target["name"]]
        value = 6 + 3
    else:
        value = target.get("vp", target.get("level", 0))
    p = p_success(bonus, target["defence"], vs_spy=kind in ("spy", "agent", "dark"),
                  rocket_launcher="rocket" in status)
    return float(p), value


def _best_attack(st, seat, attacks):
    best, best_ev, best_p = None, 0.0, 0.0
    for action in attacks:
        p, value = attack_odds(st, seat, action)
        waste = 0.5 * len(action["spies"]) + (1.0 if "adrenaline" in action else 0.0)
        ev = p * value - (1 - p) * waste
        if ev > best_ev:
            best, best_ev, best_p = action, ev, p
    return best, best_p
