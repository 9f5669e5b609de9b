"""Flask's JSON provider with orjson encoding responses (service/fast_json.py)."""

from flask.json.provider import DefaultJSONProvider

from ..fast_json import orjson_bytes


class FastJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider with orjson encoding responses; behaves as the default one otherwise
    (indent in debug or when not compact, Flask's `default` for dates, decimals and the like)."""

    def response(self, *args, **kwargs):
        if (self.compact is None and self._app.debug) or self.compact is False:
            return super().response(*args, **kwargs)
        obj = self._prepare_response_obj(args, kwargs)
        try:
            body = orjson_bytes(obj, self.sort_keys)
        except TypeError:
            return super().response(*args, **kwargs)
        return self._app.response_class(body + b"\n", mimetype=self.mimetype)
