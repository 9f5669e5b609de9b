"""If Then in words: log sentences, prompts, choice labels, reference data (engine.words).

Reads only the viewer's render. A card is said by its number (id + 1) and the half that is on
top ("card 25, 6 large red on blue"); a rule by rulelang.describe with its letter codes in words;
events by name; seats 1-based.
"""

import re

from engine.words import join, seat_name, seat_object, sentence

from .data import COLOUR_NAMES, EVENT_BY_ID, HALVES, SIZE_NAMES
from .rulelang import describe

COLOURS = {"Y": "yellow", "B": "blue", "R": "red"}
SIZES = {"S": "small", "M": "medium", "L": "large"}
_CODES = re.compile(r"\b((?:number colour|background colour|size) (?:in|not in)) ([A-Z0-9/]+)")
_STEP = re.compile(r"(?<= )([+-])(\d+)\b")
_HALF = re.compile(r"^(\d)([SML])([YBR])([YBR])$")
PHASE_PROMPTS = {
    "penalty": "Draw your penalty cards: from the deck or the market.",
    "second_chance": "Use Second Chance to take the card back, or decline.",
    "hint_vote": "A hint was proposed: approve it or refuse it.",
    "ak_bottom": "Put a hand card at the bottom of your deck.",
    "ak_turn": "As the All Knowing: swap a hand card into the market, cycle, or pass.",
    "orient": "Choose how the start card lies.",
    "allegiance": "Choose your secret allegiance.",
    "choose_challenge": "Choose the challenge (the secret rule).",
}


def half_words(code):
    """'6 large red on blue' for a half code such as '6LRB' (or a half's fields)."""
    if isinstance(code, int):
        value, size, ncol, bg = HALVES[code]
        code = f"{value}{SIZE_NAMES[size]}{COLOUR_NAMES[ncol]}{COLOUR_NAMES[bg]}"
    found = _HALF.match(str(code))
    if not found:
        return "a card"
    value, size, ncol, bg = found.groups()
    return f"{value} {SIZES[size]} {COLOURS[ncol]} on {COLOURS[bg]}"


def card_words(card, orient=None):
    """'card 25' or, with an orientation, 'card 25 showing 6 large red on blue'."""
    if not isinstance(card, int) or card < 0:
        return "a card"
    if orient is None:
        return f"card {card + 1} ({half_words(2 * card)} / {half_words(2 * card + 1)})"
    return f"card {card + 1} showing {half_words(2 * card + orient)}"


def rule_words(rule):
    """A rule in plain English, letter codes spelled out."""
    try:
        text = describe(rule)
    except (KeyError, TypeError, ValueError):
        return "a rule"

    def spell(found):
        values = [COLOURS.get(v, SIZES.get(v, v)) for v in found.group(2).split("/")]
        return f"{found.group(1)} {join(values).replace(' and ', ' or ')}"
    text = _CODES.sub(spell, text).replace(" (cyclic)", ", wrapping around").replace("/", " or ")
    return _STEP.sub(lambda m: f"{'plus' if m.group(1) == '+' else 'minus'} {m.group(2)}", text)


def event_name(event_id):
    """The name of an event card."""
    return EVENT_BY_ID.get(event_id, {}).get("name", "an event")


def entry_text(entry, viewer, seen):
    """One sentence per log entry."""
    p, mine = entry.get("public") or {}, entry.get("private") or {}
    who = seat_name(p.get("seat", entry.get("actor")), viewer)
    for key, say in _SAYINGS:
        if key in p:
            return sentence(say(p, mine, who, viewer))
    return None


def _play(p, mine, who, viewer):
    judged = "valid" if p.get("valid") else "invalid"
    if p.get("action") == "discard":
        would = "valid" if p.get("actually_valid") else "invalid"
        return f"{who} discarded {card_words(p.get('card'))}; it would have been {would}"
    return f"{who} played {card_words(p.get('card'), p.get('orient', 0))}: {judged}"


def _draw(p, mine, who, viewer):
    count = p.get("count", 1)
    cards = mine.get("cards") or ([mine["card"]] if "card" in mine else [])
    if p.get("draw") == "market":
        return f"{who} took {card_words(p.get('card'))} from the market"
    got = f": {join(card_words(c) for c in cards)}" if cards else ""
    return f"{who} drew {count} card{'s' if count != 1 else ''} from the deck{got}"


