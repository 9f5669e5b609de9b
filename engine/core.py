"""The engine core: the Game base class, the Match envelope, and start/step/render.

A *rules object* (one per game, subclass of `Game`) is pure: it never does I/O, never reads a
clock and draws randomness only from the `Rng` it is handed. A `Match` wraps one game's state
with everything needed to continue it: options, the RNG position, a version that counts
accepted actions, the per-viewer log and the full action history (revealed only at the end).

Legality, turn and game-over checks live here, once, in `step`.
"""

from abc import ABC, abstractmethod
from dataclasses import dataclass

from .errors import GameOver, IllegalAction, InvalidAction, InvalidOptions, NotYourTurn
from .fields import check_option, is_type
from .rng import Rng


def evolve(state, **changes):
    """A copy of a frozen-dataclass state with some fields changed: a shallow copy of its field
    dict (unchanged tuples are shared), much faster than `dataclasses.replace`. The copy's field
    dict is built as one fresh `{**fields, **changes}` dict and set whole: CPython 3.11 copies it
    in one block and keeps attribute reads on the copy specialised (measured ~35% faster per copy
    than filling the new object's own `__dict__`). `cls.__new__(cls)` is `object.__new__` (state
    classes define no `__new__`), written so because Cython compiles that form to a direct call
    of the type's allocator (the compiled build: ~10% off a copy)."""
    cls = type(state)
    new = cls.__new__(cls)
    _set_attribute(new, "__dict__", {**state.__dict__, **changes})
    return new


_set_attribute = object.__setattr__


def event(public=None, private=None):
    """A log entry: `public` is seen by everyone, `private[seat]` only by that seat.

    Allow-list: a seat sees exactly `public` plus its own private part, nothing else.
    """
    parts = {}
    if private:  # a plain loop: one or two seats (events are built on every playout step)
        for k, v in private.items():
            parts[str(k)] = v
    return {"public": dict(public) if public else {}, "private": parts}


def make_outcome(winners, n_seats, reasons=None, scores=None, summary=""):
    """The standard outcome: winners, a per-seat result (won, reason, score) and a summary."""
    reasons = reasons or {}
    seats = []
    for seat in range(n_seats):
        won = seat in winners
        seats.append({
            "seat": seat, "won": won,
            "reason": reasons.get(seat, "won" if won else "lost"),
            "score": None if scores is None else scores[seat],
        })
    return {"winners": sorted(winners), "seats": seats, "summary": summary}


