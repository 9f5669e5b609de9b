"""Finding 17: turn-odds questions have a per-caller quota of their own; the odds cache tells no
caller what another asked (answers, job ids and headers depend only on the caller's own history);
a match's ETag changes when a seat is joined (no stale 304 after a join)."""

import time

import pytest

from service import create_app

ATTACK = {"spies": [3, 2], "bonus": 1, "equipment": [], "defence": 9, "vp": 2}


def _ask(client, address, defence=9, trials=1000):
    return client.post("/darkagent/odds/turn", json={"attacks": [dict(ATTACK, defence=defence)], "trials": trials},
                       environ_base={"REMOTE_ADDR": address})


@pytest.fixture
def odds_app(config):
    return create_app(dict(config, ODDS_LIMIT="3/minute"))


def test_turn_odds_have_their_own_per_caller_quota(odds_app):
    client = odds_app.test_client()
    for defence in (1, 2, 3):
        answer = _ask(client, "10.0.0.1", defence)
        assert answer.status_code == 202 and answer.headers["X-RateLimit-Limit"] == "3"
    refused = _ask(client, "10.0.0.1", 4)
    assert refused.status_code == 429 and refused.json["error"]["code"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) >= 1
    assert _ask(client, "10.0.0.2", 4).status_code == 202  # another caller's quota is its own
    assert client.post("/darkagent/odds/attack", json={"attack": ATTACK},
                       environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code == 200  # exact: cheap


def _shape(answer):
    body = answer.json
    return (answer.status_code, sorted(body), body["status"],
            sorted(h for h in answer.headers.keys() if not h.startswith("X-RateLimit")))


def test_the_cache_is_not_observable_across_callers(client, worker):
    mine = _ask(client, "10.0.1.1")
    deadline = time.time() + 60
    while client.get(mine.headers["Location"]).json["status"] != "finished":
        assert time.time() < deadline, "the worker did not finish the odds job"
        time.sleep(0.1)
    assert _ask(client, "10.0.1.1").json["status"] == "finished"  # my own cache serves me
    theirs = _ask(client, "10.0.1.2")  # the same question, from someone else
    fresh = _ask(client, "10.0.1.2", defence=11)  # a question nobody asked
    assert _shape(theirs) == _shape(fresh)
    assert theirs.json["status"] == "queued" and "result" not in theirs.json
    assert theirs.json["job_id"] != mine.json["job_id"]


def test_job_ids_are_not_derived_from_the_question_alone(config):
    """Two deployments (two secrets) give the same caller's same question different job ids, so
    a job id cannot be computed from a guessed question to probe /jobs/{id}."""
    first = _ask(create_app(config).test_client(), "10.0.2.1").json["job_id"]
    other = create_app(dict(config, PREFIX=config["PREFIX"] + "other:")).test_client()
    assert _ask(other, "10.0.2.1").json["job_id"].rsplit("-", 1)[1] != first.rsplit("-", 1)[1]


def test_the_etag_changes_when_a_seat_is_joined(client):
    mid = client.post("/matches", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "open"}]}).json["match_id"]
    before = client.get(f"/matches/{mid}")
    assert client.get(f"/matches/{mid}", headers={"If-None-Match": before.headers["ETag"]}).status_code == 304
    assert client.post(f"/matches/{mid}/join", json={"name": "bo"}).status_code == 200
    after = client.get(f"/matches/{mid}", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.json["seats"][1]["joined"]
    assert after.headers["ETag"] != before.headers["ETag"]
