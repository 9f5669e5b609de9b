"""JSON on the hot path through orjson (about ten times faster than the standard library at
encoding a 10 KB match view), with the standard library as the fallback for anything orjson
declines (integers past 64 bits, types only Flask's encoder knows), so answers never change
meaning. Request bodies keep the standard library (service/api/requests.py: small, and its errors name
the field); canonical bytes that are hashed (commitments) keep `json.dumps(sort_keys=True)`. Flask-free:
the store uses it too; the API's JSON provider is service/api/json_provider.py.
"""

import json

import orjson

# orjson's fast path takes str keys only; OPT_NON_STR_KEYS (integer keys, as the engine's private
# log parts have before they are stored) doubles the cost of every dict, so it is the second try
_FAST = (0, orjson.OPT_NON_STR_KEYS)
_FAST_SORTED = (orjson.OPT_SORT_KEYS, orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS)


def orjson_bytes(value, sort_keys=False):
    """orjson's encoding of `value` (str keys on the fast path, then any keys); TypeError when
    orjson declines it."""
    fast, any_keys = _FAST_SORTED if sort_keys else _FAST
    try:
        return orjson.dumps(value, option=fast)
    except TypeError:
        return orjson.dumps(value, option=any_keys)


def dumps_bytes(value, sort_keys=False):
    """Compact JSON bytes of `value` (keys sorted when asked)."""
    try:
        return orjson_bytes(value, sort_keys)
    except TypeError:
        return json.dumps(value, separators=(",", ":"), sort_keys=sort_keys).encode()


def loads(raw):
    """A JSON document (bytes or str) as Python values."""
    return orjson.loads(raw)
