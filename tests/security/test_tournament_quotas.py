"""Finding 3: tournaments accepted entrant params above the server's bot caps (budget_ms 60,000,
iterations 200,000) and had no per-caller quota. Now every entrant obeys the caps match bots
have (SAFEHOUSE_MAX_BOT_BUDGET_MS, which bounds a remote entrant's timeout_ms too, and
SAFEHOUSE_MAX_BOT_ITERATIONS), a searching entrant without a time budget gets the server's, and each caller (client address) may have at most
TOURNAMENT_CALLER_RUNNING tournaments running and TOURNAMENT_CALLER_CPU_S seconds of estimated
bot time queued (429 tournament_quota)."""

import pytest

from service import create_app

SPEC = {"game": "classified", "entrants": ["random", "heuristic"], "deals": 2, "seed": 1}


@pytest.mark.parametrize("params,field", [
    ({"budget_ms": 60_000}, "spec.entrants[1].params.budget_ms"),
    ({"iterations": 200_000}, "spec.entrants[1].params.iterations"),
])
def test_entrant_params_over_the_bot_caps_are_refused(client, params, field):
    spec = dict(SPEC, entrants=["random", {"name": "deep", "bot": "ismcts", "params": params}])
    answer = client.post("/tournaments", json={"spec": spec})
    assert answer.status_code == 400, answer.json
    assert answer.json["error"]["code"] == "invalid_request" and answer.json["error"]["field"] == field


def test_a_remote_entrants_wait_obeys_the_cap(config):
    server = create_app(dict(config, TOURNAMENT_REMOTE_BOTS=True, TOURNAMENT_REMOTE_ALLOW="127.0.0.1"))
    spec = dict(SPEC, entrants=["random", {"name": "far", "remote": {"url": "http://127.0.0.1:9/",
                                                                       "timeout_ms": 60_000}}])
    answer = server.test_client().post("/tournaments", json={"spec": spec})
    assert answer.status_code == 400 and answer.json["error"]["field"] == "spec.entrants[1].remote.timeout_ms"


def test_a_searching_entrant_gets_the_servers_time_budget(client, config):
    spec = dict(SPEC, entrants=["random", {"name": "deep", "bot": "ismcts", "params": {"iterations": 100}}])
    made = client.post("/tournaments", json={"spec": spec})
    assert made.status_code == 202, made.json
    deep = made.json["spec"]["entrants"][1]
    assert deep["params"]["budget_ms"] == 5000 and deep["params"]["iterations"] == 100


def _post(client, seed, address="10.1.1.1", spec=SPEC):
    return client.post("/tournaments", json={"spec": dict(spec, seed=seed)},
                       environ_base={"REMOTE_ADDR": address})


def test_running_tournaments_per_caller_are_capped(config):
    client = create_app(dict(config, TOURNAMENT_CALLER_RUNNING=2)).test_client()
    first, second = _post(client, 1).json, _post(client, 2).json
    third = _post(client, 3)
    assert third.status_code == 429, third.json
    assert third.json["error"]["code"] == "tournament_quota" and "Retry-After" in third.headers
    assert _post(client, 3, address="10.2.2.2").status_code == 202  # another caller's own quota
    client.delete(f"/tournaments/{first['tournament_id']}",
                  headers={"Authorization": f"Bearer {first['owner_token']}"})
    assert _post(client, 4).status_code == 202  # a cancelled one no longer counts
    assert second["status"] == "running"


def test_queued_bot_time_per_caller_is_capped(config):
    client = create_app(dict(config, TOURNAMENT_CALLER_CPU_S=60)).test_client()
    heavy = dict(SPEC, deals=100, entrants=["random", {"name": "deep", "bot": "ismcts",
                                                       "params": {"iterations": 20_000}}])
    refused = _post(client, 5, spec=heavy)
    assert refused.status_code == 429 and refused.json["error"]["code"] == "tournament_quota"
    assert _post(client, 6).status_code == 202  # random against heuristic: a fraction of a second
