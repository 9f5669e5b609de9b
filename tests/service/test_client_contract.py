"""Client-contract details: error codes, seeds as strings, limits, conditional requests, headers,
streams, simultaneous decisions, compression and listing (test client, real Redis)."""

import pytest


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def new_match(client, **body):
    body.setdefault("game", "toy")
    body.setdefault("seed", 11)
    response = client.post("/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


@pytest.mark.parametrize("method, path", [
    ("get", "/matches/nope"), ("get", "/matches/nope/actions"), ("post", "/matches/nope/actions"),
    ("post", "/matches/nope/join"), ("get", "/matches/nope/events"), ("get", "/matches/nope/stream"),
    ("get", "/matches/nope/replay")])
def test_an_unknown_match_is_match_not_found(client, method, path):
    body = {"action": {"type": "draw"}} if path.endswith("actions") else {}
    response = getattr(client, method)(path, json=body, headers=auth("whatever"))
    assert (response.status_code, response.json["error"]["code"]) == (404, "match_not_found")


def test_an_unknown_game_is_still_unknown_game(client):
    assert client.post("/matches", json={"game": "chess"}).json["error"]["code"] == "unknown_game"
    assert client.get("/games/chess").json["error"]["code"] == "unknown_game"


def play_to_the_end(client, made):
    """Play the first legal action of whoever is to move until the match ends."""
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    mid = made["match_id"]
    view = client.get(f"/matches/{mid}").json
    while not view["finished"]:
        seat = view["to_move"][0]
        action = client.get(f"/matches/{mid}/actions", headers=auth(tokens[seat])).json["legal_actions"][0]
        view = client.post(f"/matches/{mid}/actions", json={"action": action},
                           headers=auth(tokens[seat])).json
    return view


def readme_snippets(marker):
    """The README's fenced code blocks whose first line carries `marker`."""
    import os
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "README.md"), encoding="utf-8") as handle:
        blocks = handle.read().split("```")
    return {block.split("\n", 1)[0]: block.split("\n", 1)[1] for block in blocks[1::2]
            if marker in block.split("\n", 2)[1]}


BIG_SEED = 2**62 + 12345  # above 2^53: a JavaScript number or jq would round it


@pytest.mark.parametrize("game, seed", [("toy", 5), ("classified", str(BIG_SEED)), ("toy", BIG_SEED)])
def test_seeds_come_out_as_strings_and_the_readme_snippets_verify_the_commitment(client, tmp_path, game, seed):
    import subprocess
    import sys
    made = new_match(client, game=game, seed=seed)
    play_to_the_end(client, made)
    response = client.get(f"/matches/{made['match_id']}/replay")
    assert '"seed":"%d"' % int(seed) in response.get_data(as_text=True).replace(" ", "")
    replay = response.json
    assert replay["seed"] == str(int(seed)) and replay["commitment"] == made["commitment"]
    (tmp_path / "replay.json").write_text(response.get_data(as_text=True))
    snippets = readme_snippets("verify-commitment")
    assert set(snippets) == {"python", "sh"}
    runs = {"python": [sys.executable, "-c", snippets["python"]], "sh": ["bash", "-c", snippets["sh"]]}
    for language, command in runs.items():
        done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert done.stdout.strip() == "commitment OK", (language, done.stdout, done.stderr)
    tampered = dict(replay, seed=str(int(seed) + 1))
    (tmp_path / "replay.json").write_text(__import__("json").dumps(tampered))
    for language, command in runs.items():
        done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert done.stdout.strip() == "commitment MISMATCH", (language, done.stdout, done.stderr)


@pytest.mark.parametrize("seed, ok", [(7, True), ("7", True), (str(2**63 - 1), True), (2**63, False),
                                      (str(2**63), False), ("-1", False), ("1e3", False), (True, False),
                                      (1.5, False), ("", False), ("٣", False)])
def test_seeds_are_accepted_as_integers_or_digit_strings(client, seed, ok):
    response = client.post("/matches", json={"game": "toy", "seed": seed})
    assert response.status_code == (201 if ok else 400), response.json
    if not ok:
        assert response.json["error"]["field"] == "seed"


