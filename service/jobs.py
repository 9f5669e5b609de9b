"""The only enqueue code: bot turns, turn clocks, odds and tournament batches go to RQ from here.

Queues: bot turns and zombie moves of matches with a human seat on `<QUEUE>-bots`; bot turns of
all-bot matches on `<QUEUE>-allbots` (workers take them only when `-bots` is empty, so nobody's
bot matches delay a human's reply); bulk work (Dark Agent turn odds, tournament
batches from `service/tournament_rq.py`) on `<QUEUE>-bulk`, so a heavy job never holds up a bot turn.

Job ids are deterministic (`bot-<match>-<version>-<seat>`, `clock-<match>-<version>`; a sweeper's
n-th re-dispatch adds `-r<n>`), arguments are primitive JSON, and functions are named by their
import path so the API never imports worker code. Dispatching is best effort: the match's outbox
entry (written with the save) lets the sweeper re-dispatch anything that was lost.
"""

import io
import logging
import pickle

from rq import Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.serializers import DefaultSerializer

from .matches import bot_seats_to_move
from .store import StoreError

BOT_TURN = "worker.jobs.bot_turn"
CLOCK_EXPIRED = "worker.jobs.clock_expired"
TURN_ODDS = "worker.jobs.turn_odds"
BOT_JOB_TIMEOUT_S = 120  # a move is bounded by SAFEHOUSE_MAX_BOT_BUDGET_MS (5 s by default)
# bot turns, zombie moves and tournament batches keep no result (their work is in the match or
# the tournament's results hash) and a failure record only this long (the sweeper re-dispatches
# a failed turn; `run_rq` looks at the failed registry every 2 s), so RQ's Redis holds
# bookkeeping only for work in flight (issue 31). Odds keep theirs: GET /jobs/{id} reads it.
FAILURE_TTL_S = 300
UNKEPT = {"result_ttl": 0, "failure_ttl": FAILURE_TTL_S}

TOURNAMENT_BATCH = "worker.tournament.play_batch"
# the only functions a worker runs (worker/safe_rq.py refuses any other job before it runs)
JOB_FUNCTIONS = frozenset({BOT_TURN, CLOCK_EXPIRED, TURN_ODDS, TOURNAMENT_BATCH})
BULK_SUFFIX = "-bulk"  # bulk work (odds, tournaments) never delays bot turns

log = logging.getLogger(__name__)


def queue_for(connection, name="safehouse"):
    """The service's base queue (its name and connection); jobs go to its -bots / -bulk queues."""
    return Queue(name, connection=connection)


def bots_queue(queue):
    """The queue of bot turns and zombie moves: `<QUEUE>-bots`."""
    return Queue(f"{queue.name}-bots", connection=queue.connection)


def all_bots_queue(queue):
    """The queue of all-bot matches' bot turns: `<QUEUE>-allbots`, served after `-bots`."""
    return Queue(f"{queue.name}-allbots", connection=queue.connection)


def turn_queue(queue, meta):
    """Where a match's bot turns go: `-bots` when a seat is human, `-allbots` when none is."""
    human = any(seat["kind"] == "human" for seat in meta["seats"])
    return bots_queue(queue) if human else all_bots_queue(queue)


def bulk_queue(queue):
    """The queue of bulk work (odds, tournament batches): `<QUEUE>-bulk`."""
    return Queue(f"{queue.name}-bulk", connection=queue.connection)


def bot_job_id(match_id, version, seat, attempt=0):
    """The id of a bot turn's job (attempt n > 0: the sweeper's n-th re-dispatch)."""
    return f"bot-{match_id}-{version}-{seat}" + (f"-r{attempt}" if attempt else "")


def clock_job_id(match_id, version, attempt=0):
    """The id of a turn clock's zombie-move job."""
    return f"clock-{match_id}-{version}" + (f"-r{attempt}" if attempt else "")


def bulk_queue_for(connection, name="safehouse"):
    """The queue for bulk work (`<QUEUE>-bulk`); `python -m worker` serves it after its own."""
    return Queue(name + BULK_SUFFIX, connection=connection)


def enqueue_tournament_batch(queue, tournament_id, spec_json, indices, results_key):
    """Queue one batch of whole matches of a tournament (never a job per move); the job stores
    each record with HSETNX under `results_key`, so a retried or repeated job counts nothing twice."""
    job_id = f"tourney-{tournament_id}-{indices[0]}-{len(indices)}"
    queue.enqueue_call(TOURNAMENT_BATCH, args=(spec_json, list(indices), results_key),
                       job_id=job_id, retry=Retry(max=2), timeout=3600, **UNKEPT)
    return job_id


def enqueue_bot_turns(queue, match_id, match, meta, attempt=0):
    """Queue one job per bot seat to move now; returns the job ids."""
    ids, target = [], turn_queue(queue, meta)
    for seat in bot_seats_to_move(match, meta):
        job_id = bot_job_id(match_id, match.version, seat, attempt)
        target.enqueue_call(BOT_TURN, args=(match_id, match.version, seat), job_id=job_id,
                                       timeout=BOT_JOB_TIMEOUT_S, **UNKEPT)
        ids.append(job_id)
    return ids


def enqueue_clock(queue, match_id, version, attempt=0):
    """Queue the zombie move for the human seats whose clock ran out (the sweeper calls this)."""
    job_id = clock_job_id(match_id, version, attempt)
    bots_queue(queue).enqueue_call(CLOCK_EXPIRED, args=(match_id, version), job_id=job_id,
                                   timeout=BOT_JOB_TIMEOUT_S, **UNKEPT)
    return job_id


def after_save(queue, match_id, match, meta):
    """Everything that follows a write: bot turns now. Turn clocks fire from the outbox (the
    sweeper), and a failed enqueue is only logged: the sweeper re-dispatches it."""
    try:
        enqueue_bot_turns(queue, match_id, match, meta)
    except StoreError as exc:
        log.warning("bot turn of %s v%s not queued (%s); the sweeper will dispatch it",
                    match_id, match.version, exc)


def odds_job_id(queue_name, key):
    """The deterministic job id of an odds question (per queue, so deployments never collide)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in queue_name)
    return f"odds-{safe}-{key[:32]}"


def enqueue_turn_odds(queue, job_id, key, question):
    """Queue the odds of a planned Dark Agent turn (on the bulk queue) under its job id."""
    bulk_queue(queue).enqueue_call(TURN_ODDS, args=(key, question), job_id=job_id, result_ttl=3600,
                                   failure_ttl=3600, retry=Retry(max=1))
    return job_id


class _PlainUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        raise pickle.UnpicklingError(f"job data may not name {module}.{name}")


class SafeSerializer:
    """RQ's pickle format, read without any class or function reference: job data and results
    from Redis are plain values here (our jobs' arguments and answers are JSON-like), so bytes
    someone else wrote to Redis cannot run code while they are loaded."""

    dumps = DefaultSerializer.dumps

    @staticmethod
    def loads(data):
        return _PlainUnpickler(io.BytesIO(data)).load()


def fetch_job(connection, job_id):
    """The RQ Job or None (its data and result read with SafeSerializer)."""
    try:
        return Job.fetch(job_id, connection=connection, serializer=SafeSerializer)
    except NoSuchJobError:
        return None


def job_state(connection, job_id):
    """(status, result) of a job, or None when there is no such job."""
    job = fetch_job(connection, job_id)
    if job is None:
        return None
    status = job.get_status(refresh=True)
    status = getattr(status, "value", status)
    return status, job.return_value() if status == "finished" else None
