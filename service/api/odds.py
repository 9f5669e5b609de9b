"""Dark Agent odds: one attack answered at once (exact), a whole planned turn via an RQ job.

A turn question costs a worker up to ~1.3 s (its Monte Carlo cross-check), so `POST
/darkagent/odds/turn` has a per-caller quota of its own (`ODDS_LIMIT`, counted on every ask, cached
or not; 429 + Retry-After beyond it), and its cache is *per caller*: the key is a hash of a server
secret, the caller (its address, as the rate limits) and the canonical question; the job id is
derived from it. One caller asking twice never computes twice, and nothing a caller sees (status,
timing, job id, headers) depends on what another caller asked: a question someone else asked is
computed anew (the quota bounds the cost). The secret (random, kept in Redis) keeps job ids
unguessable, so `/jobs/{id}` is no oracle either.
"""

import hashlib
import json
import re
import secrets

from flask import Blueprint, current_app, request

from ..jobs import enqueue_turn_odds, job_state, odds_job_id
from . import schemas
from .errors import ApiError
from .requests import parse_body

bp = Blueprint("odds", __name__)
JOB_ID = re.compile("[A-Za-z0-9_-]{1,100}")  # what RQ accepts as a job id (else it raises)


def _planning():
    try:
        from engine.darkagent import planning
    except ImportError:
        raise ApiError("unknown_game", "Dark Agent is not available on this server", "game") from None
    return planning


def _question_error(exc):
    return ApiError("invalid_request", str(exc), exc.field)


@bp.post("/darkagent/odds/attack")
def attack_odds():
    """Exact success probability of one attack (fraction and float)."""
    body = parse_body(schemas.AttackOddsRequest())
    planning = _planning()
    try:
        answer = planning.attack_odds(body["attack"])
        answer["attack"] = planning.normalise_attack(body["attack"])
    except planning.QuestionError as exc:
        raise _question_error(exc) from None
    return answer


@bp.post("/darkagent/odds/turn")
def turn_odds():
    """Odds of a planned turn (attacks in order, stopping at the first failure): cached, else queued."""
    body = parse_body(schemas.TurnOddsRequest())
    planning = _planning()
    try:
        question = {"attacks": planning.normalise_plan(body["attacks"]), "trials": body["trials"]}
    except planning.QuestionError as exc:
        raise _question_error(exc) from None
    ctx = current_app.extensions["safehouse"]
    caller = (request.remote_addr or "127.0.0.1").encode()  # as the rate limits name callers
    asked = json.dumps(question, sort_keys=True).encode()
    key = hashlib.sha256(b"\x00".join([_secret(ctx), caller, asked])).hexdigest()
    job_id = odds_job_id(ctx["queue"].name, key)
    cached = ctx["store"].cache_get("turn-odds", key)
    if cached is not None:
        return {"job_id": job_id, "status": "finished", "result": cached}
    state = job_state(ctx["store"].queue_redis, job_id)
    if state is not None and state[0] == "finished":
        ctx["store"].cache_put("turn-odds", key, state[1])
        return {"job_id": job_id, "status": "finished", "result": state[1]}
    if state is None or state[0] in ("failed", "stopped", "canceled"):
        enqueue_turn_odds(ctx["queue"], job_id, key, question)
    return {"job_id": job_id, "status": "queued"}, 202, {"Location": f"/jobs/{job_id}"}


def _secret(ctx):
    """The server's odds secret: made once (SET NX) and shared through Redis by every process."""
    if "odds_secret" not in ctx:
        ctx["odds_secret"] = ctx["store"].odds_secret(secrets.token_hex(32))
    return ctx["odds_secret"]


@bp.get("/jobs/<job_id>")
def get_job(job_id):
    """The state of a queued computation and, when finished, its result."""
    known = job_id.startswith("odds-") and JOB_ID.fullmatch(job_id)
    state = job_state(current_app.extensions["safehouse"]["store"].queue_redis, job_id) if known else None
    if state is None:
        raise ApiError("job_not_found", f"no job {job_id!r}", "job_id")
    status, result = state
    answer = {"job_id": job_id, "status": status}
    if result is not None:
        answer["result"] = result
    return answer
