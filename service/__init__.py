"""Safehouse HTTP service: `create_app(config)` is the only wiring point."""

from flask import Flask
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from . import api_events, api_matches, api_meta, api_odds, config as config_module, headers
from .errors import ApiError, register_error_handlers
from .jobs import after_save as jobs_after_save, queue_for
from .store import Store


def _rate_key():
    from flask import request
    auth = request.headers.get("Authorization", "")
    return auth[-40:] if auth else get_remote_address()


def create_app(config=None):
    """The Flask app, configured from SAFEHOUSE_* environment variables and `config`."""
    app = Flask(__name__)
    app.config.update(config_module.from_env())
    app.config.update(config or {})
    app.json.sort_keys = False
    store = Store(app.config["REDIS_URL"], prefix=app.config["PREFIX"])
    queue = queue_for(store.redis, app.config["QUEUE"])

    def after_save(match_id, match, meta):
        if app.config["ENQUEUE_BOTS"]:
            jobs_after_save(queue, match_id, match, meta)

    app.extensions["safehouse"] = {"store": store, "queue": queue, "after_save": after_save}
    headers.register(app)  # before the Limiter: Flask runs after_request hooks last-registered first
    limiter = Limiter(_rate_key, app=app, storage_uri=app.config["REDIS_URL"],
                      default_limits=[app.config["RATE_LIMIT"]], headers_enabled=True,
                      key_prefix=app.config["PREFIX"] + "limit")
    limiter.exempt(api_meta.bp)
    for blueprint in (api_meta.bp, api_matches.bp, api_events.bp, api_odds.bp):
        app.register_blueprint(blueprint)
    register_error_handlers(app)
    return app


__all__ = ["create_app", "ApiError"]
