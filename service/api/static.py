"""The web client: static HTML, CSS and JavaScript modules under service/api/web/, served at `/`.

The page plays, watches and replays matches through the public API only (no build step, nothing
fetched from elsewhere). Besides the files, `/web/ref.json` serves the printed faces of the cards
(Classified Information design names, Inside Job missions and suits, If Then card halves): static
reference data that never depends on a match, so the page can label the ids its views carry.
"""

import os
from functools import lru_cache

from flask import Blueprint, send_from_directory

import engine

from .errors import ApiError

WEB_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "web")
ASSET_TYPES = {".html", ".css", ".js", ".svg", ".png", ".json"}

bp = Blueprint("web", __name__)


def _no_store(response):
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/")
def index():
    """The web client's single page (lobby, tables, replays)."""
    return _no_store(send_from_directory(WEB_DIR, "index.html"))


@bp.get("/favicon.ico")
def favicon():
    """No icon (answered so that browsers do not log a 404)."""
    return "", 204


@bp.get("/web/<path:name>")
def asset(name):
    """A static file of the web client (and the card reference at /web/ref.json)."""
    if name == "ref.json":
        return _reference()
    if os.path.splitext(name)[1] not in ASSET_TYPES or name.startswith("."):
        raise ApiError("not_found", "no such asset", "name")
    path = os.path.realpath(os.path.join(WEB_DIR, name))
    if not path.startswith(WEB_DIR + os.sep) or not os.path.isfile(path):
        raise ApiError("not_found", "no such asset", "name")
    return _no_store(send_from_directory(WEB_DIR, name))


@lru_cache(maxsize=1)
def _reference():
    """Printed card faces the page uses as labels (never match state), as each game declares
    them (`rules.card_faces()`)."""
    ref = {}
    for game_id in engine.GAMES:
        data = engine.get_game(game_id).card_faces()
        if data:
            ref[game_id] = data
    return ref
