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


class TextFormatter(logging.Formatter):
    """TEXT_FORMAT with the date and time formatted once a second (time.strftime was a third of
    an access line's cost)."""

    _second = None
    _stamp = ""

    def formatTime(self, record, datefmt=None):
        second = int(record.created)
        if second != self._second:
            self._stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(second))
            self._second = second
        return f"{self._stamp},{int(record.msecs):03d}"


class JSONFormatter(logging.Formatter):
    """One JSON object a line: ts, level, logger, message, request_id and the access fields."""

    def format(self, record):
        out = {"ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
               + f".{int(record.msecs):03d}Z", "level": record.levelname, "logger": record.name,
               "message": record.getMessage(), "request_id": record.request_id}
        for field in FIELDS:
            if hasattr(record, field):
                out[field] = getattr(record, field)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, separators=(",", ":"))


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
