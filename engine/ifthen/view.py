"""Views (allow-list, digest B13) and `sample_state` (determinization for bots).

At the end every hand (and the All Knowing's hand) is shown too.

Everybody sees the code line (both halves of every card: its card id), invalid piles, market,
discard pile, counts, revealed hints, events, the public judgments and wrong guesses, the curated
challenges still consistent with them, and the cards flagged revealed in other hands. A
codebreaker also sees its own hand. The All Knowing seat sees the challenge, both hints, its
allegiance and its own hand. At the end the challenge and allegiance are shown to all.
Never shown: the seed, deck orders, boxed/burned cards, unrevealed hands and hints.
"""

import json

from .challenges import (
    CURATED_BY_ID,
    candidate_ids,
    candidate_mask,
    challenge_from_key,
    consistent_challenges,
    get_challenge,
)
from .data import (
    COLOUR_NAMES,
    EVENT_IDS,
    HALF_CODES,
    HALVES,
    HINT_SYMBOLS,
    HOUSE_RULES,
    SIZE_NAMES,
)
from .rulelang import canonical
from .state import cb_index, cb_seat, make_state, penalty_level
from .turns import penalty_size


def view_state(state, seat):
    """The JSON-able view of `seat` (None = spectator)."""
    is_ak = seat is not None and seat == state.ak_seat
    me = -1 if seat is None or is_ak else cb_index(state, seat)
    view = _public(state)
    view["you"] = seat
    view["role"] = "allKnowing" if is_ak else ("codebreaker" if me >= 0 else "spectator")
    if me >= 0:
        view["hand"] = list(state.hands[me])
    if is_ak or state.result:
        _add_secrets(view, state, is_ak)
    return view


def _public(state):
    return {
        "level": state.level, "mastermind": state.mastermind, "source": state.source,
        "all_knowing": "engine" if state.ak_seat is None else "seat", "codebreakers": state.n_cb,
        "phase": state.phase, "turn": cb_seat(state, state.turn), "round": state.round,
        "round_start": cb_seat(state, state.round_start), "turns_in_round": state.turns_in_round,
        "turns_taken": state.turns_taken,
        "line": [[c, o, HALF_CODES[2 * c + o]] for c, o in state.line],
        "invalid": list(map(list, state.invalid)),
        "market": list(map(list, state.market)), "deck_size": len(state.deck),
        "boxed_size": len(state.boxed), "burned_size": len(state.burned),
        "discard": list(state.discard), "hands": _hands(state),
        "invalid_count": len(state.invalid), "penalty_level": penalty_level(state),
        "penalty_draws": penalty_size(state), "hints_revealed": _revealed_hints(state),
        "candidates": candidate_ids(state.level, state.candidates), "current_event": state.current_event,
        "held_events": list(state.held), "event_deck_size": len(state.event_deck),
        "event_discard": list(state.event_discard),
        "judgments": list(map(list, state.judgments)),
        "wrong_guesses": [json.loads(k) for k in state.wrong_guesses],
        "penalty_left": state.penalty_left, "voters": [cb_seat(state, i) for i in state.voters],
        "start_card": state.start_card, "bonus_plays": state.bonus_plays,
        "free_hint": state.free_hint, "guessed": state.guessed, "hint_asked": state.hint_asked,
        "hint_proposer": cb_seat(state, state.hint_proposer) if state.hint_proposer >= 0 else None,
        "hint_refused": [cb_seat(state, i) for i in range(state.n_cb) if (state.hint_refused >> i) & 1],
        "safe_harbour_used": state.safe_harbour_used,
        "ak": {"hand_size": len(state.ak_hand), "deck_size": len(state.ak_deck),
               "known": list(state.ak_known)},
        "challenge_chosen": bool(state.challenge), "allegiance_chosen": bool(state.allegiance),
        "result": state.result, "reason": state.reason, "master": state.master,
    }


def _hands(state):
    shift = 0 if state.ak_seat is None else 1
    if not state.revealed:
        return [{"seat": i + shift, "size": len(hand), "revealed": []}
                for i, hand in enumerate(state.hands)]
    revealed = set(state.revealed)
    return [{"seat": i + shift, "size": len(hand),
             "revealed": sorted(c for c in hand if c in revealed)}
            for i, hand in enumerate(state.hands)]


def _revealed_hints(state):
    if not state.hints_revealed:
        return []
    texts = challenge_from_key(state.challenge).hint_texts
    return [[sym, texts[sym]] for sym in state.hints_revealed]


