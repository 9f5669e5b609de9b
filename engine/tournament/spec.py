"""Tournament specs: load (dict, YAML or JSON text/file) and validate with errors naming the field.

A spec (all keys but `game` and `entrants` optional):

    game: classified                 # a registered game id
    options: {}                      # the game's options (validated by the game; defaults filled),
                                     # or a list of option sets, each deal played under every one
                                     # (e.g. If Then levels 1-3); all must seat as many players
    entrants:                        # built-in bots with parameters; names must be unique
      - {name: rnd, bot: random}
      - {name: mcts, bot: ismcts, params: {iterations: 100}}
      - {name: mine, remote: {url: "http://127.0.0.1:8765/", timeout_ms: 1000}}  # remote.py
    format: round_robin              # or gauntlet (then `challenger: <entrant name>`), or swiss
    rounds: 4                        # swiss only (default: ceil(log2(entrants)) + 1)
    seatings: rotations              # rotations (each entrant every seat once per deal) or all
    deals: 10                        # deals per pairing; or matches_per_pairing, or total_matches
    seed: 1                          # master seed: every match's deal and bot seeds derive from it
    budget: {iterations: 100}        # per-move search budget for searching bots (ismcts):
                                     # iterations (reproducible) or cpu_ms (CPU time, not wall)
    order: deal_major                # or interleaved: a deal's seatings spread over the schedule
                                     # (HTTP tournaments; see schedule.py)

`validate_spec` returns a normalised copy (defaults filled, bot params completed) that is what a
results directory stores; `SpecError.field` is the dotted path of the bad field, e.g.
`entrants[2].bot`. Pure: no I/O except `load_spec` reading the file it is given.

Validation never builds the schedule: line-ups and matches are counted arithmetically
(`schedule.group_count`), so a spec asking for millions of line-ups is refused as fast as any
other (at most MAX_ENTRANTS entrants, MAX_MATCHES matches). A remote entrant's URL is checked
here (http/https, a host, no credentials, no control characters or spaces, at most
MAX_URL_LENGTH characters); where it may point is checked when it is called (remote.py).
"""

import json
import math
import os
import urllib.parse

import yaml

from ..bots import BOTS, validate_bot
from ..errors import EngineError
from ..registry import get_game

FORMATS = ("round_robin", "gauntlet", "swiss")
SEATINGS = ("rotations", "all")
TOP_LEVEL = ("game", "options", "entrants", "format", "challenger", "seatings", "deals",
             "matches_per_pairing", "total_matches", "seed", "budget", "name", "rounds", "order")
DERIVED = ("seats", "matches")  # written by validate_spec; ignored (recomputed) on input
ENTRANT_KEYS = ("name", "bot", "params", "remote")
REMOTE_KEYS = ("url", "timeout_ms")
BUDGET_KEYS = ("iterations", "cpu_ms")
MAX_MATCHES = 10_000_000
MAX_ENTRANTS = 1000
MAX_URL_LENGTH = 2048
ORDERS = ("deal_major", "interleaved")


class SpecError(ValueError):
    """A tournament spec is invalid; `field` names the offending field (dotted path)."""

    def __init__(self, message, field):
        super().__init__(f"{field}: {message}")
        self.message = message
        self.field = field


def load_spec(source):
    """A spec dict from a dict, a path to a .yaml/.yml/.json file, or YAML/JSON text (unvalidated)."""
    if isinstance(source, dict):
        return source
    if not isinstance(source, str):
        raise SpecError("a spec is a mapping, a file path or YAML/JSON text", "spec")
    text = source
    if "\n" not in source and os.path.exists(source):
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
    try:
        data = yaml.safe_load(text)  # YAML is a superset of JSON
    except yaml.YAMLError as error:
        raise SpecError(f"not valid YAML or JSON ({error})", "spec") from None
    if not isinstance(data, dict):
        raise SpecError("the spec must be a mapping", "spec")
    return data


def _int(value, field, low, high=None):
    if not isinstance(value, int) or isinstance(value, bool):
        raise SpecError("must be an integer", field)
    if value < low or (high is not None and value > high):
        raise SpecError(f"must be between {low} and {high}" if high is not None
                        else f"must be at least {low}", field)
    return value


def _game(spec):
    game_id = spec.get("game")
    if not isinstance(game_id, str):
        raise SpecError("required: a game id", "game")
    try:
        rules = get_game(game_id)
    except EngineError:
        raise SpecError(f"unknown game {game_id!r}", "game") from None
    options = spec.get("options", {})
    if isinstance(options, list) and options:
        sets = [_options(rules, item, f"options[{i}]") for i, item in enumerate(options)]
        counts = [rules.seat_count(o) for o in sets]
        for i, count in enumerate(counts):
            if count != counts[0]:
                raise SpecError(f"every option set must seat the same number of players "
                                f"({counts[0]}, not {count})", f"options[{i}]")
        return rules, sets
    return rules, _options(rules, options, "options")


