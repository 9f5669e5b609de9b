"""If Then secret ledger: an independent account of what each seat (and the spectator) was shown.

Hidden identities (rules digest B13) and how a render names them:
- number cards (ids 0..59): the value of "card"/"start_card"/"taken", items of "hand"/"cards"/
  "discard"/"revealed"/"known"/"ak_hand"/"deck"/"boxed"/"burned" lists and "final_hands"/"hands"
  per seat, the card of code-line and market pairs and invalid triples, and the cards of the
  halves a judgment names. Known to everyone: every card that has lain face up (code line,
  invalid piles, market, discard pile, the start card, the All Knowing's cards taken from the
  market) or was shown by an action (a discard, an Inspection). Known to a codebreaker: every
  card that has been in its hand; to the All Knowing seat: every card that has been in its hand.
  Everything once the match is over.
- the challenge (and, in Mastermind, both drawn options): its canonical key, its curated id
  (allowed in the public "candidates" list, which names every consistent curated challenge), its
  English text, and any rule object equal to it outside the legal guesses (a public wrong guess
  may equal the discarded Mastermind option). Known to the All Knowing seat; to everyone once
  the match is over.
- hint cards: a symbol in "hints_revealed", in a "hints" list or a log "hint" entry. Known:
  revealed hints; both to whoever knows the challenge.
- the Mastermind allegiance ("TRUE"/"FALSE" under "allegiance"): to the All Knowing once chosen;
  to everyone at the end.

The account is built from full states and actions (`observe`), never from the game's views.
"""

from engine.ifthen.challenges import CURATED_BY_ID, challenge_from_key
from engine.ifthen.rulelang import canonical

from . import Ledger as BaseLedger
from .diffwalk import NOTHING, DiffWalker, show

SCALAR_CARD_KEYS = frozenset({"card", "start_card", "taken"})
LIST_CARD_KEYS = frozenset({"hand", "cards", "discard", "revealed", "known", "ak_hand", "deck",
                            "boxed", "burned"})
NESTED_CARD_KEYS = frozenset({"final_hands", "hands"})
PAIR_CARD_KEYS = {"line": 0, "market": 0, "invalid": 1}  # list of tuples -> card position


def public_cards(state):
    """Cards lying face up in `state` (code line, invalid piles, market, discard pile, the
    pending start card, the All Knowing's cards taken from the market)."""
    cards = {c for c, _ in state.line} | {c for _, c, _ in state.invalid}
    cards |= {c for c, _ in state.market}
    cards.update(state.discard)
    cards.update(state.ak_known)
    if state.start_card >= 0:
        cards.add(state.start_card)
    return cards


def secret_names(keys):
    """(strings naming the challenges, their bare-rule keys) for challenge keys."""
    strings, rules = set(), set()
    for key in keys:
        challenge = challenge_from_key(key)
        strings.update((key, challenge.text))
        if challenge.id in CURATED_BY_ID:
            strings.add(challenge.id)
        rules.add(bare_key(challenge.rule))
    return strings, rules


def bare_key(rule):
    """Canonical text of a rule's clauses and otherwise (decorations dropped)."""
    return canonical({"clauses": rule["clauses"], "otherwise": rule.get("otherwise", "ANY")})


