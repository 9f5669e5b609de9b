"""Idempotent POSTs, as the careful payment APIs do them.

A stored response is replayed only to the same *caller scope* and only for the same *request
fingerprint* (method, path, canonical JSON body and If-Match). The same key with a different
request is `422 idempotency_key_reused` and changes nothing.

Scopes (docs/security.md): `idempotent` serves requests that no seat token authenticates
(`POST /matches`, `join`): any Authorization header is *ignored* for scoping (a `Bearer null` is
not an identity), so the key itself is the only secret and must carry at least 128 bits of
randomness (`key_strength.strong_enough`; else `400 weak_idempotency_key`). Its stored answer (seat
tokens) is then replayed only to whoever holds that key: whoever made the request.
`idempotent_for_seat` serves `POST .../actions`, which the view authenticates by seat token: the
bearer joins the scope (a wrong one gets its own 401, never another's answer), and with a bearer
any key will do.

What Redis holds is neither the key nor the token: the record's name is a SHA-256 of scope secret
and key, and the stored response is encrypted with AES-GCM under a key derived from the same
secrets, so reading Redis does not yield a token. A key is reserved before the call acts, so
concurrent retries wait for the one real outcome instead of racing it (or hear `409
idempotency_in_progress` if it takes longer than `WAIT_S`). Records are kept for `TTL_S` (24 h).
"""

import functools
import hashlib
import json
import os
import time

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from flask import current_app, g, request

from engine.errors import EngineError

from ..errors import DomainError
from ..metrics import DEGRADED, REPLAYED
from ..store import StoreError
from .errors import ApiError, error_response
from .key_strength import strong_enough
from .requests import bearer_token

TTL_S = 86400
PENDING_TTL_S = 60
WAIT_S = 10.0
ANONYMOUS_MIN_LENGTH = 22  # base64url characters: 132 bits
MAX_LENGTH = 200
REPLAYED_HEADERS = ("Content-Type", "ETag", "Location")


def idempotent(view):
    """Make a POST that no seat token authenticates safe to retry: the key is the only scope."""
    return _idempotent(view, by_seat=False)


def idempotent_for_seat(view):
    """Make a POST authenticated by a seat token safe to retry: the bearer and the key scope it."""
    return _idempotent(view, by_seat=True)


def _idempotent(view, by_seat):
    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        key = request.headers.get("Idempotency-Key")
        if key is None:
            return view(*args, **kwargs)
        token = bearer_token() if by_seat else None
        if by_seat and token is None:  # who is asking comes before how they ask (401 before 400)
            raise ApiError("unauthorized", "acting needs a seat token (Authorization: Bearer)", "Authorization")
        _check_key(key, anonymous=token is None)
        record_id, cipher = _record_id_and_cipher(token, key)
        store = current_app.extensions["safehouse"]["store"]
        fingerprint = _fingerprint()
        pending = {"state": "pending", "fingerprint": fingerprint}
        if store.idempotent_reserve(record_id, pending, PENDING_TTL_S):
            return _act_and_record(view, args, kwargs, store, record_id, cipher, fingerprint)
        found = _await_outcome(store, record_id, fingerprint)
        if found is None:  # the reservation expired or was dropped: act as the first caller
            return wrapper(*args, **kwargs)
        return _replay(found, cipher)

    return wrapper


def _check_key(key, anonymous):
    if len(key) > MAX_LENGTH or not key.isprintable() or not key.strip():
        raise ApiError("invalid_request",
                       f"Idempotency-Key must be 1..{MAX_LENGTH} printable characters",
                       "Idempotency-Key")
    if anonymous and not strong_enough(key):
        raise ApiError("weak_idempotency_key",
                       "here the Idempotency-Key is the caller's only secret: send at least 128 "
                       f"random bits (a random UUID4, or {ANONYMOUS_MIN_LENGTH}+ random base64url "
                       "characters)", "Idempotency-Key")


def _record_id_and_cipher(token, key):
    """The record's name (a hash) and the AES-GCM cipher for its body, both from scope + key."""
    secret = f"{token or ''}\x00{key}".encode()
    record_id = hashlib.sha256(b"safehouse-idempotency-name\x00" + secret).hexdigest()
    cipher = AESGCM(hashlib.sha256(b"safehouse-idempotency-body\x00" + secret).digest())
    return record_id, cipher


def _fingerprint():
    """SHA-256 of method, path, canonical JSON body (raw bytes if not JSON) and If-Match."""
    raw = request.get_data(cache=True)
    try:
        body = json.dumps(json.loads(raw), sort_keys=True, separators=(",", ":")).encode() if raw else b""
    except (ValueError, RecursionError):
        body = raw
    parts = [request.method.encode(), request.path.encode(),
             request.headers.get("If-Match", "").encode(), body]
    return hashlib.sha256(b"\x00".join(parts)).hexdigest()


def _act_and_record(view, args, kwargs, store, record_id, cipher, fingerprint):
    try:
        response = current_app.make_response(view(*args, **kwargs))
    except (DomainError, EngineError) as exc:
        response = error_response(exc)
    except BaseException:
        store.idempotent_drop(record_id)
        raise
    if response.status_code >= 500 or response.is_streamed:
        store.idempotent_drop(record_id)
        return response
    plain = json.dumps({"status": response.status_code, "body": response.get_data(as_text=True),
                        "headers": {k: v for k, v in response.headers.items()
                                    if k in REPLAYED_HEADERS}}).encode()
    nonce = os.urandom(12)
    sealed = (nonce + cipher.encrypt(nonce, plain, None)).hex()
    try:
        store.idempotent_finish(record_id, {"state": "done", "fingerprint": fingerprint,
                                            "sealed": sealed}, TTL_S)
    except StoreError as exc:  # the write happened: answer it (a retry meets the pending record)
        DEGRADED.labels("idempotency").inc()
        current_app.logger.warning("idempotency record %s not finished: %s", record_id[:8], exc)
    return response


def _await_outcome(store, record_id, fingerprint):
    """The finished record for this key (waiting while another request holds it), or None."""
    deadline = time.monotonic() + WAIT_S
    while True:
        found = store.idempotent_get(record_id)
        if found is None:
            return None
        if found["fingerprint"] != fingerprint:
            raise ApiError("idempotency_key_reused",
                           "this Idempotency-Key was used for a different request; "
                           "use a new key for a new request", "Idempotency-Key")
        if found["state"] == "done":
            return found
        if time.monotonic() >= deadline:
            raise ApiError("idempotency_in_progress",
                           "a request with this Idempotency-Key is still being processed; "
                           "retry it shortly", "Idempotency-Key")
        time.sleep(0.02)


def _replay(found, cipher):
    sealed = bytes.fromhex(found["sealed"])
    record = json.loads(cipher.decrypt(sealed[:12], sealed[12:], None))
    g.idempotent_replay = True
    REPLAYED.inc()
    response = current_app.response_class(record["body"], status=record["status"],
                                          headers=record["headers"])
    response.headers["Idempotent-Replayed"] = "true"
    return response
