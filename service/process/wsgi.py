"""WSGI entry point for gunicorn: `gunicorn -k gevent service.wsgi:app` (the gevent worker
patches sockets, so idle long-polls and SSE streams cost a greenlet each, not a worker)."""

from .. import logs
from ..api.app import create_app
from ..api.observe import request_id
from ..settings import Settings

logs.configure(Settings.from_env(), context=request_id)
app = create_app()
