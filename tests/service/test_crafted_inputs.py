"""Crafted inputs that once gave 500s or wrong codes now get a clear JSON 4xx, and a Redis that is
down or paused gets 503 with Retry-After instead of a hang and a 500."""

import os
import signal
import socket

import pytest
import requests

from service import create_app

from .conftest import free_port


def auth(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def made(client):
    return client.post("/matches", json={"game": "toy", "seed": 4}).json


def code(response):
    assert response.is_json, response.data[:200]
    return response.status_code, response.json["error"]["code"]


def test_json_nested_a_thousand_deep_is_400(client, made):
    body = '{"action": ' + "[" * 1000 + "]" * 1000 + "}"
    assert len(body) < 2100
    for path in ("/matches", f"/matches/{made['match_id']}/actions"):
        answer = client.post(path, data=body, content_type="application/json",
                             headers=auth(made["tokens"][0]["token"]))
        assert code(answer) == (400, "invalid_request")
    deep = client.post("/matches", data='{"options": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}",
                       content_type="application/json")
    assert code(deep) == (400, "invalid_request")


def test_huge_numbers_in_headers_and_cursors_are_400(client, made):
    mid, token = made["match_id"], made["tokens"][0]["token"]
    digits = "9" * 5000
    answer = client.post(f"/matches/{mid}/actions", json={"action": {"type": "pass"}},
                         headers={**auth(token), "If-Match": f'"{digits}-0"'})
    assert code(answer) == (400, "invalid_request") and answer.json["error"]["field"] == "If-Match"
    for query in (f"after={2**64}", f"after={digits[:4000]}", f"log_since={2**64}"):
        path = "events" if "after" in query else ""
        answer = client.get(f"/matches/{mid}/{path}?{query}".replace("/?", "?"))
        assert code(answer) == (400, "invalid_request"), query
    streamed = client.get(f"/matches/{mid}/stream", headers={"Last-Event-ID": digits})
    assert code(streamed) == (400, "invalid_request")
    assert client.get(f"/matches/{mid}/stream?after={2**64}").status_code == 400


def test_versions_must_be_non_negative_json_integers(client, made):
    mid, token = made["match_id"], made["tokens"][0]["token"]
    for version in ("0", -1, 1.5, True, 2**64):
        answer = client.post(f"/matches/{mid}/actions", json={"action": {"type": "pass"}, "version": version},
                             headers=auth(token))
        assert code(answer) == (400, "invalid_request"), version
        assert answer.json["error"]["field"] == "version"
    assert client.get(f"/matches/{mid}").json["version"] == 0
    joined = client.post(f"/matches/{mid}/join", json={"seat": "1"})
    assert code(joined) == (400, "invalid_request")


def test_a_chunked_body_over_the_limit_is_413(live_server):
    def chunks():
        for _ in range(100):
            yield b'{"game": "toy", "pad": "' + b"x" * 1000 + b'"'

    answer = requests.post(f"{live_server}/matches", data=chunks(), timeout=30,
                           headers={"Content-Type": "application/json"})
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "payload_too_large", answer.text


def test_with_redis_down_answers_are_503_with_retry_after(config):
    dead = f"redis://127.0.0.1:{free_port()}/0"
    client = create_app(dict(config, REDIS_URL=dead)).test_client()
    for answer in (client.post("/matches", json={"game": "toy"}), client.get("/matches/abc"),
                   client.get("/matches")):
        assert code(answer) == (503, "service_unavailable")
        assert answer.headers["Retry-After"] == "1"


def test_with_redis_paused_answers_are_503_not_a_hang(config, own_redis):
    url, proc = own_redis
    client = create_app(dict(config, REDIS_URL=url)).test_client()
    made = client.post("/matches", json={"game": "toy"}).json
    os.kill(proc.pid, signal.SIGSTOP)
    try:
        answer = client.get(f"/matches/{made['match_id']}")
        assert code(answer) == (503, "service_unavailable")
        assert answer.headers["Retry-After"] == "1"
    finally:
        os.kill(proc.pid, signal.SIGCONT)
    assert client.get(f"/matches/{made['match_id']}").status_code == 200


def test_a_body_shorter_than_its_content_length_does_not_crash_the_server(live_server):
    with socket.create_connection(("127.0.0.1", int(live_server.rsplit(":", 1)[1])), timeout=30) as sock:
        sock.sendall(b"POST /matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 500\r\n\r\n{\"game\"")
        sock.shutdown(socket.SHUT_WR)
        reply = sock.recv(4096)
    assert reply == b"" or reply.startswith(b"HTTP/1.1 4")
    assert requests.get(f"{live_server}/healthz", timeout=10).status_code == 200


def test_a_very_long_uri_is_a_json_414(client, live_server):
    answer = client.get("/matches?game=" + "x" * 5000)
    assert code(answer) == (414, "uri_too_long")
    over_http = requests.get(f"{live_server}/matches", params={"game": "y" * 6000}, timeout=10)
    assert over_http.status_code == 414 and over_http.json()["error"]["code"] == "uri_too_long"
