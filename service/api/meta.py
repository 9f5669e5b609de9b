"""Catalog, health, the contract and its Swagger UI."""

import os

from flask import Blueprint, Response, current_app, send_from_directory

import engine

from .catalog import catalog
from .errors import ApiError

bp = Blueprint("meta", __name__)

DOCS_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Safehouse API</title>
<link rel="stylesheet" href="/docs/static/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script src="/docs/static/init.js"></script></body></html>"""
# served as a file, not inline: the Content-Security-Policy allows only the service's own scripts
DOCS_INIT = 'SwaggerUIBundle({url: "/openapi.yaml", dom_id: "#ui"});\n'


@bp.get("/games")
def list_games():
    """The catalog of game types."""
    return {"games": catalog(current_app.extensions["safehouse"]["settings"])}


@bp.get("/games/<game>")
def get_game(game):
    """One game type."""
    for entry in catalog(current_app.extensions["safehouse"]["settings"]):
        if entry["game"] == game:
            return entry
    raise ApiError("unknown_game", f"unknown game {game!r}", "game")


@bp.get("/games/<game>/reference")
def get_reference(game):
    """A game's cards, missions, roles... with names, rules texts and sources (static data: built
    and serialized once per process and game)."""
    if game not in engine.GAMES:
        raise ApiError("unknown_game", f"unknown game {game!r}", "game")
    cache = current_app.extensions["safehouse"].setdefault("reference", {})
    if game not in cache:
        cache[game] = current_app.json.dumps(engine.reference(game))
    return Response(cache[game], mimetype="application/json")


@bp.get("/healthz")
def health():
    """Liveness plus whether Redis answers."""
    try:
        ok = current_app.extensions["safehouse"]["store"].ping()
    except Exception:  # any connection failure means "not healthy", never a 500
        ok = False
    return {"status": "ok" if ok else "degraded", "redis": ok}, 200 if ok else 503


@bp.get("/readyz")
def ready():
    """Ready to serve games: Redis answers and at least one worker serving `<QUEUE>-bots` has a
    fresh heartbeat (SAFEHOUSE_HEARTBEAT_TTL_S). Else 503 with a stable code: `redis_unavailable`
    or `no_bot_worker` (/healthz stays "the process is up")."""
    ctx = current_app.extensions["safehouse"]
    bots_queue = f"{ctx['settings'].queue}-bots"
    try:
        ctx["store"].ping()
        workers = ctx["store"].live_workers()
    except Exception:  # noqa: BLE001 - any connection failure means "not ready", never a 500
        return _not_ready("redis_unavailable", "Redis does not answer")
    bot_workers = sum(1 for queues in workers.values() if bots_queue in queues)
    if not bot_workers:
        return _not_ready("no_bot_worker", f"no worker serving {bots_queue} has a fresh heartbeat")
    return {"status": "ready", "redis": True, "workers": len(workers), "bot_workers": bot_workers}


def _not_ready(code, message):
    return {"error": {"code": code, "message": message}}, 503, {"Retry-After": "1"}


@bp.get("/openapi.yaml")
def openapi_yaml():
    """The committed contract."""
    from .openapi import spec_yaml
    text = current_app.extensions["safehouse"].setdefault("openapi", spec_yaml())
    return Response(text, mimetype="application/yaml")


@bp.get("/docs")
def docs():
    """Swagger UI over /openapi.yaml (assets served locally)."""
    return Response(DOCS_PAGE, mimetype="text/html")


@bp.get("/docs/static/<path:name>")
def docs_static(name):
    """Swagger UI assets from the swagger-ui-bundle package."""
    from swagger_ui_bundle import swagger_ui_path
    if name == "init.js":
        return Response(DOCS_INIT, mimetype="text/javascript")
    if name not in ("swagger-ui.css", "swagger-ui-bundle.js"):
        raise ApiError("not_found", "no such asset", "name")
    return send_from_directory(os.path.abspath(swagger_ui_path), name)
