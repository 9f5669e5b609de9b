"""Tournaments over HTTP: the same spec as `safehouse tournament run`, played by the workers.

`POST /tournaments` validates the spec (400 naming the field), queues its matches as batches of
whole matches on `<QUEUE>-bulk` (service/tournament_rq.py's jobs; worker/tournament.py plays
them) and answers 202 with the tournament's random id, its owner token (shown once) and the
commitment to its seed secret. `GET /tournaments/{id}` gives progress and the standings cached
when the last batch landed (with `wait`/`after` it long-polls until more matches are done);
`GET /tournaments/{id}/matches` pages through the match records; `DELETE /tournaments/{id}`
(owner token only) cancels what is still queued. Admission (limits, bot caps, per-caller quotas,
owners) is service/tournament_guard.py.

Secret seeds: every deal and bot seed is an HMAC of the public spec seed under a random
per-tournament secret kept server-side; `commitment` = SHA-256 of the secret is published at
creation, and once the tournament has ended (finished or cancelled) `seed_secret` reveals it and
the records show their seeds and replays (hidden while it runs), so anyone can check every deal
(docs/security.md). Seatings are interleaved: a deal's replays are never back to back.

Reads cost O(entrants), never O(matches): the standings come from the cached aggregate, a page
of records from one HMGET of its indices. Remote entrants only where the operator allows them
(SAFEHOUSE_TOURNAMENT_REMOTE_BOTS; addresses: SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW). The remote-bot
protocol is in openapi.yaml as the `remoteBotDecision` callback.
"""

import hashlib
import json
import secrets
import time

from flask import Blueprint, current_app, request
from rq.job import Job

from engine.tournament import SpecError, validate_spec
from engine.tournament.spec import spec_to_json

from . import schemas
from .errors import ApiError
from .http import parse_body, parse_query
from .jobs import bulk_queue_for, enqueue_tournament_batch
from .tournament_guard import check_limits, check_owner, claim_quota, new_owner_token, precheck
from .tournament_rq import RESULTS_TTL_S, auto_batch, new_tournament_id, quota_key, tournament_key

bp = Blueprint("tournaments", __name__)
POLL_S = 0.25
HIDDEN_WHILE_RUNNING = ("seed", "replay")  # a record's deal seed and history: after the end only
KINDS = ("meta", "results", "secret", "standings")


def _ctx():
    return current_app.extensions["safehouse"]


def _keys(tid):
    prefix = current_app.config["PREFIX"]
    return {kind: tournament_key(prefix, tid, kind) for kind in KINDS}


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
    tid, client = new_tournament_id(), _ctx()["store"].queue_redis
    keys = _keys(tid)
    caller = quota_key(config["PREFIX"], request.remote_addr or "127.0.0.1")
    claim_quota(client, caller, _keys, tid, spec, config, RESULTS_TTL_S)
    secret = secrets.token_bytes(32)
    token, owner = new_owner_token()
    client.set(keys["secret"], secret.hex(), ex=RESULTS_TTL_S)
    client.hset(keys["standings"], "done", 0)
    client.expire(keys["standings"], RESULTS_TTL_S)
    meta = {"spec": spec, "created": time.time(), "jobs": [], "status": "running", "owner": owner,
            "commitment": hashlib.sha256(secret).hexdigest()}
    client.set(keys["meta"], json.dumps(meta), ex=RESULTS_TTL_S)
    queue = bulk_queue_for(client, config["QUEUE"])
    batch, indices = auto_batch(spec["matches"], 2), list(range(spec["matches"]))
    meta["jobs"] = [enqueue_tournament_batch(queue, tid, spec_to_json(spec), indices[i:i + batch],
                                             keys["results"]) for i in range(0, len(indices), batch)]
    client.set(keys["meta"], json.dumps(meta), ex=RESULTS_TTL_S)
    answer = {**_summary(tid, meta), "owner_token": token}
    return answer, 202, {"Location": f"/tournaments/{tid}", "Cache-Control": "no-store"}


def _meta(tid):
    raw = _ctx()["store"].queue_redis.get(_keys(tid)["meta"]) if len(tid) <= 64 else None
    if raw is None:
        raise ApiError("tournament_not_found", f"no tournament {tid!r}", "tournament_id")
    return json.loads(raw)


def _progress(tid, meta):
    """(status, matches done): finished once the cached standings cover every match."""
    keys, pipe = _keys(tid), _ctx()["store"].queue_redis.pipeline(transaction=False)
    done, counted = pipe.hlen(keys["results"]).hget(keys["standings"], "done").execute()
    if meta["status"] == "cancelled":
        return "cancelled", done
    total = meta["spec"]["matches"]
    covered = counted is None or int(counted) >= total  # (no cache: a tournament queued before it)
    return ("finished" if done >= total and covered else "running"), done


def _summary(tid, meta=None):
    """Progress, the cached standings and the seed commitment (and secret, after the end)."""
    meta, client, keys = meta or _meta(tid), _ctx()["store"].queue_redis, _keys(tid)
    status, done = _progress(tid, meta)
    answer = {"tournament_id": tid, "status": status, "done": done, "total": meta["spec"]["matches"],
              "game": meta["spec"]["game"], "entrants": [e["name"] for e in meta["spec"]["entrants"]],
              "spec": meta["spec"], "commitment": meta.get("commitment")}
    counted, table = client.hmget(keys["standings"], ["done", "standings"])
    if table is not None:
        answer["standings"], answer["standings_done"] = json.loads(table), int(counted)
    if _ended(tid, meta, status):
        secret = client.get(keys["secret"])
        answer["seed_secret"] = secret.decode() if secret else None
    return answer


def _ended(tid, meta, status):
    """Whether no match of the tournament can still be played (so its secret may be shown): it
    finished, or it was cancelled and none of its batches is still being played."""
    if status != "cancelled" or meta.get("revealed"):
        return status != "running"
    client = _ctx()["store"].queue_redis
    for job_id in meta.get("jobs", []):
        try:
            if Job.fetch(job_id, connection=client).get_status(refresh=False) == "started":
                return False
        except Exception:  # noqa: BLE001 - gone: not being played
            continue
    meta["revealed"] = True
    client.set(_keys(tid)["meta"], json.dumps(meta), ex=RESULTS_TTL_S)
    return True


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
    client, total = _ctx()["store"].queue_redis, meta["spec"]["matches"]
    indices = list(range(query["cursor"], min(total, query["cursor"] + query["limit"])))
    raw = client.hmget(_keys(tid)["results"], [str(i) for i in indices]) if indices else []
    page = [json.loads(r) for r in raw if r is not None]
    if not _ended(tid, meta, _progress(tid, meta)[0]):
        page = [{k: v for k, v in r.items() if k not in HIDDEN_WHILE_RUNNING} for r in page]
    more = bool(indices) and indices[-1] + 1 < total
    return {"matches": page, "next_cursor": indices[-1] + 1 if more else None}


@bp.delete("/tournaments/<tid>")
def cancel_tournament(tid):
    """Cancel the batches still queued (owner token only; a batch being played finishes)."""
    meta = _meta(tid)
    check_owner(meta)
    client = _ctx()["store"].queue_redis
    for job_id in meta.get("jobs", []):
        try:
            job = Job.fetch(job_id, connection=client)
        except Exception:  # noqa: BLE001 - gone already
            continue
        if job.get_status(refresh=False) in ("queued", "deferred", "scheduled"):
            job.cancel()
    meta["status"] = "cancelled"
    client.set(_keys(tid)["meta"], json.dumps(meta), ex=RESULTS_TTL_S)
    return _summary(tid, meta)