class Ledger(BaseLedger):
    """Per viewer (seat or None): the cards, challenge, hints and allegiance it was shown."""

    def __init__(self, match):
        state = match.state
        self.n_cb = state.n_cb
        self.ak_seat = state.ak_seat
        self.cb_seats = [i if state.ak_seat is None else i + 1 for i in range(state.n_cb)]
        self.viewers = list(range(state.n_cb + (0 if state.ak_seat is None else 1))) + [None]
        self.cards = {v: set() for v in self.viewers}
        self.knows_challenge = {v: v is not None and v == state.ak_seat for v in self.viewers}
        self.knows_allegiance = {v: False for v in self.viewers}
        self.hints = set()
        keys = [k for k in (state.challenge,) + tuple(state.challenge_options) if k]
        self.secret_strings, self.secret_rules = secret_names(keys)
        self.challenge = state.challenge
        self.over = False
        self.last_checked = {}  # viewer -> (state view, legal actions) checked last time
        self.see(None, None, state)

    def see(self, seat, action, state):
        """Add what `state` (after `seat`'s `action`, if any) shows to each viewer."""
        shown = public_cards(state)
        if action and action["type"] == "discard":
            shown.add(action["card"])  # the judged card is shown either way
        if action and action["type"] == "use_event" and action.get("orient") is not None:
            shown.add(action["card"])  # an Inspection shows the card
        for cards in self.cards.values():
            cards |= shown
        for index, seat_ in enumerate(self.cb_seats):
            self.cards[seat_].update(state.hands[index])
        if self.ak_seat is not None:
            self.cards[self.ak_seat].update(state.ak_hand)
        self.hints.update(state.hints_revealed)
        if action and action["type"] == "allegiance":
            self.knows_allegiance[seat] = True
        if state.result and not self.over:
            self.over = True
            for viewer in self.viewers:
                self.cards[viewer].update(range(60))
                self.knows_challenge[viewer] = self.knows_allegiance[viewer] = True

    def observe(self, before, seat, action, after):
        """Update every viewer's knowledge from one accepted action."""
        self.challenge = after.state.challenge
        self.see(seat, action, after.state)

    def chosen_rule(self):
        """The bare-rule key of the challenge in play ("" while a Mastermind keeps choosing)."""
        return bare_key(challenge_from_key(self.challenge).rule) if self.challenge else ""

    def unseen_names(self, match, viewer):
        """How the words name the cards never shown ('card 12'), and the secret rule in the log
        (the guess choices list every candidate, the secret one among them)."""
        import re

        from engine.ifthen.words import rule_words
        names = [f"card {c + 1}" for c in range(60) if c not in self.cards[viewer]]
        if self.challenge and not self.knows_challenge[viewer]:
            names.append((re.escape(rule_words(challenge_from_key(self.challenge).rule)), "log"))
        return names

    def violations(self, match, viewer, rendered):
        """Texts naming each hidden identity in `rendered` the viewer was not shown; parts of
        the view equal to those checked last time for this viewer are skipped."""
        found = []
        check = _Checker(self, viewer, found)
        last_state, last_actions = self.last_checked.get(viewer, (NOTHING, NOTHING))
        check.walk(rendered.get("state"), last_state, ("state",))
        check.in_actions = True  # the viewer's own choices: guesses, allegiance sides
        check.walk(rendered.get("legal_actions"), last_actions, ("legal_actions",))
        check.in_actions = False
        for entry in rendered.get("log", ()):
            check.walk(entry.get("public"), NOTHING, ("log", entry["seq"], "public"))
            if "private" in entry:
                check.walk(entry["private"], NOTHING, ("log", entry["seq"], "private"))
        self.last_checked[viewer] = (rendered.get("state"), rendered.get("legal_actions"))
        return found


class _Checker(DiffWalker):
    """One render walk for one viewer, appending violation texts to `found`."""

    def __init__(self, ledger, viewer, found):
        self.ledger = ledger
        self.cards = ledger.cards[viewer]
        self.knows_challenge = ledger.knows_challenge[viewer]
        self.knows_allegiance = ledger.knows_allegiance[viewer]
        self.found = found
        self.in_actions = False

    def check_dict(self, value, path):
        if ("clauses" in value and not self.in_actions and not self.knows_challenge
                and isinstance(value.get("clauses"), list)):
            rule = bare_key(value)
            if rule not in self.ledger.secret_rules:
                return
            if rule != self.ledger.chosen_rule() and ("guess" in path or "wrong_guesses" in path):
                return  # a public (wrong) guess that happens to be the discarded Mastermind option
            self.found.append(f"the challenge rule at {show(path)}")

    def check_list(self, value, path):
        key = path[-1] if path else None
        if key in PAIR_CARD_KEYS:
            position = PAIR_CARD_KEYS[key]
            for index, item in enumerate(value):
                if isinstance(item, list) and len(item) > position:
                    self.check_card(item[position], path + (index, position))
        elif key == "judgments":
            for index, item in enumerate(value):
                for position in (1, 2, 3):  # prev half, judged half(s)
                    half = item[position]
                    if isinstance(half, int) and half >= 0:
                        self.check_card(half // 2, path + (index, position))

    def check_leaf(self, value, path):
        if isinstance(value, str):
            self.check_string(value, path)
        elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            if _is_card_path(path):
                self.check_card(value, path)

    def check_string(self, value, path):
        if value in self.ledger.secret_strings and not self.knows_challenge:
            if not (len(path) >= 2 and path[-2] == "candidates" and value in CURATED_BY_ID):
                self.found.append(f"the challenge ({value[:40]}) at {show(path)}")
        elif value in ("TRUE", "FALSE") and path[-1] == "allegiance" and not self.in_actions:
            if not self.knows_allegiance:
                self.found.append(f"allegiance {value} at {show(path)}")
        elif not self.knows_challenge and _is_hint_path(path) and value not in self.ledger.hints:
            self.found.append(f"hint {value} at {show(path)}")

    def check_card(self, card, path):
        if isinstance(card, int) and card not in self.cards:
            self.found.append(f"card {card} at {show(path)}")


def _is_card_path(path):
    """Whether an int leaf at `path` is a number-card id (module docstring)."""
    last = path[-1]
    if last in SCALAR_CARD_KEYS:
        return True
    if not isinstance(last, int) or len(path) < 2:
        return False
    if path[-2] in LIST_CARD_KEYS:
        return True
    return len(path) >= 3 and path[-3] in NESTED_CARD_KEYS


def _is_hint_path(path):
    """A hint symbol: the first item of a "hints_revealed" pair or a log entry's "hint"."""
    if path[-1] == "hint" or (len(path) >= 2 and path[-2] == "hints"):
        return True
    return len(path) >= 3 and path[-1] == 0 and path[-3] == "hints_revealed"
