"""Dark Agent secret ledger: who was legitimately shown which equipment card, and which votes.

Hidden in Dark Agent (digest A18): the equipment hands (others see the size and the cards
publicly known to be in a hand), the equipment deck (its order and which card a Supply drew)
and the UN votes until all are revealed. Everything else is open.

The account is kept from full states only (never from a view): per step, the cards that left
the theatre into a hand were taken face up (everybody learns the taker holds them), the other
cards a hand gained came from the deck (only the drawer learns them), the cards a hand lost
were discarded face up (nobody may keep counting them in that hand), and a Bulletproof-jacket
prompt shows everybody that the prompted seat holds a jacket, but only under OUR option
jacket_defence "ask": under the seed's rule ("auto", the default) a prompt is itself a leak.

Checks, per viewer and step:
- equipment names (the ids the renders use: "rifle", "jet_pack"...) may appear in the state view
  only where they are public or the viewer's own: theatre cells holding that card, the discard
  pile, the viewer's own hand, another seat's publicly known cards (at most what this ledger
  says the viewer knows about that hand) and the status flag of a played card (the Rifle's
  "rifle"). Every occurrence of a name in the rendered JSON must be one of those places: any
  other occurrence (a hand, the deck, a draw) is a violation;
- legal actions may name only cards in the viewer's own hand;
- the new log entries may name a card only as often as this step showed it to the viewer
  (public takes and discards, the viewer's own draws);
- while a vote is open, the viewer's render (state and the log of the vote) must not depend on
  another seat's cast vote: it is compared with the render of the same match with that vote
  flipped.
"""

import json
from collections import Counter
from dataclasses import replace

import engine
from engine.darkagent.data import DEPTH, EQUIP_BASE, EQUIPMENT, SPY_BASE
from engine.darkagent.state import JACKET, VOTE, evolve

from . import Ledger as BaseLedger

QUOTED = {name: json.dumps(name) for name in EQUIPMENT}
JACKET_CARD = "bulletproof_jacket"
PER_VIEWER = ("you", "hand", "my_vote")  # view keys that differ between viewers (still scanned)


def theatre_equipment(grid):
    """Counter of the equipment names lying face up in the theatre."""
    return Counter(EQUIPMENT[code - EQUIP_BASE] for code in grid if EQUIP_BASE <= code < SPY_BASE)


_ENCODE = json.JSONEncoder(check_circular=False, separators=(",", ":")).encode


def name_counts(value):
    """Counter of equipment names occurring in a JSON value (as strings, keys included)."""
    text = _ENCODE(value)
    return Counter({name: text.count(quoted) for name, quoted in QUOTED.items() if quoted in text})


