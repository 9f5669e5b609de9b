"""The If Then state: one frozen dataclass of tuples, its JSON form, and small shared helpers.

Seats: with the engine as All Knowing (default) seat i is codebreaker i; with a human All Knowing
seat 0 is the All Knowing and codebreaker i sits at seat i + 1. Cards are ints 0..59; a placed
card is `(card, orientation)`; a half id is `2 * card + orientation` (see data).

A judgment is `(kind, prev_half, a, b, answer)`: kind "play"/"inspect" judge half `a` (b = -1),
kind "discard" judges card halves `a` and `b` together (answer = either is valid).
"""

from dataclasses import MISSING, dataclass, fields

from engine.core import evolve

from .data import GAME_NUMBERS

PHASES = ("orient", "choose_challenge", "allegiance", "turn", "penalty", "second_chance",
          "hint_vote", "ak_turn", "ak_bottom", "over")


@dataclass(frozen=True)
class IfThenState:
    """Everything about an If Then match (see the module docstring for conventions)."""

    n_cb: int
    ak_seat: object            # None (engine All Knowing) or 0
    level: int
    mastermind: bool
    source: str                # "curated" | "generated"
    challenge: str             # canonical rule key ("" until chosen)
    challenge_options: tuple   # Mastermind: the two drawn challenge keys
    hints_revealed: tuple      # hint symbols in reveal order
    candidates: int            # bitmask over the level's curated challenges still consistent
    hands: tuple               # per codebreaker: tuple of cards
    revealed: tuple            # sorted cards publicly known in a codebreaker's hand
    deck: tuple                # draw deck, top first
    market: tuple              # ((card, orient), ...)
    boxed: tuple
    burned: tuple              # discarded unseen (hint payments, shredder, wrong guesses)
    discard: tuple             # public discard pile
    line: tuple                # valid code line ((card, orient), ...)
    invalid: tuple             # ((line index, card, orient), ...) in placement order
    judgments: tuple
    wrong_guesses: tuple       # canonical keys of wrong guesses
    phase: str
    turn: int                  # codebreaker index on turn
    round: int
    turns_in_round: int
    turns_taken: int
    penalty_left: int
    voters: tuple              # codebreaker indices still to vote on a hint purchase
    start_card: int            # pending start card (-1 once placed)
    event_deck: tuple
    event_discard: tuple
    current_event: int         # 0 = none
    held: tuple                # keep events held by the team
    safe_harbour_used: bool
    bonus_plays: int           # Double Play: plays still owed this turn
    free_hint: bool            # Cheap Intel used: next hint costs 0
    guessed: bool              # a guess was made this turn
    hint_asked: bool           # a hint was proposed this turn
    ak_deck: tuple = ()
    ak_hand: tuple = ()
    ak_known: tuple = ()       # cards in the All Knowing's hand taken from the market (public)
    allegiance: str = ""       # "" | "TRUE" | "FALSE"
    result: str = ""           # "" | "win" | "loss"
    reason: str = ""
    master: int = -1           # seat of the Master Code Breaker (correct guess)
    round_start: int = 0       # codebreaker index who took the round's first turn
    hint_proposer: int = -1    # codebreaker index whose hint proposal is being voted on
    hint_refused: int = 0      # bitmask of codebreaker indices refused since the last other action


FIELD_NAMES = tuple(f.name for f in fields(IfThenState))
# scalar fields added after matches were first stored: read with their default when absent
LATE_DEFAULTS = {"round_start": 0, "hint_proposer": -1, "hint_refused": 0}


replace = evolve  # the shared fast copy (engine.core.evolve)
_DEFAULTS = {f.name: f.default for f in fields(IfThenState) if f.default is not MISSING}


def make_state(**values):
    """A new state from every field without a default (and any with one): what
    `IfThenState(**values)` makes, without the frozen dataclass's one `object.__setattr__` per
    field (a deal and a sampled world build one per playout)."""
    state = IfThenState.__new__(IfThenState)
    merged = {**_DEFAULTS, **values}
    if len(merged) != len(FIELD_NAMES):
        return make_state(**values)  # a missing or unknown field: the dataclass says which
    _set_attribute(state, "__dict__", {name: merged[name] for name in FIELD_NAMES})
    return state