class Game(ABC):
    """Base class for a game's rules object. Subclasses fill in the class attributes and the
    abstract methods; the defaults here cover option validation and action checking."""

    id = ""
    name = ""
    min_players = 1
    max_players = 1
    max_length = 1000
    # name -> {"default": v, "choices": [...]} or {"default": v, "type": "int"|"bool", "min", "max"}
    options_spec = {}
    # action type -> {field: type name in fields.FIELD_TYPES; a trailing "?" marks it optional}
    action_schemas = {}
    notes = ""
    # the rules notes page (summary, every reading of the rules, our content), a repository path
    rules_doc = ""
    # option sets the conformance suite must exercise
    conformance_options = ({},)
    # bot name -> {parameter: default}: this game's own defaults for a generic bot's parameters
    # (e.g. the ISMCTS tuning measured on it); the generic bot code names no game
    bot_defaults = {}
    # the side whose seats play together against the game itself (a cooperative game: its
    # tournaments rate the game as an opponent and report team figures); "" = seats play each other
    cooperative_side = ""
    typical_moves = None  # moves in a typical random-bot match (cost estimates); None = unknown
    # read where set: `playout_depth` with a method `evaluate(state) -> {seat: value in [0, 1]}`
    # (search bots cut playouts there), `cypher_wheel` (a module of private per-seat notes the
    # service keeps), `view_schema` (the contract's view schema; else inferred from sample views)
    playout_depth = cypher_wheel = view_schema = None

    # ---- options ---------------------------------------------------------------------------
    def validate_options(self, options):
        """Options with defaults filled in; raises InvalidOptions naming the bad field."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise InvalidOptions("options must be an object", "options")
        unknown = sorted(set(options) - set(self.options_spec))
        if unknown:
            raise InvalidOptions(f"unknown option {unknown[0]!r}", f"options.{unknown[0]}")
        filled = {}
        for name, spec in self.options_spec.items():
            value = options.get(name, spec["default"])
            filled[name] = check_option(name, spec, value)
        self.check_options(filled)
        return filled

    def check_options(self, options):
        """Cross-field option checks; raise InvalidOptions. Default: none."""

    def seat_count(self, options):
        """How many seats a match with these (validated) options has."""
        return options["players"]

    # ---- actions ---------------------------------------------------------------------------
    def check_action_shape(self, action):
        """Raise InvalidAction unless the payload fits a declared action schema."""
        if not isinstance(action, dict):
            raise InvalidAction("action must be an object", "action")
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in self.action_schemas:
            raise InvalidAction(f"unknown action type {kind!r}", "type")
        schema = self.action_schemas[kind]
        for key in action:
            if key != "type" and key not in schema:
                raise InvalidAction(f"unexpected field {key!r} for {kind}", key)
        for key, type_name in schema.items():
            optional = type_name.endswith("?")
            type_name = type_name.rstrip("?")
            if key not in action or action[key] is None:
                if optional:
                    continue
                raise InvalidAction(f"missing field {key!r} for {kind}", key)
            if not is_type(action[key], type_name):
                raise InvalidAction(f"field {key!r} must be {type_name}", key)

    def check_action(self, state, seat, action):
        """Raise IllegalAction unless the action is legal now. Default: membership."""
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"{action.get('type')} is not legal now", "action")

    # ---- abstract --------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, options, rng):
        """A fresh state for validated options."""

    def setup_events(self, state):
        """Log events for what the set-up dealt (e.g. an opening draw), recorded at version 0
        with no actor, public and private parts as in `apply`. Default: none."""
        return []

    @abstractmethod
    def to_move(self, state):
        """Seats that may act now (empty when finished)."""

    @abstractmethod
    def legal_actions(self, state, seat):
        """The seat's legal actions, in a documented deterministic order."""

    def off_turn_actions(self, state, seat):
        """Actions `seat` may take although it is not in `to_move` (default: none). They go
        through `step` like any action (checked, logged, versioned) but never make the seat one
        that must decide: bots, tournaments and random playouts only act for seats in `to_move`,
        so they never choose one (e.g. If Then's hint proposals by other codebreakers)."""
        return []

    @abstractmethod
    def apply(self, state, seat, action, rng):
        """(new_state, [event, ...]); may assume the action is legal; never mutates `state`."""

    @abstractmethod
    def view(self, state, seat):
        """The JSON-able view for a seat (None = spectator), built from an allow-list."""

    @abstractmethod
    def outcome(self, state):
        """None while running; a `make_outcome` dict when finished."""

    @abstractmethod
    def state_to_json(self, state):
        """Lossless JSON form of the state."""

    @abstractmethod
    def state_from_json(self, data):
        """Inverse of `state_to_json`."""

    @abstractmethod
    def sample_state(self, view, seat, rng):
        """A full state consistent with `view` (what `seat` sees), dealing the unseen at random."""

    # ---- tournaments and ratings (engine.tournament reads the finished full state) ----------
    def seat_role(self, state, seat):
        """The seat's role where seats deserve their own ratings (who moved first, a hidden
        role); default None: seats do not differ."""

    def seat_side(self, state, seat):
        """The team the seat wins or loses with; default None: every seat is its own team."""

    def measures(self, state, options):
        """Extra per-match figures a tournament reports (e.g. rounds played); default {}."""
        return {}

    def card_faces(self):
        """Static labels for the ids a view carries (printed card faces, never match state) that
        the web client shows; default: the package's `reference.card_faces()`, else {}."""
        function = getattr(self.module("reference"), "card_faces", None)
        return function() if function is not None else {}

    def module(self, name):
        """The module `name` beside this rules class (engine/<game>/<name>.py: `words`,
        `heuristic`, `rollout`, `reference`), or None when its package has none."""
        return _companion(type(self), name)

    # ---- words for people (engine.words; only renders with words=True pay for them) -------
    # Each hook delegates to the game package's `words` module (engine/<game>/words.py) when it
    # has the function, else returns None and engine.words phrases it generically. They are
    # handed only what the viewer's render holds: `seen` is its redacted `state` view.
    def entry_text(self, entry, viewer, seen):
        """One sentence for a log entry as `viewer`'s view holds it (already redacted)."""
        return self._word_hook("entry_text", entry, viewer, seen)

    def prompt(self, seen, seat, legal):
        """What `seat` must decide now (its legal actions `legal`, never empty), in words."""
        return self._word_hook("prompt", seen, seat, legal)

    def choice(self, seen, seat, action):
        """{"label": words, "refs": [ref, ...]} for one of `seat`'s legal actions."""
        return self._word_hook("choice", seen, seat, action)

    def outcome_text(self, outcome, viewer):
        """The outcome of a finished match in one or two sentences."""
        from .words import generic_outcome_text
        return self._word_hook("outcome_text", outcome, viewer) or generic_outcome_text(outcome, viewer)

    def reference(self):
        """Reference data: {"game", "sections": [{"kind", "entries": [{"id", "name", "text",
        "source": "published"|"ours", ...}]}]}; default: no sections."""
        return self._word_hook("reference") or {"game": self.id, "name": self.name, "sections": []}

    def option_words(self):
        """{option: {"label", "help"}} for the lobby; options without words get their key in words."""
        return self._word_hook("option_words") or {}

    def _word_hook(self, name, *args):
        module = _WORD_MODULES.get(type(self), _UNSET)
        if module is _UNSET:  # found once per rules class (a view asks ~10 times); the function
            module = _WORD_MODULES[type(self)] = self.module("words")  # is read from it each time
        function = getattr(module, name, None) if module is not None else None
        return function(*args) if function is not None else None

    def describe(self):
        """The catalog entry for this game (bots are added by `engine.catalog`)."""
        return {
            "game": self.id, "name": self.name,
            "min_players": self.min_players, "max_players": self.max_players,
            "max_length": self.max_length,
            "options": _options_with_words(self.options_spec, self.option_words()),
            "actions": {k: dict(v) for k, v in self.action_schemas.items()},
            "notes": self.notes,
            **({"rules": self.rules_doc} if self.rules_doc else {}),
        }


