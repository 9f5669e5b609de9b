"""Marshmallow schemas for every request and response body; openapi.yaml is generated from them."""

from marshmallow import (
    INCLUDE,
    RAISE,
    Schema,
    ValidationError,
    fields,
    validate,
    validates_schema,
)

from .schemas_lists import SeatCount, TournamentList, TournamentListItem, TournamentListQuery  # noqa: F401
from .schemas_lists import TournamentMatches, TournamentMatchesQuery  # noqa: F401
from .schemas_words import Choice, Outcome, Ref, Reference, ReferenceEntry, ReferenceSection  # noqa: F401

# the Dark Agent odds questions' vocabulary (the game's data; importing it has no side effects)
DARK_AGENT_SPY_LEVELS = (2, 3, 5)
DARK_AGENT_ROLL_EQUIPMENT = ("binoculars", "rifle", "rocket_launcher")

SEED_MAX = 2**63 - 1
LONGPOLL_MAX_S = 30  # the one bound on `wait` for GET /matches/{id}/events (400 above)

COMMITMENT_FORMULA = (
    "Lowercase hex SHA-256 of the UTF-8 bytes of the canonical JSON "
    "`{\"game\": game, \"options\": options, \"seed\": seed, \"setup\": setup}` with `seed` as a JSON "
    "integer (the digits of the replay's seed string, unquoted) and `game`, `options`, `setup` as "
    "GET /matches/{id}/replay returns them; canonical = keys sorted at every level, no whitespace "
    "(separators `,` and `:`), non-ASCII escaped as \\uXXXX (Python: `json.dumps(obj, sort_keys=True, "
    "separators=(\",\", \":\"))`). Published at creation, verifiable once the replay is out "
    "(README: Verifying a commitment).")


class Seed(fields.Field):
    """A match seed: accepted as a JSON integer or a string of digits (0..2^63-1)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValidationError("a seed is an integer or a string of digits")
        if isinstance(value, str):
            if not (value.isascii() and value.isdigit()) or len(value) > 19:
                raise ValidationError("a seed is an integer or a string of digits")
            value = int(value)
        if not 0 <= value <= SEED_MAX:
            raise ValidationError(f"a seed is between 0 and {SEED_MAX}")
        return value

# the largest version / event cursor accepted (2^53: exact in every JSON number implementation)
MAX_COUNTER = 2**53
MATCH_STATUSES = ["open", "active", "finished"]
JOB_STATUSES = ["created", "queued", "finished", "failed", "started", "deferred", "scheduled", "stopped",
                "canceled", "rate_limited", "ready_to_enqueue"]


class ErrorDetail(Schema):
    """The body of every error."""

    code = fields.String(required=True, metadata={"description": "stable machine-readable code"})
    message = fields.String(required=True)
    field = fields.String(metadata={"description": "the offending field or header, when one is to blame"})
    current_version = fields.Integer(metadata={"description": "the match version now (409s)"})
    legal_actions = fields.List(fields.Dict(), metadata={"description": "the caller's legal actions (rejected actions)"})


class Error(Schema):
    """The one error envelope."""

    error = fields.Nested(ErrorDetail, required=True)


class SeatSpec(Schema):
    """A seat at creation: a human seat (token issued now), an open seat (joined later) or a bot."""

    class Meta:
        unknown = INCLUDE

    kind = fields.String(validate=validate.OneOf(["human", "open", "bot"]),
                         metadata={"description": "default: bot when `bot` is given, else human"})
    bot = fields.String(metadata={"description": "bot name from the catalog (kind=bot)"})
    name = fields.String(validate=validate.Length(max=64), allow_none=True)


class CreateMatchRequest(Schema):
    """POST /matches."""

    class Meta:
        unknown = RAISE

    game = fields.String(required=True, metadata={"description": "game id from GET /games"})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seats = fields.List(fields.Nested(SeatSpec), allow_none=True,
                        metadata={"description": "one entry per seat; default: all human"})
    seed = Seed(metadata={
        "description": "only when the server allows client seeds; an integer or a string of digits "
                       "(0..2^63-1; send big seeds as strings, JavaScript loses integers above 2^53)",
        "oneOf": [{"type": "integer", "minimum": 0, "maximum": SEED_MAX},
                  {"type": "string", "pattern": "^[0-9]{1,19}$"}]})
    turn_clock_s = fields.Integer(validate=validate.Range(min=1, max=86400), allow_none=True,
                                  metadata={"description": "per-turn clock for human seats"})


class SeatToken(Schema):
    """A seat's secret token (shown once)."""

    seat = fields.Integer(required=True)
    token = fields.String(required=True)


