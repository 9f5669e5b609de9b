"""Classified Information in words: log sentences, prompts and choice labels (see engine.words).

Everything here reads only the viewer's render: a log entry as the viewer holds it and the
redacted state view (`seen`), whose public `designs` list names every card id of the match.
Card numbers and guard spots are said 1-based, as printed; refs use the state's ids.
"""

from engine.words import join, plain_value, possessive, seat_name, seat_object, sentence

from .data import DESIGNS

QUESTIONS = {
    "within_two": "whether their Suitcase Number is within 2 of {number}",
    "equals": "whether their Suitcase Number is {number}",
    "name_not_suitcase": "to name a number that is not their Suitcase Number",
    "number_in_code": "whether {number} is in their Code",
    "at_most": "whether their Suitcase Number is {number} or lower",
    "not_guild": "to name a Guild their Suitcase card does not have",
    "parity": "whether their Suitcase Number is odd or even",
    "between": "whether their Suitcase Number lies between {number} and {number2}",
    "higher_lower": "whether their Suitcase Number is higher or lower than {number}",
}
FRAME_PROMPTS = {
    "window_ptp": "React to the Deploy, or let it resolve.",
    "window_rts": "React to the new Guard, or let it stand.",
    "defend": "Your Guard was hit: block it, or let it fall.",
    "kill": "Your Guard was hit: block it, or let it fall.",
    "forced_discard": "Choose a card to discard.",
    "order_discards": "Choose the order of your discards.",
    "tac_pick": "Pick one of the revealed Card Numbers.",
    "petals": "Name a number that is not your Suitcase Number.",
    "interrogate": "Name a Guild your Suitcase card does not have.",
    "loyalty": "Say whether your Suitcase Number is higher or lower.",
    "decoy_tell": "Tell one number of your Code.",
    "tc_choose": "Choose which card to play.",
    "sands_keep": "Choose the card to keep.",
    "hiding_final": "Swap your Hiding Spot card with a hand card, or pass.",
    "fedora_swap": "Swap a hand card with a discard, or pass.",
}
ACTIONS = {"encrypt": "encrypt a card", "guard": "place a Guard", "assassinate": "assassinate a Guard",
           "deploy": "Deploy a card", "react": "REACT", "pass": "pass", "answer": "answer",
           "pick": "pick", "discard": "discard a card", "swap": "swap", "order": "order cards",
           "choose_suitcase": "choose your Suitcase", "cancel_trap": "cancel the Cyber Trap",
           "resilience": "use Resilience", "peek": "peek"}
MODES = {"opponent": "swap with an opponent Guard", "discard": "swap with the top discard",
         "self": "swap itself with your Guard", "bottom": "look at the bottom of the Draw Deck",
         "top": "from the top discard", "rearrange": "rearrange the Discard Pile",
         "flip": "flip an opponent Guard", "guard": "from your Guard", "deck": "from the Draw Deck",
         "encrypted": "from the Encrypted pile", "swap": "swap a hand card", "look": "look only"}


def card_name(card, seen):
    """'7 · Wheel of Fate' for a card id (or a card description from the log)."""
    if isinstance(card, dict):
        return f"{card.get('number')} · {card.get('name')}"
    designs = (seen or {}).get("designs") or []
    if isinstance(card, int) and 0 <= card < len(designs) and designs[card] in DESIGNS:
        return f"{card // 2 + 1} · {DESIGNS[designs[card]][2]}"
    return "a card"


def _named(entry):
    return card_name(entry, None) if "name" in entry else None


def _answer_text(p, viewer):
    question = p.get("question") or {}
    asked = QUESTIONS.get(question.get("kind"), "a question")
    asked = asked.format(number=question.get("number"), number2=question.get("number2"))
    answer = p.get("answer")
    said = "yes" if answer is True else "no" if answer is False else plain_value(answer)
    return (f"{seat_name(p.get('asker'), viewer)} asked {seat_object(p.get('answerer'), viewer)} "
            f"{asked}: the answer was {said}")


