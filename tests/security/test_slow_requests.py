"""Finding 9: a request body dribbled slowly gets 408 and its connection is closed (against a real
gunicorn gevent worker, a raw socket sending one byte at a time); an address holds a bounded
number of open SSE streams and long-polls (429 + Retry-After beyond it); worker_connections fits
the file descriptors a worker may open."""

import select
import socket
import time
from urllib.parse import urlparse

import pytest
import requests

BOUND_S = 20  # every loop below gives up after this long (a failure, never a hang)


@pytest.fixture
def config(config):
    return dict(config, BODY_TIMEOUT_S=1, MAX_STREAMS_PER_ADDRESS=2, SSE_KEEPALIVE_S=0.3)


def _dribble(base, path):
    """Send a POST whose 100-byte body comes one byte every 0.2 s; answer (what the server sent,
    whether it closed the connection), both within BOUND_S."""
    url = urlparse(base)
    sock = socket.create_connection((url.hostname, url.port), timeout=5)
    head = (f"POST {path} HTTP/1.1\r\nHost: {url.netloc}\r\nContent-Type: application/json\r\n"
            "Content-Length: 100\r\n\r\n{").encode()
    sock.sendall(head)
    received, closed, sent = b"", False, 1
    deadline = time.monotonic() + BOUND_S
    try:
        while time.monotonic() < deadline and not closed:
            readable, _, _ = select.select([sock], [], [], 0.2)
            if readable:
                chunk = sock.recv(65536)
                received += chunk
                closed = not chunk
            elif sent < 99:
                sock.sendall(b" ")
                sent += 1
    except (ConnectionResetError, BrokenPipeError):
        closed = True
    finally:
        sock.close()
    return received, closed, sent


def test_a_slow_body_gets_408_and_the_connection_is_closed(live_server):
    received, closed, sent = _dribble(live_server, "/matches")
    assert received.startswith(b"HTTP/1.1 408"), received[:200]
    assert b'"request_timeout"' in received
    assert closed and sent < 99  # closed before the body was complete
    # the worker still serves everyone else
    assert requests.post(f"{live_server}/matches", json={"game": "toy"}, timeout=10).status_code == 201


def test_an_address_holds_a_bounded_number_of_streams_and_long_polls(live_server):
    mid = requests.post(f"{live_server}/matches", json={"game": "toy"}, timeout=10).json()["match_id"]
    stream = f"{live_server}/matches/{mid}/stream"
    held = [requests.get(stream, stream=True, timeout=10) for _ in range(2)]
    try:
        assert [r.status_code for r in held] == [200, 200]
        refused = requests.get(stream, timeout=10)
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_streams"
        assert int(refused.headers["Retry-After"]) >= 1
        poll = requests.get(f"{live_server}/matches/{mid}/events?wait=5", timeout=10)
        assert poll.status_code == 429 and poll.headers["Retry-After"]
        # a plain read (no wait) is not a long-poll: never refused for this
        assert requests.get(f"{live_server}/matches/{mid}/events", timeout=10).status_code == 200
        held.pop().close()  # the server notices at the next keep-alive and frees the slot
        deadline = time.monotonic() + BOUND_S
        while True:
            again = requests.get(stream, stream=True, timeout=10)
            if again.status_code == 200:
                held.append(again)
                break
            again.close()
            assert time.monotonic() < deadline, "the closed stream's slot was never released"
            time.sleep(0.2)
    finally:
        for answer in held:
            answer.close()


def test_worker_connections_fit_the_open_file_limit():
    import resource

    from service.process import gunicorn_conf
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert gunicorn_conf.worker_connections <= 10000 - 1  # no longer the unbounded 10,000
    assert gunicorn_conf.worker_connections + gunicorn_conf.FD_RESERVE <= soft or soft == resource.RLIM_INFINITY
    assert gunicorn_conf._worker_connections(10 ** 9) <= soft  # never past what may be opened


def test_a_body_gunicorn_holds_whole_needs_no_timer():
    """The deadline's timer is skipped only when gunicorn's buffer holds the whole body (a body
    that came with the headers); part of a body, a chunked one or another server's input keeps it."""
    import io

    from gunicorn.http.body import Body, ChunkedReader, LengthReader
    from gunicorn.http.unreader import Unreader

    from service.api.connections import _already_buffered

    def held(data, length):
        unreader = Unreader()
        unreader.buf.write(data)
        return {"wsgi.input": Body(LengthReader(unreader, length))}

    assert _already_buffered(held(b'{"action": {}}', 14))
    assert _already_buffered(held(b'{"action": {}}GET / HTTP/1.1', 14))  # a pipelined request after it
    assert not _already_buffered(held(b'{"act', 14))
    assert not _already_buffered({"wsgi.input": Body(ChunkedReader(object(), Unreader()))})
    assert not _already_buffered({"wsgi.input": io.BytesIO(b"{}")})
