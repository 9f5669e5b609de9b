"""End to end over real HTTP: a human seat against a bot whose turns a real RQ worker plays."""

import time

import requests


def wait_for_turn(base, mid, token, seat, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        view = requests.get(f"{base}/matches/{mid}", headers={"Authorization": f"Bearer {token}"}, timeout=5).json()
        if view["finished"] or seat in view["to_move"]:
            return view
        time.sleep(0.02)
    raise AssertionError("the bot never moved")


def test_human_vs_bot_to_the_end(live_server, worker):
    base = live_server
    made = requests.post(f"{base}/matches", json={
        "game": "toy", "seed": 5, "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}]}, timeout=5)
    assert made.status_code == 201, made.text
    mid, token = made.json()["match_id"], made.json()["tokens"][0]["token"]
    assert made.json()["tokens"][0]["seat"] == 1
    headers = {"Authorization": f"Bearer {token}"}
    view = wait_for_turn(base, mid, token, 1)
    while not view["finished"]:
        action = view["legal_actions"][0]
        answer = requests.post(f"{base}/matches/{mid}/actions", headers=headers,
                               json={"action": action, "version": view["version"]}, timeout=5)
        assert answer.status_code == 200, answer.text
        view = wait_for_turn(base, mid, token, 1)
    outcome = view["outcome"]
    assert set(outcome["winners"]) <= {0, 1} and len(outcome["seats"]) == 2
    actors = {e["actor"] for e in requests.get(f"{base}/matches/{mid}/events", timeout=5).json()["events"]}
    assert {0, 1} <= actors  # both the bot (via the worker) and the human acted
    replay = requests.get(f"{base}/matches/{mid}/replay", timeout=5).json()
    assert replay["outcome"] == {k: v for k, v in outcome.items() if k != "text"} and outcome["text"]


def test_bot_vs_bot_runs_by_itself(live_server, worker):
    base = live_server
    made = requests.post(f"{base}/matches", json={
        "game": "toy", "seats": [{"bot": "random"}, {"bot": "random"}]}, timeout=5).json()
    deadline = time.time() + 30
    while time.time() < deadline:
        view = requests.get(f"{base}/matches/{made['match_id']}", timeout=5).json()
        if view["finished"]:
            break
        time.sleep(0.05)
    assert view["finished"] and view["status"] == "finished"
