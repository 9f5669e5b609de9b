"""Secrets over HTTP: idempotency keys are scoped and fingerprinted, no raw token is stored in
Redis (key names or values), and rate budgets belong to the caller, not to a token's spelling."""

import concurrent.futures
import secrets

import redis
import requests

from service import create_app

ANON_KEY = "join-Xq3vT9bLw2RkZp7mYc4dHs"  # 128+ random-looking bits: enough for a call without a token


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def open_match(client):
    made = client.post("/matches", json={"game": "toy", "seed": 3,
                                         "seats": [{"kind": "human"}, {"kind": "open"}]})
    assert made.status_code == 201, made.json
    return made.json


def test_the_shared_join_key_reproduction_fails_closed(client):
    mid = open_match(client)["match_id"]
    # the reproduction: a short, guessable key without a token is refused outright
    short = client.post(f"/matches/{mid}/join", json={}, headers={"Idempotency-Key": "join"})
    assert short.status_code == 400 and short.json["error"]["field"] == "Idempotency-Key"
    assert not client.get(f"/matches/{mid}").json["seats"][1]["joined"]
    first = client.post(f"/matches/{mid}/join", json={}, headers={"Idempotency-Key": ANON_KEY})
    assert first.status_code == 200
    # another client, same key, different body: refused, nothing changes, no token comes back
    other = client.post(f"/matches/{mid}/join", json={"name": "eve"},
                        headers={"Idempotency-Key": ANON_KEY})
    assert other.status_code == 422 and other.json["error"]["code"] == "idempotency_key_reused"
    assert first.json["token"] not in other.get_data(as_text=True)
    assert "Idempotent-Replayed" not in other.headers
    assert client.get(f"/matches/{mid}").json["seats"][1]["name"] is None


def test_an_identical_anonymous_retry_replays_byte_for_byte(client):
    mid = open_match(client)["match_id"]
    key = secrets.token_urlsafe(16)
    first = client.post(f"/matches/{mid}/join", json={"name": "ann"}, headers={"Idempotency-Key": key})
    again = client.post(f"/matches/{mid}/join", json={"name": "ann"}, headers={"Idempotency-Key": key})
    assert first.status_code == again.status_code == 200
    assert first.data == again.data and again.headers["Idempotent-Replayed"] == "true"
    # key order and spacing in the JSON body do not make it a different request
    spaced = client.post(f"/matches/{mid}/join", data='{ "name" : "ann" }',
                         content_type="application/json", headers={"Idempotency-Key": key})
    assert spaced.data == first.data


def test_authenticated_retries_replay_and_a_different_body_is_refused(client):
    made = client.post("/matches", json={"game": "toy", "seed": 5}).json
    mid, token = made["match_id"], made["tokens"][0]["token"]
    legal = client.get(f"/matches/{mid}/actions", headers=auth(token)).json["legal_actions"]
    headers = {**auth(token), "Idempotency-Key": "a1"}  # short keys are fine with a token
    first = client.post(f"/matches/{mid}/actions", json={"action": legal[0]}, headers=headers)
    again = client.post(f"/matches/{mid}/actions", json={"action": legal[0]}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.data == again.data and again.headers["Idempotent-Replayed"] == "true"
    changed = client.post(f"/matches/{mid}/actions", json={"action": legal[-1], "version": 1},
                          headers=headers)
    assert changed.status_code == 422 and changed.json["error"]["code"] == "idempotency_key_reused"
    assert client.get(f"/matches/{mid}").json["version"] == 1


def test_the_same_key_under_another_token_is_another_request(client):
    made = client.post("/matches", json={"game": "toy", "seed": 5}).json
    mid = made["match_id"]
    tokens = [t["token"] for t in made["tokens"]]
    mover = client.get(f"/matches/{mid}").json["to_move"][0]
    legal = client.get(f"/matches/{mid}/actions", headers=auth(tokens[mover])).json["legal_actions"]
    mine = client.post(f"/matches/{mid}/actions", json={"action": legal[0]},
                       headers={**auth(tokens[mover]), "Idempotency-Key": "same"})
    assert mine.status_code == 200
    theirs = client.post(f"/matches/{mid}/actions", json={"action": legal[0]},
                         headers={**auth(tokens[1 - mover]), "Idempotency-Key": "same"})
    assert "Idempotent-Replayed" not in theirs.headers
    assert theirs.status_code == 409  # acted on its own: not its turn / stale, not a replay


def test_no_raw_token_or_key_is_stored_in_redis(client, config):
    made = client.post("/matches", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "open"}]},
                       headers={"Idempotency-Key": "create-" + secrets.token_urlsafe(16)})
    mid, token = made.json["match_id"], made.json["tokens"][0]["token"]
    join_key = secrets.token_urlsafe(18)
    joined = client.post(f"/matches/{mid}/join", json={}, headers={"Idempotency-Key": join_key}).json
    for _ in range(3):  # rate-limited, authenticated reads
        client.get(f"/matches/{mid}", headers=auth(token))
        client.get(f"/matches/{mid}", headers={"Authorization": f"bearer   {joined['token']}"})
    db = redis.Redis.from_url(config["REDIS_URL"])
    names = [k for k in db.scan_iter(f"*{config['PREFIX']}*", count=1000)]
    assert any(b"limit" in n for n in names) and any(b"idem" in n for n in names)
    secrets_sent = [token.encode(), joined["token"].encode(), join_key.encode()]
    for name in names:
        dumped = name + b"\n" + repr(db.dump(name)).encode()
        for secret in secrets_sent:
            assert secret not in dumped, f"{name!r} holds a raw secret"


def test_concurrent_retries_apply_once_and_all_hear_the_one_outcome(live_server):
    made = requests.post(f"{live_server}/matches", json={"game": "toy", "seed": 9}, timeout=10).json()
    mid = made["match_id"]
    mover = requests.get(f"{live_server}/matches/{mid}", timeout=10).json()["to_move"][0]
    token = made["tokens"][mover]["token"]
    action = requests.get(f"{live_server}/matches/{mid}/actions", headers=auth(token),
                          timeout=10).json()["legal_actions"][0]
    headers = {**auth(token), "Idempotency-Key": "race-1"}

    def post(_):
        return requests.post(f"{live_server}/matches/{mid}/actions", json={"action": action, "version": 0},
                             headers=headers, timeout=30)

    with concurrent.futures.ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(post, range(12)))
    assert {a.status_code for a in answers} == {200}
    assert len({a.content for a in answers}) == 1
    assert sum(a.headers.get("Idempotent-Replayed") != "true" for a in answers) == 1
    assert requests.get(f"{live_server}/matches/{mid}", timeout=10).json()["version"] == 1


def test_junk_or_respelled_bearers_get_no_fresh_budget(config):
    client = create_app(dict(config, RATE_LIMIT="5/minute")).test_client()
    statuses = [client.get("/matches", headers={"Authorization": f"Bearer junk-{i}"}).status_code
                for i in range(7)]
    # an unknown token is a 401 (as on a single match), and each one still spends the address's budget
    assert statuses[:5] == [401] * 5 and statuses[5:] == [429, 429]
    assert client.get("/matches").status_code == 429


def test_match_creation_has_its_own_tighter_cap(config):
    client = create_app(dict(config, CREATE_LIMIT="3/minute")).test_client()
    statuses = [client.post("/matches", json={"game": "toy"}).status_code for _ in range(5)]
    assert statuses == [201, 201, 201, 429, 429]
    assert client.get("/matches").status_code == 200  # reads keep their own (overall) budget