def _options(rules, options, where):
    if not isinstance(options, dict):
        raise SpecError("must be a mapping of the game's options (or a non-empty list of such "
                        "option sets)", where)
    try:
        return rules.validate_options(options)
    except EngineError as error:
        field = error.field or ""
        if field.startswith("options"):
            named = where + field[len("options"):]
        else:
            named = where
        raise SpecError(error.message, named) from None


def option_sets(spec):
    """The option sets a (normalised) spec plays: its `options` as a list."""
    return spec["options"] if isinstance(spec["options"], list) else [spec["options"]]


def _budget(spec):
    budget = spec.get("budget", {})
    if not isinstance(budget, dict):
        raise SpecError("must be a mapping: {iterations: N} or {cpu_ms: N}", "budget")
    for key in budget:
        if key not in BUDGET_KEYS:
            raise SpecError(f"unknown key {key!r} (expected one of {', '.join(BUDGET_KEYS)})",
                            f"budget.{key}")
    if "iterations" in budget:
        _int(budget["iterations"], "budget.iterations", 1, 200_000)
    if "cpu_ms" in budget:
        _int(budget["cpu_ms"], "budget.cpu_ms", 1, 60_000)
    return dict(budget)


def _entrant(game_id, item, index, budget):
    where = f"entrants[{index}]"
    if isinstance(item, str):
        item = {"bot": item}
    if not isinstance(item, dict):
        raise SpecError("must be a bot name or a mapping {name, bot, params}", where)
    for key in item:
        if key not in ENTRANT_KEYS:
            raise SpecError(f"unknown key {key!r} (expected {', '.join(ENTRANT_KEYS)})",
                            f"{where}.{key}")
    if "remote" in item:
        return _remote_entrant(item, where)
    bot = item.get("bot")
    if not isinstance(bot, str) or bot not in BOTS:
        raise SpecError(f"unknown bot {bot!r} (built-in: {', '.join(sorted(BOTS))})", f"{where}.bot")
    params = item.get("params", {})
    if not isinstance(params, dict):
        raise SpecError("must be a mapping of the bot's parameters", f"{where}.params")
    bot_specs = BOTS[bot]["params"]
    full = dict(params)
    if "iterations" in bot_specs and "iterations" in budget and "iterations" not in params:
        full["iterations"] = budget["iterations"]
    if "budget_ms" in bot_specs and "cpu_ms" in budget and "budget_ms" not in params:
        full["budget_ms"] = budget["cpu_ms"]
    try:
        checked = validate_bot(game_id, {**full, "bot": bot})
    except ValueError as error:
        text = str(error)
        bad = next((k for k in params if repr(k) in text), None)
        raise SpecError(text, f"{where}.params.{bad}" if bad else f"{where}.bot") from None
    name = item.get("name", bot)
    if not isinstance(name, str) or not name or len(name) > 64:
        raise SpecError("must be a non-empty string of at most 64 characters", f"{where}.name")
    return {"name": name, "bot": bot, "params": {k: v for k, v in checked.items() if k != "bot"}}


def _remote_entrant(item, where):
    """{name, remote: {url, timeout_ms}}: an HTTP endpoint (see engine/tournament/remote.py)."""
    for key in ("bot", "params"):
        if key in item:
            raise SpecError("a remote entrant has no built-in bot or params", f"{where}.{key}")
    remote = item["remote"]
    if isinstance(remote, str):
        remote = {"url": remote}
    if not isinstance(remote, dict):
        raise SpecError("must be a URL or a mapping {url, timeout_ms}", f"{where}.remote")
    for key in remote:
        if key not in REMOTE_KEYS:
            raise SpecError(f"unknown key {key!r} (expected {', '.join(REMOTE_KEYS)})",
                            f"{where}.remote.{key}")
    url = _url(remote.get("url"), f"{where}.remote.url")
    timeout = _int(remote.get("timeout_ms", 1000), f"{where}.remote.timeout_ms", 1, 60_000)
    name = item.get("name")
    if not isinstance(name, str) or not name or len(name) > 64:
        raise SpecError("a remote entrant needs a name (a string of at most 64 characters)",
                        f"{where}.name")
    return {"name": name, "remote": {"url": url, "timeout_ms": timeout}}


def _url(url, field):
    """The URL if it is a plain http(s) URL with a host (no credentials, no control characters or
    whitespace, at most MAX_URL_LENGTH characters); else SpecError naming `field`."""
    if not isinstance(url, str) or not url.lower().startswith(("http://", "https://")):
        raise SpecError("must be an http:// or https:// URL", field)
    if len(url) > MAX_URL_LENGTH:
        raise SpecError(f"at most {MAX_URL_LENGTH} characters", field)
    if any(ord(ch) < 33 or ord(ch) == 127 or ch.isspace() for ch in url):
        raise SpecError("no spaces or control characters (CR, LF, ...) in a URL", field)
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        raise SpecError("not a valid URL", field) from None
    if not parts.hostname or parts.username is not None or parts.password is not None:
        raise SpecError("needs a host and no credentials (user:password@)", field)
    if not url.isascii():
        raise SpecError("ASCII only (write an international host name in punycode)", field)
    return url


