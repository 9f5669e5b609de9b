"""Waiting clients hold no Redis connection each: 300 live SSE streams plus 100 long-polls on
one gevent worker (redis-py's pool holds at most 100 connections per process by default) all get
the next event, and the server's Redis connections stay few. 5,000 streams: `make bench`."""

import json
import socket
import time

import redis
import requests

from .conftest import _serve

STREAMS, POLLS = 300, 100


def open_request(port, path):
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    return sock


def read_until(sock, needle, limit=1 << 20):
    data = b""
    while needle not in data and len(data) < limit:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def test_hundreds_of_waiting_clients_share_one_connection(config, own_redis):
    url, _ = own_redis
    server = _serve(dict(config, REDIS_URL=url, MAX_STREAMS_PER_ADDRESS=1000))  # all from one address
    base = next(server)
    try:
        port = int(base.rsplit(":", 1)[1])
        made = requests.post(f"{base}/matches", json={"game": "toy", "seed": 8}, timeout=10).json()
        mid = made["match_id"]
        tokens = {t["seat"]: t["token"] for t in made["tokens"]}
        db = redis.Redis.from_url(url)
        before = db.info("clients")["connected_clients"]
        streams = [open_request(port, f"/matches/{mid}/stream?after=1") for _ in range(STREAMS)]
        polls = [open_request(port, f"/matches/{mid}/events?after=1&wait=25") for _ in range(POLLS)]
        for sock in streams:
            assert read_until(sock, b"retry: 1000").startswith(b"HTTP/1.1 200")
        time.sleep(1)  # the long-polls are waiting too
        during = db.info("clients")["connected_clients"]
        view = requests.get(f"{base}/matches/{mid}", timeout=10).json()
        seat = view["to_move"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        action = requests.get(f"{base}/matches/{mid}/actions", headers=auth, timeout=10).json()["legal_actions"][0]
        assert requests.post(f"{base}/matches/{mid}/actions", json={"action": action}, headers=auth,
                             timeout=10).status_code == 200
        for sock in streams:
            assert b"id: 2\nevent: match" in read_until(sock, b"id: 2\n")
        for sock in polls:
            reply = read_until(sock, b'"last":2')
            assert reply.startswith(b"HTTP/1.1 200") and b'"last":2' in reply
        # bounded by the process's pool (SAFEHOUSE_REDIS_POOL, 64) and one subscriber, not by the
        # 400 waiting clients
        assert during - before <= 64 + 2, (before, during)
        for sock in streams + polls:
            sock.close()
        health = requests.get(f"{base}/healthz", timeout=10)
        assert health.status_code == 200, json.dumps(health.json())
    finally:
        server.close()
