"""Logging for every process of the service: text (default) or one JSON object a line
(SAFEHOUSE_LOG_FORMAT=json), at SAFEHOUSE_LOG_LEVEL; each line carries the request id of the
request it belongs to (the API passes `context`). RQ's per-job lines are demoted to DEBUG: 14 of
every 15 lines of a busy worker otherwise; SAFEHOUSE_LOG_LEVEL=DEBUG shows them.

Never log a query string or a header: stream tickets travel as `?ticket=`, seat tokens as headers.
"""

import json
import logging
import time

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
FIELDS = ("method", "route", "status", "ms")  # the access line's fields, also as JSON keys
RQ_JOB_LINES = ("Worker %s: %s: %s", "Successfully completed", "Worker %s: job %s",
                "Worker %s: cleaning")


ACCESS = logging.getLogger("safehouse.access")
ACCESS_MESSAGE = "%s %s %s %.1fms"  # method, route, status, milliseconds
_ours = []  # the handler configure() installed


class TextFormatter(logging.Formatter):
    """TEXT_FORMAT with the date and time formatted once a second (time.strftime was a third of
    an access line's cost)."""

    _second = None
    _stamp = ""

    def formatTime(self, record, datefmt=None):
        return self.stamp(record.created, record.msecs)

    def stamp(self, created, msecs):
        second = int(created)
        if second != self._second:
            self._stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(second))
            self._second = second
        return f"{self._stamp},{int(msecs):03d}"

    def access(self, created, request_id, fields):
        """The access line this formatter would make of a record with these fields."""
        method, route, status, ms = fields
        stamp = self.stamp(created, int((created - int(created)) * 1000))
        return f"{stamp} INFO safehouse.access [{request_id}] {method} {route} {status} {ms:.1f}ms"


class JSONFormatter(logging.Formatter):
    """One JSON object a line: ts, level, logger, message, request_id and the access fields."""

    def format(self, record):
        out = {"ts": _utc(record.created, record.msecs), "level": record.levelname, "logger": record.name,
               "message": record.getMessage(), "request_id": record.request_id}
        for field in FIELDS:
            if hasattr(record, field):
                out[field] = getattr(record, field)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, separators=(",", ":"))

    def access(self, created, request_id, fields):
        """The access line this formatter would make of a record with these fields."""
        out = {"ts": _utc(created, int((created - int(created)) * 1000)), "level": "INFO",
               "logger": ACCESS.name, "message": ACCESS_MESSAGE % fields, "request_id": request_id}
        out.update(zip(FIELDS, fields))
        return json.dumps(out, separators=(",", ":"))


def _utc(created, msecs):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created)) + f".{int(msecs):03d}Z"


def access_line(method, route, status, ms, request_id):
    """Log one request's access line (logger `safehouse.access`, INFO). While the logging set-up
    is configure()'s alone (its one handler on the root, no other handler or filter anywhere on
    the way), the line is formatted by that handler's formatter and written straight to its
    stream: the same bytes as through logging, without the ~80 Python calls a record costs (about
    55 us of a gevent worker's CPU per request). Anything else installed (a test's capture, an
    operator's handler) gets the record through logging as usual."""
    if not ACCESS.isEnabledFor(logging.INFO):
        return
    fields = (method, route, status, ms)
    handler = _ours[0] if _ours else None
    root = logging.root
    if (handler is None or ACCESS.handlers or ACCESS.filters or not ACCESS.propagate or root.filters
            or len(root.handlers) != 1 or root.handlers[0] is not handler or len(handler.filters) != 1
            or handler.level > logging.INFO):
        ACCESS.info(ACCESS_MESSAGE, *fields, extra=dict(zip(FIELDS, fields)))
        return
    stream = handler.stream  # one write of one whole line (gevent: no other greenlet runs in it)
    stream.write(handler.formatter.access(time.time(), request_id or "-", fields) + handler.terminator)
    stream.flush()


class _Context(logging.Filter):
    """Adds `request_id` to every record ("-" outside a request)."""

    def __init__(self, context):
        super().__init__()
        self.context = context

    def filter(self, record):
        if not hasattr(record, "request_id"):
            record.request_id = (self.context() if self.context else None) or "-"
        return True


class _DemoteJobLines(logging.Filter):
    """RQ's per-job INFO lines become DEBUG lines (shown only at SAFEHOUSE_LOG_LEVEL=DEBUG)."""

    def __init__(self, debug):
        super().__init__()
        self.debug = debug

    def filter(self, record):
        if record.levelno == logging.INFO and str(record.msg).startswith(RQ_JOB_LINES):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return self.debug
        return True


def configure(settings, context=None):
    """Log to stderr in the settings' format and level; `context()` gives the request id.

    No line of ours (nor gunicorn's, nor RQ's) names its source file, thread or multiprocessing
    name, so the records skip finding them (the logging HOWTO's "Optimization": a stack walk and
    two lookups per record)."""
    logging._srcfile = None  # noqa: SLF001 - the documented switch for the caller lookup
    logging.logThreads = logging.logMultiprocessing = False  # (gunicorn's own lines print the pid)
    handler = logging.StreamHandler()
    handler.addFilter(_Context(context))
    handler.setFormatter(JSONFormatter() if settings.log_format == "json" else TextFormatter(TEXT_FORMAT))
    handler.safehouse = True
    _ours[:] = [handler]
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "safehouse", False)]:
        root.removeHandler(old)
    root.addHandler(handler)
    level = logging.getLevelName(settings.log_level)
    root.setLevel(level if isinstance(level, int) else logging.INFO)
    rq_log = logging.getLogger("rq.worker")
    for old in [f for f in rq_log.filters if isinstance(f, _DemoteJobLines)]:
        rq_log.removeFilter(old)
    rq_log.addFilter(_DemoteJobLines(root.level <= logging.DEBUG))
    return handler
