"""Deploy effects that ask the opponent about their Suitcase (every answer is computed by the
engine and truthful; where the answerer chooses, they get a decision with only truthful options).

Fortune Teller, Test Access Codes, Picking Petals, Wheel of Fate, High-Tech Bookends,
Interrogation, Digital Dig, Hacking Dart, Infiltration, Shine Spotlights, Loyalty Test,
Cybernetic Cubic Tower, High Stakes Gamble, Telepathy Vision.
"""


from .common import (CARD_ONLY_OPTIONS, DECISIONS, DEPLOY, FINISHED_OPTIONS, RESECRET, answer, card_fields, card_info,
                     discard_from_limbo, ev, finish_deploy_frame, limbo_remove, peek, reveal_hand_to,
                     suitcase_number)
from .data import CODE, CODES, GUILD, GUILD_NAMES, NUMBER, circular_distance
from .state import Frame, remember, free_slot, guard_count, pair_set, push, replace, set_slot
from .turns import finish

NUMBERS = range(1, 10)


def _numbers(state, seat, card):
    return [{"number": n} for n in NUMBERS]


def _one(state, seat, card):
    return [{}]


CARD_ONLY_OPTIONS.update((_numbers, _one))


def _others(state, seat, card):
    return [{"give": c} for c in state.hands[seat] if c != card]


def _done(state, card):
    return discard_from_limbo(state, card)


NEAR = {n: frozenset(s for s in NUMBERS if circular_distance(n, s) <= 2) for n in NUMBERS}  # within +-2
WITHIN_TWO = {(n, yes): tuple(s for s in NUMBERS if (s in NEAR[n]) == yes)  # Suitcase Numbers
              for n in NUMBERS for yes in (True, False)}                    # fitting an answer
NOT_NUMBER = {n: tuple(s for s in NUMBERS if s != n) for n in NUMBERS}


def fortune_teller(state, seat, card, params, log, rng):
    """Within +-2 (circular) of the opponent's Suitcase Number?"""
    n = params["number"]
    yes = suitcase_number(state, 1 - seat) in NEAR[n]
    possible = WITHIN_TWO[(n, yes)]
    state = answer(state, log, seat, 1 - seat, card, {"kind": "within_two", "number": n}, yes, possible)
    return _done(state, card)


def test_access_codes(state, seat, card, params, log, rng):
    """The opponent reveals their hand; the deployer then picks a revealed number."""
    other = 1 - seat
    state = reveal_hand_to(state, other, seat, log, reason="test_access_codes")
    numbers = tuple(sorted({NUMBER[c] for c in state.hands[other]}))
    if numbers:
        return push(state, finish_deploy_frame(seat, card), Frame("tac_pick", seat, (card,), numbers))
    return push(state, finish_deploy_frame(seat, card))


def tac_options(state, frame):
    """Numbers of the revealed hand."""
    return [{"type": "pick", "number": n} for n in frame.secret]


def handle_tac(state, frame, action, log, rng):
    """Is the picked number the Suitcase Number?"""
    return _equals(state, frame.seat, frame.args[0], action["number"], log)


def _equals(state, seat, card, n, log):
    yes = suitcase_number(state, 1 - seat) == n
    possible = [n] if yes else NOT_NUMBER[n]
    return answer(state, log, seat, 1 - seat, card, {"kind": "equals", "number": n}, yes, possible)


def picking_petals(state, seat, card, params, log, rng):
    """The opponent names 1 number (2 when no Guards are in play) that is neither 3 nor theirs."""
    count = 2 if guard_count(state, 0) + guard_count(state, 1) == 0 else 1
    return push(state, finish_deploy_frame(seat, card), Frame("petals", 1 - seat, (card, count, ())))


def petals_options(state, frame):
    """Truthful numbers only: not 3, not the Suitcase Number, not already named."""
    own = suitcase_number(state, frame.seat)
    named = frame.args[2]
    return [{"type": "answer", "number": n} for n in NUMBERS if n not in (3, own) and n not in named]


def handle_petals(state, frame, action, log, rng):
    """Record the named number; ask for the second one if due."""
    card, count, named = frame.args
    n = action["number"]
    question = {"kind": "name_not_suitcase"}
    state = answer(state, log, 1 - frame.seat, frame.seat, card, question, n, NOT_NUMBER[n])
    if count > 1:
        state = push(state, Frame("petals", frame.seat, (card, count - 1, named + (n,))))
    return state


def _own_guard_slots(state, seat, card):
    """Finished Deploy actions (FINISHED_OPTIONS): shared and read-only, made once per slot and
    card (as effects_cards._switch_options makes its own)."""
    out = []
    made = _SLOT_MADE
    for k, s in enumerate(state.guards[seat]):
        if s is not None:
            i = k * 18 + card
            action = made[i]
            if action is None:
                action = made[i] = {"slot": k, "type": "deploy", "card": card}
            out.append(action)
    return out


_SLOT_MADE = [None] * (3 * 18)  # (slot, card) -> {"slot": slot, "type": "deploy", "card": card}


