"""gunicorn settings for serving Safehouse (`gunicorn -c python:service.gunicorn_conf ...`).

- `worker_class` gevent: an idle long-poll or SSE client holds a greenlet, not a worker; with
  `worker_connections` 10,000 one worker process can hold thousands of waiting clients (they share
  one Redis subscriber, see service/notifier.py).
- Each worker freezes what it loaded out of the garbage collector's sight (`post_worker_init`).
- The access log (off unless `--access-logfile` is given) never records query strings or headers:
  a stream ticket travels as `?ticket=` and must not end up in a log.
"""

import gc

worker_class = "gevent"
worker_connections = 10000
timeout = 120
# request lines up to 8190 bytes reach the app, which answers a JSON 414 above MAX_URI_LENGTH
limit_request_line = 8190
access_log_format = '%(h)s "%(m)s %(U)s %(H)s" %(s)s %(B)s %(M)sms'


def post_worker_init(worker):
    """Once the worker has loaded the app: everything it holds (modules, routes, schemas, scripts:
    ~68,000 objects) lives as long as the process, so it goes out of the collector's sight and a
    full collection scans only what requests leave behind (bench workload: full collections 43 ms
    -> 11 ms on average, 59 -> 18 ms at worst; each one stalls every request the worker holds).
    Garbage is collected first, so none is frozen."""
    gc.collect()
    gc.freeze()


def worker_exit(server, worker):
    """Hand the frozen objects back before exit, so they are finalized while the modules they
    need (logging, gevent) still exist."""
    gc.unfreeze()
