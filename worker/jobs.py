"""RQ jobs. Each loads what it needs, calls pure engine code and saves with the version check.

Configuration comes from the environment the worker was started with (SAFEHOUSE_REDIS_URL,
SAFEHOUSE_PREFIX, SAFEHOUSE_QUEUE); `python -m worker` sets it from its arguments.
"""

import hashlib
import os

import engine
from engine.bots import choose_action
from service.errors import ApiError
from service.jobs import enqueue_bot_turns, queue_for
from service.matches import load, save_step
from service.store import Store

_STORE = None


def store():
    """The worker's Store (one per process)."""
    global _STORE
    if _STORE is None:
        _STORE = Store(os.environ.get("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/0"),
                       prefix=os.environ.get("SAFEHOUSE_PREFIX", "sh:"))
    return _STORE


def bot_rng(match_id, version, seat):
    """The bot's RNG for one turn: derived from public facts, never from the match seed."""
    digest = hashlib.sha256(f"{match_id}:{version}:{seat}".encode()).hexdigest()
    return engine.Rng(int(digest[:16], 16))


def bot_turn(match_id, version, seat):
    """Play one bot turn if the match is still at `version`; a stale version ends quietly."""
    st = store()
    match, meta, rev = load(st, match_id, with_rev=True)
    if match.version != version or seat not in engine.to_move(match):
        return {"status": "stale", "version": match.version}
    spec = meta["seats"][seat]
    view = engine.render(match, seat)
    action = choose_action(match.game, spec["bot"], view, seat, bot_rng(match_id, version, seat))
    try:
        new, meta = save_step(st, match_id, rev, match, engine.step(match, seat, action), meta)
    except ApiError as exc:
        if exc.code == "stale_version":
            return {"status": "stale", "version": exc.extra.get("current_version")}
        raise
    queue = queue_for(st.redis, os.environ.get("SAFEHOUSE_QUEUE", "safehouse"))
    enqueue_bot_turns(queue, match_id, new, meta)
    return {"status": "played", "version": new.version, "action": action}