class PublicSeat(Schema):
    """A seat as everyone sees it."""

    kind = fields.String(required=True)
    joined = fields.Boolean(required=True)
    name = fields.String(allow_none=True)
    bot = fields.Dict(metadata={"description": "bot name and parameters (bot seats)"})


class MatchSummary(Schema):
    """A match in lists and creation answers."""

    match_id = fields.String(required=True)
    game = fields.String(required=True)
    options = fields.Dict(required=True)
    version = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(MATCH_STATUSES),
                           metadata={"description": "open | active | finished"})
    seats = fields.List(fields.Nested(PublicSeat), required=True)
    open_seats = fields.List(fields.Integer(), required=True)
    commitment = fields.String(required=True, metadata={"description": COMMITMENT_FORMULA})
    turn_clock_s = fields.Integer(allow_none=True)
    deadline = fields.Float(allow_none=True)


class CreatedMatch(MatchSummary):
    """POST /matches answer: the summary plus one token per human seat."""

    tokens = fields.List(fields.Nested(SeatToken), required=True)


class MatchList(Schema):
    """GET /matches."""

    matches = fields.List(fields.Nested(MatchSummary), required=True)
    next_cursor = fields.String(required=True, allow_none=True, metadata={
        "description": "pass as `cursor` (with the same filters) for the next page; null on the last page"})
    total = fields.Integer(required=True, metadata={
        "description": "how many matches the filters select, over all pages"})


class ListQuery(Schema):
    """GET /matches query."""

    game = fields.String()
    status = fields.String(validate=validate.OneOf(MATCH_STATUSES))
    open_seats = fields.Boolean()
    mine = fields.Boolean()
    cursor = fields.String(validate=validate.Length(min=1, max=200))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class JoinRequest(Schema):
    """POST /matches/{id}/join."""

    class Meta:
        unknown = RAISE

    seat = fields.Integer(allow_none=True, strict=True, validate=validate.Range(min=0, max=64),
                          metadata={"description": "a specific open seat; default the first"})
    name = fields.String(validate=validate.Length(max=64), allow_none=True)


class LogEntry(Schema):
    """One log entry as the viewer may see it."""

    seq = fields.Integer(required=True)
    actor = fields.Integer(allow_none=True)
    public = fields.Dict(required=True)
    private = fields.Dict(metadata={"description": "only the viewer's own private part"})
    text = fields.String(metadata={"description": (
        "the entry in one sentence for this viewer (views; events: as the view at the event's version shows it)")})


class MatchView(Schema):
    """A match as one seat (or a spectator) sees it."""

    match_id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(allow_none=True, required=True, metadata={"description": "the caller's seat; null = spectator"})
    status = fields.String(required=True, validate=validate.OneOf(MATCH_STATUSES))
    to_move = fields.List(fields.Integer(), required=True)
    finished = fields.Boolean(required=True)
    outcome = fields.Nested(Outcome, metadata={"description": "winners and per-seat results (finished matches)"})
    legal_actions = fields.List(fields.Dict(), required=True)
    prompt = fields.String(allow_none=True, required=True, metadata={
        "description": "what the viewer must decide now, in words; null when nothing"})
    choices = fields.List(fields.Nested(Choice), required=True, metadata={
        "description": "one per legal action, in the same order"})
    state = fields.Dict(required=True, metadata={"description": "the game's redacted view (see <Game>View)"})
    log = fields.List(fields.Nested(LogEntry), required=True)
    seats = fields.List(fields.Nested(PublicSeat), required=True)
    commitment = fields.String(required=True, metadata={"description": COMMITMENT_FORMULA})
    deadline = fields.Float(allow_none=True)


