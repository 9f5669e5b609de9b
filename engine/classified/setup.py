"""Set-up: the card-set options, building the 18-card deck of designs, dealing a new match."""

from engine.errors import InvalidOptions

from .data import DESIGNS, DIFFICULTY_ENCRYPTED, PROMO_DESIGNS, RECOMMENDED, SET_DESIGNS, SETS
from .state import COMPILED, blank_memory, fresh_state

CARD_SETS = ("citrine", "emerald", "ruby", "recommended_1", "recommended_2", "recommended_3",
             "random_pairs", "random_full", "selection")

OPTIONS_SPEC = {
    "players": {"default": 2, "choices": [2]},
    "card_set": {"default": "citrine", "choices": list(CARD_SETS)},
    "selection": {"default": [], "type": "str[]"},
    "promos": {"default": False, "type": "bool"},
    "difficulty": {"default": "normal", "choices": list(DIFFICULTY_ENCRYPTED)},
    "suitcase_pick": {"default": False, "type": "bool"},
    "first_player": {"default": "random", "choices": ["random", "seat0", "seat1"]},
}


def check_selection(options):
    """Validate the per-number `selection` option (9 entries: a set name or a design id)."""
    selection = options["selection"]
    if options["card_set"] != "selection":
        if selection:
            raise InvalidOptions("selection is only used with card_set 'selection'", "options.selection")
        return
    if len(selection) != 9:
        raise InvalidOptions("selection needs 9 entries (numbers 1..9)", "options.selection")
    for number, entry in enumerate(selection, start=1):
        key = resolve_entry(number, entry)
        if key is None:
            raise InvalidOptions(f"selection entry {number} is not a design for {number}", "options.selection")
        if key in PROMO_DESIGNS and not options["promos"]:
            raise InvalidOptions("promo designs need promos=true", "options.selection")


def resolve_entry(number, entry):
    """A selection entry (set name or design id) as a design id for `number`, or None."""
    if entry in SETS:
        return f"{entry}_{number}"
    spec = DESIGNS.get(entry)
    if spec is None or spec[1] != number:
        return None
    return entry


def pool_for(number, promos):
    """Designs available for a number in the random modes."""
    pool = [f"{s}_{number}" for s in SETS]
    if promos:
        pool += [k for k in PROMO_DESIGNS if DESIGNS[k][1] == number]
    return pool


def build_designs(options, rng):
    """The design of each card id 0..17 for these options (random modes draw from rng)."""
    card_set = options["card_set"]
    if card_set in FIXED_DESIGNS:  # a set or a recommended deck
        return FIXED_DESIGNS[card_set]
    if card_set == "selection":
        per_number = [resolve_entry(n, e) for n, e in enumerate(options["selection"], start=1)]
    elif card_set == "random_pairs":
        per_number = [rng.choice(pool_for(n, options["promos"])) for n in range(1, 10)]
    else:
        return tuple(rng.choice(pool_for(c // 2 + 1, options["promos"])) for c in range(18))
    return per_card(per_number)


def per_card(per_number):
    """The design of each card id 0..17 from the design of each number 1..9 (two copies each)."""
    return tuple(per_number[c // 2] for c in range(18))


FIXED_DESIGNS = {name: per_card(per_number) for name, per_number in {**SET_DESIGNS, **RECOMMENDED}.items()}


FIRST_PLAYER = {"seat0": 0, "seat1": 1}  # fixed first seats; "random" draws one
MASK = 0xFFFF_FFFF_FFFF_FFFF
# randbelow(n)'s rejection limit per n (engine.rng): a draw above it is drawn again
LIMITS = tuple(MASK - (MASK % n + 1) % n if n else 0 for n in range(19))


def shuffled_deal(rng, first):
    """(first seat, the 18 cards shuffled): what `rng.randbelow(2)` (when `first` is None) and
    then `rng.shuffled(range(18))` give, with every draw taken at once (`Rng.draws`) and the
    Fisher-Yates swaps in one plain loop. A draw that randbelow would reject (odds ~1e-18)
    sends the deal back to the one-draw-at-a-time path from the same RNG position. (The compiled
    build takes that path always: its draws are C integers, cheaper one at a time than as a list
    of Python ints.)"""
    if COMPILED:
        if first is None:
            first = rng.randbelow(2)
        return first, rng.shuffled(range(18))
    start, pick_first = rng.counter, first is None
    words = rng.draws(18 if pick_first else 17)
    if pick_first:
        first = words.pop(0) & 1  # randbelow(2): 2 divides 2**64, no draw is ever rejected
    cards = list(range(18))
    n = 18
    for z in words:  # randbelow(n) for n = 18 .. 2, then swap item n - 1 with the drawn one
        if z > LIMITS[n]:
            rng.counter = start
            if pick_first:
                first = rng.randbelow(2)
            return first, rng.shuffled(range(18))
        j = z % n
        n -= 1
        cards[n], cards[j] = cards[j], cards[n]
    return first, cards


def deal(options, rng):
    """A fresh state: designs, shuffled deck, hands, suitcases, encrypted pile, first player.
    Without the Suitcase pick the first player's turn is begun here too (its opening draw, as
    turns.begin_turn would make it: nothing else can happen at the start of the first turn)."""
    designs = build_designs(options, rng)
    first, cards = shuffled_deal(rng, FIRST_PLAYER.get(options["first_player"]))
    n_enc = DIFFICULTY_ENCRYPTED[options["difficulty"]]
    rest = cards[6:]
    deck = tuple(rest[n_enc:])
    if options["suitcase_pick"]:
        hands = (tuple(sorted(cards[0:3])), tuple(sorted(cards[3:6])))
        return fresh_state(designs, deck, tuple(rest[:n_enc]), (-1,) * n_enc, hands, (-1, -1), first,
                           "pick", first, blank_memory(len(deck)))
    a, b, c, d = cards[0], cards[1], cards[2], cards[3]
    hands = ((a, b) if a < b else (b, a), (c, d) if c < d else (d, c))
    if not deck:
        return fresh_state(designs, deck, tuple(rest[:n_enc]), (-1,) * n_enc, hands, (cards[4], cards[5]),
                           first, "action", first, blank_memory(0))
    drawn = deck[0]
    hand = tuple(sorted(hands[first] + (drawn,)))
    hands = (hand, hands[1]) if first == 0 else (hands[0], hand)
    blank = (-1,) * (len(deck) - 1)
    return fresh_state(designs, deck[1:], tuple(rest[:n_enc]), (-1,) * n_enc, hands, (cards[4], cards[5]),
                       first, "action", first, (blank, blank), 1, drawn)  # turn_no 1, the opening draw
