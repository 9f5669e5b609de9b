"""Match lifecycle shared by the API and the worker: create, load, act, save, and hand bot turns on.

Flask-free: the API views and the RQ jobs both call these functions. Seat tokens are random
secrets; only their SHA-256 is stored.

Simultaneous decisions (votes, consents: several seats in `to_move` at once) form a *decision
window*, recorded in the meta as `window` = the version at which it opened. While a window stays
open (each action only removes its actor from `to_move` and leaves the others' choices as they
were), an action sent at any version from the opening on is accepted if it is legal now: seats
deciding at once do not get stale_version because another seat answered first. Every write records what is due next (a bot turn to check
on, a turn clock's deadline) in the same atomic save: the outbox a sweeper re-dispatches from.
"""

import hashlib
import json
import secrets
import time

import engine
from engine.bots import validate_bot

from .after_commit import fail_open, forget_unanswered, update_indexes
from .errors import DomainError, from_engine
from .metrics import ACTIONS
from .settings import Settings
from .store import Conflict, StoreError


def _settings(settings):
    """The caller's Settings, or the environment's (a library caller that passes none)."""
    return settings if settings is not None else Settings.from_env()


def _canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def token_hash(token):
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def commitment_for(game, options, seed, setup_json):
    """sha256 over the game, options, seed and secret initial setup (verifiable after the end)."""
    payload = _canonical({"game": game, "options": options, "seed": seed, "setup": setup_json})
    return hashlib.sha256(payload.encode()).hexdigest()


def check_bot_budget(bot, index, settings=None):
    """DomainError invalid_request naming seats[i].<param> when a bot's per-move budget is too big."""
    settings = _settings(settings)
    for param, most in (("budget_ms", settings.max_bot_budget_ms),
                        ("iterations", settings.max_bot_iterations)):
        if param in bot and bot[param] > most:
            raise DomainError("invalid_request", f"{param} may be at most {most} on this server",
                           f"seats[{index}].{param}")


def parse_seats(game_id, seats, n_seats, settings=None):
    """Seat specs with bot parameters validated; default: every seat an open human seat."""
    if seats is None:
        seats = [{"kind": "human"} for _ in range(n_seats)]
    if len(seats) != n_seats:
        raise DomainError("wrong_seat_count", f"this match needs exactly {n_seats} seats "
                          "(GET /games: seat_counts)", "seats")
    parsed = []
    for index, spec in enumerate(seats):
        kind = spec.get("kind", "bot" if "bot" in spec else "human")
        if kind in ("human", "open"):
            extra = sorted(set(spec) - {"kind", "name"})
            if extra:  # refused like a bot seat's unknown parameter, never silently dropped
                raise DomainError("invalid_request", f"a {kind} seat takes only kind and name, not {extra[0]!r}",
                                  f"seats[{index}].{extra[0]}")
            parsed.append({"kind": "human", "joined": False, "name": spec.get("name"),
                           "claim": kind == "human"})
            continue
        try:
            bot = validate_bot(game_id, {k: v for k, v in spec.items() if k not in ("kind", "name")})
        except ValueError as exc:
            raise DomainError("invalid_request", str(exc), f"seats[{index}]") from None
        check_bot_budget(bot, index, settings)
        parsed.append({"kind": "bot", "bot": bot, "joined": True, "name": spec.get("name")})
    return parsed


def create(store, game_id, options, seats, seed=None, clock_s=None, settings=None, caller=None):
    """Start and store a match; returns (match_id, meta, match, {seat: token}).

    Tokens are issued now for "human" seats; "open" seats are claimed later with `join`.
    `settings` (default: the environment) bounds bot budgets and sets the bot grace; with a
    `caller` (the client's address), an all-bot match counts against its max_all_bot_matches."""
    settings = _settings(settings)
    try:
        rules = engine.get_game(game_id)
        options = rules.validate_options(options)
        seed = secrets.randbits(62) if seed is None else seed
        match = engine.start(game_id, options, seed)
    except engine.EngineError as exc:
        raise from_engine(exc) from None
    seat_meta = parse_seats(game_id, seats, rules.seat_count(match.options), settings)
    match_id = secrets.token_hex(8)
    if caller is not None and all(spec["kind"] == "bot" for spec in seat_meta):
        reserve_bot_match(store, caller, match_id, settings.max_all_bot_matches)
    elif caller is not None:
        reserve_open_match(store, caller, match_id, settings)
    tokens = {}
    for seat, spec in enumerate(seat_meta):
        if spec.pop("claim", False):
            tokens[seat] = secrets.token_urlsafe(24)
            spec.update(joined=True, token_hash=token_hash(tokens[seat]))
    meta = {
        "game": game_id, "options": match.options, "seats": seat_meta, "created": time.time(),
        "commitment": commitment_for(game_id, match.options, match.seed,
                                     rules.state_to_json(match.state)),
        "clock_s": clock_s, "deadline": None, "status": "open", "version": 0,
    }
    meta["status"] = status_of(match, meta)
    meta["deadline"] = next_deadline(match, meta)
    meta["window"] = match.version
    first = {"version": 0, "actor": None, "entries": list(match.log), "kind": "created"}
    try:
        store.create(match_id, engine.match_to_json(match), meta, first,
                     due=next_due(match, meta, grace_s=settings.bot_grace_s))
    except StoreError:  # maybe written, never answered: take it back (best-effort), then 503
        forget_unanswered(store, match_id, caller)
        raise
    update_indexes(store, match_id,
                   ("index_match", (meta["created"], game_id, [seat_meta[s]["token_hash"] for s in tokens]), {}),
                   ("index_status", (meta["created"], meta["status"], meta["game"]), {}))
    return match_id, meta, match, tokens