class LegalActions(Schema):
    """GET /matches/{id}/actions."""

    game = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    legal_actions = fields.List(fields.Dict(), required=True)


class NoteRequest(Schema):
    """PUT /matches/{id}/notes: one number's mark on the caller's cypher wheel."""

    class Meta:
        unknown = RAISE

    number = fields.Integer(required=True, strict=True, validate=validate.Range(1, 9))
    mark = fields.String(required=True, validate=validate.OneOf(["none", "coloured", "black"]))


class Notes(Schema):
    """A seat's cypher-wheel notes."""

    seat = fields.Integer(required=True)
    notes = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={
        "description": "number 1-9 -> none | coloured | black"})
    revision = fields.Integer(required=True, metadata={"description": "counts the seat's note changes"})


class ActionRequest(Schema):
    """POST /matches/{id}/actions."""

    class Meta:
        unknown = RAISE

    action = fields.Dict(required=True, metadata={"description": "one of the game's actions (see <Game>Action)"})
    version = fields.Integer(allow_none=True, strict=True, validate=validate.Range(min=0, max=MAX_COUNTER),
                             metadata={"description": (
        "the version acted on (or If-Match); during a simultaneous decision any version since the "
        "decision opened is accepted while the action is legal (see postAction)")})
    seat = fields.Integer(allow_none=True, strict=True, validate=validate.Range(min=0, max=64),
                          metadata={"description": "optional; must be the token's seat"})

    @staticmethod
    def fast_load(data):
        """What `load` answers for a plainly valid body, without marshmallow's machinery (the
        hottest request); None for anything else, which `load` then judges and explains."""
        if not isinstance(data.get("action"), dict) or not data.keys() <= {"action", "version", "seat"}:
            return None
        for name, top in (("version", MAX_COUNTER), ("seat", 64)):
            value = data.get(name)
            if value is not None and (type(value) is not int or not 0 <= value <= top):
                return None
        return dict(data, action=dict(data["action"]))


class Event(Schema):
    """One write to the match (created, joined, action) as the viewer may see it."""

    seq = fields.Integer(required=True, metadata={"description": "event sequence number (cursor)"})
    version = fields.Integer(required=True, metadata={"description": (
        "the match version after this write: the version of the view it leads to "
        "(GET /matches/{id}, or /replay?at=version later)")})
    seat = fields.Integer(metadata={"description": "the seat that was joined (kind=joined)"})
    kind = fields.String(required=True)
    actor = fields.Integer(allow_none=True)
    entries = fields.List(fields.Nested(LogEntry), required=True)
    finished = fields.Boolean()


class EventPage(Schema):
    """GET /matches/{id}/events."""

    events = fields.List(fields.Nested(Event), required=True)
    last = fields.Integer(required=True, metadata={"description": "cursor for the next ?after="})


class ViewQuery(Schema):
    """GET /matches/{id} query."""

    log_since = fields.Integer(validate=validate.Range(min=0, max=MAX_COUNTER))


class ReplayQuery(Schema):
    """GET /matches/{id}/replay query."""

    at = fields.Integer(validate=validate.Range(min=0, max=MAX_COUNTER), metadata={
        "description": "a version: answer the caller's MatchView as it was then"})


