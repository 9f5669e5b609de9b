"""gunicorn settings for serving Safehouse (`gunicorn -c python:service.process.gunicorn_conf ...`).

- `worker_class` gevent: an idle long-poll or SSE client holds a greenlet, not a worker (waiting
  clients share one Redis subscriber, see service/store/notifier.py).
- `worker_connections` (SAFEHOUSE_WORKER_CONNECTIONS, 4,000) is what one worker serves well:
  bench/bench_streams.py measured 32 KiB per idle stream and 5,000 streams woken within 1.6 s, so
  4,000 is ~130 MiB and ~1.3 s of fan-out; it never exceeds the file descriptors the process may
  open (less a reserve for Redis, logs and modules), raising the soft limit toward the hard one
  first, since past it every accept fails. A request line and headers must arrive within
  `keepalive` (2 s), a body within SAFEHOUSE_BODY_TIMEOUT_S (service/api/connections.py), so a slow
  client holds a connection for seconds, not forever (docs/security.md).
- Each worker freezes what it loaded out of the garbage collector's sight (`post_worker_init`).
- The access log (off unless `--access-logfile` is given) never records query strings or headers:
  a stream ticket travels as `?ticket=` and must not end up in a log. The app logs its own line
  per request (service/api/observe.py: route, status, ms, request id).
- Metrics: every worker writes into PROMETHEUS_MULTIPROC_DIR (made here, in a private temporary
  folder removed at exit, when `make run` has not named one); a worker's live gauges are marked
  dead when it exits (`child_exit`).
- No control socket (gunicorn >= 25.1 opens `$XDG_RUNTIME_DIR/gunicorn.ctl` or
  `~/.gunicorn/gunicorn.ctl` by default: one path per user, so two services on one machine would
  take each other's, and the first to stop would delete it). The service does not use `gunicornc`.
"""

import gc
import resource
import shutil
import tempfile

from service.process import json_errors
from service.settings import Settings, metrics_dir, set_metrics_dir

json_errors.install()  # gunicorn's own 400/414/431 answers are JSON like the app's

FD_RESERVE = 256  # Redis pool (64) and subscriber, logs, module files, the listening socket


def _worker_connections(wanted):
    """`wanted`, or fewer when the process may not open that many sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = wanted + FD_RESERVE
    if soft != resource.RLIM_INFINITY and soft < need:
        raised = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else max(1, min(wanted, soft - FD_RESERVE))


control_socket_disable = True
worker_class = "gevent"
worker_connections = _worker_connections(Settings.from_env().worker_connections)
keepalive = 2  # also the deadline for a request line and headers (gunicorn's gevent worker)
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


_OWN_METRICS_DIR = []


def on_starting(server):
    """In the master, before any worker: name a metrics folder when none is (the workers inherit it)."""
    if not metrics_dir():
        _OWN_METRICS_DIR.append(tempfile.mkdtemp(prefix="safehouse-metrics-"))
        set_metrics_dir(_OWN_METRICS_DIR[0])


def child_exit(server, worker):
    """A worker is gone (in the master): its live gauges (waiting clients) stop counting."""
    from prometheus_client import multiprocess
    multiprocess.mark_process_dead(worker.pid)


def on_exit(server):
    """Remove the metrics folder this config made (one `make run` names is its own to clean)."""
    for folder in _OWN_METRICS_DIR:
        shutil.rmtree(folder, ignore_errors=True)


def worker_exit(server, worker):
    """Hand the frozen objects back before exit, so they are finalized while the modules they
    need (logging, gevent) still exist; and the requests counted since the last flush."""
    from service import metrics
    metrics.flush_requests()
    gc.unfreeze()
