"""Stream tickets: how a browser follows its own seat live.

`EventSource` cannot send an Authorization header, and a seat token must never appear in a URL
(URLs end up in logs, histories and Referer headers). So a seat trades its token for a ticket:
`POST /matches/{id}/stream-ticket` answers a random ticket good for one match and seat for
`TTL_S` seconds (EventSource's automatic reconnects may reuse it until then), which the page passes
as `/matches/{id}/stream?ticket=...`. Redis holds only the ticket's hash; an unknown, expired or
other-match ticket is `401 invalid_ticket`.
"""

import hashlib
import secrets

from flask import Blueprint, current_app

from .. import matches
from .errors import ApiError
from .requests import bearer_token

TTL_S = 60

bp = Blueprint("tickets", __name__)


def _digest(ticket):
    return hashlib.sha256(ticket.encode()).hexdigest()


@bp.post("/matches/<match_id>/stream-ticket")
def issue_ticket(match_id):
    """A short-lived ticket that lets `/stream?ticket=` follow the caller's seat."""
    store = current_app.extensions["safehouse"]["store"]
    meta = store.load_meta(match_id)
    if meta is None:
        raise ApiError("match_not_found", f"no match {match_id!r}", "match_id")
    token = bearer_token()
    if token is None:
        raise ApiError("unauthorized", "a stream ticket needs the seat's bearer token", "Authorization")
    seat = matches.seat_for_token(meta, token)
    ticket = secrets.token_urlsafe(24)
    store.ticket_put(_digest(ticket), {"match_id": match_id, "seat": seat}, TTL_S)
    return {"ticket": ticket, "seat": seat, "expires_in": TTL_S}, 201


def seat_for_ticket(match_id, ticket):
    """The seat a ticket follows on this match; ApiError invalid_ticket otherwise."""
    store = current_app.extensions["safehouse"]["store"]
    found = store.ticket_get(_digest(ticket)) if 0 < len(ticket) <= 100 else None
    if not found or found["match_id"] != match_id:
        raise ApiError("invalid_ticket", "unknown or expired stream ticket (get a new one)", "ticket")
    return found["seat"]
