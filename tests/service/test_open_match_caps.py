"""Issue 31: caps on what a caller can make us keep. Open or unplayed matches are capped per
caller address (429 too_many_open_matches) and in all (503 server_full), both with Retry-After;
an unplayed match is kept only as long as an open one."""

import redis

from service import create_app
from service.store import Store

HUMANS = [{"kind": "human"}, {"kind": "human"}]
OPEN = [{"kind": "human"}, {"kind": "open"}]
BOTS = [{"bot": "random"}, {"bot": "random"}]


def _make(client, seats):
    return client.post("/matches", json={"game": "toy", "seats": seats})


def _count(config):
    return len(list(Store(config["REDIS_URL"], prefix=config["PREFIX"]).scan_match_ids()))


def test_one_address_may_keep_only_so_many_open_matches(config):
    client = create_app(dict(config, MAX_OPEN_MATCHES_PER_ADDRESS=3, MAX_ALL_BOT_MATCHES=0)).test_client()
    made = [_make(client, seats) for seats in (OPEN, HUMANS, OPEN)]
    assert [m.status_code for m in made] == [201] * 3
    refused = _make(client, OPEN)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert refused.get_json()["error"]["code"] == "too_many_open_matches"
    assert _count(config) == 3  # nothing of the refused match was kept
    assert _make(client, BOTS).status_code == 201  # all-bot matches have their own cap
    # another address is not held back by this one
    other = client.post("/matches", json={"game": "toy", "seats": OPEN},
                        environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201
    # playing one of them frees its slot
    played = made[1].get_json()
    token = played["tokens"][0]["token"]
    view = client.get(f"/matches/{played['match_id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    seat = played["tokens"][0]["seat"]
    if seat not in view["to_move"]:
        token = played["tokens"][1]["token"]
        view = client.get(f"/matches/{played['match_id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    acted = client.post(f"/matches/{played['match_id']}/actions", headers={"Authorization": f"Bearer {token}"},
                        json={"action": view["legal_actions"][0], "version": view["version"]})
    assert acted.status_code == 200, acted.get_json()
    assert _make(client, OPEN).status_code == 201


def test_the_server_keeps_only_so_many_open_matches_in_all(config):
    client = create_app(dict(config, MAX_OPEN_MATCHES_PER_ADDRESS=0, MAX_OPEN_MATCHES=2)).test_client()
    assert _make(client, OPEN).status_code == 201
    assert client.post("/matches", json={"game": "toy", "seats": OPEN},
                       environ_base={"REMOTE_ADDR": "10.0.0.7"}).status_code == 201
    refused = client.post("/matches", json={"game": "toy", "seats": OPEN},
                          environ_base={"REMOTE_ADDR": "10.0.0.8"})
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "60"
    assert refused.get_json()["error"]["code"] == "server_full"
    assert _count(config) == 2


def test_an_unplayed_match_is_kept_as_long_as_an_open_one(config):
    client = create_app(dict(config, OPEN_TTL_S=600, ACTIVE_TTL_S=86400)).test_client()
    made = _make(client, HUMANS).get_json()
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    key = store.keys.of_match("match", made["match_id"])
    assert 0 < redis.Redis.from_url(config["REDIS_URL"]).pttl(key) <= 600_000


def test_the_sweeper_drops_expired_open_matches_from_the_listings(config):
    from service import jobs
    from worker.sweeper import Sweeper
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    now = 1_000_000.0
    store.index_match("gone0000aaaa1111", now - 7200, "toy")  # its keys expired: only indexes left
    store.index_status("gone0000aaaa1111", now - 7200, "open", "toy")
    kept = create_app(config).test_client().post("/matches", json={"game": "toy", "seats": OPEN}).get_json()
    store.index_status(kept["match_id"], now - 7200, "open", "toy")  # old, but still stored
    sweeper = Sweeper(store, jobs.queue_for(store.redis, config["QUEUE"]), settings={"OPEN_TTL_S": 3600},
                      clock=lambda: now)
    sweeper.sweep_once()
    key = store.keys.index(game="toy", status="open")
    assert store.redis.zscore(key, "gone0000aaaa1111") is None
    assert store.redis.zscore(key, kept["match_id"]) is not None
