"""If Then data: the number cards, the table of game numbers, hint symbols and the 20 events.

Everything here that the rules digest marks PROPOSAL is data, flagged as ours:
- the 60-card deck (cards.json, digest B3),
- the hint-symbol meanings (digest B4.3),
- the 20 event texts and effects (digest B8),
- the house numbers in `HOUSE_RULES` (turn cap, sane validity ranges, minimum playable cards).

A *half* is identified by `2 * card + orientation`: orientation 0 puts the card's first half on
top, orientation 1 its second half. `HALVES[h]` is `(value, size, ncol, bg)` with size 0..2
(S < M < L) and colours 0..2 (Y, B, R).
"""

import json
import os

ATTRS = ("value", "size", "ncol", "bg")
ATTR_INDEX = {name: i for i, name in enumerate(ATTRS)}
SIZE_NAMES = ("S", "M", "L")
COLOUR_NAMES = ("Y", "B", "R")
ATTR_DOMAINS = (tuple(range(10)), SIZE_NAMES, COLOUR_NAMES, COLOUR_NAMES)
ATTR_LABELS = {"value": "value", "size": "size", "ncol": "number colour", "bg": "background colour"}
N_CARDS = 60
N_HALVES = 120
ALL_HALVES = (1 << N_HALVES) - 1


def _load_cards():
    path = os.path.join(os.path.dirname(__file__), "cards.json")
    with open(path, encoding="utf-8") as handle:
        cards = json.load(handle)["cards"]
    halves = []
    for card in cards:
        for half in card["halves"]:
            halves.append((half["value"], SIZE_NAMES.index(half["size"]),
                           COLOUR_NAMES.index(half["ncol"]), COLOUR_NAMES.index(half["bg"])))
    return tuple(halves)


HALVES = _load_cards()
HALF_CODES = tuple(f"{v}{SIZE_NAMES[s]}{COLOUR_NAMES[n]}{COLOUR_NAMES[b]}" for v, s, n, b in HALVES)
CARD_CODES = tuple(f"{HALF_CODES[2 * c]}|{HALF_CODES[2 * c + 1]}" for c in range(N_CARDS))


def _attr_masks():
    masks = []
    for a, domain in enumerate(ATTR_DOMAINS):
        per_value = [0] * len(domain)
        for h, half in enumerate(HALVES):
            per_value[half[a]] |= 1 << h
        masks.append(tuple(per_value))
    return tuple(masks)


# ATTR_MASK[attr index][value index] = bitmask of the halves with that attribute value
ATTR_MASK = _attr_masks()
CARD_MASKS = tuple((1 << (2 * c)) | (1 << (2 * c + 1)) for c in range(N_CARDS))


def half_of(card, orient):
    """The half id on top when `card` is played in `orient` (0 or 1)."""
    return 2 * card + orient


def half_to_json(h):
    """A half as {"value", "size", "ncol", "bg"}."""
    v, s, n, b = HALVES[h]
    return {"value": v, "size": SIZE_NAMES[s], "ncol": COLOUR_NAMES[n], "bg": COLOUR_NAMES[b]}


# The numbers of the game. Seed facts, kept together so a variant can change them as data.
GAME_NUMBERS = {
    "boxed_by_level": (25, 25, 15, 5),       # spare cards returned to the box (Mastermind: AK deck)
    "hand_size": 3, "hand_size_solo": 6,     # solo = one codebreaker
    "market_size": 3,
    "penalty_thresholds": (3, 6),            # invalid cards beside the line for penalty 2 / 3
    "penalty_draws": (2, 3, 4),              # cards drawn at penalty level 1 / 2 / 3
    "hint_costs": (3, 6),                    # first hint (level >= 2), second hint (level 3)
    "wrong_guess_solo_factor": 2,
    "turns_per_round_solo": 2,
    "mastermind_hand": 3, "mastermind_min_players": 3,
}

# House rules we invented (PROPOSAL); named here so they can be changed without code changes.
HOUSE_RULES = {
    "turn_cap": 300,                 # codebreaker turns before the team loses (a hard length bound)
    "min_playable_cards": 5,         # no dead end: every previous half leaves >= 5 playable cards
    "curated_valid_rate": (0.08, 0.85),    # sane range for curated challenges (seed step -1 is 0.10)
    "generated_valid_rate": (0.15, 0.85),  # digest B4.2 generator range
    "generator_attempts": 400,
    "sample_generated_attempts": 5,
    "otherwise_default": "ANY",      # digest B12 #3: when no IF clause matches, anything is valid
    "hint_voters": "all",            # digest B12 #12: "all" seated codebreakers, or only "active"
    "guesses_per_turn": 1,           # digest B12 #11
}

