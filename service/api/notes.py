"""The cypher wheel's private notes (Classified Information; engine/classified/notes.py).

`GET/PUT /matches/{id}/notes`: a seat reads or sets its own mark for one number. Notes are kept
in a Redis hash per (match, seat) beside the match, never in the match document: a note changes
no version, appends no event and notifies nobody, so the opponent and spectators cannot tell a
note was made, and no If-Match goes stale. The seat's own match view carries its notes
(`state.notes`), and its ETag a notes revision, so a cached view is never served stale.

A view reads its notes in the round trip of its match load: once this process has seen that a
match's game keeps notes (`_NOTED`), each load of it reads every seat's notes hash as well
(only the caller's own leaves the server).
"""

from flask import Blueprint, current_app

import engine

from .. import matches
from ..byte_cache import ByteLRU
from . import schemas
from .errors import ApiError
from .requests import bearer_token, parse_body

bp = Blueprint("notes", __name__)
REV = "rev"
NOTED_ENTRY_BYTES = 200  # an id, a small int and their slot
# match id -> its number of seats, for matches whose game keeps notes (2,000 of them at most)
_NOTED = ByteLRU("notes_seen", 2000 * NOTED_ENTRY_BYTES)


def _wheel(match):
    return getattr(match.rules, "cypher_wheel", None)


def prefetch(store, match_id):
    """The reads to add to a load of `match_id`: every seat's notes, when its game keeps some."""
    seats = _NOTED.get(match_id)
    return [store.notes_read_command(match_id, seat) for seat in range(seats)] if seats else []


def _remember(match_id, seats):
    _NOTED.put(match_id, seats, NOTED_ENTRY_BYTES)


def _as_dict(reply):
    """An HGETALL reply as a dict (a raw transaction answers a flat list)."""
    if isinstance(reply, dict):
        return dict(reply)
    return dict(zip(reply[::2], reply[1::2]))


def seat_notes(store, match_id, match, seat, loaded=None):
    """(notes view, revision) of `seat` in a game with a cypher wheel; (None, 0) otherwise.
    `loaded`: the store's `Loaded` of this request, whose extras may hold the notes already."""
    wheel = _wheel(match)
    if wheel is None or seat is None:
        return None, 0
    extras = loaded.extras if loaded is not None else []
    if seat < len(extras):
        stored = _as_dict(extras[seat])
    else:
        stored = store.notes_get(match_id, seat)
        _remember(match_id, match.rules.seat_count(match.options))
    rev = int(stored.pop(REV.encode(), stored.pop(REV, 0)) or 0)
    return wheel.notes_view(stored), rev


def add_notes(view, notes, rev, etag):
    """The view with the seat's notes in its state, and the ETag with the notes revision."""
    if notes is None:
        return view, etag
    if view is not None:
        view["state"] = dict(view["state"], notes=notes)
    return view, f'{etag[:-1]}-n{rev}"'


def _seat_and_match(match_id):
    store = current_app.extensions["safehouse"]["store"]
    match, meta = matches.load(store, match_id)
    seat = matches.seat_for_token(meta, bearer_token())
    if seat is None:
        raise ApiError("unauthorized", "notes need a seat token (Authorization: Bearer)", "Authorization")
    if _wheel(match) is None:
        raise ApiError("not_found", f"{match.game} has no private notes", "match_id")
    return store, match, seat


@bp.get("/matches/<match_id>/notes")
def get_notes(match_id):
    """The caller's own notes."""
    store, match, seat = _seat_and_match(match_id)
    notes, rev = seat_notes(store, match_id, match, seat)
    return {"seat": seat, "notes": notes, "revision": rev}


@bp.put("/matches/<match_id>/notes")
def put_note(match_id):
    """Set the caller's mark for one number (none / coloured / black) while the match runs."""
    body = parse_body(schemas.NoteRequest())
    store, match, seat = _seat_and_match(match_id)
    wheel = _wheel(match)
    try:
        number, mark = wheel.check_note(body["number"], body["mark"])
    except engine.EngineError as exc:
        raise ApiError("invalid_request", exc.message, exc.field) from None
    if match.rules.outcome(match.state) is not None:
        raise ApiError("game_over", "the match is over: notes are read-only", "match_id")
    store.notes_set(match_id, seat, number, mark, REV)
    notes, rev = seat_notes(store, match_id, match, seat)
    return {"seat": seat, "notes": notes, "revision": rev}
