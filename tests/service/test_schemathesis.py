"""Contract tests: schemathesis drives every operation of openapi.yaml against a running server.

Checks: no 5xx, documented status codes, content types, headers and response bodies that match
the schema. The server is a real gunicorn process on 127.0.0.1.
"""

import os
import subprocess
import sys
import tempfile

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

from tests.service import conftest as fixtures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA = schemathesis.openapi.from_path(os.path.join(ROOT, "openapi.yaml"))
CHECKS = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
          checks.response_schema_conformance, checks.response_headers_conformance]
# an endless text/event-stream: covered by test_realtime; /readyz is 503 by design with no bot
# worker here (test_operations runs it with one)
EXCLUDED = ["/matches/{match_id}/stream", "/readyz"]


@pytest.fixture(scope="module")
def contract_server(redis_url):
    config = {"REDIS_URL": redis_url, **fixtures.new_namespace(),
              "ALLOW_CLIENT_SEEDS": True, "RATE_LIMIT": "100000/minute"}
    yield from fixtures._serve(config)


@SCHEMA.exclude(path=EXCLUDED).parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_contract(case, contract_server):
    if case.query and "wait" in case.query:
        case.query["wait"] = min(int(case.query["wait"]), 1) if str(case.query["wait"]).isdigit() else case.query["wait"]
    url = requests.Request("GET", contract_server + case.formatted_path, params=case.query).prepare().url
    if len(url) > 8000:
        return  # past the request line gunicorn accepts (8190 bytes): it answers 414 itself
    case.call_and_validate(base_url=contract_server, checks=CHECKS, timeout=15)


SCHEMATHESIS = os.path.join(os.path.dirname(sys.executable), "schemathesis")
CONFIG = os.path.join(ROOT, "tests", "service", "schemathesis.toml")


def _run_cli(base, config=CONFIG):
    """`schemathesis run --checks all` against `base`; (exit code, output)."""
    env = dict(os.environ, SCHEMATHESIS_HOOKS="tests.service.schemathesis_hooks", PYTHONPATH=ROOT)
    proc = subprocess.run(
        [SCHEMATHESIS, "--config-file", config, "run", os.path.join(ROOT, "openapi.yaml"), "-u", base,
         "--checks", "all", "--exclude-path", "/matches/{match_id}/stream", "--exclude-path", "/readyz",
         "-n", "20",
         "--max-response-time", "40", "--request-timeout", "40", "--seed", "27", "--no-color",
         "--suppress-health-check", "all"],
        check=False, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, timeout=900)
    return proc.returncode, proc.stdout[-12000:] + proc.stderr[-3000:]


@pytest.fixture(scope="module")
def cli_server(redis_url):
    config = {"REDIS_URL": redis_url, **fixtures.new_namespace(), "ALLOW_CLIENT_SEEDS": True,
              "RATE_LIMIT": "100000/minute", "CREATE_LIMIT": "100000/minute", "ODDS_LIMIT": "100000/minute",
              "MAX_OPEN_MATCHES_PER_ADDRESS": 0, "MAX_OPEN_MATCHES": 0, "MAX_ALL_BOT_MATCHES": 0,
              "EXTRA_GAMES": ""}  # the contract's games only; every request comes from one address
    yield from fixtures._serve(config)


def test_schemathesis_all_checks_anonymous(cli_server):
    """Every check of schemathesis (the CLI, as an outside tester runs it) without a token."""
    code, output = _run_cli(cli_server)
    assert code == 0, output


def test_schemathesis_all_checks_with_a_seat_token(cli_server, tmp_path):
    """The same with a real seat token on every request."""
    created = requests.post(cli_server + "/matches", json={"game": "classified"}, timeout=10).json()
    config = tmp_path / "schemathesis.toml"  # the token as the contract's seatToken scheme, so the
    with open(CONFIG, encoding="utf-8") as handle:  # missing-header checks know what to leave out
        config.write_text(handle.read() + f'\n[auth.openapi.seatToken]\nbearer = "{created["tokens"][0]["token"]}"\n')
    code, output = _run_cli(cli_server, str(config))
    assert code == 0, output
