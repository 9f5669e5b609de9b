"""The web client: static HTML, CSS and JavaScript modules under service/web/, served at `/`.

The page plays, watches and replays matches through the public API only (no build step, nothing
fetched from elsewhere). Besides the files, `/web/ref.json` serves the printed faces of the cards
(Classified Information design names, Inside Job missions and suits, If Then card halves): static
reference data that never depends on a match, so the page can label the ids its views carry.
"""

import os
from functools import lru_cache

from flask import Blueprint, send_from_directory

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
    """Printed card faces the page uses as labels (never match state)."""
    ref = {}
    try:
        from engine.classified.data import DESIGNS
        ref["classified"] = {"designs": {k: {"set": v[0], "number": v[1], "name": v[2], "kind": v[3]}
                                         for k, v in DESIGNS.items()}}
    except ImportError:
        pass
    try:
        from engine.insidejob.data import MISSIONS, PROPOSALS
        ref["insidejob"] = {"suits": list(PROPOSALS["suit_names"]),
                            "missions": {k: m["text"] for k, m in MISSIONS.items()}}
    except ImportError:
        pass
    try:
        from engine.ifthen.data import HALF_CODES
        ref["ifthen"] = {"half_codes": list(HALF_CODES)}
    except ImportError:
        pass
    return ref
