"""GET /tournaments: every tournament's public summary, newest first, a page at a time.

Tournaments are owned (an owner token cancels one), but nothing in a summary is the owner's
alone: the id, game, entrants, format, progress and status are what `GET /tournaments/{id}`
shows anyone with the id. The list shows those for every tournament still stored (results are
kept for RESULTS_TTL_S), never the spec's seed, the owner or the standings; the id leads to the rest.
"""

from flask import Blueprint

from ..listing import decode_cursor, encode_cursor
from . import schemas
from .requests import parse_query
from .tournaments import _progress, _records

bp = Blueprint("tournament_list", __name__)


@bp.get("/tournaments")
def list_tournaments():
    """Tournaments newest first; `cursor` = the `next_cursor` of the previous page."""
    query = parse_query(schemas.TournamentListQuery())
    before = decode_cursor(query["cursor"]) if "cursor" in query else None
    rows, last = _records().newest(before, query["limit"])
    page = []
    for tid, created, meta in rows:
        status, done = _progress(tid, meta)
        spec = meta["spec"]
        page.append({"tournament_id": tid, "created": created, "status": status, "done": done,
                     "total": spec["matches"], "game": spec["game"], "name": spec.get("name"),
                     "format": spec["format"], "entrants": [e["name"] for e in spec["entrants"]]})
    return {"tournaments": page, "next_cursor": encode_cursor(*last) if last else None}