def wheel_of_fate(state, seat, card, params, log, rng):
    """Flip one of your Guards face up; is its number in the opponent's Code?"""
    k = params["slot"]
    guard, _, cover = state.guards[seat][k]
    state = set_slot(state, seat, k, (guard, True, cover))
    ev(log, {"event": "flip", "seat": seat, "slot": k, **card_fields(state, guard)})
    return _in_code_answer(_done(state, card), seat, card, NUMBER[guard], log)


def _in_code_answer(state, seat, card, number, log):
    yes = number in CODE[state.suitcases[1 - seat]]
    possible = [s for s in NUMBERS if (number in CODES[s]) == yes]
    return answer(state, log, seat, 1 - seat, card, {"kind": "number_in_code", "number": number}, yes, possible)


def bookends(state, seat, card, params, log, rng):
    """Reveal a hand card; is the Suitcase Number in 1..its number?"""
    n = NUMBER[params["give"]]
    ev(log, {"event": "reveal", "seat": seat, **card_fields(state, params["give"])})
    state = remember(state, 1 - seat, [params["give"]])
    yes = suitcase_number(state, 1 - seat) <= n
    possible = [s for s in NUMBERS if (s <= n) == yes]
    state = answer(state, log, seat, 1 - seat, card, {"kind": "at_most", "number": n}, yes, possible)
    return _done(state, card)


def interrogation(state, seat, card, params, log, rng):
    """The opponent names a Guild their Suitcase card does not have (their choice)."""
    return push(state, finish_deploy_frame(seat, card), Frame("interrogate", 1 - seat, (card,)))


def interrogate_options(state, frame):
    """The two Guilds the Suitcase card does not have."""
    own = GUILD_NAMES[GUILD[state.suitcases[frame.seat]]]
    return [{"type": "answer", "word": w} for w in ("guard", "assassin", "sentinel") if w != own]


def handle_interrogate(state, frame, action, log, rng):
    """Record the Guild answer (cards consistent with it are listed for deduction)."""
    word = action["word"]
    cards = [c for c in range(18) if GUILD_NAMES[GUILD[c]] != word]
    possible = sorted({NUMBER[c] for c in cards})
    state = answer(state, log, 1 - frame.seat, frame.seat, frame.args[0], {"kind": "not_guild"}, word, possible)
    entry = dict(state.qa[-1], possible_cards=cards)
    return replace(state, qa=state.qa[:-1] + (entry,))


def _discard_cards(state, seat, card):
    return [{"take": c} for c in sorted(set(state.discard))]


def digital_dig(state, seat, card, params, log, rng):
    """Move a discard to the bottom; is its number the Suitcase Number?; PEEK 1."""
    c = params["take"]
    state = replace(state, discard=(c,) + tuple(x for x in state.discard if x != c))
    ev(log, {"event": "discard_to_bottom", "seat": seat, **card_fields(state, c)})
    state = _equals(state, seat, card, NUMBER[c], log)
    return peek(_done(state, card), seat, "deck_top", 1, log)


def hacking_dart(state, seat, card, params, log, rng):
    """Odd or even?"""
    odd = suitcase_number(state, 1 - seat) % 2 == 1
    possible = [s for s in NUMBERS if (s % 2 == 1) == odd]
    state = answer(state, log, seat, 1 - seat, card, {"kind": "parity"}, "odd" if odd else "even", possible)
    return _done(state, card)


def _infiltration_options(state, seat, card):
    return [{}] if free_slot(state, 1 - seat) >= 0 else []


def infiltration(state, seat, card, params, log, rng):
    """Become the opponent's face-up Guard; they reveal their hand; then name a number."""
    other = 1 - seat
    k = free_slot(state, other)
    state = set_slot(limbo_remove(state, card), other, k, (card, True, -1))
    ev(log, {"event": "infiltrate", "seat": seat, "slot": k, **card_fields(state, card)})
    state = reveal_hand_to(state, other, seat, log, reason="infiltration")
    return push(state, Frame("infiltrate", seat, (card,)))


def infiltrate_options(state, frame):
    """Any number 1..9."""
    return [{"type": "pick", "number": n} for n in NUMBERS]


def handle_infiltrate(state, frame, action, log, rng):
    """Is it the Suitcase Number?"""
    return _equals(state, frame.seat, frame.args[0], action["number"], log)


def _spotlight_options(state, seat, card):
    return [{}] if guard_count(state, 0) + guard_count(state, 1) >= 2 else []


def shine_spotlights(state, seat, card, params, log, rng):
    """Flip every Guard face up, then choose 2 Guards."""
    for s in (0, 1):
        for k, slot in enumerate(state.guards[s]):
            if slot is not None and not slot[1]:
                state = set_slot(state, s, k, (slot[0], True, slot[2]))
                ev(log, {"event": "flip", "seat": s, "slot": k, **card_fields(state, slot[0])})
    return push(state, finish_deploy_frame(seat, card), Frame("spotlight", seat, (card,)))