_COMPANIONS = {}
_WORD_MODULES = {}  # rules class -> its words module or None
_UNSET = object()


def _companion(cls, name):
    """The module `name` in the package of a rules class (None when there is none), cached."""
    key = (cls, name)
    if key not in _COMPANIONS:
        import importlib
        package = cls.__module__.rpartition(".")[0]
        path = f"{package}.{name}"
        try:
            _COMPANIONS[key] = importlib.import_module(path) if package else None
        except ModuleNotFoundError as exc:
            if exc.name != path:
                raise
            _COMPANIONS[key] = None
    return _COMPANIONS[key]


def _options_with_words(spec, words):
    """The options spec, each option with a `label` and a `help` text in words."""
    from .words import humanize
    out = {}
    for key, value in spec.items():
        item = dict(value)
        said = words.get(key, {})
        item["label"] = said.get("label") or humanize(key).capitalize()
        item["help"] = said.get("help") or ""
        out[key] = item
    return out


@dataclass(frozen=True)
class Match:
    """Everything needed to continue a match: game, options, RNG position, version, state,
    the per-viewer log and the action history (seat, action) revealed only when finished."""

    game: str
    options: dict
    seed: int
    counter: int
    version: int
    state: object
    log: tuple = ()
    history: tuple = ()

    @property
    def rules(self):
        """The rules object of this match's game (a dict lookup: it is read several times a step)."""
        rules = _games().get(self.game)
        if rules is None:
            from . import registry
            return registry.get_game(self.game)  # raises UnknownGame
        return rules


_GAMES = None  # the registry's live {game id: rules} dict, looked up once (import cycle)
_WORDS = []  # engine.words, imported on first use (it imports this module)


def _words():
    if not _WORDS:
        from . import words
        _WORDS.append(words)
    return _WORDS[0]


def _games():
    global _GAMES
    if _GAMES is None:
        from . import registry
        _GAMES = registry.GAMES
    return _GAMES


def start(game_id, options=None, seed=0):
    """A new Match of `game_id`; options are validated and defaults filled in."""
    from . import registry
    rules = registry.get_game(game_id)
    options = rules.validate_options(options)
    rng = Rng(seed)
    state = rules.new_state(options, rng)
    log = tuple(_log_entry(e, 0, None) for e in rules.setup_events(state))
    return Match(game_id, options, rng.seed, rng.counter, 0, state, log)


def to_move(match):
    """Seats that may act now; empty when finished."""
    rules = match.rules
    if rules.outcome(match.state) is not None:
        return []
    return list(rules.to_move(match.state))


def legal_actions(match, seat):
    """The seat's legal actions now (empty when it may not act).

    The list is new, but the action dicts in it may be shared, read-only tables of the game (as
    are public log entries): copy one before changing it."""
    rules = match.rules
    if seat is None or rules.outcome(match.state) is not None:
        return []
    if seat not in rules.to_move(match.state):
        return list(rules.off_turn_actions(match.state, seat))
    return list(rules.legal_actions(match.state, seat))


