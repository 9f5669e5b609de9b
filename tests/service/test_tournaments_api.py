"""Tournaments over HTTP with a real worker: queue a spec, follow its progress by long-poll, read
standings with ratings and the paged match records (replayable), cancel (owner token); spec errors name the
field; server limits hold."""

import engine


SPEC = {"game": "classified", "entrants": ["random", "heuristic"], "deals": 4, "seed": 3}


def test_a_tournament_runs_on_the_workers_and_reports(client, worker):
    made = client.post("/tournaments", json={"spec": SPEC})
    assert made.status_code == 202, made.json
    tid = made.json["tournament_id"]
    assert made.headers["Location"] == f"/tournaments/{tid}"
    assert made.json["total"] == 8 and made.json["entrants"] == ["random", "heuristic"]
    again = client.post("/tournaments", json={"spec": SPEC})
    assert again.status_code == 202 and again.json["tournament_id"] != tid  # ids are random
    client.delete(f"/tournaments/{again.json['tournament_id']}",
                  headers={"Authorization": f"Bearer {again.json['owner_token']}"})
    view = made.json
    for _ in range(60):
        view = client.get(f"/tournaments/{tid}", query_string={"after": view["done"], "wait": 2}).json
        if view["status"] == "finished":
            break
    assert view["status"] == "finished" and view["done"] == 8
    names = {row["entrant"] for row in view["standings"]}
    assert names == {"random", "heuristic"}
    for row in view["standings"]:
        assert {"mu", "sigma", "win_rate"} <= set(row)
    first = client.get(f"/tournaments/{tid}/matches", query_string={"limit": 5}).json
    assert [m["index"] for m in first["matches"]] == [0, 1, 2, 3, 4] and first["next_cursor"] == 5
    rest = client.get(f"/tournaments/{tid}/matches", query_string={"cursor": 5}).json
    assert [m["index"] for m in rest["matches"]] == [5, 6, 7] and rest["next_cursor"] is None
    record = first["matches"][0]
    replay = record["replay"]
    match = engine.replay(replay["game"], replay["options"], int(replay["seed"]),
                          [tuple(step) for step in replay["history"]])
    assert engine.to_move(match) == []  # a replay reference plays the whole match again
    # seeds travel as strings of digits (a browser rounds integers above 2^53)
    assert isinstance(record["seed"], str) and isinstance(replay["seed"], str) and isinstance(view["spec"]["seed"], str)
    # a finished tournament cannot be cancelled: 409, and it stays finished
    refused = client.delete(f"/tournaments/{tid}", headers={"Authorization": f"Bearer {made.json['owner_token']}"})
    assert refused.status_code == 409 and refused.json["error"]["code"] == "tournament_finished"
    assert client.get(f"/tournaments/{tid}").json["status"] == "finished"
    # GET /tournaments: public summaries, newest first, paged
    listed = client.get("/tournaments", query_string={"limit": 1}).json
    assert [t["tournament_id"] for t in listed["tournaments"]] == [again.json["tournament_id"]]
    rest = client.get("/tournaments", query_string={"cursor": listed["next_cursor"]}).json
    assert [t["tournament_id"] for t in rest["tournaments"]] == [tid] and rest["next_cursor"] is None
    assert rest["tournaments"][0]["status"] == "finished" and "owner_token" not in rest["tournaments"][0]


def test_spec_errors_and_limits_name_the_field(client, config):
    bad = client.post("/tournaments", json={"spec": {"game": "classified", "entrants": ["random", "nope"]}})
    assert bad.status_code == 400 and bad.json["error"]["field"].startswith("spec.entrants[1]")
    from service import create_app
    small = create_app(dict(config, TOURNAMENT_MAX_MATCHES=4)).test_client()
    big = small.post("/tournaments", json={"spec": dict(SPEC, deals=50)})
    assert big.status_code == 400 and big.json["error"]["field"] == "spec.deals"
    remote = client.post("/tournaments", json={"spec": dict(SPEC, entrants=[
        "random", {"name": "far", "remote": {"url": "http://127.0.0.1:9/"}}])})
    assert remote.status_code == 400 and remote.json["error"]["field"] == "spec.entrants[1].remote"
    assert client.get("/tournaments/nope").json["error"]["code"] == "tournament_not_found"
    allowed = create_app(dict(config, TOURNAMENT_REMOTE_BOTS=True,
                              TOURNAMENT_REMOTE_ALLOW="127.0.0.1")).test_client()
    queued = allowed.post("/tournaments", json={"spec": dict(SPEC, seed=77, entrants=[
        "random", {"name": "far", "remote": {"url": "http://127.0.0.1:9/"}}])})
    assert queued.status_code == 202  # the operator allowed remote entrants


def test_the_remote_bot_protocol_is_in_the_contract():
    import yaml

    from service.api.openapi import build_spec
    spec = yaml.safe_load(yaml.safe_dump(build_spec()))
    callbacks = spec["paths"]["/tournaments"]["post"]["callbacks"]["remoteBotDecision"]
    operation = next(iter(callbacks.values()))["post"]
    assert operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("RemoteBotDecision")
    schemas = spec["components"]["schemas"]
    assert {"game", "seat", "deadline_ms", "view", "legal_actions"} <= set(schemas["RemoteBotDecision"]["required"])
    assert schemas["RemoteBotAnswer"]["required"] == ["action"]


def test_cancel_stops_what_is_queued(client):
    made = client.post("/tournaments", json={"spec": dict(SPEC, deals=40, seed=9)}).json  # no worker
    cancelled = client.delete(f"/tournaments/{made['tournament_id']}",
                              headers={"Authorization": f"Bearer {made['owner_token']}"})
    assert cancelled.status_code == 200 and cancelled.json["status"] == "cancelled"
    assert cancelled.json["done"] == 0
