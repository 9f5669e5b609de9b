"""If Then set-up (digest B5 and, for the Mastermind variant, B11).

Shuffle the 60 number cards; box the spares (25/25/15/5 by level; Mastermind: they become the
All Knowing's deck and it draws 3); deal 3 cards per codebreaker (6 with one codebreaker); lay 3
face-up market cards; the top of the draw deck becomes the start card (PROPOSAL, digest B12 #9):
the engine All Knowing orients it at random, a human All Knowing chooses. The challenge is the
top card of the level's shuffled deck: a curated challenge or (option) a generated one. The
event deck is kept unordered: the next event is drawn at random when revealed (the same
distribution as a shuffled deck, with less work).
"""

from .challenges import CURATED, candidate_mask
from .data import EVENT_IDS, GAME_NUMBERS
from .generator import generate_challenge
from .state import make_state


def draw_challenges(level, source, count, rng):
    """`count` distinct challenge keys of `level` from the curated deck or the generator."""
    if source == "generated":
        keys = []
        while len(keys) < count:
            key = generate_challenge(level, rng).key
            if key not in keys:
                keys.append(key)
        return tuple(keys)
    if count == 1:
        return (rng.choice(CURATED[level]).key,)
    return tuple(c.key for c in rng.sample(CURATED[level], count))


def fast_shuffle(rng, items):
    """Fisher-Yates drawing two indices per 64-bit draw (multiply-shift on 32-bit halves, the
    low half first; the bias is below 60 / 2**32). Randomness only from `rng`."""
    items = list(items)
    i = len(items) - 1
    for word in rng.draws(len(items) // 2):  # every draw at once, two swaps each
        j = ((word & 0xFFFFFFFF) * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
        i -= 1
        if i == 0:
            break
        j = ((word >> 32) * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
        i -= 1
    return items


def new_state(options, rng):
    """A fresh state for validated options."""
    level, mastermind = options["level"], options["mastermind"]
    human = options["allKnowing"] == "seat" or mastermind
    n_cb = options["players"] - 1
    deck = tuple(fast_shuffle(rng, range(60)))
    n_boxed = GAME_NUMBERS["boxed_by_level"][level]
    boxed, deck = deck[:n_boxed], deck[n_boxed:]
    ak_hand, ak_deck = (), ()
    if mastermind:
        size = GAME_NUMBERS["mastermind_hand"]
        ak_hand, ak_deck, boxed = boxed[:size], boxed[size:], ()
    per_hand = GAME_NUMBERS["hand_size_solo"] if n_cb == 1 else GAME_NUMBERS["hand_size"]
    hands = tuple(deck[i * per_hand:(i + 1) * per_hand] for i in range(n_cb))
    deck = deck[n_cb * per_hand:]
    n_market = GAME_NUMBERS["market_size"]
    market = tuple((card, 0) for card in deck[:n_market])
    start, deck = deck[n_market], deck[n_market + 1:]
    options_keys = draw_challenges(level, options["challenges"], 2 if mastermind else 1, rng)
    line, phase, start_card = (), "orient", start
    if not human:
        line, phase, start_card = ((start, rng.randbelow(2)),), "turn", -1
    elif mastermind:
        phase = "choose_challenge"
    return make_state(
        n_cb=n_cb, ak_seat=0 if human else None, level=level, mastermind=mastermind,
        source=options["challenges"], challenge="" if mastermind else options_keys[0],
        challenge_options=options_keys if mastermind else (), hints_revealed=(),
        # every curated challenge, as a Python-int shift (the compiled build shifts `1 << len()` in C)
        candidates=candidate_mask(level, [c.id for c in CURATED[level]]),
        hands=hands, revealed=(), deck=deck,
        market=market, boxed=boxed, burned=(), discard=(), line=line, invalid=(), judgments=(),
        wrong_guesses=(), phase=phase, turn=0, round=1, turns_in_round=0, turns_taken=0,
        penalty_left=0, voters=(), start_card=start_card, event_deck=EVENT_IDS, event_discard=(),
        current_event=0, held=(), safe_harbour_used=False, bonus_plays=0, free_hint=False,
        guessed=False, hint_asked=False, ak_deck=ak_deck, ak_hand=ak_hand)
