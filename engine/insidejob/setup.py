"""Inside Job set-up: option checks, the batched shuffle and the initial deal (rules digest B3).

Set-up: build the role deck (1 Insider + Agents; up to 2 special roles, each replacing an Agent
except Professor NO, who replaces the Insider), deal one role each; deal the number cards per
the player count and set the rest aside unseen; 1 Intel token each (the Nervous Agent gets none,
T9), the rest is the supply; shuffle the missions (plus the Risky ones in Risk mode). The dealer
is random unless the `dealer` option names a seat; the player to the dealer's left leads first.
"""

from engine.errors import InvalidOptions

from .data import (DECK, INTEL_TOKENS, PARAMS, PROPOSALS, PUBLIC_ROLES, ROLES, SPECIAL_ROLES,
                   mission_ids, role_deck)
from .state import COMPILED, DESIGNATE, MISSION, InsideJobSetup, InsideJobState, setup_of, state_of


def fast_shuffle(rng, items):
    """A uniform Fisher-Yates shuffle whose swap indices come in blocks: one `randbelow` over
    the product of several consecutive ranges (kept below 2**62) is decoded digit by digit
    (mixed radix), so a 52-card deck costs ~5 draws instead of 51."""
    deck = list(items)
    i = len(deck) - 1
    randbelow = rng.randbelow
    for product, sizes in _swap_blocks(len(deck)):
        x = randbelow(product)
        for size in sizes:
            j = x % size
            x //= size
            deck[i], deck[j] = deck[j], deck[i]
            i -= 1
    return deck


_BLOCKS = {}
_BLOCK_LIMIT = 1 << 62


def _swap_blocks(n):
    """[(product, [range sizes n, n-1, ...]), ...] covering the swaps of an n-item shuffle."""
    if n not in _BLOCKS:
        blocks, sizes, product = [], [], 1
        for size in range(n, 1, -1):
            if product * size >= _BLOCK_LIMIT:
                blocks.append((product, sizes))
                sizes, product = [], 1
            sizes.append(size)
            product *= size
        if sizes:
            blocks.append((product, sizes))
        _BLOCKS[n] = blocks
    return _BLOCKS[n]


def check_special_roles(options):
    """Raise InvalidOptions unless the special-role choice is allowed (B6, B7, T14, T15)."""
    specials = options["special_roles"]
    field = "options.special_roles"
    for role in specials:
        if role not in SPECIAL_ROLES:
            raise InvalidOptions(f"unknown special role {role!r}", field)
    if len(specials) > 2 or len(set(specials)) != len(specials):
        raise InvalidOptions("choose up to 2 different special roles", field)
    if specials and options["players"] < 4:
        raise InvalidOptions("special roles need 4 or 5 players", field)
    if ("risky_agent" in specials and not options["risk_mode"]
            and PROPOSALS["risky_agent_requires_risk_mode"]):
        raise InvalidOptions("the Risky Agent needs risk_mode", field)
    plain = role_deck(options["players"], specials).count("agent") if specials else 1
    if plain < PROPOSALS["min_plain_agents"]:
        raise InvalidOptions("at least one plain Agent must remain", field)


def check_options(options):
    """Cross-field option checks for Inside Job."""
    check_special_roles(options)
    if options["dealer"] >= options["players"]:
        raise InvalidOptions("dealer must be -1 (random) or a seat", "options.dealer")


def initial_intel(roles):
    """Starting Intel per seat: 1 each, the Nervous Agent none (T9)."""
    start = PROPOSALS["nervous_agent_starting_intel"]
    return tuple(start if role == "nervous_agent" else 1 for role in roles)


_ROLE_DECKS = {}  # (players, special roles) -> role_deck(...): the same few decks every deal
_DEALT_ROLES = {}  # role per seat -> its `dealt_role_facts` (bounded: < 5,000 seatings exist)


def dealt_role_facts(roles):
    """(starting Intel per seat, role public per seat, an Accomplice dealt) of a role deal;
    cached, as playouts deal the same few role seatings over and over."""
    table = _DEALT_ROLES  # (a typed dict in setup.pxd: `get` is a C call there)
    facts = table.get(roles)
    if facts is None:
        facts = table[roles] = (initial_intel(roles),
                                tuple([role in PUBLIC_ROLES for role in roles]),
                                "accomplice" in roles)
    return facts


