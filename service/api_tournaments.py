"""Tournaments over HTTP: the same spec as `safehouse tournament run`, played by the workers.

`POST /tournaments` validates the spec (400 naming the field), queues its matches as batches of
whole matches on `<QUEUE>-bulk` (service/tournament_rq.py's jobs; worker/tournament.py plays
them) and answers 202 with the tournament's id. `GET /tournaments/{id}` gives progress,
standings and ratings (with `wait`/`after` it long-polls until more matches are done);
`GET /tournaments/{id}/matches` pages through the match records (each with its replay
reference); `DELETE /tournaments/{id}` cancels what is still queued. A tournament's id is a hash
of its normalised spec, so posting the same spec again finds the same tournament.

Limits for a shared server: at most SAFEHOUSE_TOURNAMENT_MAX_MATCHES matches (2,000), per-move
budgets within the bot maxima, and remote entrants only where the operator allows them
(SAFEHOUSE_TOURNAMENT_REMOTE_BOTS: a public server must not be made to call arbitrary URLs).
The remote-bot protocol is in openapi.yaml as the `remoteBotDecision` callback.
"""

import json
import math
import time

from flask import Blueprint, current_app
from rq.job import Job

from engine.tournament import SpecError, standings, validate_spec
from engine.tournament.spec import spec_to_json

from . import schemas
from .errors import ApiError
from .http import parse_body, parse_query
from .jobs import bulk_queue_for, enqueue_tournament_batch
from .tournament_rq import RESULTS_TTL_S, auto_batch, tournament_id, tournament_key

bp = Blueprint("tournaments", __name__)
POLL_S = 0.25


def _ctx():
    return current_app.extensions["safehouse"]


def _keys(tid):
    prefix = current_app.config["PREFIX"]
    return {kind: tournament_key(prefix, tid, kind) for kind in ("meta", "results")}


def _check_limits(spec):
    config = current_app.config
    if spec["matches"] > config["TOURNAMENT_MAX_MATCHES"]:
        raise ApiError("invalid_request", f"at most {config['TOURNAMENT_MAX_MATCHES']} matches on "
                       "this server (fewer deals)", "spec.deals")
    budget = spec.get("budget", {})
    if budget.get("iterations", 0) > config["MAX_BOT_ITERATIONS"]:
        raise ApiError("invalid_request", f"at most {config['MAX_BOT_ITERATIONS']} iterations",
                       "spec.budget.iterations")
    if budget.get("cpu_ms", 0) > config["MAX_BOT_BUDGET_MS"]:
        raise ApiError("invalid_request", f"at most {config['MAX_BOT_BUDGET_MS']} ms per move",
                       "spec.budget.cpu_ms")
    for index, entrant in enumerate(spec["entrants"]):
        if "remote" in entrant and not config["TOURNAMENT_REMOTE_BOTS"]:
            raise ApiError("invalid_request", "this server takes no remote entrants (its operator "
                           "can allow them: SAFEHOUSE_TOURNAMENT_REMOTE_BOTS); run them from the "
                           "command line", f"spec.entrants[{index}].remote")


@bp.post("/tournaments")
def create_tournament():
    """Validate and queue a tournament; 202 with its id (the same spec finds the same one)."""
    body = parse_body(schemas.TournamentRequest())
    try:
        spec = validate_spec(body["spec"])
    except SpecError as exc:
        raise ApiError("invalid_request", exc.message, f"spec.{exc.field}") from None
    if spec["format"] == "swiss":
        raise ApiError("invalid_request", "a Swiss tournament runs from the command line "
                       "(each round depends on the last)", "spec.format")
    _check_limits(spec)
    tid = tournament_id(spec)
    keys, store = _keys(tid), _ctx()["store"]
    client = store.queue_redis
    if client.set(keys["meta"], json.dumps({"spec": spec, "created": time.time(), "jobs": [],
                                            "status": "running"}), nx=True, ex=RESULTS_TTL_S):
        queue = bulk_queue_for(client, current_app.config["QUEUE"])
        batch = auto_batch(spec["matches"], 2)
        indices = list(range(spec["matches"]))
        jobs = [enqueue_tournament_batch(queue, tid, spec_to_json(spec), indices[i:i + batch], keys["results"])
                for i in range(0, len(indices), batch)]
        meta = json.loads(client.get(keys["meta"]))
        meta["jobs"] = jobs
        client.set(keys["meta"], json.dumps(meta), ex=RESULTS_TTL_S)
    answer = _summary(tid, with_standings=False)
    return answer, 202, {"Location": f"/tournaments/{tid}"}


def _meta(tid):
    raw = _ctx()["store"].queue_redis.get(_keys(tid)["meta"]) if len(tid) <= 64 else None
    if raw is None:
        raise ApiError("tournament_not_found", f"no tournament {tid!r}", "tournament_id")
    return json.loads(raw)


def _records(tid):
    raw = _ctx()["store"].queue_redis.hvals(_keys(tid)["results"])
    return sorted((json.loads(r) for r in raw), key=lambda r: r["index"])


def _finite(value):
    """The value with NaN/inf (JSON has none) replaced by None, recursively."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _summary(tid, with_standings=True):
    meta = _meta(tid)
    done = _ctx()["store"].queue_redis.hlen(_keys(tid)["results"])
    total = meta["spec"]["matches"]
    status = meta["status"] if meta["status"] == "cancelled" else ("finished" if done >= total else "running")
    answer = {"tournament_id": tid, "status": status, "done": done, "total": total,
              "game": meta["spec"]["game"], "entrants": [e["name"] for e in meta["spec"]["entrants"]],
              "spec": meta["spec"]}
    if with_standings and done:
        table = standings(meta["spec"], _records(tid))
        answer["standings"] = _finite(table["standings"])
    return answer


@bp.get("/tournaments/<tid>")
def get_tournament(tid):
    """Progress, standings and ratings; `after=N&wait=S` waits up to S s for more than N done."""
    query = parse_query(schemas.TournamentQuery())
    deadline = time.monotonic() + query["wait"]
    while True:
        meta = _meta(tid)
        done = _ctx()["store"].queue_redis.hlen(_keys(tid)["results"])
        if (done > query["after"] or done >= meta["spec"]["matches"] or meta["status"] == "cancelled"
                or time.monotonic() >= deadline):
            return _summary(tid)
        time.sleep(POLL_S)


@bp.get("/tournaments/<tid>/matches")
def tournament_matches(tid):
    """Match records in index order, paged (`cursor` = the next index, `limit`)."""
    query = parse_query(schemas.TournamentMatchesQuery())
    _meta(tid)
    records = [r for r in _records(tid) if r["index"] >= query["cursor"]]
    page = records[:query["limit"]]
    more = len(records) > query["limit"]
    return {"matches": _finite(page), "next_cursor": page[-1]["index"] + 1 if more else None}


@bp.delete("/tournaments/<tid>")
def cancel_tournament(tid):
    """Cancel the batches still queued (a batch being played finishes); finished matches stay."""
    meta = _meta(tid)
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
    return _summary(tid)