def test_wait_has_one_limit_in_the_contract_and_the_server(client):
    from service.api import schemas
    from service.api.openapi import build_spec
    params = build_spec()["paths"]["/matches/{match_id}/events"]["get"]["parameters"]
    wait = next(p for p in params if p["name"] == "wait")
    assert wait["schema"]["maximum"] == schemas.LONGPOLL_MAX_S == 30
    mid = new_match(client)["match_id"]
    assert client.get(f"/matches/{mid}/events?wait=30").status_code == 200  # events ready: no wait
    for above in (31, 60):
        response = client.get(f"/matches/{mid}/events?wait={above}")
        assert response.status_code == 400 and response.json["error"]["field"] == "wait"
    assert "LONGPOLL_MAX_S" not in client.application.config  # no second, configurable bound


@pytest.mark.parametrize("header, status", [
    ('"{etag}"', 304), ('W/"{etag}"', 304), ('"9-9", W/"{etag}"', 304), ('"x",  "{etag}" ', 304),
    ("*", 304), ('"9-9"', 200), ('W/"9-9", "0-s"', 200)])
def test_if_none_match_takes_weak_tags_lists_and_star(client, header, status):
    made = new_match(client)
    mid, token = made["match_id"], made["tokens"][0]["token"]
    etag = client.get(f"/matches/{mid}", headers=auth(token)).headers["ETag"].strip('"')
    response = client.get(f"/matches/{mid}", headers={**auth(token), "If-None-Match": header.format(etag=etag)})
    assert response.status_code == status
    assert response.headers["ETag"] == f'"{etag}"'


@pytest.mark.parametrize("header, body_version, status, code", [
    ('"0-0"', 0, 200, None), ('W/"0-0"', None, 200, None), ('"0-0", "0-s"', None, 200, None),
    ("*", None, 200, None), ("*", 0, 200, None), ("*", 3, 409, "stale_version"),
    ('"3-0"', None, 409, "stale_version"), ('"3-0"', 0, 400, "invalid_request"),
    ('"0-0"', 3, 400, "invalid_request"), ('"0-0", "1-0"', None, 400, "invalid_request"),
    ('"x"', None, 400, "invalid_request")])
def test_if_match_agrees_with_the_body_version_or_is_a_400(client, header, body_version, status, code):
    made = new_match(client)
    mid, token = made["match_id"], made["tokens"][0]["token"]
    action = client.get(f"/matches/{mid}/actions", headers=auth(token)).json["legal_actions"][0]
    body = {"action": action} if body_version is None else {"action": action, "version": body_version}
    response = client.post(f"/matches/{mid}/actions", json=body, headers={**auth(token), "If-Match": header})
    assert response.status_code == status, response.json
    if code:
        assert response.json["error"]["code"] == code
        assert client.get(f"/matches/{mid}").json["version"] == 0  # nothing happened
    if code == "invalid_request":
        assert response.json["error"]["field"] == "If-Match"


def test_retry_after_only_on_429_and_location_on_201_and_202(config):
    from service import create_app
    client = create_app(dict(config, RATE_LIMIT="6/minute")).test_client()
    # one budget per caller address: create, view, unknown match and the odds job use 4 of 6
    created = client.post("/matches", json={"game": "toy", "seed": 1})
    assert created.status_code == 201 and created.headers["Location"] == f"/matches/{created.json['match_id']}"
    token = created.json["tokens"][0]["token"]
    answers = [created, client.get(f"/matches/{created.json['match_id']}", headers=auth(token)),
               client.get("/matches/nope", headers=auth(token)), client.get("/games")]
    for answer in answers:
        assert answer.status_code < 429 and "Retry-After" not in answer.headers, answer.status_code
    assert "X-RateLimit-Remaining" in answers[1].headers
    plan = {"attacks": [{"spies": [2], "defence": 16, "vp": 2}], "trials": 0}
    queued = client.post("/darkagent/odds/turn", json=plan)
    assert queued.status_code == 202 and queued.headers["Location"] == f"/jobs/{queued.json['job_id']}"
    assert "Retry-After" not in queued.headers
    statuses = [client.get(f"/matches/{created.json['match_id']}", headers=auth(token)) for _ in range(4)]
    assert [r.status_code for r in statuses] == [200, 200, 429, 429]
    assert all("Retry-After" not in r.headers for r in statuses[:2])
    assert all(int(r.headers["Retry-After"]) >= 1 for r in statuses[2:])