def _penalty(p, mine, who, viewer):
    if p.get("loss"):
        return f"Penalty of {p['penalty']}: the codebreakers lose, {p['loss']}"
    if p.get("why"):
        return f"No penalty thanks to {p['why']}"
    return f"Penalty: draw {p['penalty']} card{'s' if p['penalty'] != 1 else ''}"


def _event(p, mine, who, viewer):
    spec = EVENT_BY_ID.get(p.get("event"), {})
    return f"Event drawn: {spec.get('name', 'an event')}. {spec.get('text', '')}"


def _event_used(p, mine, who, viewer):
    text = f"{who} used {event_name(p.get('event_used'))}"
    if p.get("card") is not None:
        text += f" on {card_words(p['card'], p.get('orient'))}"
    if p.get("to") is not None:
        text += f" for {seat_object(p['to'], viewer)}"
    if "valid" in p:
        text += ": valid" if p["valid"] else ": invalid"
    return text


def _guess(p, mine, who, viewer):
    verdict = "right" if p.get("correct") else "wrong"
    cost = f", costing {p['cost']} cards" if p.get("cost") else ""
    return f"{who} guessed the rule \u201c{rule_words(p.get('guess'))}\u201d: {verdict}{cost}"


_SAYINGS = (
    ("action", _play), ("draw", _draw), ("penalty", _penalty), ("event", _event),
    ("event_used", _event_used), ("guess", _guess),
    ("hint_proposed", lambda p, m, w, v: f"{seat_name(p['hint_proposed'], v)} proposed buying a hint "
                                         f"for {p.get('cost')} cards"),
    ("hint_vote", lambda p, m, w, v: f"{seat_name(p['hint_vote'], v)} "
                                     f"{'approved' if p.get('approve') else 'refused'} the hint"),
    ("hint", lambda p, m, w, v: f"Hint bought for {p.get('cost')} cards: {p.get('text', '').rstrip('.')}"),
    ("win", lambda p, m, w, v: f"The codebreakers win: {p['win']}"),
    ("loss", lambda p, m, w, v: f"The codebreakers lose: {p['loss']}"),
    ("declined", lambda p, m, w, v: f"{w} declined {event_name(p['declined'])}"),
    ("start_card", lambda p, m, w, v: f"The start card is {card_words(p['start_card'], p.get('orient', 0))}"),
    ("challenge_chosen", lambda p, m, w, v: "The All Knowing chose the challenge" + (
        f": {_challenge_words(m['kept'])}" if "kept" in m else "")),
    ("allegiance_chosen", lambda p, m, w, v: "The All Knowing chose an allegiance" + (
        f": {'with' if m['allegiance'] == 'TRUE' else 'against'} the codebreakers" if "allegiance" in m else "")),
    ("ak_draw", lambda p, m, w, v: "The All Knowing drew a card" + (
        f": {card_words(m['card'])}" if "card" in m else "")),
    ("ak_bottom", lambda p, m, w, v: "The All Knowing put a card at the bottom" + (
        f": {card_words(m['card'])}" if "card" in m else "")),
    ("ak_swap", lambda p, m, w, v: f"The All Knowing swapped {card_words(p.get('card'), p.get('orient'))} "
                                   f"into market slot {p.get('slot', 0) + 1}"),
    ("ak_pass", lambda p, m, w, v: "The All Knowing passed"),
    ("events_reshuffled", lambda p, m, w, v: f"The event discards were shuffled into a new event deck "
                                             f"of {p['events_reshuffled']} cards"),
)


def _challenge_words(kept):
    if isinstance(kept, dict):
        return kept.get("text") or rule_words(kept)
    found = re.match(r"^L(\d+)-(\d+)$", str(kept))
    return f"level {found.group(1)}, challenge {found.group(2)}" if found else "a challenge"


