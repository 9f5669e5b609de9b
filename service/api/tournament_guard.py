"""Admission of tournaments queued over HTTP: limits, bot caps, per-caller quotas and owners.

- Limits, checked before anything is built: at most TOURNAMENT_MAX_ENTRANTS entrants (counted on
  the raw spec, before validation) and TOURNAMENT_MAX_MATCHES matches (counted arithmetically by
  the spec's validation); 400 `invalid_request` naming the field.
- Bot caps: the same as match bots' (MAX_BOT_BUDGET_MS, MAX_BOT_ITERATIONS) for every entrant's
  params, a remote entrant's timeout_ms and the spec's budget; a searching entrant without a time budget gets the server's
  (`budget_ms` = MAX_BOT_BUDGET_MS, as a match bot does), so every move is bounded.
- Quotas per caller (the client address, as every budget of the service): at most
  TOURNAMENT_CALLER_RUNNING tournaments running at once, and at most TOURNAMENT_CALLER_CPU_S
  seconds of estimated bot time queued (`cpu_estimate_s`: matches x typical moves x the
  entrants' mean per-move bound); over either, 429 `tournament_quota`. A tournament stops
  counting once it is finished, cancelled or expired.
- Owners: creation returns an owner token (192 bits) stored as its SHA-256 only and compared in
  constant time; DELETE needs it (401 `unauthorized` without, 403 `not_tournament_owner` wrong).
"""

import hashlib
import hmac
import secrets

from engine.registry import get_game
from engine.tournament.remote import literal_refused, parse_allow

from .errors import ApiError
from .requests import bearer_token

ISMCTS_ITERATION_S = 0.0005  # measured: Classified Information, one core
PER_MOVE_S = {"random": 0.00005, "heuristic": 0.001}


def precheck(raw_spec, config):
    """Cheap refusals on the raw spec, before it is validated."""
    entrants = raw_spec.get("entrants")
    if isinstance(entrants, list) and len(entrants) > config["TOURNAMENT_MAX_ENTRANTS"]:
        raise ApiError("invalid_request", f"at most {config['TOURNAMENT_MAX_ENTRANTS']} entrants "
                       "on this server", "spec.entrants")


def _too_big(value, limit, field, what):
    if value > limit:
        raise ApiError("invalid_request", f"{what} may be at most {limit} on this server", field)


def check_limits(spec, config):
    """Refuse (400 naming the field) a validated spec over this server's limits; cap searching
    entrants' per-move time (in place)."""
    _too_big(spec["matches"], config["TOURNAMENT_MAX_MATCHES"], "spec.deals", "the number of matches")
    budget = spec.get("budget", {})
    _too_big(budget.get("iterations", 0), config["MAX_BOT_ITERATIONS"], "spec.budget.iterations",
             "iterations")
    _too_big(budget.get("cpu_ms", 0), config["MAX_BOT_BUDGET_MS"], "spec.budget.cpu_ms", "cpu_ms")
    allow = parse_allow(config["TOURNAMENT_REMOTE_ALLOW"])
    for index, entrant in enumerate(spec["entrants"]):
        where = f"spec.entrants[{index}]"
        if "remote" in entrant:
            if not config["TOURNAMENT_REMOTE_BOTS"]:
                raise ApiError("invalid_request", "this server takes no remote entrants (its "
                               "operator can allow them: SAFEHOUSE_TOURNAMENT_REMOTE_BOTS); run "
                               "them from the command line", f"{where}.remote")
            _too_big(entrant["remote"]["timeout_ms"], config["MAX_BOT_BUDGET_MS"],
                     f"{where}.remote.timeout_ms", "timeout_ms")
            if literal_refused(entrant["remote"]["url"], allow):
                raise ApiError("invalid_request", "only public addresses (or the operator's "
                               "allowed ones) may be called", f"{where}.remote.url")
            continue
        params = entrant["params"]
        _too_big(params.get("iterations", 0), config["MAX_BOT_ITERATIONS"],
                 f"{where}.params.iterations", "iterations")
        _too_big(params.get("budget_ms", 0), config["MAX_BOT_BUDGET_MS"],
                 f"{where}.params.budget_ms", "budget_ms")
        if "budget_ms" in params and not params["budget_ms"]:
            params["budget_ms"] = config["MAX_BOT_BUDGET_MS"]


def _per_move_s(entrant):
    if "remote" in entrant:
        return entrant["remote"]["timeout_ms"] / 1000  # a worker waits that long at most
    params = entrant["params"]
    if "iterations" in params:
        by_iterations = params["iterations"] * ISMCTS_ITERATION_S
        return min(by_iterations, params["budget_ms"] / 1000) if params.get("budget_ms") else by_iterations
    return PER_MOVE_S.get(entrant["bot"], 0.01)


def cpu_estimate_s(spec):
    """Estimated worker seconds of a spec's bot moves (a quota's measure, not a promise)."""
    rules = get_game(spec["game"])
    # a random-bot match's length as the game declares it; a game that does not say: its maximum
    moves = min(rules.typical_moves or rules.max_length, rules.max_length)
    mean = sum(_per_move_s(e) for e in spec["entrants"]) / len(spec["entrants"])
    return spec["matches"] * moves * mean


def claim_quota(records, caller, tid, spec, config, ttl):
    """Count the new tournament against its caller's quotas (tid -> [total, cpu] in the store);
    429 `tournament_quota` (and nothing kept) when over. Optimistic: it is added, then the live
    ones are counted, so two racing requests can both be refused but never both accepted."""
    cost = cpu_estimate_s(spec)
    live = records.claim_quota(caller, tid, [spec["matches"], cost], records.left, ttl)
    running, queued = len(live), sum(cpu * left for _, _, cpu, left in live)
    if running > config["TOURNAMENT_CALLER_RUNNING"] or queued > config["TOURNAMENT_CALLER_CPU_S"]:
        records.release_quota(caller, tid)
        raise ApiError("tournament_quota", f"at most {config['TOURNAMENT_CALLER_RUNNING']} running "
                       f"tournaments and {config['TOURNAMENT_CALLER_CPU_S']} s of estimated bot "
                       f"time queued per caller (this one: {cost:.0f} s); wait for one to end or "
                       "cancel one", "spec", headers={"Retry-After": "60"})
    return cost


def new_owner_token():
    """(token for the creator, the SHA-256 hex kept in the tournament's meta)."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


def token_hash(token):
    """The stored form of an owner token."""
    return hashlib.sha256(token.encode()).hexdigest()


def check_owner(meta):
    """The request's bearer token must be the tournament's owner token (401 / 403 otherwise)."""
    token = bearer_token()
    if token is None:
        raise ApiError("unauthorized", "changing a tournament needs its owner token "
                       "(Authorization: Bearer <owner_token>)", "Authorization")
    if not hmac.compare_digest(token_hash(token), meta.get("owner", "")):
        raise ApiError("not_tournament_owner", "that is not this tournament's owner token",
                       "Authorization")
