"""Response-header hygiene applied to every answer (registered before flask-limiter's own hook,
so it runs after it): Retry-After only where a retry is the point (429, 503)."""

RETRY_STATUSES = (429, 503)


def register(app):
    """Install the after_request hooks on `app` (call before the Limiter is attached)."""

    @app.after_request
    def _retry_after_only_on_429_and_503(response):
        if response.status_code not in RETRY_STATUSES:
            response.headers.pop("Retry-After", None)
        return response
