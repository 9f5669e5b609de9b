"""Operations (issue 27) against a real gunicorn and a real bot worker sharing one metrics folder:
/metrics, /readyz, request ids in the access log, JSON logs, RQ's job lines at DEBUG."""

import json
import logging
import os
import re
import signal
import subprocess
import sys
import time

import pytest
import requests
from prometheus_client import REGISTRY, generate_latest
from prometheus_client.parser import text_string_to_metric_families

from service import logs
from service.settings import Settings

from .conftest import ROOT, _env, _stop, free_port

HEARTBEAT_TTL_S = 1.0


def _start_gunicorn(env, stderr):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:service.process.gunicorn_conf",
                             "-w", "2", "-b", f"127.0.0.1:{port}", "service.process.wsgi:app"],
                            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline and proc.poll() is None:
        try:
            if requests.get(base + "/healthz", timeout=5).status_code == 200:
                return proc, base
        except requests.RequestException:
            time.sleep(0.1)
    _stop(proc)
    raise RuntimeError("gunicorn did not start")


@pytest.fixture
def stack(config, tmp_path):
    """gunicorn (2 workers) and a bot worker (`--queues bots`), one metrics folder, 1 s heartbeats."""
    folder = tmp_path / "metrics"
    folder.mkdir()
    env = dict(_env(dict(config, HEARTBEAT_TTL_S=HEARTBEAT_TTL_S)), PROMETHEUS_MULTIPROC_DIR=str(folder))
    api_log, worker_log = tmp_path / "api.log", tmp_path / "worker.log"
    with open(worker_log, "wb") as out:
        worker = subprocess.Popen([sys.executable, "-m", "worker", "--queues", "bots"], env=env, cwd=ROOT,
                                  stdout=out, stderr=subprocess.STDOUT)
    with open(api_log, "wb") as err:
        proc, base = _start_gunicorn(env, err)
    try:
        yield {"base": base, "worker": worker, "api_log": api_log, "worker_log": worker_log,
               "queue": config["QUEUE"]}
    finally:
        _stop(proc)
        _stop(worker)


def scrape(base):
    """{(name, frozenset(labels)): value} of GET /metrics."""
    answer = requests.get(base + "/metrics", timeout=5)
    assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("text/plain")
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(answer.text) for s in family.samples}


def sample(samples, name, **labels):
    return samples.get((name, frozenset(labels.items())))