def test_the_contract_documents_rate_limit_replay_and_location_headers():
    from service.api.openapi import build_spec
    paths = build_spec()["paths"]
    create = paths["/matches"]["post"]["responses"]
    assert {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Idempotent-Replayed",
            "Location"} <= set(create["201"]["headers"])
    assert "Location" in paths["/darkagent/odds/turn"]["post"]["responses"]["202"]["headers"]
    assert "Retry-After" in create["429"]["headers"]
    assert "24 hours" in paths["/matches"]["post"]["parameters"][0]["description"]
    for path, operations in paths.items():
        for operation in operations.values():
            for status, response in operation["responses"].items():
                if status not in ("429", "503"):
                    assert "Retry-After" not in response.get("headers", {}), (path, status)


@pytest.mark.parametrize("path", ["stream", "events"])
def test_unknown_query_parameters_are_400_on_stream_and_events(client, path):
    mid = new_match(client)["match_id"]
    response = client.get(f"/matches/{mid}/{path}?after=0&colour=red")
    assert response.status_code == 400 and response.json["error"]["field"] == "colour"
    bad = client.get(f"/matches/{mid}/{path}?after=x")
    assert bad.status_code == 400 and bad.json["error"]["field"] == "after"


def sse_events(text):
    """The (id, data) pairs of an SSE body."""
    import json
    out = []
    for block in text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and line[0] != ":")
        if "data" in lines:
            out.append((int(lines["id"]), json.loads(lines["data"])))
    return out


def test_the_stream_of_a_finished_match_sends_the_rest_and_closes(config):
    from service import create_app
    client = create_app(dict(config, SSE_MAX_S=3)).test_client()  # bounds the old, open-ended stream
    made = new_match(client)
    play_to_the_end(client, made)
    mid = made["match_id"]
    whole = client.get(f"/matches/{mid}/stream").get_data(as_text=True)
    assert ": keep-alive" not in whole  # closed at once, not held open until SSE_MAX_S
    events = sse_events(whole)
    assert events[0][0] == 1 and events[-1][1]["finished"] is True
    last = events[-1][0]
    tail = sse_events(client.get(f"/matches/{mid}/stream", headers={"Last-Event-ID": str(last - 1)})
                      .get_data(as_text=True))
    assert [seq for seq, _ in tail] == [last]
    past = client.get(f"/matches/{mid}/stream", headers={"Last-Event-ID": str(last)})
    assert past.status_code == 204 and past.get_data() == b""


def test_a_live_stream_closes_when_the_match_finishes(live_server):
    import threading
    import time

    import requests
    made = requests.post(f"{live_server}/matches", json={"game": "toy", "seed": 3}, timeout=5).json()
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    mid = made["match_id"]

    def play():
        time.sleep(0.5)
        view = requests.get(f"{live_server}/matches/{mid}", timeout=5).json()
        while not view["finished"]:
            seat = view["to_move"][0]
            action = requests.get(f"{live_server}/matches/{mid}/actions", headers=auth(tokens[seat]),
                                  timeout=5).json()["legal_actions"][0]
            view = requests.post(f"{live_server}/matches/{mid}/actions", json={"action": action},
                                 headers=auth(tokens[seat]), timeout=5).json()

    player = threading.Thread(target=play)
    started = time.monotonic()
    with requests.get(f"{live_server}/matches/{mid}/stream", stream=True, timeout=(5, 30)) as resp:
        player.start()
        lines = []
        for line in resp.iter_lines(decode_unicode=True):  # ends only when the server closes
            lines.append(line)
            assert time.monotonic() - started < 60, "the stream stayed open after the end"
    player.join()
    events = sse_events("\n".join(lines))
    assert events[-1][1]["finished"] is True and [seq for seq, _ in events] == list(range(1, len(events) + 1))