def _add_secrets(view, state, is_ak):
    if state.challenge:
        challenge = challenge_from_key(state.challenge)
        view["challenge"] = dict(challenge.to_json(), definition=json.loads(state.challenge),
                                 hint_texts=challenge.hint_texts)
    view["allegiance"] = state.allegiance
    if state.result:  # the end reveals every hand
        view["final_hands"] = [list(hand) for hand in state.hands]
    if is_ak or state.result:
        view["ak_hand"] = list(state.ak_hand)
        view["challenge_options"] = [json.loads(k) for k in state.challenge_options]


# ---- sampling ----------------------------------------------------------------------------------

def sample_state(view, seat, rng, sample_challenge=None):
    """A full state consistent with `view`: unseen cards, orders and (if unseen) the rule re-dealt
    (by `sample_challenge(view, rng)` -> (key, mastermind options) when given: posterior.py)."""
    is_ak = view["role"] == "allKnowing" or "ak_hand" in view
    me = cb_index_from_view(view, seat)
    cards = _deal_unseen(view, me, is_ak, rng)
    challenge, options = (sample_challenge or _sample_challenge)(view, rng)
    allegiance = view.get("allegiance")
    if allegiance is None:
        allegiance = rng.choice(("TRUE", "FALSE")) if view["allegiance_chosen"] else ""
    seen_events = set(view["event_discard"]) | set(view["held_events"]) | {view["current_event"]}
    event_deck = tuple(e for e in EVENT_IDS if e not in seen_events)  # unordered (see events)
    shift = 0 if view["all_knowing"] == "engine" else 1
    return make_state(
        n_cb=view["codebreakers"], ak_seat=None if shift == 0 else 0, level=view["level"],
        mastermind=view["mastermind"], source=view["source"], challenge=challenge,
        challenge_options=options, hints_revealed=tuple(s for s, _ in view["hints_revealed"]),
        candidates=candidate_mask(view["level"], view["candidates"]), hands=cards["hands"],
        revealed=tuple(sorted(c for h in view["hands"] for c in h["revealed"])),
        deck=cards["deck"], market=tuple(tuple(m) for m in view["market"]), boxed=cards["boxed"],
        burned=cards["burned"], discard=tuple(view["discard"]),
        line=tuple((c, o) for c, o, _ in view["line"]), invalid=tuple(tuple(i) for i in view["invalid"]),
        judgments=tuple(tuple(j) for j in view["judgments"]),
        wrong_guesses=tuple(canonical(g) for g in view["wrong_guesses"]), phase=view["phase"],
        turn=view["turn"] - shift, round=view["round"], turns_in_round=view["turns_in_round"],
        round_start=view["round_start"] - shift,
        turns_taken=view["turns_taken"], penalty_left=view["penalty_left"],
        voters=tuple(v - shift for v in view["voters"]), start_card=view["start_card"],
        event_deck=event_deck, event_discard=tuple(view["event_discard"]),
        current_event=view["current_event"], held=tuple(view["held_events"]),
        safe_harbour_used=view["safe_harbour_used"], bonus_plays=view["bonus_plays"],
        free_hint=view["free_hint"], guessed=view["guessed"], hint_asked=view["hint_asked"],
        hint_proposer=-1 if view["hint_proposer"] is None else view["hint_proposer"] - shift,
        hint_refused=sum(1 << (s - shift) for s in view["hint_refused"]),
        ak_deck=cards["ak_deck"], ak_hand=cards["ak_hand"], ak_known=tuple(view["ak"]["known"]),
        allegiance=allegiance, result=view["result"], reason=view["reason"], master=view["master"])


def cb_index_from_view(view, seat):
    """The viewer's codebreaker index (-1 for the All Knowing)."""
    if view["role"] != "codebreaker":
        return -1
    return seat if view["all_knowing"] == "engine" else seat - 1


def _deal_unseen(view, me, is_ak, rng):
    known = {c for c, _, _ in view["line"]} | {c for _, c, _ in view["invalid"]}
    known |= {c for c, _ in view["market"]} | set(view["discard"]) | set(view["ak"]["known"])
    known |= {c for h in view["hands"] for c in h["revealed"]}
    if view["start_card"] >= 0:
        known.add(view["start_card"])
    if me >= 0:
        known |= set(view["hand"])
    for hand in view.get("final_hands", ()):
        known |= set(hand)
    if is_ak:
        known |= set(view["ak_hand"])
    unseen = rng.shuffled([c for c in range(60) if c not in known])
    taken = 0

    def take(n):
        nonlocal taken
        taken += n
        return tuple(unseen[taken - n:taken])

    hands = []
    for i, info in enumerate(view["hands"]):
        if "final_hands" in view:
            hands.append(tuple(view["final_hands"][i]))
        elif i == me:
            hands.append(tuple(view["hand"]))
        else:
            hidden = take(info["size"] - len(info["revealed"]))
            hands.append(tuple(rng.shuffled(list(info["revealed"]) + list(hidden))))
    ak_hand, ak_deck = _deal_ak(view, is_ak, take, rng)
    deal = {"hands": tuple(hands), "ak_hand": ak_hand, "ak_deck": ak_deck,
            "deck": take(view["deck_size"]), "boxed": take(view["boxed_size"]),
            "burned": take(view["burned_size"])}
    assert taken == len(unseen), "card accounting mismatch"
    return deal


