"""Long-poll and Server-Sent Events over real HTTP (gunicorn + gevent), and the turn clock."""

import json
import threading
import time

import requests


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def make(base, **extra):
    body = {"game": "toy", "seed": 77, **extra}
    made = requests.post(f"{base}/matches", json=body, timeout=5).json()
    return made["match_id"], {t["seat"]: t["token"] for t in made["tokens"]}


def play_one(base, mid, tokens):
    view = requests.get(f"{base}/matches/{mid}", timeout=5).json()
    seat = view["to_move"][0]
    actions = requests.get(f"{base}/matches/{mid}/actions", headers=auth(tokens[seat]), timeout=5).json()
    draw = [a for a in actions["legal_actions"] if a["type"] == "draw"]
    action = (draw or actions["legal_actions"])[0]
    answer = requests.post(f"{base}/matches/{mid}/actions", json={"action": action}, headers=auth(tokens[seat]), timeout=5)
    assert answer.status_code == 200, answer.text
    return seat, action


def read_sse(response, count):
    """The first `count` events of an SSE response as (id, data)."""
    events, current = [], {}
    for raw in response.iter_lines(decode_unicode=True):
        if raw.startswith("id: "):
            current["id"] = int(raw[4:])
        elif raw.startswith("data: "):
            current["data"] = json.loads(raw[6:])
        elif raw == "" and "data" in current:
            events.append(current)
            current = {}
            if len(events) == count:
                break
    return events


def test_long_poll_wakes_up_on_the_next_action(live_server):
    mid, tokens = make(live_server)
    first = requests.get(f"{live_server}/matches/{mid}/events", timeout=5).json()
    assert [e["kind"] for e in first["events"]] == ["created"]
    cursor = first["last"]
    timer = threading.Timer(0.5, play_one, args=(live_server, mid, tokens))
    timer.start()
    started = time.time()
    page = requests.get(f"{live_server}/matches/{mid}/events", params={"after": cursor, "wait": 10}, timeout=15).json()
    timer.join()
    assert page["events"] and page["events"][0]["kind"] == "action" and time.time() - started < 9
    empty = requests.get(f"{live_server}/matches/{mid}/events", params={"after": page["last"], "wait": 1}, timeout=5).json()
    assert empty["events"] == [] and empty["last"] == page["last"]


def test_sse_resume_loses_nothing_and_projects_per_seat(live_server):
    mid, tokens = make(live_server)
    played = [play_one(live_server, mid, tokens) for _ in range(2)]
    with requests.get(f"{live_server}/matches/{mid}/stream", headers=auth(tokens[0]), stream=True, timeout=10) as resp:
        assert resp.headers["Content-Type"].startswith("text/event-stream")
        head = read_sse(resp, 2)
    last_id = head[-1]["id"]
    played += [play_one(live_server, mid, tokens) for _ in range(2)]  # while disconnected
    with requests.get(f"{live_server}/matches/{mid}/stream", stream=True, timeout=10,
                      headers={**auth(tokens[0]), "Last-Event-ID": str(last_id)}) as resp:
        tail = read_sse(resp, 2)
    seqs = [e["id"] for e in head + tail]
    assert seqs == list(range(1, 5)), seqs  # created + 3 actions, no gap, no repeat
    with requests.get(f"{live_server}/matches/{mid}/stream", stream=True, timeout=10) as resp:
        public = read_sse(resp, 5)
    for seat_event, public_event in zip(head + tail, public):
        for entry in public_event["data"]["entries"]:
            assert "private" not in entry  # spectators see public parts only
    own_draws = [entry for e in head + tail for entry in e["data"]["entries"]
                 if entry["actor"] == 0 and "private" in entry]
    assert all("card" in entry["private"] for entry in own_draws)
    for e in head + tail:
        for entry in e["data"]["entries"]:
            if entry["actor"] == 1:
                assert "private" not in entry  # never the other seat's private part


def test_sse_sends_keepalives(live_server_fast_keepalive):
    base = live_server_fast_keepalive
    mid, _ = make(base)
    with requests.get(f"{base}/matches/{mid}/stream", params={"after": 1}, stream=True, timeout=10) as resp:
        lines = []
        for raw in resp.iter_lines(decode_unicode=True):
            lines.append(raw)
            if raw.startswith(": keep-alive"):
                break
    assert ": keep-alive" in lines


def test_turn_clock_moves_for_an_absent_human(live_server, worker):
    mid, tokens = make(live_server, turn_clock_s=1)
    view = requests.get(f"{live_server}/matches/{mid}", timeout=5).json()
    assert view["deadline"] is not None
    deadline = time.time() + 20
    while time.time() < deadline and view["version"] < 2:
        time.sleep(0.2)
        view = requests.get(f"{live_server}/matches/{mid}", timeout=5).json()
    assert view["version"] >= 2  # nobody acted: the zombie policy played twice
    kinds = {e["kind"] for e in requests.get(f"{live_server}/matches/{mid}/events", timeout=5).json()["events"]}
    assert "timeout" in kinds


def test_the_notifier_keeps_nothing_for_matches_nobody_here_watches(config):
    """Every save is announced to every API process; a process remembers a match only while one of
    its clients waits on it (else its bookkeeping would grow with every match ever played)."""
    from service.store.notifier import Notifier
    notifier = Notifier(config["REDIS_URL"], "unused-channel")
    for number in range(50):
        notifier._wake(f"m{number}")
    with notifier.watch("watched") as changed:
        notifier._wake("watched")
        assert changed.is_set() and notifier._generation == {"watched": 1}
    notifier._wake_all()
    assert notifier._generation == {} and notifier._cache == {}
