"""Classified Information's log sentences, one function per event kind (engine.classified.words
reads them): each takes an `Entry`, the log entry as the viewer holds it with the viewer's
redacted view, and says only what the entry holds."""

from engine.words import join, plain_value, possessive, seat_name, seat_object

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


class Entry:
    """One log entry for one viewer: its public part `p`, the viewer's private part `mine`, who
    acted, and the card names of the match (`e.card_name(card, seen)`)."""

    def __init__(self, entry, viewer, seen, card_name):
        self.p, self.mine = entry.get("public") or {}, entry.get("private") or {}
        self.actor, self.viewer, self.seen, self.card_name = entry.get("actor"), viewer, seen, card_name
        self.who = seat_name(self.p.get("seat", self.actor), viewer)
        slot, slot2 = self.p.get("slot"), self.p.get("slot2")
        self.spot = f"Guard spot {slot + 1}" if isinstance(slot, int) else "a Guard spot"
        self.their = f"the opponent's Guard spot {slot2 + 1}" if isinstance(slot2, int) else "an opponent Guard"

    def whose(self, key, capital=False):
        """'your' / 'Seat 2's' for the seat under a key ('seat' falls back to the actor)."""
        seat = self.p.get(key, self.actor if key == "seat" else None)
        return possessive(seat, self.viewer, capital)

    def named(self, part):
        """The card a log part describes ('7 · Wheel of Fate (Assassin)')."""
        return self.card_name(part, None) if "name" in part else "a card"

    def c(self, key):
        """The card(s) under a key of the public or private part."""
        value = self.p.get(key, self.mine.get(key))
        cards = value if isinstance(value, list) else [value]
        return join(self.card_name(card, self.seen) for card in cards)


def answer_text(p, viewer):
    """'You asked Seat 2 whether their Suitcase Number is 4: the answer was no'."""
    question = p.get("question") or {}
    asked = QUESTIONS.get(question.get("kind"), "a question")
    asked = asked.format(number=question.get("number"), number2=question.get("number2"))
    answer = p.get("answer")
    said = "yes" if answer is True else "no" if answer is False else plain_value(answer)
    return (f"{seat_name(p.get('asker'), viewer)} asked {seat_object(p.get('answerer'), viewer)} "
            f"{asked}: the answer was {said}")


