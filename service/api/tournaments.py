"""Tournaments over HTTP: the same spec as `safehouse tournament run`, played by the workers.

`POST /tournaments` validates the spec (400 naming the field), queues its matches as batches of
whole matches on `<QUEUE>-bulk` (service/tournament_rq.py's jobs; worker/tournament.py plays
them) and answers 202 with the tournament's random id, its owner token (shown once) and the
commitment to its seed secret. `GET /tournaments/{id}` gives progress and the standings cached
when the last batch landed (with `wait`/`after` it long-polls until more matches are done);
`GET /tournaments/{id}/matches` pages through the match records; `DELETE /tournaments/{id}`
(owner token only) cancels what is still queued. Admission (limits, bot caps, per-caller quotas,
owners) is service/api/tournament_guard.py.

Secret seeds (service/tournament_seeds.py): deal and bot seeds are HMACs under a server-side
secret; `commitment` (its SHA-256) is published at creation, `seed_secret` and the records'
seeds and replays once it has ended. Seatings are interleaved: a deal's never back to back.

Reads cost O(entrants), never O(matches): the standings come from the cached aggregate, a page
of records from one HMGET of its indices. Remote entrants only where the operator allows them
(SAFEHOUSE_TOURNAMENT_REMOTE_BOTS; addresses: SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW). The remote-bot
protocol is in openapi.yaml as the `remoteBotDecision` callback.
"""

import json
import time

from flask import Blueprint, current_app, request

from engine.tournament import SpecError, validate_spec

from ..store.tournaments import TournamentStore
from ..tournament_rq import (
    RESULTS_TTL_S,
    cancel_queued,
    new_tournament_id,
    queue_batches,
)
from ..tournament_seeds import ended, new_secret, redacted, seeds_as_strings
from . import schemas
from .errors import ApiError
from .requests import parse_body, parse_query
from .tournament_guard import (
    check_limits,
    check_owner,
    claim_quota,
    new_owner_token,
    precheck,
)

bp = Blueprint("tournaments", __name__)
POLL_S = 0.25


def _ctx():
    return current_app.extensions["safehouse"]


def _records():
    """The tournament records (service/store/tournaments.py) on RQ's Redis."""
    ctx = _ctx()
    if "tournaments" not in ctx:
        ctx["tournaments"] = TournamentStore(ctx["store"].queue_redis, current_app.config["PREFIX"])
    return ctx["tournaments"]


def _validated(raw):
    config = current_app.config
    precheck(raw, config)
    try:
        spec = validate_spec({**raw, "order": "interleaved"})
    except SpecError as exc:
        raise ApiError("invalid_request", exc.message, f"spec.{exc.field}") from None
    if spec["format"] == "swiss":
        raise ApiError("invalid_request", "a Swiss tournament runs from the command line "
                       "(each round depends on the last)", "spec.format")
    check_limits(spec, config)
    return spec


@bp.post("/tournaments")
def create_tournament():
    """Validate and queue a tournament; 202 with its id, owner token and seed commitment."""
    body = parse_body(schemas.TournamentRequest())
    spec, config = _validated(body["spec"]), current_app.config
    tid, records = new_tournament_id(), _records()
    claim_quota(records, request.remote_addr or "127.0.0.1", tid, spec, config, RESULTS_TTL_S)
    secret, commitment = new_secret()
    token, owner = new_owner_token()
    meta = {"spec": spec, "created": time.time(), "jobs": [], "status": "running", "owner": owner,
            "commitment": commitment}
    records.start(tid, secret, meta, RESULTS_TTL_S)
    meta["jobs"] = queue_batches(records.client, config["QUEUE"], tid, spec, records.keys(tid)["results"])
    records.put_meta(tid, meta, RESULTS_TTL_S)
    answer = {**_summary(tid, meta), "owner_token": token}
    return answer, 202, {"Location": f"/tournaments/{tid}", "Cache-Control": "no-store"}


def _meta(tid):
    meta = _records().meta(tid) if len(tid) <= 64 else None
    if meta is None:
        raise ApiError("tournament_not_found", f"no tournament {tid!r}", "tournament_id")
    return meta


def _progress(tid, meta):
    """(status, matches done): finished once the cached standings cover every match."""
    done, counted = _records().progress(tid)
    if meta["status"] == "cancelled":
        return "cancelled", done
    total = meta["spec"]["matches"]
    covered = counted is None or int(counted) >= total  # (no cache: a tournament queued before it)
    return ("finished" if done >= total and covered else "running"), done


def _summary(tid, meta=None):
    """Progress, the cached standings and the seed commitment (and secret, after the end)."""
    meta = meta or _meta(tid)
    status, done = _progress(tid, meta)
    answer = {"tournament_id": tid, "status": status, "done": done, "total": meta["spec"]["matches"],
              "game": meta["spec"]["game"], "entrants": [e["name"] for e in meta["spec"]["entrants"]],
              "spec": seeds_as_strings(meta["spec"]), "commitment": meta.get("commitment")}
    counted, table = _records().standings(tid)
    if table is not None:
        answer["standings"], answer["standings_done"] = json.loads(table), int(counted)
    if _ended(tid, meta, status):
        answer["seed_secret"] = _records().secret_of(tid)
    return answer


def _ended(tid, meta, status):
    """Whether the tournament can play no more (tournament_seeds.ended), the answer kept."""
    revealed = meta.get("revealed")
    answer = ended(_records().client, meta, status)
    if meta.get("revealed") and not revealed:
        _records().put_meta(tid, meta, RESULTS_TTL_S)
    return answer


@bp.get("/tournaments/<tid>")
def get_tournament(tid):
    """Progress, standings and ratings; `after=N&wait=S` waits up to S s for more than N done."""
    query = parse_query(schemas.TournamentQuery())
    deadline = time.monotonic() + query["wait"]
    while True:
        meta = _meta(tid)
        status, done = _progress(tid, meta)
        if done > query["after"] or status != "running" or time.monotonic() >= deadline:
            return _summary(tid, meta)
        time.sleep(POLL_S)


@bp.get("/tournaments/<tid>/matches")
def tournament_matches(tid):
    """Match records in index order, paged (`cursor` = the next index, `limit`): one HMGET of
    the page's indices (a page may hold fewer records while matches are still being played)."""
    query = parse_query(schemas.TournamentMatchesQuery())
    meta = _meta(tid)
    total = meta["spec"]["matches"]
    indices = list(range(query["cursor"], min(total, query["cursor"] + query["limit"])))
    raw = _records().records(tid, indices)
    page = [seeds_as_strings(json.loads(r)) for r in raw if r is not None]
    page = redacted(page, _ended(tid, meta, _progress(tid, meta)[0]))
    more = bool(indices) and indices[-1] + 1 < total
    return {"matches": page, "next_cursor": indices[-1] + 1 if more else None}


@bp.delete("/tournaments/<tid>")
def cancel_tournament(tid):
    """Cancel the batches still queued (owner token only; a batch being played finishes)."""
    meta = _meta(tid)
    check_owner(meta)
    if _progress(tid, meta)[0] == "finished":  # nothing left to cancel: the record stays as it is
        raise ApiError("tournament_finished", "the tournament has finished; there is nothing to cancel")
    cancel_queued(_records().client, meta.get("jobs", []))
    meta["status"] = "cancelled"
    _records().put_meta(tid, meta, RESULTS_TTL_S)
    return _summary(tid, meta)