def step(match, seat, action):
    """A new Match after `seat` plays `action`; raises EngineError and leaves `match` as it was."""
    rules = match.rules
    if rules.outcome(match.state) is not None:
        raise GameOver("the match is over", "action")
    rules.check_action_shape(action)
    if not isinstance(seat, int) or seat not in rules.to_move(match.state):
        if not isinstance(seat, int) or action not in rules.off_turn_actions(match.state, seat):
            raise NotYourTurn(f"seat {seat} may not act now", "seat")
    else:
        rules.check_action(match.state, seat, action)
    rng = Rng(match.seed, match.counter)
    state, events = rules.apply(match.state, seat, action, rng)
    version = match.version + 1
    entries = tuple(_log_entry(e, version, seat) for e in events)
    return Match(match.game, match.options, match.seed, rng.counter, version, state,
                 match.log + entries, match.history + ((seat, action),))


def _log_entry(ev, version, seat):
    """A stored log entry: seq, actor, public, and `private` only when some seat has a part."""
    entry = {"seq": version, "actor": seat, "public": ev["public"]}
    if ev.get("private"):
        entry["private"] = ev["private"]
    return entry


def render_log(log, viewer):
    """The log as `viewer` may see it: public parts plus the viewer's own private parts.

    Entries without private parts are returned as they are stored (shared, read-only)."""
    key = None if viewer is None else str(viewer)
    return [render_entry(entry, key) for entry in log]


def render_entry(entry, key):
    """One stored log entry as the seat named `key` (str, or None = spectator) may see it."""
    private = entry.get("private")
    if private is None:
        return entry
    item = {"seq": entry["seq"], "actor": entry["actor"], "public": entry["public"]}
    if key in private:
        item["private"] = private[key]
    return item


def log_after(log, since):
    """The entries of a log (ordered by seq) with seq > since, found by bisection."""
    low, high = 0, len(log)
    while low < high:
        middle = (low + high) // 2
        if log[middle]["seq"] <= since:
            low = middle + 1
        else:
            high = middle
    return log[low:]


def render(match, viewer=None, with_log=True, log_since=None, words=False, text_memo=None):
    """The JSON-able view of a match for a seat (None = spectator); with `log_since` = n the log
    holds only the entries after version n (what a client that saw version n is missing).
    With `words`, the view also carries words for people (engine.words.describe): each log
    entry's `text`, `prompt`, `choices` and `outcome.text`; bots leave it off. `text_memo`, a dict
    the caller keeps per match (engine.words.TextMemo), spares rendering and phrasing again the log
    entries it did before for the same viewer (a stored log entry never changes once written)."""
    rules = match.rules
    outcome = rules.outcome(match.state)
    moving = [] if outcome is not None else list(rules.to_move(match.state))
    view = {
        "game": match.game, "version": match.version, "to_move": moving,
        "finished": outcome is not None,
        "legal_actions": (list(rules.legal_actions(match.state, viewer))
                          if viewer is not None and viewer in moving else
                          list(rules.off_turn_actions(match.state, viewer))
                          if viewer is not None and outcome is None else []),
        "state": rules.view(match.state, viewer),
    }
    if outcome is not None:
        view["outcome"] = outcome
    if with_log:
        log = match.log if log_since is None else log_after(match.log, log_since)
        if words and text_memo is not None:  # the worded entries this viewer was shown before
            view["log"] = _words().worded_log(rules, match.log, len(match.log) - len(log), viewer,
                                              view["state"], text_memo)
        else:
            view["log"] = render_log(log, viewer)
    if words:
        _words().describe(rules, viewer, view, log_worded=text_memo is not None)
    return view


def match_to_json(match):
    """Lossless JSON form of a Match."""
    return {
        "game": match.game, "options": match.options, "seed": match.seed,
        "counter": match.counter, "version": match.version,
        "state": match.rules.state_to_json(match.state),
        "log": list(match.log),
        "history": [[seat, action] for seat, action in match.history],
    }


def match_from_json(data):
    """Inverse of `match_to_json`. A `history` given as a tuple is taken as it is (a tuple of
    (seat, action) pairs already, as a store keeps what it parsed); a list is converted."""
    rules = _games().get(data["game"])
    if rules is None:
        from . import registry
        rules = registry.get_game(data["game"])  # raises UnknownGame
    history = data["history"]
    return Match(
        data["game"], dict(data["options"]), data["seed"], data["counter"], data["version"],
        rules.state_from_json(data["state"]), tuple(data["log"]),
        history if type(history) is tuple else tuple((seat, action) for seat, action in history),
    )


def replay(game_id, options, seed, history):
    """Re-run a match from its seed and action history (what a finished match's replay verifies)."""
    match = start(game_id, options, seed)
    for seat, action in history:
        match = step(match, seat, action)
    return match
