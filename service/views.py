"""Shapes the API answers with, built from a match and its meta (no Flask here)."""

import engine
from engine.words import TextMemo

from . import matches
from .byte_cache import MIB, ByteLRU

TEXT_MEMO_BYTES = 32 * MIB  # SAFEHOUSE_TEXT_MEMO_MB: the log sentences a process keeps
TEXT_ENTRY_BYTES = 400  # a phrased log entry: its memo slot and the sentences of its viewers
_text_memos = ByteLRU("text_memos", TEXT_MEMO_BYTES)  # match id -> TextMemo (least recently viewed out)


def configure(settings):
    """Bound this process's caches of views by the settings, in MiB (create_app calls it): the
    text memos (`text_memo_mb`), the matches rebuilt at earlier versions (`views_at_cache_mb`,
    service/views_at.py) and the events' texts (`event_words_cache_mb`, service/event_words.py)."""
    from . import event_words, views_at  # they import this module
    _text_memos.resize(settings.text_memo_mb * MIB)
    views_at.CACHE.resize(settings.views_at_cache_mb * MIB)
    event_words.resize(settings.event_words_cache_mb * MIB)


def text_memo(match_id):
    """The TextMemo of a match in this process (bounded in bytes: phrasing a long log anew on
    every view was most of a view's cost). Its estimate is renewed on each use, so what the
    previous view phrased into it counts from now on."""
    memo = _text_memos.get(match_id)
    if memo is None:
        memo = TextMemo()
    _text_memos.put(match_id, memo, TEXT_ENTRY_BYTES * (len(memo) + 1))
    return memo


def summary(match_id, match, meta):
    """The MatchSummary of a match."""
    return {
        "match_id": match_id, "game": meta["game"], "options": meta["options"],
        "version": match.version if match is not None else meta.get("version", 0),
        "status": meta["status"], "seats": matches.public_seats(meta),
        "open_seats": [i for i, s in enumerate(meta["seats"]) if not s["joined"]],
        "commitment": meta["commitment"], "turn_clock_s": meta.get("clock_s"),
        "deadline": meta.get("deadline"),
    }


def match_view(match_id, match, meta, seat, log_since=None):
    """The MatchView of a match for a seat (None = spectator), its log cut after `log_since`."""
    view = engine.render(match, seat, log_since=log_since, words=True, text_memo=text_memo(match_id))
    view.update(match_id=match_id, seat=seat, status=meta["status"],
                seats=matches.public_seats(meta), commitment=meta["commitment"],
                deadline=meta.get("deadline"))
    return view


def project_event(event, seat):
    """An event as `seat` may see it: public parts plus the seat's own private parts."""
    projected = {k: event[k] for k in ("seq", "version", "kind", "actor", "seat") if k in event}
    projected["entries"] = engine.render_log(event.get("entries", []), seat)
    if "finished" in event:
        projected["finished"] = event["finished"]
    return projected


def replay(match, meta):
    """The full replay of a finished match: seed, setup and every action."""
    setup = engine.start(match.game, match.options, match.seed)
    return {
        "game": match.game, "options": match.options, "seed": str(match.seed),
        "commitment": meta["commitment"],
        "setup": match.rules.state_to_json(setup.state),
        "history": [{"seat": s, "action": a} for s, a in match.history],
        "log": list(match.log),
        "outcome": match.rules.outcome(match.state),
    }