def entry_text(entry, viewer, seen):
    """One sentence per log entry."""
    p, mine = entry.get("public") or {}, entry.get("private") or {}
    who = seat_name(p.get("seat", entry.get("actor")), viewer)
    kind = p.get("event")
    slot = p.get("slot")
    spot = f"Guard spot {slot + 1}" if isinstance(slot, int) else "a Guard spot"
    texts = {
        "draw": lambda: f"{who} drew a card" + (f": {card_name(mine['card'], seen)}" if "card" in mine else ""),
        "guard": lambda: f"{who} placed a face-down Guard in {spot}" + (
            f": {_named(mine)}" if "name" in mine else ""),
        "encrypt": lambda: f"{who} encrypted a card" + (f": {_named(mine)}" if "name" in mine else ""),
        "deploy": lambda: f"{who} deployed {_named(p)}",
        "react": lambda: f"{who} reacted with {_named(p)}",
        "flip": lambda: f"{who} flipped the Guard in {spot} face up: {_named(p)}",
        "answer": lambda: _answer_text(p, viewer),
        "attack": lambda: f"{who} attacked {possessive(p.get('target_seat'), viewer)} {spot} with {_named(p)}",
        "attack_fails": lambda: f"{possessive(p.get('seat', entry.get('actor')), viewer, True)} attack on {seat_object(p.get('target_seat'), viewer)} failed",
        "attack_succeeds": lambda: f"{possessive(p.get('seat', entry.get('actor')), viewer, True)} attack hit {possessive(p.get('target_seat'), viewer)} {spot}"
                                   + (f": {card_name(p['target'], seen)}" if isinstance(p.get("target"), dict) else ""),
        "reveal_hand": lambda: f"{seat_name(p.get('owner'), viewer)} showed {p.get('count')} hand "
                               f"card{'s' if p.get('count') != 1 else ''} to {seat_object(p.get('to'), viewer)}"
                               + (f": {join(card_name(c, seen) for c in mine['cards'])}" if "cards" in mine else ""),
        "peek": lambda: f"{who} peeked at {p.get('count')} card{'s' if p.get('count') != 1 else ''}"
                        + (f": {join(card_name(c, seen) for c in mine['cards'])}" if "cards" in mine else ""),
        "pass": lambda: f"{who} passed",
        "final_round": lambda: "Final round: each player takes one last turn without drawing",
        "reveal": lambda: "The Suitcases were revealed: " + join(
            card_name(c, seen) for c in p.get("suitcases") or []),
        "discard_order": lambda: f"{who} discarded {join(card_name(c, seen) for c in p.get('cards') or [])}",
        "suitcase_chosen": lambda: f"{who} chose a Suitcase" + (f": {_named(mine)}" if "name" in mine else ""),
        "skip_action": lambda: f"{who} skipped the action to pay for the REACT",
        "extra_protection": lambda: f"{who} covered {spot} with Extra Protection",
    }
    if kind in texts:
        return sentence(texts[kind]())
    return _other_text(who, kind, p, mine, seen)


def _other_text(who, kind, p, mine, seen):
    """The rarer events: their card-valued fields named, the rest in plain words."""
    parts = []
    for key, value in list(p.items()) + list(mine.items()):
        if key in ("event", "seat", "number", "design", "name"):
            continue
        if isinstance(value, dict) and "name" in value:
            parts.append(f"{key.replace('_', ' ')} {card_name(value, seen)}")
        elif key in ("card", "cards", "discard", "tucked", "got", "took", "received") and value is not None:
            cards = value if isinstance(value, list) else [value]
            parts.append(f"{key} {join(card_name(c, seen) for c in cards)}")
        elif key == "slot" and isinstance(value, int):
            parts.append(f"Guard spot {value + 1}")
        else:
            parts.append(f"{key.replace('_', ' ')} {plain_value(value, None, key)}")
    what = (kind or "acted").replace("_", " ")
    named = f" with {_named(p)}" if "name" in p else ""
    return sentence(f"{who}: {what}{named}" + (f" ({', '.join(parts)})" if parts else ""))


def prompt(seen, seat, legal):
    """What the seat decides now: the top pending decision, else its turn's choices."""
    stack = seen.get("stack") or []
    top = stack[-1] if stack else None
    if top is not None and top.get("seat") == seat and top.get("kind") in FRAME_PROMPTS:
        return FRAME_PROMPTS[top["kind"]]
    kinds = []
    for action in legal:
        word = ACTIONS.get(action.get("type"))
        if word and word not in kinds:
            kinds.append(word)
    if kinds == ["choose your Suitcase"]:
        return "Choose your Suitcase card."
    if kinds == ["answer"]:
        return "Answer the question truthfully."
    return sentence("Your turn: " + join(kinds).replace(" and ", " or ")) if kinds else None


