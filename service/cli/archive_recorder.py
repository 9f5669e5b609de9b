"""The stand-in Store an archived match is re-played into (service/cli/archive.py): it keeps every
write in memory, then stores the whole match in one atomic write (Store.import_match), so an
import never leaves half a match in Redis."""


class Recorder:
    """Stands in for the Store while a match is re-played: keeps its writes, then stores them
    all in one atomic write (Store.import_match)."""

    def __init__(self):
        self.doc = self.meta = self.due = None
        self.events = []

    def create(self, match_id, doc, meta, first_event, due=None):
        self.doc, self.meta, self.due, self.events = doc, meta, due, [first_event]
        return True

    def save(self, match_id, rev, doc, meta, event_entry, due=None, known_history=None):
        self.doc, self.meta, self.due = doc, meta, due
        self.events.append(event_entry)
        return len(self.events)

    def index_match(self, *args, **kwargs):
        pass

    def index_status(self, *args, **kwargs):
        pass

    def write(self, store, match_id, replace=False):
        """Store the recorded match in one atomic write; False when the id exists (no replace)."""
        if not store.import_match(match_id, self.doc, self.meta, self.events, self.due, replace):
            return False
        store.index_match(match_id, self.meta["created"], self.meta["game"])
        store.index_status(match_id, self.meta["created"], self.meta["status"], self.meta["game"])
        return True
