"""Event endpoints: cursor reads and long-poll (`/events`), Server-Sent Events (`/stream`).

Each seat gets its own redacted projection of every event; spectators get the public one.
SSE streams are bounded in time (clients resume with Last-Event-ID) and send keep-alives; the
stream of a finished match sends what is left up to the final event and closes, and a resume past
that final event answers 204 so that an EventSource stops reconnecting. Under
`make run` the API runs on gunicorn's gevent worker, so an idle stream costs a greenlet, not a
request worker. Each address holds at most MAX_STREAMS_PER_ADDRESS streams and long-polls per
process (service/api/connections.py).
"""

import contextlib
import json
import time

from flask import Blueprint, Response, current_app, request, stream_with_context

from .. import event_words, matches, views
from ..store.notifier import wait_for_events
from . import schemas, stream_tickets
from .connections import long_poll_slot, stream_slot
from .errors import ApiError
from .requests import bearer_token, parse_counter, parse_query

bp = Blueprint("events", __name__)


def _store():
    return current_app.extensions["safehouse"]["store"]


@bp.get("/matches/<match_id>/events")
def get_events(match_id):
    """Events after a cursor; with wait=S, block up to S seconds (at most 30) for the next one."""
    query = parse_query(schemas.EventsQuery())
    store = _store()
    meta = store.load_meta(match_id)
    if meta is None:
        raise ApiError("match_not_found", f"no match {match_id!r}", "match_id")
    seat = matches.seat_for_token(meta, bearer_token())
    notifier = current_app.extensions["safehouse"]["notifier"]
    # a long-poll holds one of the address's stream slots while it waits
    wait = 0 if meta["status"] == "finished" else query["wait"]  # nothing more will come
    with long_poll_slot() if wait else contextlib.nullcontext():
        events = wait_for_events(store, notifier, match_id, query["after"], wait)
    if events:
        last = events[-1]["seq"]
    else:  # a cursor past the end is not echoed: `last` is never beyond the newest event
        last = min(query["after"], store.last_event_seq(match_id)) if query["after"] else 0
    projected = [views.project_event(e, seat) for e in events]
    return {"events": event_words.with_texts(store, match_id, meta, projected, seat), "last": last}


def _resume_cursor():
    """The cursor to resume after: Last-Event-ID (an EventSource reconnecting) or `after`."""
    after = parse_query(schemas.StreamQuery()).get("after")
    if "Last-Event-ID" in request.headers:
        return parse_counter(request.headers["Last-Event-ID"].strip(), "Last-Event-ID")
    return after or 0


def _stream_seat(match_id, meta):
    """The seat a stream follows: from a stream ticket (browsers) or the bearer token."""
    ticket = request.args.get("ticket")
    if ticket is None:
        return matches.seat_for_token(meta, bearer_token())
    if bearer_token() is not None:
        raise ApiError("invalid_request", "send a ticket or a bearer token, not both", "ticket")
    return stream_tickets.seat_for_ticket(match_id, ticket)


@bp.get("/matches/<match_id>/stream")
def stream_events(match_id):
    """Server-Sent Events: one `event: match` per write, `id:` = seq, keep-alive comments; ends
    after the event that finishes the match (204 when resuming past it)."""
    store = _store()
    cursor = _resume_cursor()
    meta = store.load_meta(match_id)
    if meta is None:
        raise ApiError("match_not_found", f"no match {match_id!r}", "match_id")
    seat = _stream_seat(match_id, meta)
    finished = meta["status"] == "finished"
    if finished and not store.events(match_id, cursor, count=1):
        return "", 204
    config = current_app.config
    deadline = time.monotonic() + config["SSE_MAX_S"]
    keepalive_s = config["SSE_KEEPALIVE_S"]
    notifier = current_app.extensions["safehouse"]["notifier"]

    def generate():
        nonlocal cursor
        yield "retry: 1000\n\n"
        with notifier.watch(match_id) as changed:  # released as soon as the client goes away
            while time.monotonic() < deadline:
                events = notifier.events(store, match_id, cursor)
                if finished and not events:
                    return  # a finished match: everything after the cursor has been sent
                if not events:
                    if not changed.wait(max(0.001, min(keepalive_s, deadline - time.monotonic()))):
                        yield ": keep-alive\n\n"
                    changed.clear()
                    continue
                for event in event_words.with_texts(store, match_id, meta,
                                                    [views.project_event(e, seat) for e in events], seat):
                    cursor = event["seq"]
                    data = json.dumps(event, separators=(",", ":"))
                    yield f"id: {cursor}\nevent: match\ndata: {data}\n\n"
                    if event.get("finished"):
                        return  # the match is over: nothing more will come

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    release = stream_slot()  # given back when the server closes the response
    response = Response(stream_with_context(generate()), mimetype="text/event-stream", headers=headers)
    response.call_on_close(release)
    return response
