"""Classified Information in words: log sentences, prompts and choice labels (see engine.words).

Everything here reads only the viewer's render: a log entry as the viewer holds it and the
redacted state view (`seen`), whose public `designs` list names every card id of the match.
Card numbers and guard spots are said 1-based, as printed; refs use the state's ids.
"""

from engine.words import join, plain_value, possessive, seat_name, sentence

from .data import DESIGNS, GUILD
from .sayings import SAYINGS, Entry

GUILD_WORDS = {"G": "Guard", "A": "Assassin", "S": "Sentinel"}
# designs whose Deploy parameter `slot` names an opponent Guard (the others: one's own)
OPPONENT_SLOT = frozenset(("emerald_2", "ruby_9"))

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
    "spotlight": "Choose two Guard numbers: the opponent says whether their Suitcase Number lies between them.",
    "infiltrate": "Name a number: the opponent says whether it is their Suitcase Number.",
    "tc_finish": "Choose the discard to shuffle back into the Draw Deck.",
    "dr_give": "Choose the hand card you give for the opponent's Guard.",
    "dr_swap": "Swap the received Guard with a hand card, or keep it.",
    "pp_follow": "Enlist or discard another hand card.",
    "sandwich": "Return one card to the top of the Draw Deck, one to the bottom and one to the Guard spot.",
    "grenade_peek": "PEEK 2: choose the Draw Deck or the Encrypted pile.",
    "mail_return": "Give the opponent one of your hand cards.",
}
ACTIONS = {"encrypt": "encrypt a card", "guard": "place a Guard", "assassinate": "assassinate a Guard",
           "deploy": "Deploy a card", "react": "REACT", "pass": "pass", "answer": "answer",
           "pick": "pick", "discard": "discard a card", "swap": "swap", "order": "order cards",
           "choose_suitcase": "choose your Suitcase", "cancel_trap": "cancel the Cyber Trap",
           "resilience": "use Resilience", "peek": "peek"}
MODES = {"top": "with the top discard", "bottom": "with the bottom discard", "deck": "from the Draw Deck",
         "encrypted": "from the Encrypted pile", "swap": "swap {give}", "look": "look only",
         "guard": "{slot}", "hand": "{slot}", "both": "both"}
# how a design's Deploy modes read (templates over the action's slot, slot2, give, take, order)
DESIGN_MODES = {
    "citrine_4": {"opponent": "swap {slot} with {slot2}", "discard": "swap {slot} with the top discard",
                  "self": "put it in place of {slot}, then discard {give}"},
    "citrine_8": {"flip": "flip {slot2} face up", "rearrange": "rearrange the Discard Pile to {order}",
                  "bottom": "look at the bottom 2 cards of the Draw Deck"},
    "emerald_5": {"top": "tuck the top discard", "bottom": "tuck the bottom discard", "guard": "tuck {slot}"},
    "emerald_8": {"swap": "swap {give} with the bottom discard", "look": "look at the top Encrypted card",
                  "both": "swap {give} with the bottom discard and look at the top Encrypted card"},
    "ruby_4": {"encrypted": "play the top Encrypted card as your Guard",
               "hand": "swap {slot} with a card from the opponent's hand"},
    "ruby_5": {"top": "swap it with the top discard", "bottom": "swap it with the bottom discard"},
    "promo_1a": {"deck": "PEEK 3 of the Draw Deck", "encrypted": "PEEK 3 of the Encrypted pile"},
}


def card_name(card, seen):
    """'7 · Wheel of Fate (Assassin)' for a card id or a card description from the log (the
    copy's Guild, fixed by the id, tells the two copies of a number apart; Sentinels are
    numbered 1 and 2)."""
    if isinstance(card, dict):
        ident = card.get("card")
        guild = f" ({copy_word(ident)})" if isinstance(ident, int) and 0 <= ident < 18 else ""
        return f"{card.get('number')} · {card.get('name')}{guild}"
    designs = (seen or {}).get("designs") or []
    if isinstance(card, int) and 0 <= card < len(designs) and designs[card] in DESIGNS:
        return f"{card // 2 + 1} · {DESIGNS[designs[card]][2]} ({copy_word(card)})"
    return "a card"


