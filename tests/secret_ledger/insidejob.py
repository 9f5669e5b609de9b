"""Inside Job secret ledger: an independent account of what each seat (and the spectator) was shown.

Hidden identities (rules digest B10) and how a render names them:
- roles: a role id tied to a seat, as `roles[seat]` (view, game-over log) or a dict with "seat"
  and "role" (reveal log, Accomplice peek). Known: one's own role; the public-from-start roles
  (Nervous Agent, Accomplice, digest B7); a role turned face up; the role an Accomplice peeked;
  every role once the match is over.
- number cards: card ids as the value of "card", items of "hand"/"hands"/"cards"/"set_aside"/
  "deck" lists, or the card of a played (seat, card, wager) triple. Known: one's own dealt
  hand, every played card.
- missions: any string equal to a mission id. Known: every revealed (chosen) mission to all;
  both drawn missions to the lead who drew them (the set-up's first draw included).
- votes: (voter, targets) under "votes"/"my_vote"/"targets". Known: one's own vote once cast;
  all votes once the vote is over.

The account is built from full states and actions (`observe`), never from the game's views.
"""

from engine.insidejob.data import MISSIONS, ROLES

from . import Ledger as BaseLedger
from .diffwalk import NOTHING, DiffWalker, show

PUBLIC_FROM_START = frozenset({"nervous_agent", "accomplice"})  # digest B7 "public from the start"
ROLE_IDS = frozenset(ROLES)
MISSION_IDS = frozenset(MISSIONS)
SCALAR_CARD_KEYS = frozenset({"card"})
LIST_CARD_KEYS = frozenset({"hand", "hands", "cards", "set_aside", "deck"})
PLAY_LISTS = frozenset({"trick", "plays"})
VOTE_KEYS = frozenset({"votes", "my_vote", "targets"})


class Ledger(BaseLedger):
    """Per viewer (seat or None): the role pairs, cards, missions and votes it was shown."""

    def __init__(self, match):
        state = match.state
        self.players = state.setup.players
        self.roles = state.setup.roles
        viewers = list(range(self.players)) + [None]
        public_roles = {(s, r) for s, r in enumerate(self.roles) if r in PUBLIC_FROM_START}
        self.known_roles = {v: set(public_roles) for v in viewers}
        self.known_cards = {v: set() for v in viewers}
        self.known_missions = {v: set() for v in viewers}
        self.known_votes = {v: set() for v in viewers}
        self.cast = {}
        self.over = False
        self.last_checked = {}  # viewer -> (state view, legal actions) checked last time
        for seat in range(self.players):
            self.known_roles[seat].add((seat, self.roles[seat]))
            self.known_cards[seat].update(state.hands[seat])
        self._see_draw(None, state)

    # ---- the account -------------------------------------------------------------------------
    def _everyone(self, kind, items):
        for known in kind.values():
            known.update(items)

    def _see_draw(self, before, after):
        """A fresh mission draw is shown to the lead only."""
        if after.drawn and (before is None or after.drawn != before.drawn):
            self.known_missions[after.lead].update(after.drawn)

    def observe(self, before, seat, action, after):
        """Update every viewer's knowledge from one accepted action."""
        b, a = before.state, after.state
        kind = action["type"]
        if kind == "play":
            self._everyone(self.known_cards, [action["card"]])
        elif kind == "choose_mission":
            self._everyone(self.known_missions, [action["mission"]])
        elif kind == "designate":
            self.known_roles[seat].add((action["target"], self.roles[action["target"]]))
        elif kind == "vote":
            self.cast[seat] = tuple(action["targets"])
            self.known_votes[seat].add((seat, tuple(action["targets"])))
        for s in range(self.players):
            if a.revealed[s] and not b.revealed[s]:
                self._everyone(self.known_roles, [(s, self.roles[s])])
        self._see_draw(b, a)
        if b.phase == "vote" and a.phase != "vote":
            self._everyone(self.known_votes, list(self.cast.items()))
        if a.result and not self.over:
            self.over = True
            self._everyone(self.known_roles, list(enumerate(self.roles)))

    # ---- the check ---------------------------------------------------------------------------
    def violations(self, match, viewer, rendered):
        """Texts naming each hidden identity in `rendered` the viewer was not shown. Knowledge
        only grows, so a part of the view equal to the one checked last time for this viewer is
        skipped (new log entries are all checked)."""
        found = []
        check = _Checker(self, viewer, found)
        last_state, last_actions = self.last_checked.get(viewer, (NOTHING, NOTHING))
        check.walk(rendered.get("state"), last_state, ("state",))
        check.in_actions = True  # the viewer's own choices (vote targets to pick, not cast)
        check.walk(rendered.get("legal_actions"), last_actions, ("legal_actions",))
        check.in_actions = False
        for entry in rendered.get("log", ()):
            check.walk(entry.get("public"), NOTHING, ("log", entry["seq"], "public"))
            if "private" in entry:
                check.walk(entry["private"], NOTHING, ("log", entry["seq"], "private"))
        self.last_checked[viewer] = (rendered.get("state"), rendered.get("legal_actions"))
        return found

    def unseen_names(self, match, viewer):
        """How the words name the cards ('blue 7') and missions ('Mission 6') never shown."""
        from engine.insidejob.data import card_name
        from engine.insidejob.words import mission_name
        cards = [card_name(c) for c in range(52) if c not in self.known_cards[viewer]]
        known = {mission_name(m) for m in self.known_missions[viewer]}
        missions = {mission_name(m) for m in MISSION_IDS - self.known_missions[viewer]} - known
        return cards + sorted(missions)