_set_attribute = object.__setattr__


NESTED_FIELDS = ("hands", "market", "line", "invalid", "judgments")
FLAT_FIELDS = ("challenge_options", "hints_revealed", "revealed", "deck", "boxed",
               "burned", "discard", "wrong_guesses", "voters", "event_deck", "event_discard",
               "held", "ak_deck", "ak_hand", "ak_known")
SCALAR_FIELDS = tuple(n for n in FIELD_NAMES if n not in NESTED_FIELDS and n not in FLAT_FIELDS)


def state_to_json(state):
    """Lossless JSON form of a state."""
    attrs = state.__dict__
    data = {name: attrs[name] for name in SCALAR_FIELDS}
    for name in FLAT_FIELDS:
        data[name] = list(attrs[name])
    for name in NESTED_FIELDS:
        data[name] = [list(item) for item in attrs[name]]
    return data


def state_from_json(data):
    """Inverse of `state_to_json`."""
    values = {name: data[name] if name in data else LATE_DEFAULTS[name] for name in SCALAR_FIELDS}
    for name in FLAT_FIELDS:
        values[name] = tuple(data[name])
    for name in NESTED_FIELDS:
        values[name] = tuple(tuple(item) for item in data[name])
    return make_state(**values)


def cb_seat(state, index):
    """The seat of codebreaker `index`."""
    return index if state.ak_seat is None else index + 1


def cb_index(state, seat):
    """The codebreaker index of `seat` (or -1 for the All Knowing / an unknown seat)."""
    index = seat if state.ak_seat is None else seat - 1
    return index if 0 <= index < state.n_cb else -1


def penalty_level(state):
    """Penalty card 1..3 from the number of invalid cards beside the code line."""
    low, high = GAME_NUMBERS["penalty_thresholds"]
    count = len(state.invalid)
    return 1 if count < low else (2 if count < high else 3)


def penalty_draws(state):
    """Cards drawn by the current penalty card (without event modifiers)."""
    return GAME_NUMBERS["penalty_draws"][penalty_level(state) - 1]


def last_half(state):
    """The top half of the last valid code-line card."""
    card, orient = state.line[-1]
    return 2 * card + orient


def active_count(state):
    """How many codebreakers still hold cards."""
    return sum(1 for hand in state.hands if hand)


def remove_card(cards, card):
    """`cards` without one occurrence of `card`."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1:]


def finish(state, result, reason):
    """The state with the match decided."""
    return replace(state, phase="over", result=result, reason=reason, voters=(), penalty_left=0)


def refill_market(market, deck):
    """(market, deck) with the market topped up to its size from the deck."""
    missing = GAME_NUMBERS["market_size"] - len(market)
    if missing <= 0 or not deck:
        return market, deck
    return market + tuple((card, 0) for card in deck[:missing]), deck[missing:]


def hand_gain(state, index, card, public):
    """Field changes for codebreaker `index` receiving `card` (`public` marks it revealed)."""
    hands = list(state.hands)
    hands[index] = hands[index] + (card,)
    revealed = tuple(sorted(state.revealed + (card,))) if public else state.revealed
    return {"hands": tuple(hands), "revealed": revealed}


def give_card(state, index, card, public):
    """Codebreaker `index` receives `card`; `public` cards are marked revealed."""
    return replace(state, **hand_gain(state, index, card, public))


def hand_loss(state, index, card):
    """Field changes for codebreaker `index` losing `card` (its revealed mark goes with it)."""
    hands = list(state.hands)
    hands[index] = remove_card(hands[index], card)
    revealed = state.revealed
    if card in revealed:
        revealed = remove_card(revealed, card)
    return {"hands": tuple(hands), "revealed": revealed}


def take_from_hand(state, index, card):
    """Codebreaker `index` loses `card` (its revealed mark goes with it)."""
    return replace(state, **hand_loss(state, index, card))