def copy_word(card):
    """Which copy of its number a card id is: 'Guard', 'Assassin', 'Sentinel 1' or 'Sentinel 2'."""
    word = GUILD_WORDS[GUILD[card]]
    return f"{word} {card % 2 + 1}" if GUILD[card] == "S" else word


def entry_text(entry, viewer, seen):
    """One sentence per log entry (sayings.SAYINGS); None for an event it does not know."""
    say = SAYINGS.get((entry.get("public") or {}).get("event"))
    return sentence(say(Entry(entry, viewer, seen, card_name))) if say is not None else None


def _top_kind(seen, seat):
    """The kind of the viewer's pending decision on top of the stack (None if none)."""
    stack = (seen or {}).get("stack") or []
    top = stack[-1] if stack else None
    return top.get("kind") if isinstance(top, dict) and top.get("seat") == seat else None


def prompt(seen, seat, legal):
    """What the seat decides now: the top pending decision, else its turn's choices."""
    if _top_kind(seen, seat) in FRAME_PROMPTS:
        return FRAME_PROMPTS[_top_kind(seen, seat)]
    kinds = []
    for action in legal:
        word = ACTIONS.get(action.get("type"))
        if word and word not in kinds:
            kinds.append(word)
    if kinds == ["choose your Suitcase"]:
        return "Choose your Suitcase card."
    if kinds == ["answer"]:
        return "Answer the question truthfully."
    if kinds == ["pick"]:
        return "Pick a card." if any("card" in a for a in legal) else "Pick a number."
    return sentence("Your turn: " + join(kinds).replace(" and ", " or ")) if kinds else None


def _deploy_details(action, seen):
    """The parameters of a Deploy (or a decision) in words, as the deployed design reads them."""
    card = action.get("card")
    designs = (seen or {}).get("designs") or []
    design = designs[card] if isinstance(card, int) and 0 <= card < len(designs) else None
    said = {"slot": _spot_words(action.get("slot"), design in OPPONENT_SLOT),
            "slot2": _spot_words(action.get("slot2"), True),
            "give": card_name(action.get("give"), seen), "take": card_name(action.get("take"), seen),
            "order": join(card_name(c, seen) for c in action.get("order") or [])}
    template = DESIGN_MODES.get(design, {}).get(action.get("mode")) or MODES.get(action.get("mode"))
    if template:
        words = [template.format(**said)]
        used = {key for key in said if "{" + key + "}" in template}
    else:
        words, used = [], set()
    for key, say in (("slot", "{slot}"), ("slot2", "{slot2}"), ("number", "naming {number}"),
                     ("take", "taking {take}"), ("give", "giving {give}"), ("order", "new order {order}")):
        if action.get(key) is not None and key not in used:
            words.append(say.format(number=action.get("number"), **said))
    if action.get("cover"):
        words.append("its cover first")
    return ", ".join(words)


def _spot_refs(action, seat, seen):
    """The Guard spots and discards a Deploy names, as refs."""
    designs = (seen or {}).get("designs") or []
    card = action.get("card")
    design = designs[card] if isinstance(card, int) and 0 <= card < len(designs) else None
    refs = []
    if isinstance(action.get("slot"), int):
        owner = 1 - seat if design in OPPONENT_SLOT else seat
        refs.append({"kind": "slot", "seat": owner, "slot": action["slot"]})
    if isinstance(action.get("slot2"), int):
        refs.append({"kind": "slot", "seat": 1 - seat, "slot": action["slot2"]})
    return refs + [{"kind": "card", "id": c} for c in action.get("order") or []]


def _spot_words(slot, opponent):
    if not isinstance(slot, int):
        return ""
    return f"{'the opponent' + chr(39) + 's' if opponent else 'your'} Guard in spot {slot + 1}"


VERBS = {"encrypt": "Encrypt", "guard": "Place as a Guard", "react": "REACT with", "discard": "Discard",
         "choose_suitcase": "Keep as your Suitcase", "pick": "Pick", "swap": "Swap"}
FIXED = {"pass": "Pass", "cancel_trap": "Cancel the Cyber Trap by showing your hand",
         "resilience": "Turn the Resilience Guard face up to block"}


