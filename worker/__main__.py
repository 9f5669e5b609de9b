"""`python -m worker [--url URL] [--queue NAME] [--queues bots,bulk] [--burst] [--sweeper]`.

A non-forking RQ worker (the default forking worker costs ~20 ms of CPU per job; SimpleWorker
runs jobs in-process) on `<QUEUE>-bots` (bot turns of matches with a human seat), then
`<QUEUE>-allbots` (all-bot matches), then `<QUEUE>-bulk`, with the outbox sweeper in a background
thread. `--queues bots` makes a worker that only plays human matches' bot turns (nothing else ever
delays them); `--sweeper` runs only the sweeper; `--no-sweeper` only the worker. Jobs are read
with worker/safe_rq.py: only our own job functions run.
"""

import argparse
import logging
import os
import threading

from rq import Queue, SimpleWorker


def _parser():
    env = os.environ.get
    parser = argparse.ArgumentParser(prog="python -m worker")
    parser.add_argument("--url", default=env("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/0"))
    parser.add_argument("--queue", default=env("SAFEHOUSE_QUEUE", "safehouse"),
                        help="the service's base queue name")
    parser.add_argument("--prefix", default=env("SAFEHOUSE_PREFIX", "sh:"))
    parser.add_argument("--queues", default="bots,allbots,bulk",
                        help="comma-separated kinds (bots, allbots, bulk) or full queue names, in priority order")
    parser.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--sweeper", action="store_true", help="run only the outbox sweeper")
    mode.add_argument("--no-sweeper", action="store_true", help="run no sweeper thread")
    return parser


def queue_names(base, queues):
    """Full queue names from `--queues` (kinds bots/allbots/bulk become `<base>-<kind>`)."""
    names = [q.strip() for q in queues.split(",") if q.strip()]
    return [f"{base}-{q}" if q in ("bots", "allbots", "bulk") else q for q in names]


def main(argv=None):
    """Run a SimpleWorker (plus sweeper thread), or only the sweeper, until stopped."""
    args = _parser().parse_args(argv)
    os.environ.update(SAFEHOUSE_REDIS_URL=args.url, SAFEHOUSE_QUEUE=args.queue,
                      SAFEHOUSE_PREFIX=args.prefix)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    from service.jobs import queue_for
    from service.store import Store

    from .safe_rq import SafeJob, SafeSerializer
    from .sweeper import Sweeper, start_heartbeat, start_thread
    store = Store(args.url, prefix=args.prefix)
    base = queue_for(store.queue_redis, args.queue)
    if args.sweeper:
        Sweeper(store, base).run(threading.Event())
        return
    connection = store.queue_redis
    queues = [Queue(name, connection=connection, job_class=SafeJob, serializer=SafeSerializer)
              for name in queue_names(args.queue, args.queues)]
    worker = SimpleWorker(queues, connection=connection, job_class=SafeJob, serializer=SafeSerializer)
    start_heartbeat(store, worker.name)
    if not args.no_sweeper and not args.burst:
        start_thread(store, base)
    worker.work(burst=args.burst)


if __name__ == "__main__":
    main()