def wait_until(predicate, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def play_against_bot(base):
    """A toy match, bot first; the human moves once after the bot did. Returns (match id, token)."""
    made = requests.post(f"{base}/matches", json={
        "game": "toy", "seed": 5, "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}]}, timeout=5)
    assert made.status_code == 201, made.text
    mid, token = made.json()["match_id"], made.json()["tokens"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    view = {}

    def my_turn():
        view.update(requests.get(f"{base}/matches/{mid}", headers=headers, timeout=5).json())
        return 1 in view["to_move"]
    assert wait_until(my_turn, 30)
    answer = requests.post(f"{base}/matches/{mid}/actions", headers=headers,
                           json={"action": view["legal_actions"][0], "version": view["version"]}, timeout=5)
    assert answer.status_code == 200, answer.text
    return mid, token


def test_metrics_show_requests_actions_queues_and_heartbeats(stack):
    base, queue = stack["base"], stack["queue"]
    mid, _ = play_against_bot(base)
    # an all-bot match waits in -allbots, which this worker does not serve
    assert requests.post(f"{base}/matches", json={"game": "toy", "seats": [{"bot": "random"}] * 2},
                         timeout=5).status_code == 201
    # each process hands its request counts on within a second (service/metrics.py FLUSH_S)
    assert wait_until(lambda: sample(scrape(base), "safehouse_http_requests_total", route="/matches",
                                     method="POST", status="201") == 2, 10)
    samples = scrape(base)
    assert sample(samples, "safehouse_http_requests_total", route="/matches", method="POST", status="201") == 2
    assert sample(samples, "safehouse_http_request_duration_seconds_count", route="/matches", method="POST") == 2
    # the bot's action was saved by the worker, the human's by the API: both reach /metrics
    assert sample(samples, "safehouse_actions_total", game="toy", kind="action") >= 2
    assert sample(samples, "safehouse_rq_job_run_seconds_count", queue=f"{queue}-bots") >= 1
    assert sample(samples, "safehouse_rq_queue_depth", queue=f"{queue}-allbots") >= 1
    assert sample(samples, "safehouse_worker_heartbeats", serves="bots") == 1
    assert sample(samples, "safehouse_outbox_entries", state="scheduled") is not None
    # every per-process cache reports its estimated bytes (the answering process's at the scrape)
    assert sample(samples, "safehouse_cache_bytes", cache="store_tails") is not None
    # routes are URL rules, never raw paths (no match id as a label)
    assert ("safehouse_http_requests_total", frozenset(
        {"route": "/matches/<match_id>", "method": "GET", "status": "200"}.items())) in samples
    assert not any(mid in value for _, labels in samples for _, value in labels)
    # the worker played a job, but RQ's per-job lines are DEBUG lines (the default level is INFO)
    worker_log = stack["worker_log"].read_text()
    assert "Listening on" in worker_log and "Job OK" not in worker_log and "Successfully completed" not in worker_log


def test_readyz_turns_503_when_the_bot_worker_dies(stack):
    base = stack["base"]
    assert wait_until(lambda: requests.get(base + "/readyz", timeout=5).status_code == 200, 10)
    ready = requests.get(base + "/readyz", timeout=5).json()
    assert ready["status"] == "ready" and ready["bot_workers"] == 1
    os.kill(stack["worker"].pid, signal.SIGKILL)
    stack["worker"].wait(10)
    # the heartbeat expires HEARTBEAT_TTL_S after the last beat; a generous bound, no timing asserted
    assert wait_until(lambda: requests.get(base + "/readyz", timeout=5).status_code == 503,
                      HEARTBEAT_TTL_S * 10)
    answer = requests.get(base + "/readyz", timeout=5)
    assert answer.json()["error"]["code"] == "no_bot_worker"
    assert requests.get(base + "/healthz", timeout=5).status_code == 200  # the process is up


def test_request_id_is_echoed_and_in_the_access_line(stack):
    base = stack["base"]
    mid, token = play_against_bot(base)
    given = requests.get(f"{base}/matches/{mid}?ticket=SECRETTICKET", timeout=5,
                         headers={"X-Request-ID": "ops-test:42", "Authorization": f"Bearer {token}"})
    assert given.headers["X-Request-ID"] == "ops-test:42"
    for bad in ("x" * 65, "a b", "<script>"):
        made = requests.get(f"{base}/healthz", headers={"X-Request-ID": bad}, timeout=5).headers["X-Request-ID"]
        assert made != bad and len(made) == 16 and int(made, 16) >= 0
    time.sleep(0.5)  # let the log lines reach the file
    text = stack["api_log"].read_text()
    line = next(line for line in text.splitlines() if "[ops-test:42]" in line)
    assert re.search(r"GET /matches/<match_id> \d{3} [0-9.]+ms$", line), line
    assert "SECRETTICKET" not in text and mid not in text and token not in text
    assert "Control socket" not in text  # no per-user control socket to clash over


def test_json_log_lines_parse(config, tmp_path):
    err = tmp_path / "api.log"
    with open(err, "wb") as out:
        proc, base = _start_gunicorn(dict(_env(dict(config, LOG_FORMAT="json"))), out)
    try:
        requests.get(base + "/games", headers={"X-Request-ID": "json-1"}, timeout=5)
    finally:
        _stop(proc)
    lines = [json.loads(line) for line in err.read_text().splitlines() if line.startswith("{")]
    access = [entry for entry in lines if entry.get("request_id") == "json-1"]
    assert access and access[0]["route"] == "/games" and access[0]["status"] == 200
    assert access[0]["method"] == "GET" and isinstance(access[0]["ms"], float)


def test_readyz_without_redis_names_the_reason(app, client, monkeypatch):
    store = app.extensions["safehouse"]["store"]

    def down():
        raise ConnectionError("no Redis")
    monkeypatch.setattr(store, "ping", down)
    answer = client.get("/readyz")
    assert answer.status_code == 503 and answer.json["error"]["code"] == "redis_unavailable"


@pytest.mark.parametrize("level, shown", [("INFO", False), ("DEBUG", True)])
def test_rq_job_lines_only_at_debug(level, shown, capsys):
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    try:
        logs.configure(Settings.from_env({}, log_level=level))
        rq_log = logging.getLogger("rq.worker")
        rq_log.setLevel(logging.INFO)  # as RQ's work() sets it
        rq_log.info("Worker %s: %s: %s (%s)", "w1", "q-bots", "Job OK", "job-1")
        rq_log.info("*** Listening on %s...", "q-bots")
        err = capsys.readouterr().err
        assert ("Job OK" in err) is shown and "Listening on q-bots" in err
    finally:
        for handler in root.handlers[:]:
            if handler not in saved[1]:
                root.removeHandler(handler)
        root.setLevel(saved[0])


def test_the_docs_and_dashboard_name_only_metrics_we_export(client):
    """docs/operations.md and docs/grafana-dashboard.json use the names /metrics really has."""
    text = generate_latest(REGISTRY).decode() + client.get("/metrics").get_data(as_text=True)
    exported = set(re.findall(r"^# TYPE (\w+) ", text, re.MULTILINE))
    used = set()
    for doc in ("docs/operations.md", "docs/grafana-dashboard.json"):
        with open(os.path.join(ROOT, doc), encoding="utf-8") as handle:
            used |= set(re.findall(r"\bsafehouse_[a-z_]+", handle.read()))
    families = {re.sub(r"_(bucket|count|sum)$", "", name) for name in used}
    assert families and not families - exported, families - exported


def test_requests_counted_in_batches_land_in_the_buckets_observe_would_use():
    """observe_request's per-process counts, once flushed, are what Histogram.observe and
    Counter.inc give for the same requests (bucket edges included)."""
    from prometheus_client import CollectorRegistry, Counter, Histogram

    from service import metrics

    timings = [0.0005, 0.002, 0.0021, 0.005, 0.3, 7.0, 11.0, 0.002]
    metrics.flush_requests()
    before = {b: metrics.LATENCY.labels("/test-batch", "GET")._buckets[i].get()
              for i, b in enumerate(metrics.LATENCY._upper_bounds)}
    for seconds in timings:
        metrics.observe_request("/test-batch", "GET", 200, seconds)
    metrics.flush_requests()
    registry = CollectorRegistry()
    reference = Histogram("ref", "ref", buckets=metrics.LATENCY_BUCKETS, registry=registry)
    count = Counter("refc", "refc", registry=registry)
    for seconds in timings:
        reference.observe(seconds)
        count.inc()
    ours = metrics.LATENCY.labels("/test-batch", "GET")
    for index, bound in enumerate(metrics.LATENCY._upper_bounds):
        assert ours._buckets[index].get() - before[bound] == reference._buckets[index].get(), bound
    assert abs(ours._sum.get() - reference._sum.get()) < 1e-9 or before  # the sum, on a fresh child
    assert metrics.REQUESTS.labels("/test-batch", "GET", "200")._value.get() >= count._value.get()
