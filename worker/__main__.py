"""`python -m worker [--url URL] [--queue NAME] [--burst]`: a non-forking RQ worker.

The default forking worker costs ~20 ms of CPU per job; SimpleWorker runs jobs in-process. It
serves NAME first and NAME-bulk (tournament batches) only when NAME is empty.
"""

import argparse
import os

import redis
from rq import Queue, SimpleWorker


def main(argv=None):
    """Run a SimpleWorker on the Safehouse queue until stopped (or until empty with --burst)."""
    parser = argparse.ArgumentParser(prog="python -m worker")
    parser.add_argument("--url", default=os.environ.get("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/0"))
    parser.add_argument("--queue", default=os.environ.get("SAFEHOUSE_QUEUE", "safehouse"))
    parser.add_argument("--prefix", default=os.environ.get("SAFEHOUSE_PREFIX", "sh:"))
    parser.add_argument("--burst", action="store_true")
    args = parser.parse_args(argv)
    os.environ.update(SAFEHOUSE_REDIS_URL=args.url, SAFEHOUSE_QUEUE=args.queue,
                      SAFEHOUSE_PREFIX=args.prefix)
    connection = redis.Redis.from_url(args.url)
    queues = [Queue(args.queue, connection=connection),  # bot turns first, then bulk work
              Queue(args.queue + "-bulk", connection=connection)]
    worker = SimpleWorker(queues, connection=connection)
    worker.work(burst=args.burst, with_scheduler=True)


if __name__ == "__main__":
    main()