def prompt(seen, seat, legal):
    """What the seat decides now."""
    phase = seen.get("phase")
    if phase in PHASE_PROMPTS:
        return PHASE_PROMPTS[phase]
    kinds = {a.get("type") for a in legal}
    if "play" in kinds or "discard" in kinds:
        top = (seen.get("line") or [[None, None, ""]])[-1]
        last = f" after {half_words(top[2])}" if len(top) > 2 and top[2] else ""
        return sentence(f"Play a card to the code line{last}, discard one, or guess the rule")
    return None


FIXED = {"hint": "Propose buying a hint", "approve": "Approve the hint", "refuse": "Refuse the hint",
         "decline": "Decline", "cycle": "Cycle the market", "pass": "Pass"}


def choice(seen, seat, action):
    """A label and the cards/market slots/events an action involves (None: an unknown action)."""
    kind = action.get("type")
    card = action.get("card")
    refs = [{"kind": "card", "id": card}] if isinstance(card, int) else []
    if kind in _LABELS:
        return _LABELS[kind](seen, seat, action, refs)
    return {"label": FIXED[kind], "refs": []} if kind in FIXED else None


def _swap(seen, seat, a, refs):
    slot = a.get("slot", 0)
    return {"label": f"Swap {card_words(a.get('card'), a.get('orient', 0))} into market slot {slot + 1}",
            "refs": [*refs, {"kind": "market", "slot": slot}]}


def _draw(seen, seat, a, refs):
    if a.get("source") != "market":
        return {"label": "Draw from the deck", "refs": []}
    slot = a.get("slot", 0)
    market = seen.get("market") or []
    what = card_words(market[slot][0]) if slot < len(market) else "a card"
    return {"label": f"Take {what} from the market", "refs": [{"kind": "market", "slot": slot}]}


def _orient(seen, seat, a, refs):
    start, orient = seen.get("start_card"), a.get("orient", 0)
    if isinstance(start, int) and start >= 0:
        return {"label": f"Lay the start card showing {half_words(2 * start + orient)}", "refs": []}
    return {"label": f"Lay the start card with its {'first' if orient == 0 else 'second'} half on top",
            "refs": []}


def _challenge(seen, seat, a, refs):
    index = a.get("index", 0)
    options = seen.get("challenge_options") or []
    rule = f": \u201c{rule_words(options[index])}\u201d" if 0 <= index < len(options) else ""
    return {"label": f"Choose challenge {index + 1}{rule}", "refs": []}


_LABELS = {
    "play": lambda s, seat, a, refs: {"label": f"Play {card_words(a.get('card'), a.get('orient', 0))}",
                                      "refs": refs},
    "discard": lambda s, seat, a, refs: {"label": f"Discard {card_words(a.get('card'))}", "refs": refs},
    "bottom": lambda s, seat, a, refs: {"label": f"Put {card_words(a.get('card'))} at the bottom", "refs": refs},
    "swap": _swap, "draw": _draw, "orient": _orient, "choose_challenge": _challenge,
    "guess": lambda s, seat, a, refs: {"label": f"Guess \u201c{rule_words(a.get('rule'))}\u201d", "refs": []},
    "use_event": lambda s, seat, a, refs: _use_event(a, seat, refs),
    "allegiance": lambda s, seat, a, refs: {
        "label": f"Side {'with' if a.get('side') == 'TRUE' else 'against'} the codebreakers", "refs": []},
}


def _use_event(action, seat, refs):
    label = f"Use {event_name(action.get('event'))}"
    if action.get("card") is not None:
        label += f" on {card_words(action['card'], action.get('orient'))}"
    if action.get("to") is not None:
        label += f" for {seat_object(action['to'], seat)}"
        refs = refs + [{"kind": "seat", "seat": action["to"]}]
    return {"label": label, "refs": refs + [{"kind": "event", "id": action.get("event")}]}


def outcome_text(outcome, viewer):
    """'The codebreakers won: the code was guessed.'"""
    summary = str(outcome.get("summary", ""))
    why = summary.split(": ", 1)[1] if ": " in summary else ""
    won = "win" in summary.split(":")[0]
    return sentence(f"The codebreakers {'won' if won else 'lost'}" + (f": {why}" if why else ""))


def reference():
    """Events and card anatomy (engine.reference)."""
    from .reference import reference as build
    return build()


def option_words():
    """The lobby's words for the options."""
    from .reference import OPTION_WORDS
    return OPTION_WORDS
