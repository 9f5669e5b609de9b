"""The toy game's secret ledger (tests/toygame.py), the smallest example of the protocol a new game
follows (docs/adding-a-game.md).

Hidden identities: the cards 1..10. Known: a seat's own dealt hand and the cards it drew; every
played card, to everyone. A render names a card as any integer that is not one of the few
counting fields (allow-list: hand sizes, deck size, turn, target, the viewer's seat, log
sequence numbers and actors); the generic words name it "card N".
"""

from . import Ledger as BaseLedger
from . import leaves

VIEWERS = (0, 1, None)
NOT_CARDS = frozenset(("hand_sizes", "deck_size", "turn", "target", "you", "seq", "actor",
                       "version", "to_move", "seat", "winners", "score", "scores"))


class Ledger(BaseLedger):
    """Per viewer (seat or None): the card ids it was shown."""

    def __init__(self, match):
        state = match.state
        self.known = {viewer: set() for viewer in VIEWERS}
        for seat in (0, 1):
            self.known[seat].update(state.hands[seat])

    def observe(self, before, seat, action, after):
        """A draw shows the card to the drawer; a play shows it to everyone."""
        drawn = set(after.state.hands[seat]) - set(before.state.hands[seat])
        self.known[seat].update(drawn)
        for played in after.state.played:
            for known in self.known.values():
                known.update(played)

    def violations(self, match, viewer, rendered):
        """Card ids in the state view, the legal actions and the new log entries that `viewer`
        was never shown."""
        found = []
        parts = {"state": rendered["state"], "legal_actions": rendered["legal_actions"],
                 "log": rendered.get("log", [])}
        for path, leaf in leaves(parts):
            if isinstance(leaf, bool) or not isinstance(leaf, int):
                continue
            if any(key in NOT_CARDS for key in path if isinstance(key, str)):
                continue
            if leaf not in self.known[viewer]:
                found.append(f"{'/'.join(map(str, path))} names card {leaf}")
        return found

    def unseen_names(self, match, viewer):
        """How the generic words would name a card this viewer was never shown."""
        return [f"card {card}" for card in range(1, 11) if card not in self.known[viewer]]