def reserve_bot_match(store, caller, match_id, cap):
    """Count a new all-bot match against its caller's cap (0/None: no cap); DomainError
    too_many_bot_matches (429) when the caller already runs `cap` of them. Counted after adding,
    so two racing requests can never both pass the last slot."""
    if not cap:
        return
    running = fail_open("cap", _note_bot_match, store, caller, match_id)
    if running is not None and running > cap:  # None: their master is down, the match goes ahead
        store.bot_match_drop(caller, match_id)
        raise DomainError("too_many_bot_matches", f"at most {cap} all-bot matches may run at once "
                       "per caller; create more when one has finished", "seats")


def _note_bot_match(store, caller, match_id):
    store.bot_match_add(caller, match_id)
    return store.bot_matches_running(caller)


OPEN_RETRY_AFTER_S = 60  # a slot frees when a match is joined and played, or expires


def reserve_open_match(store, caller, match_id, settings):
    """Count a new match (it has a human seat: open or unplayed) against its caller's cap
    (DomainError too_many_open_matches, 429) and everyone's (server_full, 503), both with a
    `retry_after`. Counted after adding, so racing requests never both pass the last slot; the
    counts are checked against the stored matches only when over a cap."""
    mine_cap, all_cap = settings.max_open_matches_per_address, settings.max_open_matches
    if not (mine_cap or all_cap):
        return
    counts = fail_open("cap", store.open_match_add, caller, match_id, settings.open_ttl_s or 86400.0)
    if counts is None:  # their master is down: the creation goes ahead uncounted
        return
    mine, everyone = counts
    if mine_cap and mine > mine_cap and store.open_matches_waiting(caller) > mine_cap:
        store.open_match_drop(caller, match_id)
        raise DomainError("too_many_open_matches", f"at most {mine_cap} open or unplayed matches "
                          "per caller; join or play one, or wait", "seats", retry_after=OPEN_RETRY_AFTER_S)
    if all_cap and everyone > all_cap and store.open_matches_waiting() > all_cap:
        store.open_match_drop(caller, match_id)
        raise DomainError("server_full", "the server holds as many open matches as it may; "
                          "retry later", None, retry_after=OPEN_RETRY_AFTER_S)


def join(store, match_id, seat=None, name=None, settings=None):
    """Claim an open seat (the first one by default); returns (seat, token, match, meta)."""
    grace_s = _settings(settings).bot_grace_s
    for _ in range(5):
        match, meta, rev = load(store, match_id, with_rev=True)
        open_seats = [i for i, s in enumerate(meta["seats"]) if not s["joined"]]
        if seat is None and not open_seats:
            raise DomainError("seat_taken", "this match has no open seat", "seat")
        chosen = open_seats[0] if seat is None else seat
        if chosen not in range(len(meta["seats"])):
            raise DomainError("no_such_seat", f"seat must be 0..{len(meta['seats']) - 1}", "seat")
        if chosen not in open_seats:
            raise DomainError("seat_taken", f"seat {chosen} is taken", "seat")
        token = secrets.token_urlsafe(24)
        meta = dict(meta, seats=[dict(s) for s in meta["seats"]])
        meta["seats"][chosen].update(joined=True, token_hash=token_hash(token), name=name)
        meta["status"] = status_of(match, meta)
        meta["deadline"] = next_deadline(match, meta)
        event = {"version": match.version, "actor": None, "entries": [], "kind": "joined",
                 "seat": chosen}
        try:
            store.save(match_id, rev, engine.match_to_json(match), meta, event,
                       due=next_due(match, meta, grace_s=grace_s), known_history=len(match.history))
        except Conflict:
            continue
        update_indexes(store, match_id,
                       ("index_match", (meta["created"],), {"token_hashes": [meta["seats"][chosen]["token_hash"]]}),
                       ("index_status", (meta["created"], meta["status"], meta["game"]), {}))
        return chosen, token, match, meta
    raise DomainError("stale_version", "the match is busy; try again", "seat")


def status_of(match, meta):
    """"open" (a human seat unclaimed), "active" or "finished"."""
    if match.rules.outcome(match.state) is not None:
        return "finished"
    if any(not s["joined"] for s in meta["seats"]):
        return "open"
    return "active"


NOT_READ = object()


def load(store, match_id, with_rev=False, found=NOT_READ):
    """(match, meta) — or (match, meta, rev) — or DomainError match_not_found. `found`: what
    `store.load(match_id)` answered, when the caller has read it already."""
    if found is NOT_READ:
        found = store.load(match_id) if isinstance(match_id, str) and len(match_id) <= 64 else None
    if found is None:
        raise DomainError("match_not_found", f"no match {match_id!r}", "match_id")
    doc, meta, rev = found
    match = engine.match_from_json(doc)
    return (match, meta, rev) if with_rev else (match, meta)


