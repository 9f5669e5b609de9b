"""Finding 5: seat tokens stolen through an Idempotency-Key replay. On requests no seat token
authenticates (create, join) the bearer is ignored for scoping, the key must carry >= 128 random
bits, and a stored answer with seat tokens goes to no one but the holder of the key."""

import secrets
import uuid

import pytest

from service.api.key_strength import strong_enough

OPEN_MATCH = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "open"}]}
WEAK_KEYS = ["00000000-0000-0000-0000-000000000000", "a" * 40, "ab" * 20, "0123456789abcdef" * 2,
             "1", "join", "k" * 22, "null-null-null-null-null-null"]


@pytest.mark.parametrize("bearer", ["Bearer null", "Bearer undefined", "Bearer x"])
def test_a_junk_bearer_does_not_lift_the_key_rule_on_create(client, bearer):
    answer = client.post("/matches", json=OPEN_MATCH,
                         headers={"Authorization": bearer, "Idempotency-Key": "1"})
    assert answer.status_code == 400, answer.json
    assert answer.json["error"] == {"code": "weak_idempotency_key", "field": "Idempotency-Key",
                                    "message": answer.json["error"]["message"]}


@pytest.mark.parametrize("bearer", ["Bearer null", "Bearer undefined"])
def test_a_junk_bearer_does_not_lift_the_key_rule_on_join(client, bearer):
    mid = client.post("/matches", json=OPEN_MATCH).json["match_id"]
    answer = client.post(f"/matches/{mid}/join", json={},
                         headers={"Authorization": bearer, "Idempotency-Key": "join-1"})
    assert answer.status_code == 400 and answer.json["error"]["code"] == "weak_idempotency_key"
    assert not client.get(f"/matches/{mid}").json["seats"][1]["joined"]  # nothing changed


@pytest.mark.parametrize("key", WEAK_KEYS)
def test_weak_anonymous_keys_are_refused(client, key):
    answer = client.post("/matches", json=OPEN_MATCH, headers={"Idempotency-Key": key})
    assert answer.status_code == 400 and answer.json["error"]["code"] == "weak_idempotency_key"
    assert "token" not in answer.get_data(as_text=True)


def test_random_keys_pass_the_estimate():
    for _ in range(2000):
        assert strong_enough(str(uuid.uuid4()))
        assert strong_enough(secrets.token_urlsafe(16))
        assert strong_enough(secrets.token_hex(16))
    for key in WEAK_KEYS:
        assert not strong_enough(key)


@pytest.mark.parametrize("first, second", [("Bearer null", "Bearer null"),
                                           ("Bearer undefined", None), (None, "Bearer null")])
def test_a_second_caller_never_gets_the_first_callers_seat_tokens(client, first, second):
    """The audit's theft: caller A creates with a junk bearer and a guessable key; caller B sends
    the same request and key. A is refused (so nothing is stored for B to replay)."""
    def post(bearer):
        headers = {"Idempotency-Key": "nil-" + "0" * 32}
        if bearer:
            headers["Authorization"] = bearer
        return client.post("/matches", json=OPEN_MATCH, headers=headers)

    theirs, mine = post(first), post(second)
    assert "Idempotent-Replayed" not in mine.headers
    assert theirs.status_code == 400 and mine.status_code == 400
    for answer in (theirs, mine):
        assert "tokens" not in (answer.json or {})


def test_the_bearer_does_not_scope_an_anonymous_replay(client):
    """With the bearer ignored, the key alone names the record: a retry with another junk bearer
    is the same request (the holder of the key retrying), not a fresh creation."""
    key = str(uuid.uuid4())
    first = client.post("/matches", json=OPEN_MATCH,
                        headers={"Authorization": "Bearer null", "Idempotency-Key": key})
    again = client.post("/matches", json=OPEN_MATCH, headers={"Idempotency-Key": key})
    assert first.status_code == 201 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.data == first.data
    assert again.headers["Cache-Control"] == "no-store"
