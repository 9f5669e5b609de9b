"""GET /matches: filters, cursor pagination and totals over the store's listing indexes.

Every filter combination pages through indexes made for it, newest first, so a request reads a
page's worth of ids and metas however many matches are stored: the caller's token index
(`mine=true`), else the (game, status) indexes the filters select (every game's unless `game`
is given, every status's unless `status` is: `open_seats=true` is status open, `open_seats=false`
active and finished), merged. Each match's meta is still checked on the way (an index may lag a write by a
moment), and the `total` is the indexes' size (counted by walking only for the caller's token
index, which holds a token's own few matches). A cursor is the position `<creation time>~<id>`
of the last match read, valid with the same filters. Flask-free.
"""

import re

import engine

from .errors import DomainError as ApiError
from .store.keys import STATUSES
from .views import summary

BATCH = 200     # ids read at most per index and round
CURSOR_PATTERN = r"^[0-9]{1,20}(\.[0-9]{1,17})?~[A-Za-z0-9_-]{1,64}$"
CURSOR = re.compile(CURSOR_PATTERN)
MAX_SCAN = 400  # matches looked at per request: a page of lagging entries ends the page early


def encode_cursor(score, match_id):
    """The cursor after the match at (score, match_id): `<creation time>~<match id>`, in the
    format CURSOR describes (the contract's `pattern`, so a client can check it)."""
    text = repr(float(score))
    return f"{text if 'e' not in text else format(score, '.6f')}~{match_id}"


def decode_cursor(cursor):
    """(score, match_id) from a cursor; ApiError invalid_request when it is not in the format."""
    if not CURSOR.fullmatch(cursor):
        raise ApiError("invalid_request", "cursor: not a cursor from next_cursor", "cursor")
    score, match_id = cursor.split("~", 1)
    return float(score), match_id


def _selects(query, meta, item):
    if query.get("game") not in (None, meta["game"]):
        return False
    if query.get("status") not in (None, meta["status"]):
        return False
    return "open_seats" not in query or bool(item["open_seats"]) == query["open_seats"]


def index_keys(store, query, token_hash=None):
    """The indexes whose union is what the filters select (newest first when merged): the
    token's, else one per (game, status) the filters allow."""
    if token_hash is not None:
        return [store.index_key(token_hash=token_hash)]
    status, open_seats = query.get("status"), query.get("open_seats")
    statuses = STATUSES if status is None else [status]
    if open_seats is not None:
        statuses = [s for s in statuses if (s == "open") == open_seats]
    games = [query["game"]] if query.get("game") else sorted(engine.GAMES)
    return [store.index_key(game=g, status=s) for g in games for s in statuses]


def _walk(store, keys, before=None, batch=BATCH):
    """(match_id, score, meta) of the indexes' union from a position on, newest first (ties by id,
    descending); ids of matches that are gone are dropped from their index on the way."""
    at, buffers, done = dict.fromkeys(keys, before), {key: [] for key in keys}, set()
    while True:
        wanted = [key for key in keys if not buffers[key] and key not in done]
        for key, page in zip(wanted, store.index_pages([(key, at[key]) for key in wanted], batch)
                             if wanted else ()):
            buffers[key] = page
            if page:
                at[key] = (page[-1][1], page[-1][0])
            else:
                done.add(key)
        # what no index still to be read could come before: down to the highest of the lows
        horizon = max(((s, m) for key, items in buffers.items() if key not in done and items
                       for m, s in items[-1:]), default=None)
        ready = sorted(((s, m, key) for key, items in buffers.items() for m, s in items
                        if horizon is None or (s, m) >= horizon), reverse=True)
        if not ready:
            return
        for key in keys:
            buffers[key] = [(m, s) for m, s in buffers[key] if horizon is not None and (s, m) < horizon]
        metas = store.metas([m for _, m, _ in ready])
        for key in keys:
            store.index_forget(key, [m for _, m, k in ready if k == key and m not in metas])
        for score, match_id, _ in ready:
            if match_id in metas:
                yield match_id, score, metas[match_id]


def list_matches(store, query, token_hash=None):
    """{"matches", "next_cursor", "total"} for a parsed ListQuery."""
    keys = index_keys(store, query, token_hash)
    before = decode_cursor(query["cursor"]) if query.get("cursor") else None
    found, next_cursor, last = [], None, None
    for scanned, (match_id, score, meta) in enumerate(
            _walk(store, keys, before, min(BATCH, query["limit"] + 1)), 1):
        item = summary(match_id, None, meta)
        if len(found) == query["limit"] or (scanned > MAX_SCAN and last is not None):
            next_cursor = encode_cursor(*last)
            break
        last = (score, match_id)
        if _selects(query, meta, item):
            found.append(item)
    if token_hash is not None:  # a token's own matches: a handful at most
        total = sum(1 for _, _, meta in _walk(store, keys)
                    if _selects(query, meta, summary("", None, meta)))
    else:
        total = store.index_counts(keys)
    return {"matches": found, "next_cursor": next_cursor, "total": total}
