"""Classified Information in words: log sentences, prompts and choice labels (see engine.words).

Everything here reads only the viewer's render: a log entry as the viewer holds it and the
redacted state view (`seen`), whose public `designs` list names every card id of the match.
Card numbers and guard spots are said 1-based, as printed; refs use the state's ids.
"""

from engine.words import (
    join,
    plain_value,
    possessive,
    seat_name,
    seat_object,
    sentence,
)

from .data import DESIGNS, GUILD

GUILD_WORDS = {"G": "Guard", "A": "Assassin", "S": "Sentinel"}
# designs whose Deploy parameter `slot` names an opponent Guard (the others: one's own)
OPPONENT_SLOT = frozenset(("emerald_2", "ruby_9"))

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


def _named(entry):
    return card_name(entry, None) if "name" in entry else "a card"


def _some(value, seen):
    """One card or several (ids or descriptions) in words."""
    cards = value if isinstance(value, list) else [value]
    return join(card_name(c, seen) for c in cards)


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
    """The rarer events (card effects) in sentences; an unknown one in plain words."""
    slot = p.get("slot")
    spot = f"Guard spot {slot + 1}" if isinstance(slot, int) else "a Guard spot"
    slot2 = p.get("slot2")
    their = f"the opponent's Guard spot {slot2 + 1}" if isinstance(slot2, int) else "an opponent Guard"
    c = lambda key: _some(p.get(key, mine.get(key)), seen)
    texts = {
        "scavenge": lambda: f"{who} took {c('took')} from the discards and discarded {c('discarded')}",
        "switch": lambda: f"{who} swapped the Guard in {spot} ({c('gave')}) with {their} ({c('got')})",
        "switch_discard": lambda: f"{who} swapped the Guard in {spot} ({c('gave')}) with the top discard ({c('got')})",
        "switch_self": lambda: f"{who} swapped Switch Places into {spot} and discarded {c('discarded')}",
        "rearrange": lambda: f"{who} rearranged the Discard Pile: {c('discard')}",
        "discard_to_bottom": lambda: f"{who} moved {_named(p)} to the bottom of the Discard Pile",
        "web_swap": lambda: f"{who} gave {c('gave')} for the bottom discard {c('took')}",
        "encrypted_top_to_bottom": lambda: f"{who} moved the top Encrypted card to the bottom",
        "resilience": lambda: f"{who} turned the Resilience Guard in {spot} face up to block",
        "returned_to_hand": lambda: f"{who} took {_named(p)} back from {spot} into hand",
        "discard": lambda: f"{who} discarded {_named(p)}",
        "infiltrate": lambda: f"{who} infiltrated {_named(p)} into the opponent's {spot}",
        "resurrect": lambda: f"{who} resurrected {_named(p)} into {spot}",
        "resurrect_swap": lambda: f"{who} received {c('received')} for the Guard in {spot}" + (
            f", which was {c('got')}" if "got" in mine else ""),
        "guard_swap": lambda: f"{who} swapped the Guard in {spot} with a hand card" + (
            f": {card_name(mine['card'], seen)}" if "card" in mine else ""),
        "precision_swap": lambda: f"{who} took {c('took')} from the discards",
        "shuffle_into_deck": lambda: f"{_named(p)} was shuffled into the Draw Deck",
        "grenade_result": lambda: f"The Unstable Grenade removed {p.get('kills', 0)} Guards",
        "short_circuit_set": lambda: f"{who} set up Short Circuit",
        "short_circuit": lambda: f"{who} {'won with' if p.get('won') else 'discarded'} Short Circuit",
        "cyber_trap_set": lambda: f"{who} set a Cyber Trap",
        "cyber_trap": lambda: f"{who} {'won with' if p.get('won') else 'lost'} the Cyber Trap"
                              + (f", showing {c('cards')}" if p.get("cards") else ""),
        "cancel_trap": lambda: f"{who} cancelled the Cyber Trap by showing {c('revealed')}",
        "high_stakes": lambda: f"{who} bet that the Suitcase Number is {p.get('number')}: "
                               f"{'right' if p.get('right') else 'wrong'}",
        "telepathy": lambda: f"{who} recorded a Telepathy Vision guess" + (
            f" of {mine['guess']}" if "guess" in mine else ""),
        "tuck": lambda: f"{who} played {_named(p)}, tucking {c('tucked')}"
                        + (f" in {spot}" if isinstance(slot, int) else ""),
        "hiding_swap": lambda: f"{who} swapped the Hiding Spot card {c('took')} with {c('tucked')}",
        "mind_control": lambda: f"{who} took {_named(p)} as their own Guard in {spot}",
        "fedora_swap": lambda: f"{who} swapped {c('gave')} for the discard {c('took')}",
        "split_personality": lambda: f"{who} swapped the Guard in {spot} with their Suitcase ({c('new_suitcase')})",
        "suitcase_handoff": lambda: f"{who} swapped their Suitcase with the top of the Draw Deck" + (
            f": the new Suitcase is {c('new_suitcase')}" if "new_suitcase" in mine else ""),
        "suitcase_revealed": lambda: f"{who} revealed their Suitcase: {_named(p)}",
        "sandwich_take": lambda: f"{who} took the top and bottom of the Draw Deck and {their}" + (
            f" ({c('top')}, {c('bottom')}, {c('guard')})" if "guard" in mine else ""),
        "sandwich_return": lambda: f"{who} put {_named(p)} back into {their}",
        "sands_discard": lambda: f"{who} discarded {c('cards')} with Sands of Time",
        "mail_give": lambda: f"{who} gave a hand card" + (f": {c('card')}" if "card" in mine else ""),
        "mail_return": lambda: f"{who} gave a hand card back" + (f": {c('card')}" if "card" in mine else ""),
    }
    return sentence(texts[kind]()) if kind in texts else None  # None: engine.words phrases it


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
        return {"label": f"Deploy {name}" + (f": {details}" if details else ""),
                "refs": refs + _spot_refs(action, seat, seen)}
    if kind in ("answer", "pick") and action.get("card") is None:
        said = action.get("word") if action.get("word") is not None else action.get("number")
        said = plain_value(said).capitalize() if isinstance(said, str) else plain_value(said)
        extra = f" and {action['number2']}" if action.get("number2") is not None else ""
        return {"label": f"{'Answer' if kind == 'answer' else 'Pick'} {said}{extra}", "refs": refs}
    if kind == "order":
        order = action.get("order") or []
        refs = [{"kind": "card", "id": c} for c in order]
        if _top_kind(seen, seat) == "sandwich" and len(order) == 3:
            top, bottom, guard = (card_name(c, seen) for c in order)
            return {"label": f"Return {top} to the top of the Draw Deck, {bottom} to the bottom "
                             f"and {guard} to the opponent's Guard spot", "refs": refs}
        return {"label": "Discard in the order " + join(card_name(c, seen) for c in order), "refs": refs}
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

