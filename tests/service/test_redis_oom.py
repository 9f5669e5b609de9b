"""Issue 31: when Redis refuses a write (maxmemory reached, policy noeviction), the service
answers 503 with Retry-After and nothing of the write is kept (docs/deployment.md)."""

import redis

import engine
from service import create_app, matches
from service.store import UNAVAILABLE, Store


def _token_to_move(client, made):
    for entry in made["tokens"]:
        headers = {"Authorization": f"Bearer {entry['token']}"}
        view = client.get(f"/matches/{made['match_id']}", headers=headers).get_json()
        if entry["seat"] in view["to_move"]:
            return headers, view
    raise AssertionError("nobody to move")


def test_a_save_refused_for_memory_is_a_503_and_changes_nothing(own_redis):
    url, _ = own_redis
    client = create_app({"REDIS_URL": url, "PREFIX": "oom:", "QUEUE": "oom", "ENQUEUE_BOTS": False}).test_client()
    made = client.post("/matches", json={"game": "toy", "seats": [{"kind": "human"}] * 2}).get_json()
    headers, view = _token_to_move(client, made)
    raw = redis.Redis.from_url(url)
    before = {key: raw.dump(key) for key in raw.scan_iter("oom:*match*")}
    raw.config_set("maxmemory-policy", "noeviction")
    raw.config_set("maxmemory", 1)  # below what Redis already uses: every write is refused
    try:
        answer = client.post(f"/matches/{made['match_id']}/actions", headers=headers,
                             json={"action": view["legal_actions"][0], "version": view["version"]})
        refused = client.post("/matches", json={"game": "toy", "seats": [{"kind": "human"}] * 2})
    finally:
        raw.config_set("maxmemory", 0)
    assert answer.status_code == 503, answer.get_json()
    assert answer.get_json()["error"]["code"] == "service_unavailable" and answer.headers["Retry-After"]
    assert refused.status_code == 503
    assert {key: raw.dump(key) for key in raw.scan_iter("oom:*match*")} == before
    again = client.get(f"/matches/{made['match_id']}", headers=headers).get_json()
    assert again["version"] == view["version"]


def test_the_save_script_refused_for_memory_writes_nothing(own_redis):
    url, _ = own_redis
    store = Store(url, prefix="oom2:")
    match_id, _, match, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=3)
    seat = engine.to_move(match)[0]
    raw = redis.Redis.from_url(url)
    before = {key: raw.dump(key) for key in raw.scan_iter("oom2:*")}
    raw.config_set("maxmemory", 1)
    try:
        matches.act(store, match_id, seat, engine.legal_actions(match, seat)[0])
        raise AssertionError("the save was not refused")
    except UNAVAILABLE:
        pass
    finally:
        raw.config_set("maxmemory", 0)
    assert {key: raw.dump(key) for key in raw.scan_iter("oom2:*")} == before

