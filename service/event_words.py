"""Words on events: every log entry of an event the API sends (`/events`, `/stream`) carries
`text`, the sentence that the viewer's view at the event's version shows for that entry, so a
client can narrate without another GET.

The sentence comes from the entry as redacted for the viewer (`views.project_event`) and the
viewer's redacted state view at the event's version, through the same `engine.words.describe`
the match view uses: an event's texts are exactly those of the same entries in
`GET /matches/{id}/replay?at=<event version>` for that viewer. When the match has moved on since,
that version is rebuilt by service/views_at.py (cached). Texts are memoised per process by
(match id, commitment, creation time, event seq, seat), so many streams following one match
(spectators) pay once, and a match id reused by an archive import never meets the old texts.
Flask-free.
"""

import threading

import engine
from engine.words import describe

from . import matches, views_at
from .byte_cache import MIB, ByteLRU
from .errors import DomainError

MEMO_BYTES = 8 * MIB  # events' texts kept per process, by estimated size (SAFEHOUSE_EVENT_WORDS_CACHE_MB)
TEXTS_OVERHEAD = 200  # an entry's key, list and slot, beside the sentences' characters
_MEMO = ByteLRU("event_words", MEMO_BYTES)
_LOCK = threading.Lock()


def resize(max_bytes):
    """Bound this process's memo of events' texts (service/views.configure calls it)."""
    with _LOCK:
        _MEMO.resize(max_bytes)


def _remembered(key):
    with _LOCK:
        return _MEMO.get(key)


def _remember(key, texts):
    with _LOCK:
        _MEMO.put(key, texts, TEXTS_OVERHEAD + sum(len(text) + 50 for text in texts))


def texts(at, event, seat):
    """The sentences of a projected event's entries as `seat`'s view of `at` (the match at the
    event's version) shows them: `describe`, as the match view calls it, on that view's state."""
    view = {"state": at.rules.view(at.state, seat), "log": list(event["entries"]), "legal_actions": []}
    return [entry["text"] for entry in describe(at.rules, seat, view)["log"]]


def with_texts(store, match_id, meta, events, seat):
    """The projected `events` (in seq order) with `text` on each entry, in place; returned. Events
    of a match gone meanwhile keep their entries as they are."""
    todo = [e for e in events if e["entries"]]
    match_key = (match_id, meta["commitment"], meta.get("created"))  # a reused id: another match
    keys = {e["seq"]: (*match_key, e["seq"], seat) for e in todo}
    found = {e["seq"]: _remembered(keys[e["seq"]]) for e in todo}
    missing = [e for e in todo if found[e["seq"]] is None]
    if missing:
        try:
            match, meta = matches.load(store, match_id)
        except DomainError:
            return events
        missing = [e for e in missing if e["version"] <= match.version]
        versions = [e["version"] for e in missing]
        try:
            for event, at in zip(missing, views_at.matches_at(match_id, match, meta, versions)):
                found[event["seq"]] = texts(at, event, seat)
                _remember(keys[event["seq"]], found[event["seq"]])
        except engine.EngineError:  # a history this engine no longer replays: no texts, no 500
            pass
    for event in todo:
        said = found[event["seq"]]
        if said is not None:
            event["entries"] = [dict(entry, text=text) for entry, text in zip(event["entries"], said)]
    return events
