"""The secret ledger of Classified Information: which card identities each viewer has been shown.

An account kept from full states (never from views or the log), per seat and for the spectator:

- what a seat holds or placed: its hand (the opening deal and every draw), its Suitcase, its
  Guards (face down too), the Encrypted cards it put there;
- what is public: the Discard Pile, cards in resolution, face-up Guards, covers, play-area cards
  and Hiding Spot cards, a revealed Suitcase;
- what the rules show once: a card played to Deploy, to assassinate or to REACT; the
  knowledge entries the full state hands a seat, each checked against where its cards were
  (a PEEK only of Draw Deck / Encrypted cards, a sight of the other's hand only of its cards,
  the failed-assassination card shown to its owner); a hand shown to cancel a Cyber Trap; a
  Guard sent back by Return to Sender (revealed, digest A7); the hand card a resolved High-Tech
  Bookends / Loyalty Test reveals (nothing of a blocked one); the Unstable Grenade's reveals;
- at the end: every hand, Suitcase and Guard (never the Draw Deck or the Encrypted pile).

The cypher wheel's notes (issue 25) never enter the engine: any `notes` key in a render is a
violation; tests/service/test_notes_api.py checks that the opponent's and a spectator's views,
ETags and event stream stay byte-identical when a seat makes a note.

A Telepathy Vision guess is tracked the same way, as the identity ("guess", number): its owner's
until the end.

A render names a card identity wherever it carries a card id: under a card-valued key (`card`,
`hand`, `give`, `cards`, ...) or at a card position of a pending frame's arguments (a frame kind
this ledger does not know is read as all cards: allow-list). Each name not in the viewer's
shown set is a violation. Knowledge only grows: a card shown once may be named again.
"""

import re

from tests.secret_ledger import Ledger as BaseLedger

VIEWERS = (0, 1, None)

# keys whose int values (at any depth, through lists) are card ids; dicts under them are read by
# their own keys (a card description's "number" is not a card)
CARD_KEYS = frozenset((
    "card", "cards", "hand", "suitcase", "suitcases", "cover", "tucked", "give", "take", "got",
    "gave", "took", "discarded", "received", "target", "new_suitcase", "final_cards", "revealed",
    "deck_top", "top", "bottom", "guard", "discard", "limbo", "order", "deck_memory",
    "opponent_hand_known",
))
# public derived data that is not a card identity (the cards a Guild answer allows)
SKIP_KEYS = frozenset(("possible_cards", "designs", "outcome"))

# frame kind -> (card positions in args, how to read secret: "cards" | "numbers" | "params")
FRAME_CARDS = {
    "resolve_deploy": ((0,), "params"), "finish_deploy": ((0,), "numbers"),
    "window_ptp": ((0,), "numbers"), "window_rts": ((), "numbers"),
    "forced_discard": ((), "numbers"), "kill": ((5,), "numbers"), "defend": ((5,), "numbers"),
    "order_discards": ("all", "numbers"), "decoy_tell": ((0,), "numbers"),
    "fedora_swap": ((0,), "numbers"), "tac_pick": ((0,), "numbers"), "petals": ((0,), "numbers"),
    "interrogate": ((0,), "numbers"), "infiltrate": ((0,), "numbers"),
    "spotlight": ((0,), "numbers"), "loyalty": ((0,), "numbers"), "hiding_final": ((), "numbers"),
    "tc_choose": ((0,), "cards"), "tc_finish": ((0,), "numbers"), "dr_give": ((), "numbers"),
    "dr_swap": ((), "numbers"), "pp_follow": ((), "numbers"), "sandwich": ((1,), "numbers"),
    "sands_keep": ((0,), "cards"), "grenade": ((0,), "numbers"), "grenade_peek": ((), "numbers"),
    "mail_return": ((), "numbers"),
}
PUBLIC_PLAYS = ("deploy", "assassinate", "react")  # the played card is announced to everyone
REVEALING_DEPLOYS = ("emerald_1", "promo_1b")  # High-Tech Bookends, Loyalty Test: show "give"