def seat_for_token(meta, token):
    """The seat a bearer token belongs to, None for no token; DomainError if the token is unknown."""
    if token is None:
        return None
    digest = token_hash(token)
    for seat, spec in enumerate(meta["seats"]):
        if spec.get("token_hash") and secrets.compare_digest(spec["token_hash"], digest):
            return seat
    raise DomainError("unauthorized", "unknown seat token", "Authorization")


def act(store, match_id, seat, action, expected_version=None, now=None, loaded=None, settings=None):
    """Apply one action for `seat` and save it with the version check; returns (match, meta).

    A write that changed no version (a join) in between is retried transparently; a change of
    version is a stale_version error when the caller named the version it acted on. `loaded`:
    the (match, meta, rev) the caller has just read, used for the first attempt (no second read)."""
    for _ in range(5):
        match, meta, rev = loaded or load(store, match_id, with_rev=True)
        loaded = None
        in_window = expected_version is not None and expected_version != match.version
        if in_window and not meta.get("window", match.version) <= expected_version < match.version:
            raise _stale(match, seat)
        try:
            new = engine.step(match, seat, action)
        except engine.EngineError as exc:
            if in_window:  # read before others decided, and no longer legal: the match moved on
                raise _stale(match, seat) from None
            raise from_engine(exc, current_version=match.version,
                              legal_actions=engine.legal_actions(match, seat)) from None
        try:
            return save_step(store, match_id, rev, match, new, meta, now, settings=settings)
        except DomainError as exc:
            if exc.code != "stale_version":
                raise  # a race: load again, and judge the version against what won
    raise DomainError("stale_version", "the match is busy; try again", "version",
                   current_version=match.version)


def _stale(match, seat):
    return DomainError("stale_version", "the match has moved on", "version",
                    current_version=match.version, legal_actions=engine.legal_actions(match, seat))


def window_after(old, new, actor, window):
    """The version at which the decision window of `new` opened: `window` when `actor` only
    answered a simultaneous decision (the others still to decide, with the same choices), else
    `new.version` (a new window; a plain turn is a window of one)."""
    before = engine.to_move(old)
    after = engine.to_move(new)
    if (window is None or len(before) < 2 or actor not in before
            or after != [s for s in before if s != actor]):
        return new.version
    if any(engine.legal_actions(old, s) != engine.legal_actions(new, s) for s in after):
        return new.version
    return window


def save_step(store, match_id, rev, old, new, meta, now=None, kind="action", settings=None):
    """Compare-and-set the new match state and append its event; DomainError stale_version on a
    race. `settings` (default: the environment) gives the bot grace of the outbox entry."""
    previous_status = meta.get("status")
    meta = dict(meta, status=status_of(new, meta), version=new.version)
    meta["deadline"] = next_deadline(new, meta, now)
    entries = list(new.log[len(old.log):])
    actor = new.history[-1][0] if new.history else None
    meta["window"] = window_after(old, new, actor, meta.get("window"))
    event = {"version": new.version, "actor": actor, "entries": entries, "kind": kind,
             "finished": meta["status"] == "finished"}
    try:
        store.save(match_id, rev, engine.match_to_json(new), meta, event,
                   due=next_due(new, meta, now, _settings(settings).bot_grace_s),
                   known_history=len(old.history))
    except Conflict as exc:
        raise DomainError("stale_version", "the match has moved on", "version",
                       current_version=exc.version) from None
    ACTIONS.labels(meta["game"], kind).inc()
    if meta["status"] != previous_status:
        update_indexes(store, match_id, ("index_status", (meta["created"], meta["status"], meta["game"]), {}))
    return new, meta


def next_deadline(match, meta, now=None):
    """When the human seats to move run out of time (None without a clock)."""
    if not meta.get("clock_s") or meta["status"] != "active":
        return None
    if not any(meta["seats"][s]["kind"] == "human" for s in engine.to_move(match)):
        return None
    return (now or time.time()) + meta["clock_s"]


def next_due(match, meta, now=None, grace_s=1.0):
    """When a sweeper must look at the match (the outbox entry), None when nothing is due.

    A bot seat to move: `grace_s` (settings.bot_grace_s) from now (by then its job is queued,
    running or lost); a turn clock: its deadline."""
    if meta["status"] == "finished":
        return None
    now = time.time() if now is None else now
    due = [meta["deadline"]] if meta.get("deadline") else []
    if bot_seats_to_move(match, meta):
        due.append(now + grace_s)
    return min(due) if due else None


def bot_seats_to_move(match, meta):
    """Bot seats that may act now."""
    return [s for s in engine.to_move(match) if meta["seats"][s]["kind"] == "bot"]


def public_seats(meta):
    """The seat list without secrets: kind, bot spec, joined, name."""
    return [{k: v for k, v in s.items() if k != "token_hash"} for s in meta["seats"]]
