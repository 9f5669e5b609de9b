"""Joining, ETags/304, stale versions, idempotent retries, listing, limits (test client, real Redis)."""

from service import create_app


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def new_match(client, seats=None, **extra):
    body = {"game": "toy", "seed": 11, **extra}
    if seats is not None:
        body["seats"] = seats
    response = client.post("/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


def test_open_seats_are_joined_once_and_tokens_act_only_for_their_seat(client):
    made = new_match(client, seats=[{"kind": "open"}, {"kind": "open"}])
    mid = made["match_id"]
    assert made["tokens"] == [] and made["status"] == "open" and made["open_seats"] == [0, 1]
    first = client.post(f"/matches/{mid}/join", json={"name": "ann"}).json
    assert first["seat"] == 0
    assert client.post(f"/matches/{mid}/join", json={"seat": 0}).json["error"]["code"] == "seat_taken"
    second = client.post(f"/matches/{mid}/join", json={"seat": 1}).json
    assert client.post(f"/matches/{mid}/join", json={}).json["error"]["code"] == "seat_taken"
    view = client.get(f"/matches/{mid}", headers=auth(first["token"])).json
    assert view["status"] == "active" and view["seats"][0]["name"] == "ann"
    assert "token_hash" not in str(view)
    action = view["legal_actions"][0]
    other = client.post(f"/matches/{mid}/actions", json={"action": action, "seat": 0}, headers=auth(second["token"]))
    assert other.status_code == 403 and other.json["error"]["code"] == "forbidden_seat"
    assert client.get(f"/matches/{mid}", headers=auth("forged")).status_code == 401


def test_etag_and_304(client):
    made = new_match(client)
    mid, token = made["match_id"], made["tokens"][0]["token"]
    first = client.get(f"/matches/{mid}", headers=auth(token))
    etag = first.headers["ETag"]
    assert client.get(f"/matches/{mid}", headers={**auth(token), "If-None-Match": etag}).status_code == 304
    spectator = client.get(f"/matches/{mid}").headers["ETag"]
    assert spectator != etag  # one ETag per (version, seat)
    action = first.json["legal_actions"][0]
    client.post(f"/matches/{mid}/actions", json={"action": action}, headers=auth(token))
    assert client.get(f"/matches/{mid}", headers={**auth(token), "If-None-Match": etag}).status_code == 200


def test_stale_version_by_body_and_if_match(client):
    made = new_match(client)
    mid, token = made["match_id"], made["tokens"][0]["token"]
    action = client.get(f"/matches/{mid}/actions", headers=auth(token)).json["legal_actions"][0]
    stale = client.post(f"/matches/{mid}/actions", json={"action": action}, headers={**auth(token), "If-Match": '"3"'})
    assert stale.status_code == 409 and stale.json["error"]["current_version"] == 0
    good = client.post(f"/matches/{mid}/actions", json={"action": action}, headers={**auth(token), "If-Match": '"0-0"'})
    assert good.status_code == 200 and good.json["version"] == 1
    again = client.post(f"/matches/{mid}/actions", json={"action": action, "version": 0}, headers=auth(token))
    assert again.status_code == 409 and again.json["error"]["code"] in ("stale_version", "not_your_turn")


def test_idempotent_retry_returns_the_same_bytes_and_acts_once(client):
    made = new_match(client)
    mid, token = made["match_id"], made["tokens"][0]["token"]
    action = client.get(f"/matches/{mid}/actions", headers=auth(token)).json["legal_actions"][0]
    headers = {**auth(token), "Idempotency-Key": "k-1"}
    first = client.post(f"/matches/{mid}/actions", json={"action": action}, headers=headers)
    second = client.post(f"/matches/{mid}/actions", json={"action": action}, headers=headers)
    assert first.status_code == second.status_code == 200
    assert first.data == second.data and second.headers["Idempotent-Replayed"] == "true"
    assert client.get(f"/matches/{mid}").json["version"] == 1
    key = "c-1-q8Zr2mXw5TbKj3vNy7Lp"
    created = [client.post("/matches", json={"game": "toy"}, headers={"Idempotency-Key": key}) for _ in range(2)]
    assert created[0].data == created[1].data


def test_list_and_filter(client):
    a = new_match(client, seats=[{"kind": "open"}, {"kind": "human"}])
    b = new_match(client)
    listed = client.get("/matches?game=toy&limit=50").json["matches"]
    ids = [m["match_id"] for m in listed]
    assert a["match_id"] in ids and b["match_id"] in ids
    open_ids = [m["match_id"] for m in client.get("/matches?open_seats=true").json["matches"]]
    assert a["match_id"] in open_ids and b["match_id"] not in open_ids
    assert all(m["status"] == "open" for m in client.get("/matches?status=open").json["matches"])
    token = b["tokens"][0]["token"]
    action = client.get(f"/matches/{b['match_id']}/actions", headers=auth(token)).json["legal_actions"][0]
    client.post(f"/matches/{b['match_id']}/actions", json={"action": action}, headers=auth(token))
    listed = {m["match_id"]: m for m in client.get("/matches?game=toy&limit=200").json["matches"]}
    assert listed[b["match_id"]]["version"] == 1 and listed[a["match_id"]]["version"] == 0
    assert client.get("/matches?status=weird").status_code == 400
    assert client.get("/matches?limit=0").status_code == 400


def test_body_size_limit(config):
    client = create_app(dict(config, MAX_CONTENT_LENGTH=200)).test_client()
    response = client.post("/matches", json={"game": "toy", "options": {"x" * 300: 1}})
    assert response.status_code == 413 and response.json["error"]["code"] == "payload_too_large"


def test_rate_limit_answers_429_with_retry_after(config):
    client = create_app(dict(config, RATE_LIMIT="5/minute")).test_client()
    made = client.post("/matches", json={"game": "toy"}).json
    statuses = [client.get(f"/matches/{made['match_id']}", headers=auth(made["tokens"][0]["token"])).status_code
                for _ in range(8)]
    assert 429 in statuses
    limited = client.get(f"/matches/{made['match_id']}", headers=auth(made["tokens"][0]["token"]))
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
    assert limited.json["error"]["code"] == "rate_limited"
    # the budget is the caller's, not the token's: another token (or none) gets no fresh one
    other = client.get(f"/matches/{made['match_id']}", headers=auth(made["tokens"][1]["token"]))
    assert other.status_code == 429
