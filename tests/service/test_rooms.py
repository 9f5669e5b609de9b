"""Issue 24: the service in two rooms. The worker and the sweeper load no Flask; only
service/store/ talks to Redis; only service/settings.py reads the environment; and the settings
an app is made with are the ones its match lifecycle uses."""

import os
import re
import subprocess
import sys
import time

import pytest

from service import create_app

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODE_ROOTS = ("service", "worker", "engine")


def _modules():
    for top in CODE_ROOTS:
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    yield os.path.relpath(path, ROOT), open(path, encoding="utf-8").read()


@pytest.mark.parametrize("module", ["worker.jobs", "worker.sweeper", "worker.__main__", "worker.tournament",
                                    "service.store", "service.matches", "service.jobs"])
def test_the_worker_side_imports_no_flask(module):
    code = f"import sys, {module}; sys.exit(2 if 'flask' in sys.modules else 0)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYTHONPATH=ROOT))
    assert done.returncode == 0, f"importing {module} loads flask" + done.stderr[-2000:]


REDIS_IMPORT = re.compile(r"^\s*(import redis\b|from redis\b)", re.M)


def test_nothing_outside_the_store_imports_redis():
    found = [path for path, text in _modules()
             if REDIS_IMPORT.search(text) and not path.startswith("service/store/")]
    assert not found, f"redis imported outside service/store/: {found}"


ENV_READ = re.compile(r"os\.environ\b|os\.getenv\b|\bgetenv\(")
ENV_ALLOWED = {
    "service/settings.py",  # the one settings object
    "engine/registry.py",  # SAFEHOUSE_GAMES, SAFEHOUSE_EXTRA_GAMES (the engine's own)
    # left for the engine side of issue 24 (item 4): the remote-bot allow-list is still read by
    # the engine library (engine/tournament/remote.py), which `safehouse tournament run` defaults
    "engine/tournament/remote.py", "service/cli/tournament.py",
}


def test_only_the_settings_read_the_environment():
    found = [path for path, text in _modules() if ENV_READ.search(text) and path not in ENV_ALLOWED]
    assert not found, f"the environment read outside service/settings.py: {found}"


def test_create_app_settings_reach_the_outbox(config):
    """BOT_GRACE_S given to create_app (not the environment) times a bot turn's outbox entry."""
    app = create_app(dict(config, BOT_GRACE_S=300.0, ENQUEUE_BOTS=False))
    client = app.test_client()
    made = client.post("/matches", json={"game": "toy", "seats": [{"kind": "bot", "bot": "random"},
                                                                  {"kind": "human"}], "seed": 1})
    assert made.status_code == 201, made.json
    store = app.extensions["safehouse"]["store"]
    due = store.due_at(made.json["match_id"])
    assert due is not None and 290 < due - time.time() <= 300