class _Checker(DiffWalker):
    """One render walk for one viewer, appending violation texts to `found`."""

    def __init__(self, ledger, viewer, found):
        self.roles = ledger.known_roles[viewer]
        self.cards = ledger.known_cards[viewer]
        self.missions = ledger.known_missions[viewer]
        self.votes = ledger.known_votes[viewer]
        self.over = ledger.over
        self.viewer = viewer
        self.found = found
        self.in_actions = False

    def check_list(self, value, path):
        if path and path[-1] in VOTE_KEYS and not self.in_actions:
            self.check_votes(value, path)

    def check_dict(self, value, path):
        role = value.get("role")
        if role in ROLE_IDS and isinstance(value.get("seat"), int):
            self.check_role(value["seat"], role, path)

    def check_role(self, seat, role, path):
        if (seat, role) not in self.roles:
            self.found.append(f"role {role} of seat {seat} at {show(path)}")

    def check_votes(self, value, path):
        key = path[-1]
        if key == "votes":  # per voter: targets or None
            for voter, targets in enumerate(value):
                if targets is not None and (voter, tuple(targets)) not in self.votes:
                    self.found.append(f"vote of seat {voter} {targets} at {show(path)}")
        elif value and (self.viewer, tuple(value)) not in self.votes:  # my_vote / private targets
            self.found.append(f"vote {value} shown to seat {self.viewer} at {show(path)}")

    def check_leaf(self, value, path):
        if isinstance(value, str):
            if value in MISSION_IDS and value not in self.missions:
                self.found.append(f"mission {value} at {show(path)}")
            elif value in ROLE_IDS and not self.over:
                self.check_role_leaf(value, path)
            return
        if not isinstance(value, int) or isinstance(value, bool) or not path:
            return
        if _is_card_path(path) and value not in self.cards:
            self.found.append(f"card {value} at {show(path)}")

    def check_role_leaf(self, role, path):
        if len(path) >= 2 and path[-2] == "roles" and isinstance(path[-1], int):
            self.check_role(path[-1], role, path)
        elif "special_roles" in path or path[-1] == "role":
            return  # the chosen special roles are a public option; seat+role dicts: check_dict
        else:
            self.found.append(f"role name {role} outside any seat at {show(path)}")


def _is_card_path(path):
    """Whether a leaf at `path` holds a number-card id: the value of a "card" key, an item of a
    card list ("hand", "cards", "set_aside", "deck"; "hands" per seat) or the card of a played
    (seat, card, wager) triple. Counts under those names (params) are not items of a list."""
    last = path[-1]
    if last in SCALAR_CARD_KEYS:
        return True
    if not isinstance(last, int) or len(path) < 2:
        return False
    if path[-2] in LIST_CARD_KEYS:
        return True
    return len(path) >= 3 and (path[-3] == "hands" or (last == 1 and path[-3] in PLAY_LISTS))
