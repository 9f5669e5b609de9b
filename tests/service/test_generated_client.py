"""A client generated from openapi.yaml by openapi-python-client plays a full match of every game
against a real server, with no hand-written HTTP glue."""

import importlib
import os
import subprocess
import sys

import pytest

import engine
from engine.registry import BUILTIN
from tests.service import conftest as fixtures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("client")
    config = out / "config.yaml"
    config.write_text("post_hooks: []\nproject_name_override: safehouse_client\npackage_name_override: safehouse_client\n")
    subprocess.run([os.path.join(os.path.dirname(sys.executable), "openapi-python-client"), "generate",
                    "--path", os.path.join(ROOT, "openapi.yaml"), "--meta", "none", "--config", str(config),
                    "--output-path", str(out / "safehouse_client")], check=True, capture_output=True, timeout=300)
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module("safehouse_client")
    finally:
        sys.path.remove(str(out))


@pytest.fixture(scope="module")
def server(redis_url):
    yield from fixtures._serve({"REDIS_URL": redis_url, **fixtures.new_namespace(),
                                "ALLOW_CLIENT_SEEDS": True, "RATE_LIMIT": "100000/minute"})


class Operations:
    """safehouse_client.api.default.<operation> modules, imported on first use."""

    def __getattr__(self, name):
        return importlib.import_module(f"safehouse_client.api.default.{name}")


@pytest.mark.parametrize("game_id", BUILTIN)
def test_generated_client_plays_a_full_match(generated, server, game_id):
    client_mod = importlib.import_module("safehouse_client.client")
    api = Operations()
    models = importlib.import_module("safehouse_client.models")
    anonymous = client_mod.Client(base_url=server)
    catalog = api.list_games.sync(client=anonymous)
    assert game_id in [g.game for g in catalog.games]
    from service.api.openapi import game_schema_prefix
    prefix = game_schema_prefix(engine.get_game(game_id))
    # the creation body is typed per game (oneOf by `game`): the game's own request model
    request_model = getattr(models, f"{prefix}CreateMatchRequest")
    game_enum = getattr(models, f"{prefix}CreateMatchRequestGame")
    made = api.create_match.sync(client=anonymous, body=request_model(game=game_enum(game_id), seed=2024))
    assert isinstance(made, models.CreatedMatch), made
    seats = {t.seat: client_mod.AuthenticatedClient(base_url=server, token=t.token) for t in made.tokens}
    rng = engine.Rng(7)
    view_model, match_view_model = getattr(models, f"{prefix}View"), getattr(models, f"{prefix}MatchView")
    action_models = tuple(getattr(models, name) for name in dir(models)
                          if name.startswith(prefix) and name.endswith("Action") and name != f"{prefix}Action")
    view = api.get_match.sync(made.match_id, client=anonymous)
    assert isinstance(view, match_view_model) and isinstance(view.state, view_model)
    for _ in range(engine.get_game(game_id).max_length):
        if view.finished:
            break
        seat = view.to_move[0]
        legal = api.get_legal_actions.sync(made.match_id, client=seats[seat]).legal_actions
        action = rng.choice(legal)
        assert isinstance(action, action_models), type(action)  # a typed action class per type
        body = models.ActionRequest(action=action, version=view.version)
        answer = api.post_action.sync(made.match_id, client=seats[seat], body=body)
        assert isinstance(answer, match_view_model), answer
        assert isinstance(answer.state, view_model)
        view = answer
    assert view.finished and view.outcome is not None
    replay = api.get_replay.sync(made.match_id, client=anonymous)
    assert isinstance(replay, models.Replay) and replay.seed == "2024"