# PROPOSAL (digest B4.3): each hint symbol names one attribute.
HINT_SYMBOLS = ("x", "square", "circle", "triangle")
HINT_ATTR = {"x": "value", "square": "size", "circle": "ncol", "triangle": "bg"}
ATTR_HINT = {attr: sym for sym, attr in HINT_ATTR.items()}


def hint_text(symbol, involved):
    """The PROPOSAL hint text for a symbol, depending on whether the rule involves its attribute."""
    label = ATTR_LABELS[HINT_ATTR[symbol]]
    if involved:
        return f"The rule involves the {label}."
    return f"The rule does NOT involve the {label}."


# PROPOSAL (digest B8): the 20 events. kind: instant | round (until the next event) | keep (team).
EVENTS = (
    {"id": 1, "name": "Amnesty", "kind": "instant",
     "text": "Remove the most recent invalid card from beside the code line to the discard pile."},
    {"id": 2, "name": "Clean Slate", "kind": "instant",
     "text": "Remove the two most recent invalid cards from beside the code line."},
    {"id": 3, "name": "Reinforcements", "kind": "instant",
     "text": "Each active codebreaker draws 1 card (draw deck, then market)."},
    {"id": 4, "name": "Supply Drop", "kind": "instant",
     "text": "The codebreaker(s) with the fewest cards (at least 1) draw 1 card."},
    {"id": 5, "name": "Market Crash", "kind": "instant",
     "text": "Discard the market and refill it with 3 cards from the draw deck."},
    {"id": 6, "name": "Shredder", "kind": "instant",
     "text": "Discard the top 2 cards of the draw deck unseen."},
    {"id": 7, "name": "Double Jeopardy", "kind": "round",
     "text": "This round, penalties draw 1 extra card."},
    {"id": 8, "name": "Safe Harbour", "kind": "round",
     "text": "This round, the first invalid play costs no penalty."},
    {"id": 9, "name": "Lockdown", "kind": "round", "text": "No discards this round."},
    {"id": 10, "name": "Open Book", "kind": "round",
     "text": "This round, penalty draws must come from the market while it has cards."},
    {"id": 11, "name": "Reverse", "kind": "round", "text": "This round, turn order runs right."},
    {"id": 12, "name": "Quiet Round", "kind": "round", "text": "No effect."},
    {"id": 13, "name": "Inspection", "kind": "keep",
     "text": "Before playing, ask whether one orientation of one hand card is valid now "
             "(the card is shown; no penalty either way)."},
    {"id": 14, "name": "Second Chance", "kind": "keep",
     "text": "After an invalid play, the card returns to hand and no penalty is taken."},
    {"id": 15, "name": "Pass", "kind": "keep", "text": "Skip your turn without playing or discarding."},
    {"id": 16, "name": "Hand-off", "kind": "keep",
     "text": "Give 1 hand card to another codebreaker (may reactivate an inactive one)."},
    {"id": 17, "name": "Free Shred", "kind": "keep",
     "text": "Discard 1 hand card without a validity check."},
    {"id": 18, "name": "Cheap Intel", "kind": "keep",
     "text": "The next hint purchase costs 0 cards (the penalty-level requirement still applies)."},
    {"id": 19, "name": "Double Play", "kind": "keep",
     "text": "On your turn, play 2 cards in sequence (each judged)."},
    {"id": 20, "name": "Recount", "kind": "keep",
     "text": "Move the most recent invalid card back into a hand of your choice."},
)
EVENT_BY_ID = {e["id"]: e for e in EVENTS}
EVENT_IDS = tuple(e["id"] for e in EVENTS)
# event ids with a behaviour (names used by the code, the table above is the data)
EV_AMNESTY, EV_CLEAN_SLATE, EV_REINFORCEMENTS, EV_SUPPLY_DROP = 1, 2, 3, 4
EV_MARKET_CRASH, EV_SHREDDER, EV_DOUBLE_JEOPARDY, EV_SAFE_HARBOUR = 5, 6, 7, 8
EV_LOCKDOWN, EV_OPEN_BOOK, EV_REVERSE = 9, 10, 11
EV_INSPECTION, EV_SECOND_CHANCE, EV_PASS, EV_HAND_OFF = 13, 14, 15, 16
EV_FREE_SHRED, EV_CHEAP_INTEL, EV_DOUBLE_PLAY, EV_RECOUNT = 17, 18, 19, 20