def choice(seen, seat, action):
    """A label and the cards/spots an action involves (None for an action it does not know)."""
    kind = action.get("type")
    refs = [{"kind": "card", "id": action[key]} for key in ("card", "take", "give")
            if isinstance(action.get(key), int)]
    name = card_name(action["card"], seen) if isinstance(action.get("card"), int) else ""
    if kind in _LABELS:
        return _LABELS[kind](seen, seat, action, name, refs)
    if kind in ("answer", "pick") and action.get("card") is None:
        said = action.get("word") if action.get("word") is not None else action.get("number")
        said = plain_value(said).capitalize() if isinstance(said, str) else plain_value(said)
        extra = f" and {action['number2']}" if action.get("number2") is not None else ""
        return {"label": f"{'Answer' if kind == 'answer' else 'Pick'} {said}{extra}", "refs": refs}
    if kind in VERBS:
        details = _deploy_details({k: v for k, v in action.items() if k != "card"}, seen)
        return {"label": " ".join(filter(None, (VERBS[kind], name))) + (f": {details}" if details else ""),
                "refs": refs}
    if kind in FIXED:
        return {"label": FIXED[kind], "refs": refs}
    if kind == "peek":
        return {"label": f"Peek {MODES.get(action.get('mode'), plain_value(action.get('mode')))}", "refs": refs}
    return None


def _assassinate(seen, seat, action, name, refs):
    slot = action.get("slot", 0)
    owner = seat if action.get("mine") else 1 - seat
    whose = "your own" if action.get("mine") else "the opponent's"
    cover = " (its cover first)" if action.get("cover") else ""
    return {"label": f"Assassinate {whose} Guard in spot {slot + 1}{cover} with {name}",
            "refs": [*refs, {"kind": "slot", "seat": owner, "slot": slot}]}


def _deploy(seen, seat, action, name, refs):
    details = _deploy_details(action, seen)
    return {"label": f"Deploy {name}" + (f": {details}" if details else ""),
            "refs": refs + _spot_refs(action, seat, seen)}


def _order(seen, seat, action, name, refs):
    order = action.get("order") or []
    refs = [{"kind": "card", "id": c} for c in order]
    if _top_kind(seen, seat) == "sandwich" and len(order) == 3:
        top, bottom, guard = (card_name(c, seen) for c in order)
        return {"label": f"Return {top} to the top of the Draw Deck, {bottom} to the bottom "
                         f"and {guard} to the opponent's Guard spot", "refs": refs}
    return {"label": "Discard in the order " + join(card_name(c, seen) for c in order), "refs": refs}


_LABELS = {"assassinate": _assassinate, "deploy": _deploy, "order": _order}


SPECIAL_ENDS = {"high_stakes_gamble": "on a High Stakes Gamble", "short_circuit": "with Short Circuit",
                "cyber_trap": "with the Cyber Trap"}


def outcome_text(outcome, viewer):
    """'You won: your final card hit (2.5 Guards); Seat 2's final card missed (3 Guards).'"""
    winners = outcome.get("winners") or []
    seats = outcome.get("seats") or []
    if not winners:
        return "Nobody won."
    who = "Both players" if len(winners) == 2 else seat_name(winners[0], viewer)
    reason = str(seats[winners[0]].get("reason", "")) if winners[0] < len(seats) else ""
    if reason in SPECIAL_ENDS:
        return sentence(f"{who} won {SPECIAL_ENDS[reason]}")
    hits = [str(s.get("reason", "")).startswith("hit") for s in seats]
    said = "; ".join(f"{possessive(s['seat'], viewer)} final card {'hit' if hits[i] else 'missed'} "
                     f"({s['score']:g} Guard{'' if s['score'] == 1 else 's'})"
                     for i, s in enumerate(seats) if isinstance(s.get("score"), (int, float)))
    return sentence(f"{who} won" + (f": {said}" if said else ""))


def reference():
    """Every card design with its number, set, Guilds and ability."""
    from .reference import reference as build
    return build()


def option_words():
    """The lobby's words for the options."""
    from .reference import OPTION_WORDS
    return OPTION_WORDS

