"""Strategies for the contract's own string formats (loaded by schemathesis: SCHEMATHESIS_HOOKS).

- `idempotency-key`: at least 128 random bits (service/api/key_strength.py); a fresh UUID4 each draw.
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
