"""`python -m worker [--url URL] [--queue NAME] [--queues bots,bulk] [--burst] [--sweeper] [--engine compiled]`.

A non-forking RQ worker (the default forking worker costs ~20 ms of CPU per job; SimpleWorker
runs jobs in-process) on `<QUEUE>-bots` (bot turns of matches with a human seat), then
`<QUEUE>-allbots` (all-bot matches), then `<QUEUE>-bulk`, with the outbox sweeper in a background
thread. `--queues bots` makes a worker that only plays human matches' bot turns (nothing else ever
delays them); `--sweeper` runs only the sweeper; `--no-sweeper` only the worker. Jobs are read
with worker/safe_rq.py: only our own job functions run. A work loop that RQ ends on a Redis
error (a failover) is started again (worker/restarting.py): the process does not exit.
`--engine compiled` runs the jobs on the optional compiled engine (service/cli/compiled_engine.py).
"""

import argparse
import dataclasses
import logging
import sys
import threading

from rq import Queue

from service import logs
from service.settings import Settings, metrics_dir


def _parser(settings=None):
    settings = settings or Settings.from_env()
    parser = argparse.ArgumentParser(prog="python -m worker")
    parser.add_argument("--url", default=settings.redis_url)
    parser.add_argument("--queue", default=settings.queue, help="the service's base queue name")
    parser.add_argument("--prefix", default=settings.prefix)
    parser.add_argument("--queues", default="bots,allbots,bulk",
                        help="comma-separated kinds (bots, allbots, bulk) or full queue names, in priority order")
    parser.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    parser.add_argument("--engine", choices=("pure", "compiled", "auto"), default="pure",
                        help="play bot turns, odds and tournaments on the pure-Python engine "
                             "(default) or on the compiled one `make compiled` builds (the same "
                             "rules; ISMCTS searches 1.4-2x as far in its time); auto: the "
                             "compiled one when its build is current, else the pure one")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--sweeper", action="store_true", help="run only the outbox sweeper")
    mode.add_argument("--no-sweeper", action="store_true", help="run no sweeper thread")
    return parser


def queue_names(base, queues):
    """Full queue names from `--queues` (kinds bots/allbots/bulk become `<base>-<kind>`)."""
    names = [q.strip() for q in queues.split(",") if q.strip()]
    return [f"{base}-{q}" if q in ("bots", "allbots", "bulk") else q for q in names]


def _choose_engine(parser, choice, argv):
    """Run on the engine `--engine` asks for (for compiled: restarting on it if needed, or
    stopping with the reason: no build, an out-of-date one); says in words which it is."""
    from service.cli.compiled_engine import compiled_engine_problem, use_compiled_engine
    if choice == "pure":
        return "pure Python"
    if choice == "auto":
        problem = compiled_engine_problem()
        if problem:
            return f"pure Python ({problem})"
    problem = use_compiled_engine(list(argv), module="worker")
    if problem:
        parser.error(problem)
    return "compiled (build/compiled)"


def main(argv=None):
    """Run a SimpleWorker (plus sweeper thread), or only the sweeper, until stopped."""
    settings = Settings.from_env()
    parser = _parser(settings)
    args = parser.parse_args(argv)
    engine_note = _choose_engine(parser, args.engine, sys.argv[1:] if argv is None else argv)
    settings = dataclasses.replace(settings, redis_url=args.url, queue=args.queue, prefix=args.prefix)
    logs.configure(settings)  # text or JSON; RQ's per-job lines at DEBUG
    from service.jobs import queue_for

    from . import jobs
    from .metered import MeteredWorker, mark_dead_at_exit
    from .restarting import run_until_stopped
    from .safe_rq import SafeJob, SafeSerializer
    from .sweeper import Sweeper, start_heartbeat, start_thread
    jobs.configure(settings)  # the jobs this process runs use these (not the environment)
    logging.getLogger("worker").info("engine: %s", engine_note)
    store = jobs.store()
    base = queue_for(store.queue_redis, args.queue)
    if args.sweeper:
        Sweeper(store, base, settings).run(threading.Event())
        return
    connection = store.queue_redis
    queues = [Queue(name, connection=connection, job_class=SafeJob, serializer=SafeSerializer)
              for name in queue_names(args.queue, args.queues)]

    def make_worker(generation):
        return MeteredWorker(queues, connection=connection, job_class=SafeJob, serializer=SafeSerializer)
    first = make_worker(0)
    current = {"name": first.name}  # the heartbeat names the loop running now
    mark_dead_at_exit(metrics_dir())
    start_heartbeat(store, lambda: current["name"], settings.heartbeat_ttl_s, [q.name for q in queues])
    if not args.no_sweeper and not args.burst:
        start_thread(store, base, settings)
    workers = iter([first])
    run_until_stopped(lambda g: next(workers, None) or make_worker(g), burst=args.burst,
                      logging_level=settings.log_level,
                      on_start=lambda worker: current.update(name=worker.name))


if __name__ == "__main__":
    main()
