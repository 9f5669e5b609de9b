"""The hot path's shortcuts answer exactly what the general code answers: the action body's fast
load against marshmallow's, and an empty query against the schema's own load."""

import pytest
from marshmallow import ValidationError

from service.api import schemas

ACTION = schemas.ActionRequest()

VALID = [
    {"action": {"type": "pass"}},
    {"action": {}, "version": 0},
    {"action": {"type": "vote", "target": 2}, "version": 17, "seat": 3},
    {"action": {"type": "x"}, "version": None, "seat": None},
    {"action": {"nested": {"a": [1, 2]}}, "version": 2**53, "seat": 64},
]
INVALID = [
    {}, {"version": 3}, {"action": []}, {"action": "pass"}, {"action": None},
    {"action": {}, "version": -1}, {"action": {}, "version": 2**53 + 1}, {"action": {}, "version": True},
    {"action": {}, "version": 1.0}, {"action": {}, "version": "3"}, {"action": {}, "seat": 65},
    {"action": {}, "seat": False}, {"action": {}, "extra": 1},
]


@pytest.mark.parametrize("body", VALID)
def test_the_fast_load_of_a_valid_action_body_equals_marshmallows(body):
    assert ACTION.fast_load(body) == ACTION.load(body)


@pytest.mark.parametrize("body", INVALID)
def test_the_fast_load_leaves_every_invalid_body_to_marshmallow(body):
    assert ACTION.fast_load(body) is None
    with pytest.raises(ValidationError):
        ACTION.load(body)


def test_an_empty_query_answers_the_schemas_defaults(client):
    """GET /matches/{id}/events with no query: after=0, wait=0 as EventsQuery loads them; and a
    caller changing the answer it got does not change the next one."""
    from service.api import requests as http
    with client.application.test_request_context("/x"):
        first = http.parse_query(schemas.EventsQuery())
        assert first == schemas.EventsQuery().load({}) == {"after": 0, "wait": 0}
        first["after"] = 99
    with client.application.test_request_context("/x"):
        assert http.parse_query(schemas.EventsQuery())["after"] == 0


def test_compression_is_isa_l_and_its_gzip_is_standard_and_stable():
    """The declared fast deflate is what runs (a missing install would fall back silently), and its
    output is a plain gzip member any client reads, the same bytes for the same body (ETags)."""
    import gzip

    from isal import isal_zlib

    from service.api import headers

    assert headers.deflate is isal_zlib
    body = b'{"log": [' + b",".join(b'{"seat": %d, "text": "passes"}' % (i % 4) for i in range(300)) + b"]}"
    packed = headers.gzip_bytes(body)
    assert gzip.decompress(packed) == body and packed == headers.gzip_bytes(body)
    assert packed[:2] == b"\x1f\x8b" and packed[4:8] == b"\0\0\0\0"  # gzip magic; mtime 0
    assert len(packed) < len(body) / 4


def test_a_gunicorn_worker_freezes_what_it_loaded_and_thaws_it_before_exit():
    import gc

    from service.process import gunicorn_conf

    try:
        gunicorn_conf.post_worker_init(None)
        assert gc.get_freeze_count() > 1000  # this process's modules and app objects
    finally:
        gunicorn_conf.worker_exit(None, None)
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize("sort_keys", [False, True])
def test_json_bytes_are_the_same_on_the_str_key_fast_path_and_with_integer_keys(sort_keys):
    import json

    from service.fast_json import dumps_bytes

    plain = {"b": [1, {"z": None, "a": "é"}], "a": 2.5}
    integer_keys = {"private": {1: {"targets": [0]}, 0: {"card": 3}}, "seq": 4}
    for value in (plain, integer_keys):
        expected = json.dumps(json.loads(json.dumps(value, sort_keys=sort_keys)),
                              separators=(",", ":"), sort_keys=sort_keys, ensure_ascii=False)
        assert dumps_bytes(value, sort_keys=sort_keys).decode() == expected
    assert dumps_bytes({"big": 2**70}) == b'{"big":1180591620717411303424}'  # past orjson: stdlib


def test_the_app_runs_plain_functions_as_they_are_and_would_still_wrap_a_coroutine():
    """SafehouseFlask remembers plain hooks and views; an async function still gets Flask's
    wrapper (never remembered as plain)."""
    from service.api.app import SafehouseFlask

    app = SafehouseFlask(__name__)

    def plain():
        return 1

    async def coroutine():
        return 2

    assert app.ensure_sync(plain) is plain and app.ensure_sync(plain) is plain
    assert plain in app._known_sync
    try:
        wrapped = app.ensure_sync(coroutine)
    except RuntimeError:  # Flask's async extra (asgiref) not installed: Flask refuses it, as before
        wrapped = None
    assert wrapped is not coroutine and coroutine not in app._known_sync