def _deal_ak(view, is_ak, take, rng):
    info = view["ak"]
    if is_ak:
        hand = tuple(view["ak_hand"])
        extra = [c for c in info["known"] if c not in hand]
        deck = extra + list(take(info["deck_size"] - len(extra)))
        return hand, tuple(rng.shuffled(deck))
    total = info["hand_size"] + info["deck_size"]
    pool = rng.shuffled(list(info["known"]) + list(take(total - len(info["known"]))))
    return tuple(pool[:info["hand_size"]]), tuple(pool[info["hand_size"]:])


def _sample_challenge(view, rng):
    options = tuple(canonical(d) for d in view.get("challenge_options", ()))
    if "challenge" in view:
        key = canonical(view["challenge"]["definition"])
        if not options and view["mastermind"]:
            options = (key, _other_key(view, key, rng))
        return key, options
    if not view["challenge_chosen"]:
        if not options and view["mastermind"]:
            first = _random_key(view, rng)
            options = (first, _other_key(view, first, rng))
        return "", options
    key = _consistent_key(view, rng)
    options = (key, _other_key(view, key, rng)) if view["mastermind"] else ()
    return key, options


def _random_key(view, rng):
    from .setup import draw_challenges
    return draw_challenges(view["level"], view["source"], 1, rng)[0]


def _other_key(view, key, rng):
    for _ in range(20):
        other = _random_key(view, rng)
        if other != key:
            return other
    return key


def _consistent_key(view, rng):
    judgments = [tuple(j) for j in view["judgments"]]
    wrong = {get_challenge(g).table for g in view["wrong_guesses"]}
    hints = [tuple(h) for h in view["hints_revealed"]]
    pool = consistent_challenges([CURATED_BY_ID[c] for c in view["candidates"]], judgments, wrong, hints)
    if pool:
        return rng.choice(pool).key
    if view["source"] == "generated":
        from .generator import generate_challenge
        for _ in range(HOUSE_RULES["sample_generated_attempts"]):
            found = consistent_challenges([generate_challenge(view["level"], rng)], judgments, wrong, hints)
            if found:
                return found[0].key
    return fabricate_challenge(view["level"], judgments, hints).key


def _exact(h):
    v, s, n, b = HALVES[h]
    return {"and": [{"attr": "value", "op": "in", "values": [v]},
                    {"attr": "size", "op": "in", "values": [SIZE_NAMES[s]]},
                    {"attr": "ncol", "op": "in", "values": [COLOUR_NAMES[n]]},
                    {"attr": "bg", "op": "in", "values": [COLOUR_NAMES[b]]}]}


def fabricate_challenge(level, judgments, hints):
    """A rule that answers every recorded judgment the same way (a last-resort determinization)."""
    valid, invalid, either = {}, {}, {}
    for kind, prev, a, b, answer in judgments:
        if kind == "discard" and answer:
            either.setdefault(prev, []).append((a, b))
        elif kind == "discard":
            invalid.setdefault(prev, set()).update((a, b))
        elif answer:
            valid.setdefault(prev, set()).add(a)
        else:
            invalid.setdefault(prev, set()).add(a)
    clauses = []
    for prev in sorted(set(valid) | set(invalid) | set(either)):
        allowed = set(valid.get(prev, ()))
        for a, b in either.get(prev, ()):
            allowed.add(a if a not in invalid.get(prev, ()) else b)
        then = {"or": [_exact(h) for h in sorted(allowed)]} if allowed else "NONE"
        clauses.append({"if": _exact(prev), "then": then})
    symbols = [s for s, _ in hints] + [s for s in HINT_SYMBOLS if s not in dict(hints)]
    rule = {"id": "sampled", "level": level, "clauses": clauses or [{"if": "TRUE", "then": "ANY"}],
            "otherwise": "ANY", "hints": symbols[:2],
            "hint_text": {s: t for s, t in hints} | {s: "The rule involves this attribute."
                                                      for s in symbols[len(hints):2]}}
    return get_challenge(rule)
