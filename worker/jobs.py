"""RQ jobs. Each loads what it needs, calls pure engine code and saves with the version check.

Settings: what `configure(settings)` was given (`python -m worker` passes the Settings built from
its arguments), else `Settings.from_env()` once per process. Every bot move is bounded: its
wall-clock budget is at most settings.max_bot_budget_ms (a seat with `budget_ms` 0, "no time
cap", is served at that maximum) and its iterations at most settings.max_bot_iterations.
No Flask here (tests/service/test_rooms.py): the core's errors and the store only.
"""

import hashlib
import hmac
import time

import engine
from engine.bots import choose_action
from service.errors import DomainError
from service.jobs import after_save, queue_for
from service.matches import load, save_step
from service.settings import Settings
from service.store import open_store

_STORE = None
_SETTINGS = None


def configure(settings):
    """Use `settings` in this process from now on (`python -m worker` calls it first)."""
    global _SETTINGS, _STORE
    _SETTINGS, _STORE = settings, None


def settings():
    """This process's Settings (from the environment once, unless `configure`d)."""
    global _SETTINGS
    if _SETTINGS is None:
        _SETTINGS = Settings.from_env()
    return _SETTINGS


def store():
    """The worker's Store (one per process)."""
    global _STORE
    if _STORE is None:
        _STORE = open_store(settings())
    return _STORE


def bot_rng(secret, match_id, version, seat):
    """The bot's RNG for one turn: HMAC-SHA256 keyed by the match's secret seed (`secret`) over the
    turn's public facts. Nothing a player sees (match id, version, seat, log) yields it, and the
    stream is unrelated to the deal's (the seed drives the deal only through engine.Rng)."""
    message = f"safehouse-bot:{match_id}:{version}:{seat}".encode()
    digest = hmac.new(str(secret).encode(), message, hashlib.sha256).hexdigest()
    return engine.Rng(int(digest[:16], 16))


def bounded_bot(spec, limits=None):
    """The seat's bot spec with its per-move budget capped by the server's maxima (`limits`: a
    Settings, default this process's)."""
    limits = limits or settings()
    most_ms, most_iterations = limits.max_bot_budget_ms, limits.max_bot_iterations
    bot = dict(spec)
    if "budget_ms" in bot:
        bot["budget_ms"] = min(bot["budget_ms"] or most_ms, most_ms)
    if "iterations" in bot:
        bot["iterations"] = min(bot["iterations"], most_iterations)
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
        new, meta = save_step(st, match_id, rev, match, engine.step(match, seat, action), meta,
                              settings=settings())
    except DomainError as exc:
        if exc.code == "stale_version":
            return {"status": "stale", "version": exc.extra.get("current_version")}
        raise
    after_save(_queue(st), match_id, new, meta)
    return {"status": "played", "version": new.version, "action": action}


def _queue(st):
    return queue_for(st.queue_redis, settings().queue)


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
        new, meta = save_step(st, match_id, rev, match, new, meta, kind="timeout", settings=settings())
    except DomainError as exc:
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