def deal_sorted(cards, players, size):
    """(hands, set_aside) of a shuffled deck: `players` hands of `size` cards from its front,
    the rest set aside, each a sorted tuple."""
    dealt = players * size
    hands = tuple([tuple(sorted(cards[start:start + size])) for start in range(0, dealt, size)])
    return hands, tuple(sorted(cards[dealt:]))


def deal_sorted_typed(cards, players, size):
    """`deal_sorted` in the compiled build's form: one pass over the card ids in order puts each
    card on its holder's pile (the set-aside pile last), so the piles come out sorted without a
    comparison (C integers there; sorting compares Python ints)."""
    holder = [players] * len(cards)  # card id -> seat holding it (players: set aside)
    for position in range(players * size):
        card = cards[position]
        holder[card] = position // size
    piles = [[] for _ in range(players + 1)]
    for card in range(len(cards)):
        seat = holder[card]
        pile = piles[seat]
        pile.append(card)
    return tuple([tuple(piles[seat]) for seat in range(players)]), tuple(piles[players])


# the form for this engine, picked once (deal_sorted_typed needs a deck of the ids 0..n-1: it is)
deal = deal_sorted_typed if COMPILED and DECK == tuple(range(len(DECK))) else deal_sorted


def new_state(options, rng):
    """A freshly dealt state (see the module docstring): the fields, then one state."""
    players = options["players"]
    size = PARAMS[players]["hand"]
    specials = tuple(options["special_roles"])
    deck_key = (players, specials)
    decks = _ROLE_DECKS  # (a typed dict in setup.pxd)
    role_cards = decks.get(deck_key)
    if role_cards is None:
        role_cards = decks[deck_key] = role_deck(players, specials)
    roles = tuple(fast_shuffle(rng, role_cards))
    dealer = options["dealer"] if options["dealer"] >= 0 else rng.randbelow(players)
    hands, set_aside = deal(fast_shuffle(rng, DECK), players, size)
    intel, revealed, accomplice = dealt_role_facts(roles)
    lead = (dealer + 1) % players
    missions = tuple(fast_shuffle(rng, mission_ids(options["risk_mode"])))
    if accomplice:  # the Accomplice designates first (phase "designate")
        phase, turn, drawn, deck = DESIGNATE, 0, (), missions
    else:  # open_trick's first draw (its log entry is the rules' setup_events)
        assert len(missions) >= 2, "mission deck exhausted"
        phase, turn, drawn, deck = MISSION, lead, missions[:2], missions[2:]
    if COMPILED:  # the extension types' constructors: no field dicts filled and read back
        setup = InsideJobSetup(players, options["wagers"], options["risk_mode"], specials,
                               options["voluntary_special_reveal"], dealer, roles, set_aside)
        return InsideJobState(setup, phase, lead, turn, hands, intel, INTEL_TOKENS - sum(intel),
                              revealed, deck, drawn, (), "", (), (), (), (), -1, (), ())
    setup = setup_of({"players": players, "wagers": options["wagers"],
                      "risk_mode": options["risk_mode"], "specials": specials,
                      "voluntary_reveal": options["voluntary_special_reveal"], "dealer": dealer,
                      "roles": roles, "set_aside": set_aside})
    return state_of({
        "setup": setup, "phase": phase, "lead": lead, "turn": turn, "hands": hands,
        "intel": intel, "supply": INTEL_TOKENS - sum(intel), "revealed": revealed,
        "deck": deck, "drawn": drawn, "discarded": (), "mission": "", "trick": (), "tricks": (),
        "completed": (), "failed": (), "accomplice_target": -1, "votes": (), "result": ()})


def catalog_roles():
    """The special-role catalogue for engine.catalog(): rules, pairings, flags."""
    return [{"id": role, "name": ROLES[role]["name"], "text": ROLES[role]["text"],
             "public_from_start": role in PUBLIC_ROLES,
             "experimental": bool(ROLES[role].get("experimental")),
             "recommended_pairings": list(ROLES[role].get("pairings", ()))}
            for role in SPECIAL_ROLES]