class EventsQuery(Schema):
    """GET /matches/{id}/events query."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_COUNTER))
    wait = fields.Integer(load_default=0, validate=validate.Range(min=0, max=LONGPOLL_MAX_S))


class StreamQuery(Schema):
    """GET /matches/{id}/stream query (unknown parameters are a 400, as on /events)."""

    after = fields.Integer(validate=validate.Range(min=0, max=MAX_COUNTER))
    ticket = fields.String(validate=validate.Length(min=1, max=100),
                           metadata={"description": "a stream ticket (instead of the bearer token)"})


class Replay(Schema):
    """GET /matches/{id}/replay (finished matches only)."""

    game = fields.String(required=True)
    options = fields.Dict(required=True)
    seed = fields.String(required=True, validate=validate.Regexp(r"^[0-9]+$"), metadata={
        "description": "the match seed as a string of digits (up to 2^63-1: exact in every JSON parser)",
        "pattern": "^[0-9]+$"})
    commitment = fields.String(required=True, metadata={"description": COMMITMENT_FORMULA})
    setup = fields.Dict(required=True, metadata={"description": "the initial state (state_to_json)"})
    history = fields.List(fields.Dict(), required=True, metadata={"description": "[{seat, action}] in order"})
    log = fields.List(fields.Dict(), required=True, metadata={
        "description": "the whole log unredacted: every public and private part (draws, dice, answers)"})
    outcome = fields.Nested(Outcome, required=True)


class GameType(Schema):
    """A catalog entry (games may add fields of their own, such as mission lists or presets)."""

    class Meta:
        unknown = INCLUDE

    game = fields.String(required=True)
    name = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    max_length = fields.Integer(required=True, metadata={"description": "most actions a match can take"})
    options = fields.Dict(required=True, metadata={"description": (
        "option name -> {default, choices or type (min, max), label, help}: `label` and `help` "
        "are words for a lobby")})
    actions = fields.Dict(required=True)
    notes = fields.String()
    rules = fields.String(metadata={"description": (
        "the game's rules notes page in the repository (docs/rules/<game>.md): a rules summary, "
        "every reading the engine makes where the rules leave room, and the content that is ours")})
    bots = fields.List(fields.Dict(), required=True, metadata={"description": (
        "bot name, description and params (name -> {default, type, min, max}: the ranges this "
        "server accepts)")})
    seat_counts = fields.List(fields.Nested(SeatCount), required=True, metadata={"description": (
        "how many entries `seats` must have: one row per players count and value of any option "
        "that changes it (e.g. If Then: players - 1 while the All Knowing is the engine)")})


class Catalog(Schema):
    """GET /games."""

    games = fields.List(fields.Nested(GameType), required=True)


class Health(Schema):
    """GET /healthz."""

    status = fields.String(required=True, validate=validate.OneOf(["ok", "degraded"]))
    redis = fields.Boolean(required=True)


class OddsAttack(Schema):
    """One Dark Agent attack: the attacking spies' levels, modifiers, and exactly one of `defence`
    (a fixed defence: sentinel, objective) or `spy_base` (an enemy spy or the Dark Agent: that
    base plus the defender's 1d6)."""

    class Meta:
        unknown = RAISE

    spies = fields.List(fields.Integer(strict=True, validate=validate.OneOf(DARK_AGENT_SPY_LEVELS)),
                        load_default=list, validate=validate.Length(max=6),
                        metadata={"description": "levels of the attacking spies (the game's spies)"})
    bonus = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=-30, max=30),
                           metadata={"description": "other modifiers added to the roll"})
    equipment = fields.List(fields.String(validate=validate.OneOf(DARK_AGENT_ROLL_EQUIPMENT)),
                            load_default=list, validate=validate.Length(max=3),
                            metadata={"description": "equipment that changes the roll"})
    defence = fields.Integer(strict=True, validate=validate.Range(min=0, max=60),
                             metadata={"description": "a fixed defence (give this or spy_base)"})
    spy_base = fields.Integer(strict=True, validate=validate.Range(min=0, max=60),
                              metadata={"description": "defence before the defender's 1d6 (or defence)"})
    vp = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=100),
                        metadata={"description": "what success is worth (turn plans)"})

    @validates_schema
    def _one_target(self, data, **_):
        if ("defence" in data) == ("spy_base" in data):
            raise ValidationError("give exactly one of defence or spy_base", "defence")


class AttackOddsRequest(Schema):
    """POST /darkagent/odds/attack."""

    class Meta:
        unknown = RAISE

    attack = fields.Nested(OddsAttack, required=True)


