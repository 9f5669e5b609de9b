"""The contract from a second language: a TypeScript client whose types openapi-typescript
generates from openapi.yaml is type-checked with `tsc --strict` (0 errors) and plays one match
of each game against a real gunicorn (clients/ts/src/play.ts).

Needs node, npm and clients/ts/node_modules (`make install` / `make ts-client`); without them the
test is skipped, or fails when SAFEHOUSE_REQUIRE_NODE is set (.ci/run sets it)."""

import os
import shutil
import subprocess

import pytest

from tests.service import conftest as fixtures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLIENT = os.path.join(ROOT, "clients", "ts")
BIN = os.path.join(CLIENT, "node_modules", ".bin")


def _unavailable(reason):
    if os.environ.get("SAFEHOUSE_REQUIRE_NODE"):
        pytest.fail(reason + " and SAFEHOUSE_REQUIRE_NODE is set")
    pytest.skip(reason)


def _run(*args):
    proc = subprocess.run(args, check=False, cwd=CLIENT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{' '.join(args)}:\n{proc.stdout[-6000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout


@pytest.fixture
def roomy_server(config):
    """A live server whose rate budget lets one client play ~600 actions in a minute."""
    yield from fixtures._serve(dict(config, RATE_LIMIT="100000/minute"))


def test_the_generated_typescript_client_type_checks_and_plays_every_game(roomy_server):
    live_server = roomy_server
    if not shutil.which("node"):
        _unavailable("node is not installed")
    if not (os.path.exists(os.path.join(BIN, "tsc")) and os.path.exists(os.path.join(BIN, "openapi-typescript"))):
        _unavailable("clients/ts/node_modules is missing (make ts-client)")
    _run(os.path.join(BIN, "openapi-typescript"), os.path.join(ROOT, "openapi.yaml"), "-o", "src/schema.d.ts")
    _run(os.path.join(BIN, "tsc"), "--strict", "-p", ".")  # any type error fails here
    played = _run("node", os.path.join("dist", "play.js"), live_server)
    assert [line.split(":")[0] for line in played.splitlines()] == ["classified", "darkagent", "ifthen", "insidejob"]
    assert all("finished at version" in line for line in played.splitlines())
