"""GET /matches: filters, cursor pagination and totals over the store's listing indexes.

The index paged through is the caller's token index (`mine=true`), else the game's, else all
matches, newest first. `status` and `open_seats` change as matches go on, so they are checked on
each match's meta while paging; `total` is then counted over the whole index (without them it is
the index's size). A cursor is the opaque position (creation time, id) of the last match of a
page, valid with the same filters. Flask-free.
"""

import base64
import json
import math

from .errors import ApiError
from .views import summary

BATCH = 200


def encode_cursor(score, match_id):
    """The opaque cursor after the match at (score, match_id)."""
    raw = json.dumps([repr(score), match_id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor):
    """(score, match_id) from a cursor; ApiError invalid_request when it is not one of ours."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        score, match_id = json.loads(raw)
        score = float(score)
        if not math.isfinite(score) or not isinstance(match_id, str):
            raise ValueError(score)
        return score, match_id
    except (ValueError, TypeError, UnicodeDecodeError):
        raise ApiError("invalid_request", "cursor: not a cursor from next_cursor", "cursor") from None


def _selects(query, meta, item):
    if query.get("game") not in (None, meta["game"]):
        return False
    if query.get("status") not in (None, meta["status"]):
        return False
    return "open_seats" not in query or bool(item["open_seats"]) == query["open_seats"]


def _walk(store, key, before=None):
    """(match_id, score, meta) of an index from a position on, newest first; ids of matches that
    are gone are dropped from the index on the way."""
    while True:
        batch = store.index_page(key, before, BATCH)
        if not batch:
            return
        metas = store.metas([m for m, _ in batch])
        store.index_forget(key, [m for m, _ in batch if m not in metas])
        for match_id, score in batch:
            if match_id in metas:
                yield match_id, score, metas[match_id]
        before = (batch[-1][1], batch[-1][0])


def list_matches(store, query, token_hash=None):
    """{"matches", "next_cursor", "total"} for a parsed ListQuery."""
    status = query.get("status") or ("open" if query.get("open_seats") is True else None)
    key = store.index_key(query.get("game"), token_hash, status)
    before = decode_cursor(query["cursor"]) if query.get("cursor") else None
    found, next_cursor, last = [], None, None
    for match_id, score, meta in _walk(store, key, before):
        item = summary(match_id, None, meta)
        if not _selects(query, meta, item):
            continue
        if len(found) == query["limit"]:
            next_cursor = encode_cursor(*last)
            break
        found.append(item)
        last = (score, match_id)
    # a status index counts itself (its entries may lag a write, and expired matches leave it as
    # pages meet them); other filters on top of an index are counted by walking it
    by_status_only = (status is not None and token_hash is None and not query.get("game")
                      and query.get("open_seats") in (None, status == "open"))
    dynamic = not by_status_only and (
        "status" in query or "open_seats" in query or (token_hash and query.get("game")))
    if dynamic:
        total = sum(1 for _, _, meta in _walk(store, key)
                    if _selects(query, meta, summary("", None, meta)))
    else:
        total = store.index_count(key)
    return {"matches": found, "next_cursor": next_cursor, "total": total}