class TurnOddsRequest(Schema):
    """POST /darkagent/odds/turn: attacks in order; the turn stops at the first failure."""

    class Meta:
        unknown = RAISE

    attacks = fields.List(fields.Nested(OddsAttack), required=True, validate=validate.Length(min=1, max=20))
    trials = fields.Integer(load_default=20000, strict=True, validate=validate.Range(min=0, max=200000),
                            metadata={"description": "Monte Carlo cross-check trials (0 = none)"})


class AttackOdds(Schema):
    """Exact odds of one attack."""

    fraction = fields.String(required=True)
    probability = fields.Float(required=True)
    bonus = fields.Integer(required=True)
    attack = fields.Dict(required=True)


class JobStatus(Schema):
    """A queued computation."""

    job_id = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(JOB_STATUSES),
                           metadata={"description": "RQ's job status (finished: `result` is present)"})
    result = fields.Dict()


class StreamTicket(Schema):
    """POST /matches/{id}/stream-ticket answer: pass `ticket` to /stream as a query parameter."""

    ticket = fields.String(required=True, metadata={"description": "secret; good for this match only"})
    seat = fields.Integer(required=True, metadata={"description": "the seat the stream follows"})
    expires_in = fields.Integer(required=True, metadata={"description": "seconds the ticket stays valid"})


class TournamentRequest(Schema):
    """POST /tournaments: the same spec as `safehouse tournament run` (see README, Tournaments)."""

    class Meta:
        unknown = RAISE

    spec = fields.Dict(required=True, metadata={"description": (
        "game, options, entrants (built-in bots with params), format (round_robin or gauntlet), "
        "deals, seed, budget; errors name the field as spec.<field>; the server interleaves "
        "seatings (order: interleaved) and keys the seeds with a secret of its own")})


class TournamentQuery(Schema):
    """GET /tournaments/{id} query: long-poll for progress."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_COUNTER),
                           metadata={"description": "answer once more than this many matches are done"})
    wait = fields.Integer(load_default=0, validate=validate.Range(min=0, max=LONGPOLL_MAX_S),
                          metadata={"description": "seconds to wait for that (0..30)"})


class Tournament(Schema):
    """A tournament's progress and, once matches are done, standings with ratings."""

    tournament_id = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["running", "finished", "cancelled"]))
    done = fields.Integer(required=True)
    total = fields.Integer(required=True)
    game = fields.String(required=True)
    entrants = fields.List(fields.String(), required=True)
    spec = fields.Dict(required=True, metadata={"description": "the normalised spec"})
    commitment = fields.String(required=True, allow_none=True, metadata={"description": (
        "SHA-256 (hex) of the tournament's seed secret, published at creation: every deal and bot "
        "seed is HMAC-SHA256(secret, '<seed>:deal:<d>' / '<seed>:bot:<index>:<seat>')")})
    seed_secret = fields.String(allow_none=True, metadata={"description": (
        "the seed secret (hex), once the tournament has ended: check it against `commitment`")})
    owner_token = fields.String(metadata={"description": (
        "creation answer only: the secret that cancels the tournament (Authorization: Bearer); "
        "shown once, stored hashed")})
    standings = fields.List(fields.Dict(), metadata={"description": (
        "per entrant: openskill rating (mu, sigma), win rate with its 95% interval, points, "
        "per-role figures, CPU per move, faults (as of `standings_done` matches)")})
    standings_done = fields.Integer(metadata={"description": "how many matches the standings cover"})


class RemoteBotDecision(Schema):
    """What the tournament runner POSTs to a remote entrant for each of its decisions."""

    game = fields.String(required=True)
    seat = fields.Integer(required=True)
    deadline_ms = fields.Integer(required=True, metadata={"description": "answer within this many ms"})
    view = fields.Dict(required=True, metadata={"description": "the seat's view (a MatchView without match_id and seats)"})
    legal_actions = fields.List(fields.Dict(), required=True)
    match = fields.Dict(required=True, metadata={"description": "{tournament, index, version}"})


class RemoteBotAnswer(Schema):
    """A remote entrant's answer: one of the legal actions."""

    action = fields.Dict(required=True)
