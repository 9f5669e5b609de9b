"""Dark Agent data: the proposed card values and board mix loaded from darkagent_data.json.

The JSON file is OUR proposal (rules digest A17): the real values are unpublished. Replace the
file to change numbers; no code change needed. This module turns it into fast lookup tables.

Cell occupants are small ints: EMPTY (-1); a fixed theatre card (0..99, index into CARDS);
an equipment card lying in the theatre (EQUIP_BASE + index into EQUIPMENT); a player's spy
(SPY_BASE + 10 * seat + level).
"""

import json
import os
from dataclasses import dataclass

_PATH = os.path.join(os.path.dirname(__file__), "darkagent_data.json")

with open(_PATH, encoding="utf-8") as _fh:
    DATA = json.load(_fh)

EMPTY = -1
NEUTRAL = -1
EQUIP_BASE = 100
SPY_BASE = 200

LINES = DATA["grid"]["lines"]
DEPTH = DATA["grid"]["depth"]
SLOTS = DATA["grid"]["satSlotsPerLine"]
CELLS = LINES * DEPTH
NATIONS = DATA["nations"]
SATS_PER_NATION = DATA["satellitesPerNation"]
HAND_LIMIT = DATA["handLimitEquipment"]
AIM_BONUS = DATA["aimBonusToken"]
ATTACK_DICE = DATA["attackDice"]
DIE_SIDES = DATA["dieSides"]
RIFLE_BONUS = DATA["rifleBonus"]
BINOCULARS_MARKERS = DATA["binocularsMarkers"]
SPY_LEVELS = tuple(s["level"] for s in DATA["spies"])
SPY_DEFENCE = {s["level"]: s["baseDefence"] for s in DATA["spies"]}
EFFECTS = DATA["objectiveEffects"]
SOLO = DATA["solo"]
SAFETY_ROUND_CAP = DATA["safetyRoundCap"]
RULE = DATA["ruleChoices"]


@dataclass(frozen=True)
class Card:
    """A fixed theatre card: kind (aim/sentinel/agent/dark/special), name, level, defence, VP."""

    kind: str
    name: str
    level: int
    defence: int
    vp: int


def _build_cards():
    deck = DATA["theatreDeck"]
    cards = [Card("aim", a["id"], 0, a["defence"], a["vp"]) for a in deck["aims"]]
    for s in deck["sentinels"]:
        level = s["level"]
        cards += [Card("sentinel", f"sentinel{level}", level, s["defence"], level)] * s["count"]
    for a in deck["neutralAgents"]:
        level = a["level"]
        cards += [Card("agent", f"agent{level}", level, SPY_DEFENCE[level], level)] * a["count"]
    dark = DATA["darkAgent"]
    cards.append(Card("dark", "dark_agent", dark["level"], dark["baseDefence"], dark["vp"]))
    cards += [Card("special", name, 0, 0, 0) for name in deck["specials"]]
    return tuple(cards)


CARDS = _build_cards()
AIM_NAMES = tuple(c.name for c in CARDS if c.kind == "aim")
AIM_INDEX = {name: i for i, name in enumerate(AIM_NAMES)}
SPECIAL_NAMES = {code: card.name for code, card in enumerate(CARDS) if card.kind == "special"}
DARK_CODE = next(i for i, c in enumerate(CARDS) if c.kind == "dark")
EQUIPMENT = tuple(sorted(DATA["equipmentDeck"]))
EQUIP_INDEX = {name: i for i, name in enumerate(EQUIPMENT)}
EQUIPMENT_DECK = tuple(name for name in EQUIPMENT for _ in range(DATA["equipmentDeck"][name]))
EQUIP_IN_THEATRE = DATA["theatreDeck"]["equipmentFromDeck"]
assert len(CARDS) + EQUIP_IN_THEATRE == CELLS, "theatre composition must fill the grid"


def spy_code(seat, level):
    """The occupant code of `seat`'s spy of `level`."""
    return SPY_BASE + 10 * seat + level


def kind_of(code):
    """'empty', 'spy', 'equipment' or the fixed card's kind."""
    if code < 0:
        return "empty"
    if code >= SPY_BASE:
        return "spy"
    if code >= EQUIP_BASE:
        return "equipment"
    return CARDS[code].kind


def spy_owner(code):
    """Seat owning a player-spy code."""
    return (code - SPY_BASE) // 10


def level_of(code):
    """Level of a spy, neutral agent, Dark Agent or sentinel (0 otherwise)."""
    if code >= SPY_BASE:
        return (code - SPY_BASE) % 10
    if 0 <= code < EQUIP_BASE:
        return CARDS[code].level
    return 0


def base_defence(code):
    """Printed defence (spies: base defence before the defender's die)."""
    if code >= SPY_BASE:
        return SPY_DEFENCE[level_of(code)]
    return CARDS[code].defence


def equipment_name(code):
    """Name of an equipment card lying in the theatre."""
    return EQUIPMENT[code - EQUIP_BASE]


def is_enemy_spy(code, seat):
    """A spy that is not `seat`'s: another player's spy, a neutral agent or the Dark Agent."""
    if code >= SPY_BASE:
        return spy_owner(code) != seat
    return 0 <= code < EQUIP_BASE and CARDS[code].kind in ("agent", "dark")


def describe(code):
    """A JSON-able public description of an occupant (None for an empty cell)."""
    if code < 0:
        return None
    if code >= SPY_BASE:
        level = level_of(code)
        return {"kind": "spy", "owner": spy_owner(code), "level": level, "defence": SPY_DEFENCE[level]}
    if code >= EQUIP_BASE:
        return {"kind": "equipment", "name": equipment_name(code)}
    card = CARDS[code]
    out = {"kind": card.kind, "name": card.name, "id": code}
    if card.kind != "special":
        out.update(level=card.level, defence=card.defence, vp=card.vp)
    return out
