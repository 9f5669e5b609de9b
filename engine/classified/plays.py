"""The legal plays of hand cards (encrypt, guard, assassinate, deploy), mostly from shared tables.

Per card, in this order: encrypt, guard (Guard/Sentinel with a free spot), assassinate
(Assassin/Sentinel; each target), deploy (each parameter set the design allows).

The encrypt / guard actions, the Deploys whose options depend on the card alone and the
assassinations (which depend on the card, the Guard rows, the target rule in PROPOSALS and which
cards are Extra Protection / Armored Fedora) are shared read-only dicts (engine.legal_actions
allows it), built once and looked up; the other Deploys are built fresh on every call (the hot
ones return finished actions, common.FINISHED_OPTIONS).
"""

from .combat import EP, FEDORA, attack_targets
from .common import CARD_ONLY_OPTIONS, DEPLOY, FINISHED_OPTIONS
from .data import GUILD, PROPOSALS

ENCRYPT = tuple({"type": "encrypt", "card": c} for c in range(18))  # shared, read-only actions
ENLIST = tuple({"type": "guard", "card": c} for c in range(18))
ENCRYPT_ONLY = tuple((ENCRYPT[c],) for c in range(18))  # a card's first plays, without a free spot
ENCRYPT_OR_ENLIST = tuple((ENCRYPT[c], ENLIST[c]) if GUILD[c] != "A" else (ENCRYPT[c],) for c in range(18))
NO_GUARDS = (None, None, None)

TARGET_RULE = "face_up_target_needs_shared_code"
MAX_TABLES = 64  # kept tables of each kind; past it that cache starts over
MAX_ROWS = 8192  # kept Guard rows per assassination table; past it the table starts over

_TABLES = {}  # (designs, rule) -> _Table
_TARGETS = {}  # (Extra Protection cards, Armored Fedora cards, rule) -> assassinations by Guard rows
_CARD_ONLY_PLAYS = {}  # (design, card) -> its Deploy actions, for designs in CARD_ONLY_OPTIONS
_last = [None]  # the table of the last call (the same all match long)


class _Table:
    """What a match's designs (and the target rule) fix: per card, the shared card-only Deploys
    or the option function of the others (and whether it returns finished actions), and the
    assassinations found so far by Guard rows (shared by every match whose Extra Protection and
    Armored Fedora cards are the same: attack_targets reads no other design)."""

    __slots__ = ("deploys", "designs", "finished", "live", "own_rows", "rule", "targets")

    def __init__(self, designs, rule):
        self.designs, self.rule = designs, rule
        self.deploys, self.live, self.finished = [()] * 18, [None] * 18, [False] * 18
        for card in range(18):
            design = designs[card]
            handlers = DEPLOY.get(design)
            if handlers is None:
                continue
            if handlers[0] in CARD_ONLY_OPTIONS:
                self.deploys[card] = _card_only_plays(handlers[0], design, card)
            else:
                self.live[card] = handlers[0]
                self.finished[card] = handlers[0] in FINISHED_OPTIONS
        fedoras = tuple(c for c in range(18) if designs[c] == FEDORA)
        self.own_rows = bool(fedoras)  # own Guards can be targets: key on both rows
        key = (tuple(c for c in range(18) if designs[c] == EP), fedoras, rule)
        self.targets = _TARGETS.get(key)
        if self.targets is None:
            if len(_TARGETS) >= MAX_TABLES:
                _TARGETS.clear()
            self.targets = _TARGETS[key] = {}  # Guard rows -> per card: its assassinations or None


def _card_only_plays(options, design, card):
    """The shared Deploy actions of a card whose options depend on the card alone."""
    plays = _CARD_ONLY_PLAYS.get((design, card))
    if plays is None:
        plays = _CARD_ONLY_PLAYS[(design, card)] = _finished(options(None, 0, card), "deploy", card)
    return plays


def card_plays(state, seat, card, from_hand=True):
    """Every legal way to play `card` now (encrypt, enlist, deploy), from hand or from the deck."""
    return cards_plays(state, seat, (card,))


def cards_plays(state, seat, cards):
    """Every legal way to play each of `cards` now, card by card (one loop for a whole hand)."""
    designs, rule = state.designs, PROPOSALS[TARGET_RULE]
    table = _last[0]
    if table is None or table.designs is not designs or table.rule != rule:
        table = _table(designs, rule)
    guards = state.guards
    mine, theirs = guards[seat], guards[1 - seat]
    firsts = ENCRYPT_OR_ENLIST if None in mine else ENCRYPT_ONLY
    targets = None  # per card, once an attack is possible
    if theirs != NO_GUARDS or (mine != NO_GUARDS and table.own_rows):
        targets = _targets(table, (theirs, mine) if table.own_rows else theirs)
    deploys, live, finished = table.deploys, table.live, table.finished
    out = []
    for card in cards:
        out += firsts[card]
        if targets is not None and GUILD[card] != "G":
            plays = targets[card]
            if plays is None:
                plays = targets[card] = _finished(attack_targets(state, seat, card), "assassinate", card)
            out += plays
        options = live[card]
        if options is None:
            out += deploys[card]
        elif finished[card]:
            out += options(state, seat, card)
        else:
            for params in options(state, seat, card):  # fresh dicts, parameters first
                params["type"] = "deploy"
                params["card"] = card
                out.append(params)
    return out


def _table(designs, rule):
    """The table of a match's designs and target rule (built on first use)."""
    table = _TABLES.get((designs, rule))
    if table is None:
        if len(_TABLES) >= MAX_TABLES:
            _TABLES.clear()
        table = _TABLES[(designs, rule)] = _Table(designs, rule)
    _last[0] = table
    return table


def _targets(table, rows):
    """The per-card assassinations list of these Guard rows (filled in as cards ask)."""
    found = table.targets.get(rows)
    if found is None:
        if len(table.targets) >= MAX_ROWS:
            table.targets.clear()
        found = table.targets[rows] = [None] * 18
    return found


def _finished(params_list, kind, card):
    """Actions (a tuple) from fresh parameter dicts: parameters first, then type and card."""
    for params in params_list:
        params["type"] = kind
        params["card"] = card
    return tuple(params_list)
