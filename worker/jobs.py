"""RQ jobs. Each loads what it needs, calls pure engine code and saves with the version check.

Configuration comes from the environment the worker was started with (SAFEHOUSE_REDIS_URL,
SAFEHOUSE_PREFIX, SAFEHOUSE_QUEUE, SAFEHOUSE_MAX_BOT_BUDGET_MS, SAFEHOUSE_MAX_BOT_ITERATIONS); `python -m worker` sets it from its arguments.
Every bot move is bounded: its wall-clock budget is at most SAFEHOUSE_MAX_BOT_BUDGET_MS (a seat
with `budget_ms` 0, "no time cap", is served at that maximum) and its iterations at most
SAFEHOUSE_MAX_BOT_ITERATIONS.
"""

import hashlib
import hmac
import os
import time

import engine
from engine.bots import choose_action
from service.config import bot_limits
from service.errors import ApiError
from service.jobs import after_save, queue_for
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


def bot_rng(secret, match_id, version, seat):
    """The bot's RNG for one turn: HMAC-SHA256 keyed by the match's secret seed (`secret`) over the
    turn's public facts. Nothing a player sees (match id, version, seat, log) yields it, and the
    stream is unrelated to the deal's (the seed drives the deal only through engine.Rng)."""
    message = f"safehouse-bot:{match_id}:{version}:{seat}".encode()
    digest = hmac.new(str(secret).encode(), message, hashlib.sha256).hexdigest()
    return engine.Rng(int(digest[:16], 16))


def bounded_bot(spec, limits=None):
    """The seat's bot spec with its per-move budget capped by the server's maxima."""
    limits = limits or bot_limits()
    bot = dict(spec)
    if "budget_ms" in bot:
        bot["budget_ms"] = min(bot["budget_ms"] or limits["MAX_BOT_BUDGET_MS"], limits["MAX_BOT_BUDGET_MS"])
    if "iterations" in bot:
        bot["iterations"] = min(bot["iterations"], limits["MAX_BOT_ITERATIONS"])
    return bot


def bot_turn(match_id, version, seat):
    """Play one bot turn if the match is still at `version`; a stale version ends quietly."""
    st = store()
    match, meta, rev = load(st, match_id, with_rev=True)
    if match.version != version or seat not in engine.to_move(match):
        return {"status": "stale", "version": match.version}
    spec = meta["seats"][seat]
    view = engine.render(match, seat)
    rng = bot_rng(match.seed, match_id, version, seat)
    action = choose_action(match.game, bounded_bot(spec["bot"]), view, seat, rng, clock=time.monotonic)
    try:
        new, meta = save_step(st, match_id, rev, match, engine.step(match, seat, action), meta)
    except ApiError as exc:
        if exc.code == "stale_version":
            return {"status": "stale", "version": exc.extra.get("current_version")}
        raise
    after_save(_queue(st), match_id, new, meta)
    return {"status": "played", "version": new.version, "action": action}


def _queue(st):
    return queue_for(st.queue_redis, os.environ.get("SAFEHOUSE_QUEUE", "safehouse"))


def zombie_action(match, seat, rng):
    """The zombie policy for a seat whose clock ran out: "pass" when legal, else a random action."""
    actions = engine.legal_actions(match, seat)
    passes = [a for a in actions if a.get("type") == "pass"]
    return passes[0] if passes else rng.choice(actions)


def clock_expired(match_id, version):
    """When the human seats to move at `version` are out of time, move for them (zombie policy)."""
    st = store()
    match, meta, rev = load(st, match_id, with_rev=True)
    if match.version != version or not meta.get("deadline"):
        return {"status": "stale", "version": match.version}
    early = meta["deadline"] - time.time()
    if early > 0:  # the RQ scheduler works in whole seconds and may start a job up to 1 s early
        time.sleep(min(early, 2.0))
        return clock_expired(match_id, version)
    humans = [s for s in engine.to_move(match) if meta["seats"][s]["kind"] == "human"]
    new = match
    for seat in humans:
        if seat in engine.to_move(new):
            new = engine.step(new, seat, zombie_action(new, seat, bot_rng(match.seed, match_id, new.version, seat)))
    if new is match:
        return {"status": "nothing to do", "version": match.version}
    try:
        new, meta = save_step(st, match_id, rev, match, new, meta, kind="timeout")
    except ApiError as exc:
        if exc.code == "stale_version":
            return {"status": "stale", "version": exc.extra.get("current_version")}
        raise
    after_save(_queue(st), match_id, new, meta)
    return {"status": "zombie", "version": new.version}


def turn_odds(key, question):
    """Exact odds of a planned Dark Agent turn plus a Monte Carlo cross-check; cached by key."""
    from engine.darkagent import planning
    result = {"exact": planning.turn_odds_exact(question["attacks"])}
    if question.get("trials"):
        result["monte_carlo"] = planning.turn_odds_monte_carlo(
            question["attacks"], question["trials"], seed=int(key[:12], 16))
    store().cache_put("turn-odds", key, result)
    return result