class Ledger(BaseLedger):
    """Independent account of Dark Agent disclosures (see the module docstring)."""

    def __init__(self, match):
        n = match.rules.seat_count(match.options)
        self.seats = list(range(n))
        self.viewers = self.seats + [None]
        # known[viewer][seat]: cards the viewer knows to be in that seat's hand (not its own)
        self.known = {v: [Counter() for _ in self.seats] for v in self.viewers}
        self.shown = {v: Counter() for v in self.viewers}  # names the last step showed
        self.vote_logs = {}  # viewer -> the log it would get had the last voter voted otherwise
        self.view_cache = None  # (state, the viewer-independent part of a view, its name counts)

    # ---- the account -----------------------------------------------------------------------
    def observe(self, before, seat, action, after):
        """Update every viewer's knowledge from one step (full states)."""
        old, new = before.state, after.state
        self.shown = {v: Counter() for v in self.viewers}
        if old.hands != new.hands:
            left_theatre = theatre_equipment(old.grid) - theatre_equipment(new.grid)
            for s in self.seats:
                if old.hands[s] != new.hands[s]:
                    self._hand_changed(s, Counter(old.hands[s]), Counter(new.hands[s]), left_theatre)
        if new.phase == JACKET and old.phase != JACKET and new.cfg.jacket_defence == "ask":
            # OUR "ask" variant: the prompt shows the jacket (the seed's "auto" rule never does)
            victim = new.pending[2]
            for v in self.viewers:
                self.known[v][victim][JACKET_CARD] = max(self.known[v][victim][JACKET_CARD], 1)
        self.vote_logs = {}
        if action.get("type") == "vote" and new.phase == VOTE:  # cast, not yet revealed
            flipped = engine.step(before, seat, dict(action, rotate=not action["rotate"]))
            for v in self.viewers:
                if v != seat:
                    self.vote_logs[v] = engine.render(flipped, v, log_since=before.version, words=True)["log"]

    def _hand_changed(self, seat, had, has, left_theatre):
        """Cards taken face up become known to all, drawn ones to the drawer, discarded ones
        are shown to all and leave everybody's account of that hand."""
        gained, lost = has - had, had - has
        taken = gained & left_theatre  # face up from the theatre
        drawn = gained - taken  # from the deck: the drawer alone sees it
        for v in self.viewers:
            self.known[v][seat] = self.known[v][seat] - lost + taken
            self.shown[v] += taken + lost
        self.shown[seat] += drawn

    # ---- the checks ------------------------------------------------------------------------
    def unseen_names(self, match, viewer):
        """Another seat's secret vote or Supply draw in words."""
        from engine.words import seat_name
        others = [seat_name(s) for s in self.seats if s != viewer]
        return [f"{name} voted (?:not )?to rotate" for name in others] + [
            f"{name} drew an equipment card:" for name in others]

    def violations(self, match, viewer, rendered):
        """Texts naming each hidden identity in `rendered` the viewer was not shown."""
        state = match.state
        out = self._state_violations(state, viewer, rendered["state"])
        legal = rendered.get("legal_actions", [])
        if legal:
            out += self._legal_violations(state, viewer, legal)
        if rendered.get("log"):
            for name, count in (name_counts(rendered["log"]) - self.shown[viewer]).items():
                out.append(f"log names {name} {count} time(s) more than this step showed")
        if state.phase == VOTE:
            out += self._vote_violations(match, viewer, rendered)
        return out

    def _legal_violations(self, state, viewer, legal):
        """Legal actions may name (as the played card, or as an Adrenaline/Explosives field of an
        attack) only cards of the viewer's own hand."""
        out, placed = [], Counter()
        own = set(state.hands[viewer]) if viewer is not None else set()
        for index, action in enumerate(legal):
            cards = [key for key in action if key in QUOTED]
            if action.get("card") in QUOTED:
                cards.append(action["card"])
            for card in cards:
                if card not in own:
                    out.append(f"legal action {index} names {card} (not in the own hand)")
                placed[card] += 1
        for name, count in (name_counts(legal) - placed).items():
            out.append(f"legal actions name {name} {count} time(s) outside a played card")
        return out

    def _state_violations(self, state, viewer, view):
        """Every equipment name in the state view must sit in a place the viewer may see."""
        out, placed = [], Counter()
        grid = state.grid
        for line, cells in enumerate(view.get("grid", [])):
            for depth, item in enumerate(cells):
                if item and item.get("name") in QUOTED:
                    name, code = item["name"], grid[line * DEPTH + depth]
                    if not (EQUIP_BASE <= code < SPY_BASE and EQUIPMENT[code - EQUIP_BASE] == name):
                        out.append(f"theatre cell {line * DEPTH + depth} shows {name}, which is not there")
                    placed[name] += 1
        out += self._place(placed, view.get("discard"), state.discard, "the discard pile")
        if viewer is not None:
            out += self._place(placed, view.get("hand"), state.hands[viewer], "the own hand")
        known = self.known[viewer]
        for player in view.get("players", []):
            if player.get("hand_known"):
                seat = player.get("seat")
                allowed = state.hands[seat] if seat == viewer else known[seat]
                out += self._place(placed, player["hand_known"], allowed, f"seat {seat}'s known hand")
        flags = view.get("turn_state", {}).get("status", ())
        placed.update(f for f in flags if f in QUOTED and f in state.status)
        for name, count in (self._view_name_counts(state, view) - placed).items():
            out.append(f"state view names {name} {count} time(s) outside the public and own places")
        return out

    def _view_name_counts(self, state, view):
        """name_counts(view), reusing the count of the part every viewer shares when it equals
        the last viewer's at this state (a dict comparison is cheaper than encoding)."""
        shared = {k: v for k, v in view.items() if k not in PER_VIEWER}
        own = name_counts({k: view[k] for k in PER_VIEWER if k in view})
        cached = self.view_cache
        if cached is not None and cached[0] is state and cached[1] == shared:
            return cached[2] + own
        counts = name_counts(shared)
        self.view_cache = (state, shared, counts)
        return counts + own

    @staticmethod
    def _place(placed, names, allowed, where):
        """Count the names shown at one place; violations for those beyond `allowed` there."""
        if not names:
            return []
        shown = Counter(n for n in names if n in QUOTED)
        placed.update(shown)
        extra = shown - (allowed if isinstance(allowed, Counter) else Counter(allowed))
        return [f"{where} shows {n} x{c}, never shown to this viewer there" for n, c in extra.items()]

    def _vote_violations(self, match, viewer, rendered):
        """Another seat's cast, unrevealed vote must not change what the viewer sees."""
        out = []
        votes = match.state.votes
        for seat, vote in enumerate(votes):
            if seat == viewer or vote == -1:
                continue
            flipped = evolve(match.state, votes=votes[:seat] + (1 - vote,) + votes[seat + 1:])
            worded = "prompt" in rendered  # words rendered too: they must not depend on it either
            other = engine.render(replace(match, state=flipped), viewer, with_log=False, words=worded)
            if other["state"] != rendered["state"]:
                out.append(f"the state view depends on seat {seat}'s secret vote")
            if worded and (other["prompt"], other["choices"]) != (rendered["prompt"], rendered["choices"]):
                out.append(f"the words of the view depend on seat {seat}'s secret vote")
        log = rendered.get("log") or []
        worded = any("text" in entry for entry in log)  # the sweep renders with words; unit tests may not
        other_log = [e if worded else {k: v for k, v in e.items() if k != "text"}
                     for e in self.vote_logs.get(viewer, ())]
        if viewer in self.vote_logs and other_log != log:
            out.append("the log of the last vote depends on the voter's secret vote")
        return out
