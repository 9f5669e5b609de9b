"""Dark Agent odds: one attack answered at once (exact), a whole planned turn via an RQ job.

Turn answers are cached by question (canonical JSON hash); the job id is derived from the same
hash, so asking twice never computes twice.
"""

import hashlib
import json
import re

from flask import Blueprint, current_app

from . import schemas
from .errors import ApiError
from .http import parse_body
from .jobs import enqueue_turn_odds, job_state, odds_job_id

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
    key = hashlib.sha256(json.dumps(question, sort_keys=True).encode()).hexdigest()
    ctx = current_app.extensions["safehouse"]
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
