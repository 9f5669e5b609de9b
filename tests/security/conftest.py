"""The security tests use the service fixtures: a real Redis, the Flask app, real RQ workers and a
real gunicorn server (see tests/service/conftest.py)."""

from tests.service.conftest import *  # noqa: F401,F403  (fixtures: redis_url, config, app, client, worker, live_server, ...)