def drive_to_a_simultaneous_decision(client, game, options, seed):
    """Play seeded random legal actions until several seats are to move at once."""
    import random
    made = new_match(client, game=game, options=options, seed=seed)
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    mid, pick = made["match_id"], random.Random(seed)
    for _ in range(2000):
        view = client.get(f"/matches/{mid}").json
        if len(view["to_move"]) > 1 or view["finished"]:
            break
        seat = view["to_move"][0]
        legal = client.get(f"/matches/{mid}/actions", headers=auth(tokens[seat])).json["legal_actions"]
        assert client.post(f"/matches/{mid}/actions", json={"action": pick.choice(legal)},
                           headers=auth(tokens[seat])).status_code == 200
    return mid, tokens, view


@pytest.mark.parametrize("game, options", [("insidejob", {"players": 4}), ("darkagent", {"players": 3}),
                                           ("ifthen", {"players": 4})])
def test_seats_deciding_at_once_all_act_at_the_version_they_read(client, game, options):
    for seed in range(1, 40):
        mid, tokens, view = drive_to_a_simultaneous_decision(client, game, options, seed)
        if len(view["to_move"]) > 1:
            break
    assert len(view["to_move"]) > 1, "no simultaneous decision reached"
    read_at = view["version"]
    legal = {s: client.get(f"/matches/{mid}/actions", headers=auth(tokens[s])).json["legal_actions"]
             for s in view["to_move"]}
    first, *others = view["to_move"]
    answer = client.post(f"/matches/{mid}/actions", json={"action": legal[first][0], "version": read_at},
                         headers=auth(tokens[first]))
    assert answer.status_code == 200 and answer.json["version"] == read_at + 1
    again = client.post(f"/matches/{mid}/actions", json={"action": legal[first][0], "version": read_at},
                        headers=auth(tokens[first]))  # already decided: no longer legal
    assert again.status_code == 409 and again.json["error"]["code"] == "stale_version"
    assert again.json["error"]["current_version"] == read_at + 1
    if read_at > 0:
        older = client.post(f"/matches/{mid}/actions", json={"action": legal[others[0]][0],
                            "version": read_at - 1}, headers=auth(tokens[others[0]]))
        assert older.status_code == 409 and older.json["error"]["code"] == "stale_version"
    for number, seat in enumerate(others, start=2):  # each at the version it read, via If-Match too
        answer = client.post(f"/matches/{mid}/actions", json={"action": legal[seat][-1]},
                             headers={**auth(tokens[seat]), "If-Match": f'"{read_at}-{seat}"'})
        assert answer.status_code == 200, answer.json
        assert answer.json["version"] == read_at + number
    stale = client.post(f"/matches/{mid}/actions", json={"action": legal[first][0], "version": read_at},
                        headers=auth(tokens[first]))  # the window closed: a new decision, a new version
    assert stale.status_code == 409 and stale.json["error"]["code"] == "stale_version"