class Ledger(BaseLedger):
    """Per viewer, the card ids it has been shown (see the module docstring)."""

    def __init__(self, match):
        self.shown = {v: set() for v in VIEWERS}
        self.pending = {}  # deployed card -> hand card it will reveal if it resolves
        self._absorb_state(match.state)
        for seat in (0, 1):
            self._absorb_knowledge(seat, match.state.knowledge[seat], match.state, match.state)

    # ---- the account -----------------------------------------------------------------------
    def observe(self, before, seat, action, after):
        """Add what this step showed to whom."""
        old, new = before.state, after.state
        self._absorb_state(new)
        for s in (0, 1):
            entries = new.knowledge[s][len(old.knowledge[s]):]
            self._absorb_knowledge(s, entries, old, new)
            for entry in entries:
                if entry.get("reason") == "grenade":  # the Grenade's reveal is public
                    self._show_all(entry["cards"])
        kind = action["type"]
        if kind in PUBLIC_PLAYS:
            self._show_all([action["card"]])
        frame = old.stack[-1] if old.stack else None
        if kind == "cancel_trap":
            self._show_all(old.hands[seat])
        elif kind == "react" and frame is not None and frame.kind == "window_rts":
            owner, slot = frame.args
            self._show_all([old.guards[owner][slot][0]])
        elif kind == "react" and frame is not None and frame.kind == "window_ptp":
            self.pending.pop(frame.args[0], None)  # blocked: nothing revealed
        elif kind == "pass" and frame is not None and frame.kind == "window_ptp":
            self._resolve(frame.args[0])
        if kind == "deploy" and old.designs[action["card"]] in REVEALING_DEPLOYS:
            self.pending[action["card"]] = action["give"]
            if not any(f.kind == "window_ptp" for f in new.stack):
                self._resolve(action["card"])
        if new.stage == "over":
            self._absorb_end(new)

    def _resolve(self, deployed):
        give = self.pending.pop(deployed, None)
        if give is not None:
            self._show_all([give])

    def _show_all(self, cards):
        for v in VIEWERS:
            self.shown[v].update(cards)

    def _absorb_knowledge(self, seat, entries, old, new):
        """A seat's new knowledge entries, each card only where the rules could show it: a PEEK
        from the Draw Deck or the Encrypted pile, a sight of the other's hand, one's own hand
        card shown to the other (anything else is not taken as shown)."""
        for entry in entries:
            kind = entry.get("kind")
            if kind == "peek":
                places = (old.deck, old.encrypted, new.deck, new.encrypted)
            elif kind in ("saw_hand", "saw_card"):
                places = (old.hands[1 - seat], new.hands[1 - seat])
            elif kind == "card_shown":
                places = (old.hands[seat], new.hands[seat])
            else:
                continue
            for card in entry.get("cards", ()):
                if any(card in place for place in places):
                    self.shown[seat].add(card)

    def _absorb_state(self, state):
        """What the state itself lets each viewer see: own zones and public zones."""
        public = set(state.discard) | set(state.limbo)
        for p in (0, 1):
            own = self.shown[p]
            own.update(state.hands[p])
            if state.suitcases[p] >= 0:
                own.add(state.suitcases[p])
                if state.suitcase_up[p]:
                    public.add(state.suitcases[p])
            for slot in state.guards[p]:
                if slot is None:
                    continue
                card, face_up, cover = slot
                own.add(card)
                if face_up:
                    public.add(card)
                if cover >= 0:
                    public.add(cover)
            for card, kind, extra in state.play[p]:
                public.add(card)
                if kind == "hiding_spot" and extra >= 0:
                    public.add(extra)
                elif kind == "telepathy":
                    own.add(("guess", extra))
        for card, by in zip(state.encrypted, state.encrypted_by):
            if by >= 0:
                self.shown[by].add(card)
        self._show_all(public)

    def _absorb_end(self, state):
        """The end reveals hands, Suitcases and Guards to everyone."""
        cards = []
        for p in (0, 1):
            cards += list(state.hands[p]) + [state.suitcases[p]]
            cards += [slot[0] for slot in state.guards[p] if slot is not None]
            cards += [("guess", extra) for _, kind, extra in state.play[p] if kind == "telepathy"]
        self._show_all([c for c in cards if c != -1])

    def unseen_names(self, match, viewer):
        """How the words name each card the viewer was never shown ('7 · Wheel of Fate
        (Assassin)', '3 · Picking Petals (Sentinel 2)'), unless a shown card has the same name."""
        from engine.classified.data import DESIGNS, GUILD
        guilds = {"G": "Guard", "A": "Assassin", "S": "Sentinel"}
        label = {c: re.escape(f"{c // 2 + 1} · {DESIGNS[d][2]} ({guilds[GUILD[c]]}"
                              + (f" {c % 2 + 1})" if GUILD[c] == "S" else ")"))
                 for c, d in enumerate(match.state.designs)}
        known = {label[c] for c in self.shown[viewer] if c in label}
        return sorted({label[c] for c in label if c not in self.shown[viewer]} - known)

    # ---- the check -------------------------------------------------------------------------
    def violations(self, match, viewer, rendered):
        """Each card id named in the render that `viewer` was never shown."""
        allowed = self.shown[viewer]
        found = []
        for where, card in card_names(rendered):
            if card not in allowed:
                found.append(f"card {card} at {'/'.join(map(str, where))}")
        if _mentions_notes(rendered):
            found.append("cypher-wheel notes in an engine render (only the service adds a seat's own)")
        return found