def _deploy_details(action, seen):
    words = []
    if action.get("mode") in MODES:
        words.append(MODES[action["mode"]])
    for key, say in (("slot", "Guard spot {}"), ("slot2", "with Guard spot {}")):
        if isinstance(action.get(key), int):
            words.append(say.format(action[key] + 1))
    if isinstance(action.get("number"), int):
        words.append(f"naming {action['number']}")
    if action.get("take") is not None:
        words.append(f"taking {card_name(action['take'], seen)}")
    if action.get("give") is not None:
        words.append(f"giving {card_name(action['give'], seen)}")
    if action.get("cover"):
        words.append("the covering card")
    if action.get("order"):
        words.append("new order " + join(card_name(c, seen) for c in action["order"]))
    return ", ".join(words)


def choice(seen, seat, action):
    """A label and the cards/spots an action involves."""
    kind = action.get("type")
    refs = []
    card = action.get("card")
    if isinstance(card, int):
        refs.append({"kind": "card", "id": card})
    for key in ("take", "give"):
        if isinstance(action.get(key), int):
            refs.append({"kind": "card", "id": action[key]})
    name = card_name(card, seen) if isinstance(card, int) else ""
    if kind == "assassinate":
        slot = action.get("slot", 0)
        owner = seat if action.get("mine") else 1 - seat
        refs.append({"kind": "slot", "seat": owner, "slot": slot})
        whose = "your own" if action.get("mine") else "the opponent's"
        cover = " (its cover first)" if action.get("cover") else ""
        return {"label": f"Assassinate {whose} Guard in spot {slot + 1}{cover} with {name}", "refs": refs}
    if kind == "deploy":
        details = _deploy_details(action, seen)
        return {"label": f"Deploy {name}" + (f": {details}" if details else ""), "refs": refs}
    if kind in ("answer", "pick") and action.get("card") is None:
        said = action.get("word") if action.get("word") is not None else action.get("number")
        extra = f" and {action['number2']}" if action.get("number2") is not None else ""
        return {"label": f"{'Answer' if kind == 'answer' else 'Pick'} {plain_value(said)}{extra}", "refs": refs}
    if kind == "order":
        return {"label": "Discard in the order " + join(card_name(c, seen) for c in action["order"]),
                "refs": [{"kind": "card", "id": c} for c in action["order"]]}
    verb = {"encrypt": "Encrypt", "guard": "Place as a Guard", "react": "REACT with",
            "discard": "Discard", "choose_suitcase": "Keep as your Suitcase", "pick": "Pick",
            "swap": "Swap"}.get(kind)
    if verb:
        details = _deploy_details({k: v for k, v in action.items() if k != "card"}, seen)
        return {"label": " ".join(filter(None, (verb, name))) + (f": {details}" if details else ""), "refs": refs}
    fixed = {"pass": "Pass", "cancel_trap": "Cancel the Cyber Trap by showing your hand",
             "resilience": "Turn the Resilience Guard face up to block"}
    if kind in fixed:
        return {"label": fixed[kind], "refs": refs}
    if kind == "peek":
        return {"label": f"Peek {MODES.get(action.get('mode'), plain_value(action.get('mode')))}", "refs": refs}
    return None


def outcome_text(outcome, viewer):
    """'You won: Seat 2 missed the Suitcase; Guards 3 to 3.5.'"""
    winners = outcome.get("winners") or []
    if not winners:
        return "Nobody won."
    seats = {s["seat"]: s for s in outcome.get("seats", [])}
    won = seats.get(winners[0], {})
    score = won.get("score")
    tail = f" with {score:g} Guard points" if isinstance(score, (int, float)) else ""
    if "high_stakes" in str(won.get("reason", "")):
        tail = " on a High Stakes Gamble"
    return sentence(f"{join(seat_name(w, viewer) for w in winners)} won{tail}")


def reference():
    """Every card design with its number, set, Guilds and ability."""
    from .reference import reference as build
    return build()


def option_words():
    """The lobby's words for the options."""
    from .reference import OPTION_WORDS
    return OPTION_WORDS