def _entrants(game_id, spec, budget):
    items = spec.get("entrants")
    if not isinstance(items, list) or not items:
        raise SpecError("required: a non-empty list of entrants", "entrants")
    if len(items) > MAX_ENTRANTS:
        raise SpecError(f"at most {MAX_ENTRANTS} entrants", "entrants")
    entrants, seen = [], set()
    for index, item in enumerate(items):
        entrant = _entrant(game_id, item, index, budget)
        if entrant["name"] in seen:
            raise SpecError(f"duplicate entrant name {entrant['name']!r}", f"entrants[{index}].name")
        seen.add(entrant["name"])
        entrants.append(entrant)
    return entrants


def _format(spec, entrants):
    fmt = spec.get("format", "round_robin")
    if fmt not in FORMATS:
        raise SpecError(f"must be one of {', '.join(FORMATS)}", "format")
    challenger = spec.get("challenger")
    if fmt == "gauntlet":
        names = [e["name"] for e in entrants]
        if challenger not in names:
            raise SpecError(f"the gauntlet's challenger must be an entrant name ({', '.join(names)})",
                            "challenger")
        if len(entrants) < 2:
            raise SpecError("a gauntlet needs the challenger and at least one opponent", "entrants")
    elif challenger is not None:
        raise SpecError("only a gauntlet has a challenger", "challenger")
    if fmt == "swiss" and len(entrants) < 2:
        raise SpecError("a Swiss tournament needs at least two entrants", "entrants")
    seatings = spec.get("seatings", "rotations")
    if seatings not in SEATINGS:
        raise SpecError(f"must be one of {', '.join(SEATINGS)}", "seatings")
    return fmt, challenger, seatings


def validate_spec(source):
    """The normalised spec (a new dict); raises SpecError naming the field."""
    from .schedule import group_count, seating_count  # schedule needs a validated spec's pieces
    spec = load_spec(source)
    for key in spec:
        if key not in TOP_LEVEL and key not in DERIVED:
            raise SpecError(f"unknown key (expected one of {', '.join(TOP_LEVEL)})", key)
    rules, options = _game(spec)
    budget = _budget(spec)
    entrants = _entrants(rules.id, spec, budget)
    fmt, challenger, seatings = _format(spec, entrants)
    seed = spec.get("seed", 0)
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 19:
        seed = int(seed)  # a seed as the service shows it: a string of digits (exact in JSON)
    seed = _int(seed, "seed", 0, 2 ** 63 - 1)
    seats = rules.seat_count(option_sets({"options": options})[0])
    if seatings == "all" and seats > 4:
        raise SpecError("'all' seatings only up to 4 seats (use rotations)", "seatings")
    normal = {"name": spec.get("name") or f"{rules.id}-{fmt}", "game": rules.id,
              "options": options, "entrants": entrants, "format": fmt, "seatings": seatings,
              "seed": seed, "budget": budget, "seats": seats}
    if challenger is not None:
        normal["challenger"] = challenger
    if fmt == "swiss":
        if len(entrants) < seats:
            raise SpecError(f"a Swiss tournament needs at least {seats} entrants (one per seat)",
                            "entrants")
        default_rounds = math.ceil(math.log2(len(entrants))) + 1
        normal["rounds"] = _int(spec.get("rounds", default_rounds), "rounds", 1, 1000)
    elif "rounds" in spec:
        raise SpecError("only a Swiss tournament has rounds", "rounds")
    if not isinstance(normal["name"], str):
        raise SpecError("must be a string", "name")
    order = spec.get("order", "deal_major")
    if order not in ORDERS or (order != "deal_major" and fmt == "swiss"):
        raise SpecError(f"must be one of {', '.join(ORDERS)} (deal_major only for Swiss)", "order")
    if order != "deal_major":
        normal["order"] = order
    per_pairing = seating_count(seats, seatings)  # counted, never enumerated (see docstring)
    per_deal = (group_count(normal) * per_pairing * normal.get("rounds", 1)
                * len(option_sets(normal)))
    given = [k for k in ("deals", "matches_per_pairing", "total_matches") if k in spec]
    if len(given) > 1:
        raise SpecError(f"give only one of deals, matches_per_pairing, total_matches", given[1])
    key = given[0] if given else "deals"
    value = _int(spec.get(key, 1), key, 1, MAX_MATCHES)
    if key == "deals":
        deals = value
    elif key == "matches_per_pairing":
        deals = math.ceil(value / per_pairing)
    else:
        deals = math.ceil(value / per_deal)
    if deals * per_deal > MAX_MATCHES:
        raise SpecError(f"more than {MAX_MATCHES} matches", key)
    normal["deals"] = deals
    normal["matches"] = deals * per_deal
    return normal


def spec_to_json(spec):
    """Canonical JSON text of a normalised spec (what identifies a tournament's results)."""
    return json.dumps(spec, sort_keys=True, separators=(",", ":"))
