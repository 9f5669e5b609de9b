"""Safehouse's service: a Flask-free core (`matches`, `jobs`, `listing`, `views`, `settings`,
`errors`) between the HTTP layer (`service.api`) and the Redis store (`service.store`).

`create_app` (service/api/app.py) is imported on first use, so `import service.store` or the
worker loads no Flask.
"""


def __getattr__(name):
    if name == "create_app":
        from .api.app import create_app
        return create_app
    if name == "ApiError":
        from .api.errors import ApiError
        return ApiError
    raise AttributeError(f"module 'service' has no attribute {name!r}")


__all__ = ["ApiError", "create_app"]
