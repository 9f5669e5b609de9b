"""Match endpoints: create, list, view, join, legal actions, act, replay."""

import functools

from flask import Blueprint, current_app, request

import engine

from .. import jobs, listing, matches, views, views_at
from . import notes as api_notes
from . import schemas
from .errors import ApiError
from .headers import etag_for, if_match_version, none_match, representation_etag
from .idempotency import idempotent, idempotent_for_seat
from .requests import bearer_token, parse_body, parse_query

bp = Blueprint("matches", __name__)

# the schemas of the two hottest requests, built once (a marshmallow Schema loads statelessly)
VIEW_QUERY = schemas.ViewQuery()
ACTION_REQUEST = schemas.ActionRequest()


def _ctx():
    return current_app.extensions["safehouse"]


def _after_save(match_id, match, meta):
    """What follows a write: the bot turns now (unless ENQUEUE_BOTS is off)."""
    if current_app.config["ENQUEUE_BOTS"]:
        jobs.after_save(_ctx()["queue"], match_id, match, meta)


def _caller(meta):
    return matches.seat_for_token(meta, bearer_token())


# the routes that count their rate-limit hit in the round trip of their match load
COUNTED_WITH_LOAD = frozenset({"matches.get_match", "matches.post_action", "matches.get_legal_actions",
                               "matches.get_replay"})


def counted_load(view):
    """Route decorator: the route's first step is one Redis round trip that counts the caller's
    rate-limit hit (the limiter judges it) and reads the match, plus the caller's notes where the
    game keeps some (api/notes.py); the view gets `loaded`, a store `Loaded` (found None when
    there is no such match)."""
    @functools.wraps(view)
    def wrapper(match_id, **kwargs):
        ctx = _ctx()
        store = ctx["store"]

        def fetch(hits):
            if not isinstance(match_id, str) or len(match_id) > 64:
                return (store.count_hits(hits) if hits else []), None
            loaded = store.read(match_id, hits, api_notes.prefetch(store, match_id))
            return loaded.counts, loaded
        return view(match_id, loaded=ctx["limiter"].check(fetch), **kwargs)
    return wrapper


def _match(match_id, loaded, with_rev=False):
    """matches.load on what the counted load read."""
    return matches.load(_ctx()["store"], match_id, with_rev, found=loaded.found if loaded else None)


@bp.post("/matches")
@idempotent
def create_match():
    """Create a match; answers with one secret token per human seat."""
    body = parse_body(schemas.CreateMatchRequest())
    if "seed" in body and not current_app.config["ALLOW_CLIENT_SEEDS"]:
        raise ApiError("invalid_request", "this server does not accept client seeds", "seed")
    match_id, meta, match, tokens = matches.create(
        _ctx()["store"], body["game"], body["options"], body.get("seats"), body.get("seed"),
        body.get("turn_clock_s"), settings=_ctx()["settings"], caller=request.remote_addr or "127.0.0.1")
    _after_save(match_id, match, meta)
    answer = views.summary(match_id, match, meta)
    answer["tokens"] = [{"seat": s, "token": t} for s, t in sorted(tokens.items())]
    return answer, 201, {"Location": f"/matches/{match_id}"}


@bp.get("/matches")
def list_matches():
    """Matches newest first, filtered by game, status, open seats and (mine=true) the caller's
    token; paged with `cursor`/`next_cursor`, with the `total` the filters select."""
    query = parse_query(schemas.ListQuery())
    token = bearer_token()
    if query.get("mine") and token is None:
        raise ApiError("unauthorized", "mine=true needs a seat token (Authorization: Bearer)", "Authorization")
    token_hash = None if token is None else matches.token_hash(token)
    if token_hash is not None and not _ctx()["store"].token_known(token_hash):
        raise ApiError("unauthorized", "unknown seat token", "Authorization")  # as GET /matches/{id}
    return listing.list_matches(_ctx()["store"], query, token_hash if query.get("mine") else None)


@bp.get("/matches/<match_id>")
@counted_load
def get_match(match_id, loaded):
    """The match as the caller's seat sees it (spectator without a token); ETag per version and seat.
    `?log_since=n` keeps only the log entries after version n."""
    log_since = parse_query(VIEW_QUERY).get("log_since")
    match, meta = _match(match_id, loaded)
    seat = _caller(meta)
    notes, rev = api_notes.seat_notes(_ctx()["store"], match_id, match, seat, loaded)
    etag = api_notes.add_notes(None, notes, rev, etag_for(match.version, seat, meta, log_since))[1]
    view = views.match_view(match_id, match, meta, seat, log_since)
    view = api_notes.add_notes(view, notes, rev, etag)[0]
    if none_match(etag):
        return "", 304, {"ETag": representation_etag(etag, view)}
    return view, 200, {"ETag": etag}


@bp.post("/matches/<match_id>/join")
@idempotent
def join_match(match_id):
    """Claim an open seat; the seat's secret token is shown once."""
    body = parse_body(schemas.JoinRequest())
    seat, token, match, meta = matches.join(_ctx()["store"], match_id, body.get("seat"), body.get("name"),
                                            settings=_ctx()["settings"])
    _after_save(match_id, match, meta)
    return {"seat": seat, "token": token}, 200


@bp.get("/matches/<match_id>/actions")
@counted_load
def get_legal_actions(match_id, loaded):
    """The caller's legal actions now (empty for spectators; a seat not to move gets only its
    off-turn actions, e.g. an If Then hint proposal)."""
    match, meta = _match(match_id, loaded)
    seat = _caller(meta)
    return {"game": match.game, "version": match.version, "seat": seat,
            "legal_actions": engine.legal_actions(match, seat)}


@bp.post("/matches/<match_id>/actions")
@counted_load
@idempotent_for_seat
def post_action(match_id, loaded):
    """Play an action for the caller's seat at the expected version."""
    body = parse_body(ACTION_REQUEST)
    store = _ctx()["store"]
    current = _match(match_id, loaded, with_rev=True)  # one read serves the seat check and act
    seat = _caller(current[1])
    if seat is None:
        raise ApiError("unauthorized", "acting needs a seat token (Authorization: Bearer)", "Authorization")
    if body.get("seat") is not None and body["seat"] != seat:
        raise ApiError("forbidden_seat", "a token acts only for its own seat", "seat")
    version = if_match_version(body.get("version"))
    match, meta = matches.act(store, match_id, seat, body["action"], version, loaded=current,
                              settings=_ctx()["settings"])
    _after_save(match_id, match, meta)
    notes, rev = api_notes.seat_notes(store, match_id, match, seat, loaded)
    view, etag = api_notes.add_notes(views.match_view(match_id, match, meta, seat), notes, rev,
                                     etag_for(match.version, seat, meta))
    return view, 200, {"ETag": etag}


@bp.get("/matches/<match_id>/replay")
@counted_load
def get_replay(match_id, loaded):
    """The finished match's full replay: seed, setup, actions; verifies the commitment. With
    `?at=V`: the caller's view as it was at version V, any match (service/views_at.py)."""
    at = parse_query(schemas.ReplayQuery()).get("at")
    match, meta = _match(match_id, loaded)
    if at is not None:
        seat = _caller(meta)
        view = views_at.view_at(match_id, match, meta, seat, at)
        notes, _ = api_notes.seat_notes(_ctx()["store"], match_id, match, seat, loaded)  # not versioned
        return api_notes.add_notes(view, notes, 0, '""')[0]
    if meta["status"] != "finished":
        raise ApiError("not_finished", "the replay is published when the match ends", "match_id")
    return views.replay(match, meta)
