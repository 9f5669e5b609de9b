"""The only enqueue code: bot turns (and later odds and tournaments) go to RQ from here.

Job ids are deterministic (`bot-<match>-<version>-<seat>`), arguments are primitive JSON, and
functions are named by their import path so the API never imports worker code.
"""

from datetime import timedelta

from rq import Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job

from .matches import bot_seats_to_move

BOT_TURN = "worker.jobs.bot_turn"
CLOCK_EXPIRED = "worker.jobs.clock_expired"
TURN_ODDS = "worker.jobs.turn_odds"
TOURNAMENT_BATCH = "worker.tournament.play_batch"
BULK_SUFFIX = "-bulk"  # bulk work (tournaments) never delays bot turns: workers take it last


def queue_for(connection, name="safehouse"):
    """The RQ queue the service and workers share."""
    return Queue(name, connection=connection)


def bulk_queue_for(connection, name="safehouse"):
    """The queue for bulk work (`<QUEUE>-bulk`); `python -m worker` serves it after its own."""
    return Queue(name + BULK_SUFFIX, connection=connection)


def enqueue_tournament_batch(queue, tournament_id, spec_json, indices, results_key):
    """Queue one batch of whole matches of a tournament (never a job per move); the job stores
    each record with HSETNX under `results_key`, so a retried or repeated job counts nothing twice."""
    job_id = f"tourney-{tournament_id}-{indices[0]}-{len(indices)}"
    queue.enqueue_call(TOURNAMENT_BATCH, args=(spec_json, list(indices), results_key),
                       job_id=job_id, retry=Retry(max=2), timeout=3600, result_ttl=3600,
                       failure_ttl=24 * 3600)
    return job_id


def enqueue_bot_turns(queue, match_id, match, meta):
    """Queue one job per bot seat to move now; returns the job ids."""
    ids = []
    for seat in bot_seats_to_move(match, meta):
        job_id = f"bot-{match_id}-{match.version}-{seat}"
        queue.enqueue_call(BOT_TURN, args=(match_id, match.version, seat), job_id=job_id,
                           retry=Retry(max=2), result_ttl=300, failure_ttl=3600)
        ids.append(job_id)
    return ids


def enqueue_clock(queue, match_id, match, meta):
    """With a turn clock, schedule the zombie move for when the human seats' time runs out."""
    if not meta.get("deadline") or not meta.get("clock_s"):
        return None
    job_id = f"clock-{match_id}-{match.version}"
    queue.enqueue_in(timedelta(seconds=meta["clock_s"]), CLOCK_EXPIRED,
                     args=(match_id, match.version), job_id=job_id, result_ttl=300)
    return job_id


def after_save(queue, match_id, match, meta):
    """Everything that follows a write: bot turns now, the turn clock later."""
    enqueue_bot_turns(queue, match_id, match, meta)
    enqueue_clock(queue, match_id, match, meta)


def odds_job_id(queue_name, key):
    """The deterministic job id of an odds question (per queue, so deployments never collide)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in queue_name)
    return f"odds-{safe}-{key[:32]}"


def enqueue_turn_odds(queue, job_id, key, question):
    """Queue the odds of a planned Dark Agent turn under its deterministic job id."""
    queue.enqueue_call(TURN_ODDS, args=(key, question), job_id=job_id, result_ttl=3600,
                       failure_ttl=3600, retry=Retry(max=1))
    return job_id


def job_state(connection, job_id):
    """(status, result) of a job, or None when there is no such job."""
    try:
        job = Job.fetch(job_id, connection=connection)
    except NoSuchJobError:
        return None
    status = job.get_status(refresh=True)
    status = getattr(status, "value", status)
    return status, job.return_value() if status == "finished" else None
