"""Load generator for `bench/bench_service.py`: N concurrent clients (gevent greenlets, one
keep-alive HTTP connection each) play whole 4-player Inside Job matches for a bounded time.

Each client creates a match with all four seats human, then repeats: GET the view of the seat to
move (its bearer token), pick one of the view's `legal_actions`, POST it with the view's version.
Seeds and picks are deterministic per (client, match number), so ours and the reference play the
very same matches. Creation requests are counted but kept out of the GET/POST latencies.

Prints one JSON object: requests, actions, errors, elapsed seconds, client CPU seconds and the raw
GET/POST latencies in ms. Usage (normally run by bench_service.py):
  python bench/load_client.py --target ours|reference --url http://127.0.0.1:PORT --clients 4 --seconds 5
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import gzip  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

import gevent  # noqa: E402

MAX_ACTIONS_PER_MATCH = 1000  # far above an Inside Job match; a runaway match is abandoned
SEED_STRIDE = 1_000_000


class RequestFailed(Exception):
    """A non-2xx answer or a broken connection: the client abandons its current match."""


class Client:
    """One player-program with one keep-alive connection; records latencies into `stats`."""

    def __init__(self, url, target, stats, accept_gzip=True):
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.target, self.stats = target, stats
        self.conn = None
        self.headers = {"Accept-Encoding": "gzip"} if accept_gzip else {}

    def request(self, method, path, body=None, token=None, kind=None):
        """JSON answer of one request; its latency goes to stats[kind] (None: not recorded)."""
        headers = dict(self.headers)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            self.conn.request(method, path, body=payload, headers=headers)
            answer = self.conn.getresponse()
            raw = answer.read()
        except (OSError, http.client.HTTPException) as exc:
            self.conn = None
            self.stats["errors"] += 1
            raise RequestFailed(str(exc)) from None
        elapsed_ms = (time.perf_counter() - started) * 1000
        self.stats["requests"] += 1
        if kind:
            self.stats[kind].append(round(elapsed_ms, 3))
        if answer.getheader("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        if not 200 <= answer.status < 300:
            self.stats["errors"] += 1
            raise RequestFailed(f"{method} {path}: {answer.status} {raw[:200]!r}")
        return json.loads(raw)

    def create(self, seed):
        """(match id, [token per seat])."""
        if self.target == "ours":
            made = self.request("POST", "/matches", {
                "game": "insidejob", "options": {"players": 4}, "seed": seed,
                "seats": [{"kind": "human"}] * 4})
            return made["match_id"], [t["token"] for t in sorted(made["tokens"], key=lambda t: t["seat"])]
        made = self.request("POST", "/m", {"seed": seed, "players": 4})
        return made["match_id"], made["tokens"]

    def view(self, match_id, token):
        path = f"/matches/{match_id}" if self.target == "ours" else f"/m/{match_id}"
        return self.request("GET", path, token=token, kind="get_ms")

    def act(self, match_id, token, action, version):
        path = f"/matches/{match_id}/actions" if self.target == "ours" else f"/m/{match_id}/act"
        return self.request("POST", path, {"action": action, "version": version}, token=token,
                            kind="post_ms")

    def play(self, seed, deadline):
        """Play match `seed` to its end or the deadline; counts actions."""
        picks = random.Random(seed)
        match_id, tokens = self.create(seed)
        self.stats["matches"] += 1
        seat = 0
        for _ in range(MAX_ACTIONS_PER_MATCH):
            if time.monotonic() >= deadline:
                return
            view = self.view(match_id, tokens[seat])
            if view["finished"] or not view["to_move"]:
                self.stats["finished"] += 1
                return
            if seat not in view["to_move"] or not view["legal_actions"]:
                seat = view["to_move"][0]
                continue
            after = self.act(match_id, tokens[seat], picks.choice(view["legal_actions"]),
                             view["version"])
            self.stats["actions"] += 1
            if after["finished"] or not after["to_move"]:
                self.stats["finished"] += 1
                return
            seat = after["to_move"][0]


def run_client(index, url, target, deadline, stats, seed_base, accept_gzip):
    """Play matches one after another until the deadline."""
    client = Client(url, target, stats, accept_gzip)
    for number in range(SEED_STRIDE):
        if time.monotonic() >= deadline:
            return
        try:
            client.play(seed_base + index * SEED_STRIDE + number, deadline)
        except RequestFailed as exc:
            stats["last_error"] = str(exc)[:300]
            gevent.sleep(0.05)


def main(argv=None):
    """Run the clients and print the JSON summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", choices=("ours", "reference"), required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed-base", type=int, default=1)
    parser.add_argument("--no-gzip", action="store_true", help="do not send Accept-Encoding: gzip")
    args = parser.parse_args(argv)
    stats = {"requests": 0, "actions": 0, "errors": 0, "matches": 0, "finished": 0,
             "get_ms": [], "post_ms": []}
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.monotonic()
    deadline = started + args.seconds
    greenlets = [gevent.spawn(run_client, i, args.url, args.target, deadline, stats, args.seed_base,
                              not args.no_gzip) for i in range(args.clients)]
    gevent.joinall(greenlets, timeout=args.seconds + 60)
    gevent.killall(greenlets, block=False)
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    stats["elapsed_s"] = time.monotonic() - started
    stats["client_cpu_s"] = (cpu_after.ru_utime + cpu_after.ru_stime
                             - cpu_before.ru_utime - cpu_before.ru_stime)
    json.dump(stats, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
