"""Match setup (digest A4): deal the theatre, place neutral satellites, prepare the players.

The 35 theatre cards (24 fixed cards + 11 equipment cards from the shuffled equipment deck) are
shuffled face up into the 7 x 5 grid. Unplayed nations' satellites are neutral and placed at
random (at most 3 per line); then the players place their satellites one at a time, starting
with the last player and going clockwise. First player: seat 0 (PROPOSAL, fixed for the game).
"""

from .data import (
    AIM_NAMES,
    CARDS,
    EQUIP_BASE,
    EQUIP_IN_THEATRE,
    EQUIP_INDEX,
    EQUIPMENT_DECK,
    LINES,
    NATIONS,
    NEUTRAL,
    RULE,
    SATS_PER_NATION,
    SLOTS,
    SPY_LEVELS,
)
from .state import PLACE, DarkAgentConfig, make_state

_MASK = 0xFFFF_FFFF_FFFF_FFFF
# n -> the largest 64-bit draw that Rng.randbelow(n) accepts (its rejection limit)
_DRAW_LIMITS = tuple(_MASK - (_MASK % n + 1) % n if n else 0 for n in range(64))


def make_config(options):
    """The frozen rules config from validated options: one object per set of option values,
    shared by the matches that use them (it is frozen; building the dataclass costs more than
    a whole Phase-1 listing, and a playout starts with one)."""
    values = (options["players"], options["aim_limit"], options["need_dark_agent"],
              options["max_rounds"], options["objective_effects"], options["jacket_defence"],
              options["solo_alpha"], options["vote_rule"], options["safety_round_cap"])
    key = values, tuple([value.__class__ for value in values])  # True == 1, but not as a config
    cfg = _CONFIGS.get(key)
    if cfg is None:
        if len(_CONFIGS) >= _CONFIGS_LIMIT:
            _CONFIGS.clear()  # a bound on the memo (a service may see many option sets)
        cfg = _CONFIGS[key] = DarkAgentConfig(
            players=options["players"], aim_limit=options["aim_limit"],
            need_dark_agent=options["need_dark_agent"], max_rounds=options["max_rounds"],
            objective_effects=options["objective_effects"], jacket_defence=options["jacket_defence"],
            solo_alpha=options["solo_alpha"], vote_rule=options["vote_rule"],
            safety_round_cap=options["safety_round_cap"])
    return cfg


_CONFIGS = {}  # (option values in DarkAgentConfig's field order, their types) -> the config
_CONFIGS_LIMIT = 256


def place_neutral_satellites(rng, count):
    """Per line sorted owner tuples with `count` neutral satellites placed at random."""
    lines = [()] * LINES
    room = list(range(LINES))  # the lines with room, ascending
    for _ in range(count):
        i = rng.choice(room)
        lines[i] = lines[i] + (NEUTRAL,)
        if len(lines[i]) == SLOTS:
            room.remove(i)
    return tuple(lines)


def shuffled(rng, seq):
    """Exactly `rng.shuffled(seq)` (the same list and the same draws), with every draw taken at
    once (`Rng.draws`) instead of one `randbelow` call per swap: a deal shuffles twice. A draw
    that randbelow would reject (odds below 2**-58 per draw) rewinds the generator and lets
    `rng.shuffled` redo the shuffle."""
    items = list(seq)
    n = len(items)
    if n >= len(_DRAW_LIMITS):
        return rng.shuffled(items)
    start = rng.counter
    i = n - 1
    for z in rng.draws(n - 1):
        limit = _DRAW_LIMITS[i + 1]  # (a C integer in the compiled build, like z)
        if z > limit:
            rng.counter = start
            return rng.shuffled(seq)
        j = z % (i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return items


def new_state(options, rng):
    """A fresh match: theatre dealt, neutral satellites placed, players to place theirs."""
    cfg = make_config(options)
    n, first = cfg.players, RULE["firstPlayerSeat"] % cfg.players
    equipment = shuffled(rng, EQUIPMENT_DECK)
    theatre = list(range(len(CARDS))) + [EQUIP_BASE + EQUIP_INDEX[e] for e in equipment[:EQUIP_IN_THEATRE]]
    grid = tuple(shuffled(rng, theatre))
    sats = place_neutral_satellites(rng, (NATIONS - n) * SATS_PER_NATION)
    last = (first + 1) % n
    order = tuple((last + i) % n for i in range(n)) * SATS_PER_NATION
    return make_state(
        cfg=cfg, phase=PLACE, first=first, turn=first, round=1, place_order=order,
        grid=grid, markers=(0,) * len(AIM_NAMES), sats=sats,
        reserve=(tuple(SPY_LEVELS),) * n, wounded=((),) * n, super_token=(True,) * n,
        double_agent=last, hands=((),) * n, hands_public=((),) * n,
        deck=tuple(equipment[EQUIP_IN_THEATRE:]), discard=(), captured=((),) * n, kills=((),) * n,
        bonus_aim=-1, bonus_holder=-1, virology_used=(False,) * n)
