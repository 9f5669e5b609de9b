"""Strategies for the contract's own string formats (loaded by schemathesis: SCHEMATHESIS_HOOKS).

- `idempotency-key`: at least 128 random bits (service/api/key_strength.py); a fresh UUID4 each draw.
- a long-poll's `wait` is sent as at most 1 s (see `_short_wait`).
"""

import re
import uuid

import schemathesis
from hypothesis import strategies as st

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")

schemathesis.openapi.format("idempotency-key", st.builds(lambda: str(uuid.uuid4())))


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    """A generated key is used once, as a client uses a key per new request: hypothesis may send
    one drawn value again with another body, which the server rightly refuses (422
    `idempotency_key_reused`, a rule about history no schema can state). Keys that are no UUID
    (the negative cases: weak, too long...) are sent as drawn."""
    key = (case.headers or {}).get("Idempotency-Key")
    if isinstance(key, str) and UUID.fullmatch(key):
        case.headers["Idempotency-Key"] = str(uuid.uuid4())
    _short_wait(case.query or {})


def _short_wait(query):
    """A long-poll's `wait` (up to 30 s by the contract) is sent as at most 1 s: a long-poll on a
    live match holds its request for the whole wait when nothing happens, and generated calls
    waiting up to 30 s each could make a run outlast its time limit (test_contract caps it too)."""
    wait = query.get("wait")
    if isinstance(wait, int) and not isinstance(wait, bool) and wait > 1:
        query["wait"] = 1
    elif isinstance(wait, str) and wait.isdigit() and int(wait) > 1:
        query["wait"] = "1"