def _mentions_notes(value):
    """Whether a render carries a `notes` key anywhere (issue 25: the cypher wheel's notes live
    outside the engine, so no engine view, log entry or legal action may ever carry one)."""
    if isinstance(value, dict):
        return "notes" in value or any(_mentions_notes(v) for v in value.values())
    if isinstance(value, list):
        return any(_mentions_notes(v) for v in value)
    return False


def card_names(rendered):
    """(path, card id) for every card identity named in a render."""
    out = []
    _walk(rendered.get("state"), ("state",), False, out)
    _walk(rendered.get("legal_actions"), ("legal_actions",), False, out)
    _walk(rendered.get("log"), ("log",), False, out)
    return out


def _walk(value, path, is_card, out):
    if isinstance(value, dict):
        for key, item in value.items():
            if key in SKIP_KEYS:
                continue
            if key == "stack" and isinstance(item, list):
                for index, frame in enumerate(item):
                    _walk_frame(frame, path + (key, index), out)
            else:
                _walk(item, path + (key,), key in CARD_KEYS, out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk(item, path + (index,), is_card, out)
    elif is_card and type(value) is int and value >= 0:
        out.append((path, value))
    elif path and path[-1] == "guess" and type(value) is int:
        out.append((path, ("guess", value)))


def _walk_frame(frame, path, out):
    """Card names in a pending frame, by its kind (unknown kinds: every int is a card)."""
    positions, secret_mode = FRAME_CARDS.get(frame.get("kind"), ("all", "cards"))
    args = frame.get("args", [])
    for index, arg in enumerate(args):
        if positions == "all" or index in positions:
            _walk(arg, path + ("args", index), True, out)
        elif secret_mode == "params" and index == 1:
            _walk(_pairs(arg), path + ("args", index), False, out)
    secret = frame.get("secret")
    if secret is None:
        return
    if secret_mode == "cards":
        _walk(secret, path + ("secret",), True, out)
    elif secret_mode == "params":
        for index, pairs in enumerate(secret):
            _walk(_pairs(pairs), path + ("secret", index), False, out)


def _pairs(value):
    """A frame's parameter list ([[key, value], ...]) as a dict (other shapes as they are)."""
    if isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                                       for p in value):
        return {k: v for k, v in value}
    return value
