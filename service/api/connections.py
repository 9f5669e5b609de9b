"""What one caller may hold open (docs/security.md, "HTTP requests, connections and headers").

- A request body must arrive within `BODY_TIMEOUT_S` (10 s) of the app asking for it, or the
  answer is `408 request_timeout` and gunicorn closes the connection (it drains what is left of
  the body for at most its keep-alive time, 2 s, then gives up and closes). The deadline is a
  `gevent.Timeout` around the read: it only works where reads yield to gevent's hub, i.e. under
  `make run`'s gunicorn gevent worker (a sync server or the test client reads as before).
  gunicorn itself bounds the request line and headers by its keep-alive time.
- Each address may hold `MAX_STREAMS_PER_ADDRESS` (16) open SSE streams and long-polls per API
  process; one more is `429 too_many_streams` with `Retry-After`. A stream's slot is released
  when the server closes its response (client gone, match over, or `SSE_MAX_S`).
"""

import threading
from contextlib import contextmanager

from flask import current_app, request

from ..metrics import WAITERS
from .errors import ApiError

STREAM_RETRY_AFTER_S = "5"
_gevent_timeout = []  # [gevent.Timeout or None], decided at the first body


def _timeout_class():
    if not _gevent_timeout:
        try:
            from gevent import Timeout, monkey
            _gevent_timeout.append(Timeout if monkey.is_module_patched("socket") else None)
        except ImportError:
            _gevent_timeout.append(None)
    return _gevent_timeout[0]


def _already_buffered(env):
    """Whether gunicorn holds the whole body already (a small body arrives with the headers):
    reading it then cannot wait on the client, so it needs no timer. False whenever gunicorn's
    reader is not the one expected (the timer then guards the read as always)."""
    reader = getattr(env.get("wsgi.input"), "reader", None)
    buffered = getattr(getattr(reader, "unreader", None), "buf", None)
    length = getattr(reader, "length", None)
    if not isinstance(length, int) or buffered is None or not hasattr(buffered, "getbuffer"):
        return False
    with buffered.getbuffer() as view:
        return view.nbytes >= length


def read_body():
    """before_request: read (and cache) the body against the deadline. A request without a body
    costs one environ lookup."""
    env = request.environ
    if env.get("CONTENT_LENGTH", "0") in ("", "0") and "HTTP_TRANSFER_ENCODING" not in env:
        return
    timeout = _timeout_class()
    if timeout is None or _already_buffered(env):
        return
    seconds = current_app.config["BODY_TIMEOUT_S"]
    data = None
    with timeout(seconds, False):  # False: leave the block quietly when the time is up
        data = request.get_data(cache=True)
    if data is None:
        raise ApiError("request_timeout", f"the request body did not arrive within {seconds} s",
                       "body", headers={"Connection": "close"})


class StreamSlots:
    """Open streams and long-polls per caller address (this process)."""

    def __init__(self):
        self._open = {}
        self._lock = threading.Lock()

    def acquire(self, address, cap):
        """Take a slot for `address`; ApiError too_many_streams when it holds `cap` already."""
        with self._lock:
            held = self._open.get(address, 0)
            if held >= cap:
                raise ApiError("too_many_streams", f"this address already holds {cap} open streams "
                               "and long-polls; close one or retry later",
                               headers={"Retry-After": STREAM_RETRY_AFTER_S})
            self._open[address] = held + 1
        return lambda: self.release(address)

    def release(self, address):
        """Give a slot back."""
        with self._lock:
            held = self._open.get(address, 0) - 1
            if held > 0:
                self._open[address] = held
            else:
                self._open.pop(address, None)

    @contextmanager
    def held(self, address, cap):
        """A slot for the duration of the block (a long-poll)."""
        release = self.acquire(address, cap)
        try:
            yield
        finally:
            release()


def stream_slot():
    """Take the caller's slot for a stream; returns the function that releases it."""
    ctx = current_app.extensions["safehouse"]
    release = ctx["stream_slots"].acquire(request.remote_addr or "127.0.0.1",
                                          current_app.config["MAX_STREAMS_PER_ADDRESS"])
    waiting = WAITERS.labels("sse")
    waiting.inc()

    def done():
        release()
        waiting.dec()
    return done


@contextmanager
def long_poll_slot():
    """A context manager holding the caller's slot for a long-poll (counted as a waiter)."""
    with _long_poll_held(), WAITERS.labels("longpoll").track_inprogress():
        yield


def _long_poll_held():
    ctx = current_app.extensions["safehouse"]
    return ctx["stream_slots"].held(request.remote_addr or "127.0.0.1",
                                    current_app.config["MAX_STREAMS_PER_ADDRESS"])
