"""`make run` (service/process/run.py) as real processes: a taken port, supervision (a worker killed with
SIGKILL is restarted while the API keeps serving), a quiet Ctrl-C that leaves no process behind,
and the embedded Redis's append-only file keeping matches across a restart."""

import os
import signal
import socket
import subprocess
import sys
import time

import redis
import requests

from service.process.run import answers, start_embedded_redis
from tests.service.conftest import ROOT, _env, free_port

BIN = os.path.dirname(sys.executable)


def descendants(pid, depth=None):
    """Every process below pid (down to `depth` levels), read from /proc, depth first."""
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                children = [int(c) for c in handle.read().split()]
        except FileNotFoundError:
            continue
        for child in children:
            found.append(child)
            if depth is None or depth > 1:
                found.extend(descendants(child, None if depth is None else depth - 1))
    return found


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode(errors="replace")
    except FileNotFoundError:
        return ""


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def worker_pids(pid):
    """The supervisor's own worker children (not RQ's scheduler process forked by a worker)."""
    return [p for p in descendants(pid, depth=1) if cmdline(p).split()[1:3] == ["-m", "worker"]]


def wait_until(check, timeout=60, what="condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def healthy(base):
    try:
        return requests.get(base + "/healthz", timeout=2).status_code == 200
    except requests.RequestException:
        return False


class Launch:
    """`python -m service.run` in its own session (as a terminal runs it), output to files."""

    def __init__(self, env, cwd):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.out, self.err = (open(os.path.join(cwd, name), "w+") for name in ("out.txt", "err.txt"))
        self.proc = subprocess.Popen([sys.executable, "-m", "service.process.run"], cwd=cwd,
                                     env=dict(env, SAFEHOUSE_BIND=f"127.0.0.1:{self.port}"),
                                     stdout=self.out, stderr=self.err, start_new_session=True)
        wait_until(lambda: healthy(self.base) or self.proc.poll() is not None, what="the API")
        assert self.proc.poll() is None, self.output()

    def output(self):
        self.out.seek(0)
        self.err.seek(0)
        return self.out.read() + "\n--- stderr ---\n" + self.err.read()

    def ctrl_c(self):
        """SIGINT to the whole foreground process group, as a terminal's Ctrl-C; the exit status."""
        os.killpg(self.proc.pid, signal.SIGINT)
        return self.proc.wait(timeout=60)

    def kill(self):
        if self.proc.poll() is None:
            for pid in descendants(self.proc.pid):
                os.kill(pid, signal.SIGKILL)
            self.proc.kill()
            self.proc.wait()


def embedded_env(config, **extra):
    env = _env(config)
    env.update(SAFEHOUSE_REDIS_URL="embedded", **extra)
    return env


def test_make_run_with_the_port_taken_exits_non_zero_with_one_line(config, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = dict(_env(config), SAFEHOUSE_BIND=f"127.0.0.1:{port}")
        done = subprocess.run(["make", "-s", "--no-print-directory", "run", f"BIN={BIN}"], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    ours = [line for line in done.stderr.splitlines() if line.startswith("safehouse:")]
    assert len(ours) == 1 and f"127.0.0.1:{port}" in ours[0] and "in use" in ours[0], done.stderr
    assert "Traceback" not in done.stderr and not os.path.exists(tmp_path / ".run")


def test_make_run_restarts_a_killed_worker_and_ctrl_c_stops_all_quietly(config, tmp_path):
    launch = Launch(embedded_env(config), tmp_path)
    try:
        tree = set(descendants(launch.proc.pid))
        assert any("redis-server" in cmdline(p) for p in tree)
        workers = worker_pids(launch.proc.pid)
        assert len(workers) == 2  # one for everything, one for bot turns only
        [old_worker] = [p for p in workers if "--queues bots" in cmdline(p)]
        os.kill(old_worker, signal.SIGKILL)
        new_worker = wait_until(lambda: [p for p in worker_pids(launch.proc.pid)
                                         if p not in workers and "--queues bots" in cmdline(p)],
                                what="a restarted bot worker")[0]
        assert healthy(launch.base)  # the API kept serving
        # the restarted worker plays bot turns: a bot-versus-bot match runs to its end by itself
        made = requests.post(f"{launch.base}/matches", json={
            "game": "toy", "seats": [{"bot": "random"}, {"bot": "random"}]}, timeout=5)
        assert made.status_code == 201, made.text
        mid = made.json()["match_id"]
        wait_until(lambda: requests.get(f"{launch.base}/matches/{mid}", timeout=5).json()["finished"],
                   what="the bots to finish")
        tree |= set(descendants(launch.proc.pid))
        assert new_worker in tree
        # the embedded Redis's password is in .run/ (0600), never on a command line
        password = (tmp_path / ".run" / "redis.password").read_text().strip()
        assert oct(os.stat(tmp_path / ".run").st_mode & 0o777) == "0o700"
        assert not [p for p in tree if password in cmdline(p)]
        status = launch.ctrl_c()
    finally:
        launch.kill()
    output = launch.output()
    assert status == 0, output
    assert "Traceback" not in output and "restarting" in output, output
    assert "using an embedded redis-server" in output and password not in output, output
    left = [f"{pid} {cmdline(pid)}" for pid in tree if alive(pid)]
    assert not left, left
    assert not healthy(launch.base)


def test_a_restart_of_make_run_keeps_a_match(config, tmp_path):
    env = embedded_env(config)
    first = Launch(env, tmp_path)
    try:
        made = requests.post(f"{first.base}/matches", json={"game": "toy"}, timeout=5).json()
        mid, token = made["match_id"], made["tokens"][0]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        legal = requests.get(f"{first.base}/matches/{mid}/actions", headers=headers, timeout=5).json()
        moved = requests.post(f"{first.base}/matches/{mid}/actions", headers=headers, timeout=5,
                              json={"action": legal["legal_actions"][0], "version": legal["version"]})
        assert moved.status_code == 200, moved.text
        assert first.ctrl_c() == 0, first.output()
    finally:
        first.kill()
    assert os.listdir(tmp_path / ".run"), "no append-only file under .run/"
    second = Launch(env, tmp_path)
    try:
        view = requests.get(f"{second.base}/matches/{mid}", headers=headers, timeout=5)
        assert view.status_code == 200 and view.json()["version"] == 1, view.text
        assert second.ctrl_c() == 0, second.output()
    finally:
        second.kill()


def _restart_keeps_key(**kwargs):
    proc, url = start_embedded_redis(**kwargs)
    try:
        redis.Redis.from_url(url).set("kept", "1")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    assert not answers(url)
    proc, url = start_embedded_redis(**kwargs)
    try:
        return redis.Redis.from_url(url).get("kept") == b"1"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)


def test_embedded_redis_persists_by_default_and_not_when_switched_off(tmp_path, monkeypatch):
    monkeypatch.delenv("SAFEHOUSE_REDIS_PERSIST", raising=False)
    assert _restart_keeps_key(workdir=str(tmp_path))
    assert (tmp_path / "appendonly.aof").exists() or (tmp_path / "appendonlydir").exists()
    monkeypatch.setenv("SAFEHOUSE_REDIS_PERSIST", "0")
    assert not _restart_keeps_key(workdir=str(tmp_path / "off"))
    assert not (tmp_path / "off").exists()
