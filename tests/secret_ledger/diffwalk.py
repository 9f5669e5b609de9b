"""A render walker for ledgers that re-checks only what changed since a viewer's last check.

A ledger's knowledge only grows, so a part of a render that equals the part found at the same
place at the viewer's previous check (and passed then) passes again: `DiffWalker.walk` skips it.
Subclasses implement the hooks `check_dict`, `check_list` and `check_leaf` (path = tuple of keys
and indices from the render's root)."""

NOTHING = object()  # "nothing was at this place at the last check"


class DiffWalker:
    """Walk a JSON value against its previous version, calling the hooks on what differs."""

    def walk(self, value, previous, path):
        """Check `value` (found at `path`) where it differs from `previous` (NOTHING if new)."""
        if value == previous:
            return
        if isinstance(value, dict):
            self.check_dict(value, path)
            if not isinstance(previous, dict):
                previous = {}
            for key, item in value.items():
                self.walk(item, previous.get(key, NOTHING), path + (key,))
        elif isinstance(value, list):
            self.check_list(value, path)
            if not isinstance(previous, list):
                previous = ()
            count = len(previous)
            for index, item in enumerate(value):
                self.walk(item, previous[index] if index < count else NOTHING, path + (index,))
        else:
            self.check_leaf(value, path)

    def check_dict(self, value, path):
        """Hook: a dict that differs from the last check."""

    def check_list(self, value, path):
        """Hook: a list that differs from the last check."""

    def check_leaf(self, value, path):
        """Hook: a scalar that differs from the last check."""


def show(path):
    """A path as text: state/hand/0."""
    return "/".join(str(p) for p in path)
