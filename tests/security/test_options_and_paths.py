"""Finding 16: CORS preflights (OPTIONS) spend no rate budget, the creation budget included; a NUL
or any other bad path answers a 4xx JSON error and logs no traceback."""

import logging

import pytest

from service import create_app

PREFLIGHT = {"Origin": "https://app.example", "Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "content-type, idempotency-key"}


@pytest.fixture
def tight_client(config):
    app = create_app(dict(config, CREATE_LIMIT="2/minute", RATE_LIMIT="5/minute",
                          CORS_ORIGINS=["https://app.example"]))
    return app.test_client()


def test_preflights_spend_no_budget_and_are_never_refused(tight_client):
    for _ in range(12):  # well past both budgets
        for path in ("/matches", "/matches/abc/join", "/matches/abc/actions"):
            answer = tight_client.options(path, headers=PREFLIGHT)
            assert answer.status_code == 200, (path, answer.status_code)
            assert answer.headers["Access-Control-Allow-Origin"] == "https://app.example"
    for _ in range(2):  # the creation budget is whole
        assert tight_client.post("/matches", json={"game": "toy"}).status_code == 201
    assert tight_client.post("/matches", json={"game": "toy"}).status_code == 429


BAD_PATHS = ["/web/\x00", "/web/a\x00.js", "/web/%00.js", "/web/js/\x00.js", "/docs/static/\x00",
             "/matches/\x00", "/matches/a\x01b/events", "/jobs/odds-\x00", "/jobs/odds-\u00e4",
             "/jobs/odds-a b", "/tournaments/\x00", "/games/\x7f", "/\x00"]


@pytest.mark.parametrize("path", BAD_PATHS)
def test_bad_paths_answer_4xx_json_without_a_traceback(client, caplog, path):
    with caplog.at_level(logging.WARNING):
        for method in ("GET", "POST", "DELETE"):
            answer = client.open(path, method=method)
            assert 400 <= answer.status_code < 500, (method, path, answer.status_code)
            assert answer.is_json and answer.json["error"]["code"]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
