"""Remote bots: an entrant that is an HTTP endpoint (the tournament's only network I/O).

For each decision of a remote seat the runner POSTs JSON to the entrant's URL:

    {"game": "classified", "seat": 1, "deadline_ms": 1000,
     "view": {...engine.render(match, seat): state, legal_actions, to_move, version...},
     "legal_actions": [{...}, ...],
     "match": {"tournament": "<spec name>", "index": 17, "version": 8}}

and reads back `{"action": {...}}`, one of the legal actions. A timeout (no whole answer within
`timeout_ms`), an error (connection refused, HTTP status other than 200, a body that is not that
JSON) or an illegal action is recorded against the entrant in the match record's `faults`, and
the seat's zombie policy plays instead ("pass" when legal, else a random legal action from the
seat's own Rng); the match goes on. Matches with remote entrants are reproducible only as far as
the remote bot is.
"""

import json
import time
import urllib.error
import urllib.request

MAX_ANSWER_BYTES = 1_000_000


def ask(remote, payload):
    """(action, None) or (None, fault) where fault is "timeout" or "error: ..."."""
    data = json.dumps(payload, separators=(",", ":")).encode()
    request = urllib.request.Request(remote["url"], data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
    limit = remote["timeout_ms"] / 1000
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=limit) as response:  # noqa: S310 - spec URL
            body = response.read(MAX_ANSWER_BYTES + 1)
    except urllib.error.HTTPError as error:
        return None, f"error: HTTP {error.code}"
    except (TimeoutError, urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        if isinstance(reason, TimeoutError) or "timed out" in str(reason):
            return None, "timeout"
        return None, f"error: {reason}"
    if time.monotonic() - started > limit:
        return None, "timeout"
    try:
        answer = json.loads(body)
        action = answer["action"]
    except (ValueError, KeyError, TypeError):
        return None, "error: the answer is not {\"action\": {...}}"
    if not isinstance(action, dict):
        return None, "error: the action is not an object"
    return action, None


def zombie_action(legal, rng):
    """The zombie policy: "pass" when legal, else a random legal action."""
    passes = [a for a in legal if a.get("type") == "pass"]
    return passes[0] if passes else rng.choice(legal)


def decide(remote, view, seat, rng, context):
    """(action, fault or None) for a remote seat: the endpoint's legal answer, or the zombie
    policy's action after a timeout, an error or an illegal answer."""
    legal = view["legal_actions"]
    payload = {"game": view["game"], "seat": seat, "deadline_ms": remote["timeout_ms"],
               "view": view, "legal_actions": legal, "match": context}
    action, fault = ask(remote, payload)
    if fault is None and action not in legal:
        fault = "illegal"
    if fault is not None:
        return zombie_action(legal, rng), fault
    return action, None