def test_large_views_are_gzipped_for_clients_that_accept_it(client):
    import gzip
    made = new_match(client, game="classified", seed=4)
    mid, token = made["match_id"], made["tokens"][0]["token"]
    plain = client.get(f"/matches/{mid}", headers=auth(token))
    assert len(plain.data) >= 1024 and "Content-Encoding" not in plain.headers
    assert "Accept-Encoding" in plain.headers["Vary"]
    packed = client.get(f"/matches/{mid}", headers={**auth(token), "Accept-Encoding": "br, gzip;q=0.8"})
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data and len(packed.data) < len(plain.data)
    assert int(packed.headers["Content-Length"]) == len(packed.data)
    assert packed.headers["ETag"] == plain.headers["ETag"][:-1] + '-gzip"'
    for tag in (packed.headers["ETag"], plain.headers["ETag"]):  # a 304 names what a 200 would send now
        cached = client.get(f"/matches/{mid}", headers={**auth(token), "Accept-Encoding": "gzip",
                                                        "If-None-Match": tag})
        assert cached.status_code == 304 and cached.headers["ETag"] == packed.headers["ETag"]
        cached = client.get(f"/matches/{mid}", headers={**auth(token), "If-None-Match": tag})
        assert cached.status_code == 304 and cached.headers["ETag"] == plain.headers["ETag"]
    refused = client.get(f"/matches/{mid}", headers={**auth(token), "Accept-Encoding": "gzip;q=0"})
    assert "Content-Encoding" not in refused.headers and refused.data == plain.data
    small = client.get("/matches/nope", headers={"Accept-Encoding": "gzip"})
    assert len(small.data) < 1024 and "Content-Encoding" not in small.headers


def all_pages(client, query, headers=None):
    """Every page of GET /matches?query, following next_cursor; returns (ids, totals, pages)."""
    ids, totals, pages, cursor = [], set(), 0, None
    while True:
        url = f"/matches?{query}" + (f"&cursor={cursor}" if cursor else "")
        page = client.get(url, headers=headers or {})
        assert page.status_code == 200, page.json
        ids += [m["match_id"] for m in page.json["matches"]]
        totals.add(page.json["total"])
        pages += 1
        cursor = page.json["next_cursor"]
        if cursor is None:
            return ids, totals, pages


def test_listing_pages_with_a_cursor_and_counts_the_total(client):
    made = [new_match(client, seed=n) for n in range(5)]
    opened = new_match(client, seats=[{"kind": "open"}, {"kind": "human"}])
    new_match(client, game="classified")
    toy_ids = [m["match_id"] for m in reversed(made + [opened])]  # newest first
    ids, totals, pages = all_pages(client, "game=toy&limit=2")
    assert ids == toy_ids and totals == {6} and pages == 3
    ids, totals, _ = all_pages(client, "limit=4")
    assert len(ids) == len(set(ids)) == 7 and totals == {7}
    ids, totals, pages = all_pages(client, "game=toy&open_seats=false&limit=1")
    assert ids == toy_ids[1:] and totals == {5} and pages == 5
    ids, totals, _ = all_pages(client, "status=open&limit=3")
    assert ids == [opened["match_id"]] and totals == {1}
    last = client.get("/matches?game=toy&limit=6").json
    assert last["next_cursor"] is None and last["total"] == 6
    for bad in ("x", "!!!", "WzEsMiwzXQ", "WyJuYW4iLCJ4Il0"):  # junk, [1,2,3], ["nan","x"]
        response = client.get(f"/matches?cursor={bad}")
        assert response.status_code == 400 and response.json["error"]["field"] == "cursor"


def test_mine_lists_the_matches_where_the_token_holds_a_seat(client, redis_url, config):
    import redis
    first = new_match(client)
    other = new_match(client)
    joinable = new_match(client, seats=[{"kind": "open"}, {"kind": "open"}])
    mine = first["tokens"][0]["token"]
    joined = client.post(f"/matches/{joinable['match_id']}/join", json={}).json["token"]
    for token, expected in ((mine, [first["match_id"]]), (joined, [joinable["match_id"]]),
                            (other["tokens"][1]["token"], [other["match_id"]])):
        ids, totals, _ = all_pages(client, "mine=true&limit=1", headers=auth(token))
        assert ids == expected and totals == {1}
    assert client.get("/matches?mine=true", headers=auth("nobody")).status_code == 401  # like a view
    assert client.get("/matches?mine=true").status_code == 401
    assert len(all_pages(client, "mine=false", headers=auth(mine))[0]) == 3
    store = redis.Redis.from_url(redis_url)
    for key in store.scan_iter(f"{config['PREFIX']}*"):
        dump = key + (store.dump(key) or b"")
        for token in (mine, joined):
            assert token.encode() not in dump  # token hashes only, never raw tokens
