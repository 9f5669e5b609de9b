"""WSGI entry point for gunicorn: `gunicorn -k gevent service.wsgi:app` (the gevent worker
patches sockets, so idle long-polls and SSE streams cost a greenlet each, not a worker)."""

from ..api.app import create_app

app = create_app()