SAYINGS = {
    "draw": lambda e: f"{e.who} drew a card" + (
        f": {e.card_name(e.mine['card'], e.seen)}" if "card" in e.mine else ""),
    "guard": lambda e: f"{e.who} placed a face-down Guard in {e.spot}" + (
        f": {e.named(e.mine)}" if "name" in e.mine else ""),
    "encrypt": lambda e: f"{e.who} encrypted a card" + (f": {e.named(e.mine)}" if "name" in e.mine else ""),
    "deploy": lambda e: f"{e.who} deployed {e.named(e.p)}",
    "react": lambda e: f"{e.who} reacted with {e.named(e.p)}",
    "flip": lambda e: f"{e.who} flipped the Guard in {e.spot} face up: {e.named(e.p)}",
    "answer": lambda e: answer_text(e.p, e.viewer),
    "attack": lambda e: f"{e.who} attacked {e.whose('target_seat')} {e.spot} with {e.named(e.p)}",
    "attack_fails": lambda e: f"{e.whose('seat', True)} attack on {seat_object(e.p.get('target_seat'), e.viewer)} failed",
    "attack_succeeds": lambda e: f"{e.whose('seat', True)} attack hit {e.whose('target_seat')} {e.spot}" + (
        f": {e.card_name(e.p['target'], e.seen)}" if isinstance(e.p.get("target"), dict) else ""),
    "reveal_hand": lambda e: f"{seat_name(e.p.get('owner'), e.viewer)} showed {e.p.get('count')} hand "
                           f"card{'s' if e.p.get('count') != 1 else ''} to {seat_object(e.p.get('to'), e.viewer)}"
                           + (f": {join(e.card_name(c, e.seen) for c in e.mine['cards'])}" if "cards" in e.mine else ""),
    "peek": lambda e: f"{e.who} peeked at {e.p.get('count')} card{'s' if e.p.get('count') != 1 else ''}"
                    + (f": {join(e.card_name(c, e.seen) for c in e.mine['cards'])}" if "cards" in e.mine else ""),
    "pass": lambda e: f"{e.who} passed",
    "final_round": lambda e: "Final round: each player takes one last turn without drawing",
    "reveal": lambda e: "The Suitcases were revealed: " + join(
        e.card_name(c, e.seen) for c in e.p.get("suitcases") or []),
    "discard_order": lambda e: f"{e.who} discarded {join(e.card_name(c, e.seen) for c in e.p.get('cards') or [])}",
    "suitcase_chosen": lambda e: f"{e.who} chose a Suitcase" + (f": {e.named(e.mine)}" if "name" in e.mine else ""),
    "skip_action": lambda e: f"{e.who} skipped the action to pay for the REACT",
    "extra_protection": lambda e: f"{e.who} covered {e.spot} with Extra Protection",
    "scavenge": lambda e: f"{e.who} took {e.c('took')} from the discards and discarded {e.c('discarded')}",
    "switch": lambda e: f"{e.who} swapped the Guard in {e.spot} ({e.c('gave')}) with {e.their} ({e.c('got')})",
    "switch_discard": lambda e: (f"{e.who} swapped the Guard in {e.spot} ({e.c('gave')}) with the top discard "
                                 f"({e.c('got')})"),
    "switch_self": lambda e: f"{e.who} swapped Switch Places into {e.spot} and discarded {e.c('discarded')}",
    "rearrange": lambda e: f"{e.who} rearranged the Discard Pile: {e.c('discard')}",
    "discard_to_bottom": lambda e: f"{e.who} moved {e.named(e.p)} to the bottom of the Discard Pile",
    "web_swap": lambda e: f"{e.who} gave {e.c('gave')} for the bottom discard {e.c('took')}",
    "encrypted_top_to_bottom": lambda e: f"{e.who} moved the top Encrypted card to the bottom",
    "resilience": lambda e: f"{e.who} turned the Resilience Guard in {e.spot} face up to block",
    "returned_to_hand": lambda e: f"{e.who} took {e.named(e.p)} back from {e.spot} into hand",
    "discard": lambda e: f"{e.who} discarded {e.named(e.p)}",
    "infiltrate": lambda e: f"{e.who} infiltrated {e.named(e.p)} into the opponent's {e.spot}",
    "resurrect": lambda e: f"{e.who} resurrected {e.named(e.p)} into {e.spot}",
    "resurrect_swap": lambda e: f"{e.who} received {e.c('received')} for the Guard in {e.spot}" + (
        f", which was {e.c('got')}" if "got" in e.mine else ""),
    "guard_swap": lambda e: f"{e.who} swapped the Guard in {e.spot} with a hand card" + (
        f": {e.card_name(e.mine['card'], e.seen)}" if "card" in e.mine else ""),
    "precision_swap": lambda e: f"{e.who} took {e.c('took')} from the discards",
    "shuffle_into_deck": lambda e: f"{e.named(e.p)} was shuffled into the Draw Deck",
    "grenade_result": lambda e: f"The Unstable Grenade removed {e.p.get('kills', 0)} Guards",
    "short_circuit_set": lambda e: f"{e.who} set up Short Circuit",
    "short_circuit": lambda e: f"{e.who} {'won with' if e.p.get('won') else 'discarded'} Short Circuit",
    "cyber_trap_set": lambda e: f"{e.who} set a Cyber Trap",
    "cyber_trap": lambda e: f"{e.who} {'won with' if e.p.get('won') else 'lost'} the Cyber Trap"
                          + (f", showing {e.c('cards')}" if e.p.get("cards") else ""),
    "cancel_trap": lambda e: f"{e.who} cancelled the Cyber Trap by showing {e.c('revealed')}",
    "high_stakes": lambda e: f"{e.who} bet that the Suitcase Number is {e.p.get('number')}: "
                           f"{'right' if e.p.get('right') else 'wrong'}",
    "telepathy": lambda e: f"{e.who} recorded a Telepathy Vision guess" + (
        f" of {e.mine['guess']}" if "guess" in e.mine else ""),
    "tuck": lambda e: f"{e.who} played {e.named(e.p)}, tucking {e.c('tucked')}"
                    + (f" in {e.spot}" if isinstance(e.p.get('slot'), int) else ""),
    "hiding_swap": lambda e: f"{e.who} swapped the Hiding Spot card {e.c('took')} with {e.c('tucked')}",
    "mind_control": lambda e: f"{e.who} took {e.named(e.p)} as their own Guard in {e.spot}",
    "fedora_swap": lambda e: f"{e.who} swapped {e.c('gave')} for the discard {e.c('took')}",
    "split_personality": lambda e: (f"{e.who} swapped the Guard in {e.spot} with their Suitcase "
                                    f"({e.c('new_suitcase')})"),
    "suitcase_handoff": lambda e: f"{e.who} swapped their Suitcase with the top of the Draw Deck" + (
        f": the new Suitcase is {e.c('new_suitcase')}" if "new_suitcase" in e.mine else ""),
    "suitcase_revealed": lambda e: f"{e.who} revealed their Suitcase: {e.named(e.p)}",
    "sandwich_take": lambda e: f"{e.who} took the top and bottom of the Draw Deck and {e.their}" + (
        f" ({e.c('top')}, {e.c('bottom')}, {e.c('guard')})" if "guard" in e.mine else ""),
    "sandwich_return": lambda e: f"{e.who} put {e.named(e.p)} back into {e.their}",
    "sands_discard": lambda e: f"{e.who} discarded {e.c('cards')} with Sands of Time",
    "mail_give": lambda e: f"{e.who} gave a hand card" + (f": {e.c('card')}" if "card" in e.mine else ""),
    "mail_return": lambda e: f"{e.who} gave a hand card back" + (f": {e.c('card')}" if "card" in e.mine else ""),
}
