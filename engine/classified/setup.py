"""Set-up: the card-set options, building the 18-card deck of designs, dealing a new match."""

from engine.errors import InvalidOptions

from .data import DESIGNS, DIFFICULTY_ENCRYPTED, PROMO_DESIGNS, RECOMMENDED, SET_DESIGNS, SETS
from .state import blank_memory, fresh_state

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


def deal(options, rng):
    """A fresh state: designs, shuffled deck, hands, suitcases, encrypted pile, first player."""
    designs = build_designs(options, rng)
    first = {"seat0": 0, "seat1": 1}.get(options["first_player"])
    if first is None:
        first = rng.randbelow(2)
    cards = rng.shuffled(range(18))
    n_enc = DIFFICULTY_ENCRYPTED[options["difficulty"]]
    if options["suitcase_pick"]:
        hands = (tuple(sorted(cards[0:3])), tuple(sorted(cards[3:6])))
        suitcases = (-1, -1)
        rest = cards[6:]
    else:
        hands = (tuple(sorted(cards[0:2])), tuple(sorted(cards[2:4])))
        suitcases = (cards[4], cards[5])
        rest = cards[6:]
    encrypted = tuple(rest[:n_enc])
    return fresh_state(designs, tuple(rest[n_enc:]), encrypted, (-1,) * n_enc, hands, suitcases, first,
                       "pick" if options["suitcase_pick"] else "action", first, blank_memory(len(rest) - n_enc))