def spotlight_options(state, frame):
    """Distinct (low, high) number pairs of two Guards in play."""
    numbers = sorted(NUMBER[s[0]] for row in state.guards for s in row if s is not None)
    pairs = sorted({(numbers[i], numbers[j]) for i in range(len(numbers)) for j in range(i + 1, len(numbers))})
    return [{"type": "pick", "number": lo, "number2": hi} for lo, hi in pairs]


def handle_spotlight(state, frame, action, log, rng):
    """Is the Suitcase Number between the two (inclusive)?"""
    lo, hi = action["number"], action["number2"]
    yes = lo <= suitcase_number(state, 1 - frame.seat) <= hi
    possible = [s for s in NUMBERS if (lo <= s <= hi) == yes]
    question = {"kind": "between", "number": lo, "number2": hi}
    return answer(state, log, frame.seat, 1 - frame.seat, frame.args[0], question, yes, possible)


def loyalty_test(state, seat, card, params, log, rng):
    """Reveal another hand card; the opponent says higher or lower (either if equal)."""
    n = NUMBER[params["give"]]
    ev(log, {"event": "reveal", "seat": seat, **card_fields(state, params["give"])})
    state = remember(state, 1 - seat, [params["give"]])
    return push(state, finish_deploy_frame(seat, card), Frame("loyalty", 1 - seat, (card, n)))


def loyalty_options(state, frame):
    """Truthful words: higher / lower; both when equal."""
    own, n = suitcase_number(state, frame.seat), frame.args[1]
    words = (["higher"] if own >= n else []) + (["lower"] if own <= n else [])
    return [{"type": "answer", "word": w} for w in words]


def handle_loyalty(state, frame, action, log, rng):
    """Record the answer."""
    card, n = frame.args
    word = action["word"]
    possible = [s for s in NUMBERS if (s >= n if word == "higher" else s <= n)]
    return answer(state, log, 1 - frame.seat, frame.seat, card, {"kind": "higher_lower", "number": n}, word, possible)


def _cct_options(state, seat, card):
    if free_slot(state, seat) < 0:
        return []
    return [{"take": c, "number": n} for c in sorted(set(state.discard)) for n in sorted(CODE[c])]


def cct(state, seat, card, params, log, rng):
    """Tuck a discard into a Guard spot under the CCT; name a number of its Code."""
    c, k = params["take"], free_slot(state, seat)
    state = replace(state, discard=tuple(x for x in state.discard if x != c))
    state = set_slot(limbo_remove(state, card), seat, k, (c, True, card))
    ev(log, {"event": "tuck", "seat": seat, "slot": k, "tucked": card_info(state, c), **card_fields(state, card)})
    return _equals(state, seat, card, params["number"], log)


def _gamble_options(state, seat, card):
    return _numbers(state, seat, card) if len(state.deck) >= 4 else []


def high_stakes(state, seat, card, params, log, rng):
    """Right guess wins, wrong guess loses, at once."""
    right = suitcase_number(state, 1 - seat) == params["number"]
    state = _done(state, card)
    ev(log, {"event": "high_stakes", "seat": seat, "number": params["number"], "right": right})
    return finish(state, (seat,) if right else (1 - seat,), "high_stakes_gamble")


def telepathy(state, seat, card, params, log, rng):
    """Record a private guess; the card lies face down in the play area."""
    item = (card, "telepathy", params["number"])
    state = replace(limbo_remove(state, card), play=pair_set(state.play, seat, state.play[seat] + (item,)))
    ev(log, {"event": "telepathy", "seat": seat}, {seat: {"guess": params["number"]}})
    return state


FINISHED_OPTIONS.add(_own_guard_slots)
DEPLOY.update({
    "citrine_1": (_numbers, fortune_teller),
    "citrine_2": (_one, test_access_codes),
    "citrine_3": (_one, picking_petals),
    "citrine_7": (_own_guard_slots, wheel_of_fate),
    "emerald_1": (_others, bookends),
    "emerald_3": (_one, interrogation),
    "emerald_7": (_discard_cards, digital_dig),
    "ruby_1": (_one, hacking_dart),
    "ruby_7": (_infiltration_options, infiltration),
    "ruby_8": (_spotlight_options, shine_spotlights),
    "promo_1b": (_others, loyalty_test),
    "promo_7a": (_cct_options, cct),
    "promo_4a": (_gamble_options, high_stakes),
    "promo_4b": (_numbers, telepathy),
})
DECISIONS.update({
    "tac_pick": (tac_options, handle_tac),
    "petals": (petals_options, handle_petals),
    "interrogate": (interrogate_options, handle_interrogate),
    "infiltrate": (infiltrate_options, handle_infiltrate),
    "spotlight": (spotlight_options, handle_spotlight),
    "loyalty": (loyalty_options, handle_loyalty),
})
RESECRET["tac_pick"] = lambda state, frame: tuple(sorted({NUMBER[c] for c in state.hands[1 - frame.seat]}))
