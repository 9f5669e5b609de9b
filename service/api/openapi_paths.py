"""The operations of the contract: every endpoint, its parameters, bodies and statuses."""

import copy

from ..listing import CURSOR_PATTERN
from .schemas import LONGPOLL_MAX_S, MAX_COUNTER


def _ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def _json(name, description="OK", headers=None):
    answer = {"description": description, "content": {"application/json": {"schema": _ref(name)}}}
    if headers:
        answer["headers"] = headers
    return answer


def _errors(*statuses):
    text = {400: "Malformed request (the `field` names what)", 401: "Unknown or malformed token",
            403: "The token belongs to another seat", 404: "No such match or game",
            409: "Illegal, out of turn, game over, stale version, seat taken, idempotency key in progress",
            413: "Body too large", 415: "Body is not JSON", 422: "Invalid action or options; Idempotency-Key reused for another request",
            428: "Precondition required", 429: "Rate limited (see Retry-After)",
            414: "Path and query over 4,096 bytes (`uri_too_long`; a request line over 8,190 bytes is refused the same way before the app)",
            431: "A header over 8,190 bytes or more than 100 headers (`headers_too_large`)",
            503: "The match store is unavailable (see Retry-After)"}
    out = {}
    for status in statuses + (414, 429, 431, 503):
        out[str(status)] = _json("Error", text[status])
        if status in (429, 503):
            out[str(status)]["headers"] = {"Retry-After": {
                "schema": {"type": "integer"}, "required": True,
                "description": "seconds to wait before retrying (sent only on 429 and 503)"}}
    return out


STALE = ("A stale version (409 `stale_version`) happens only when (a) the version sent is older than the opening of the current decision window, i.e. something other than other seats' answers to the same simultaneous decision (votes, consents, reactions) happened since it was read, (b) the version sent is newer than the match, or (c) the action was read before others acted and is no longer legal (already answered, or the window closed). Seats deciding at once each send the version they read: another seat answering first is no conflict. On a 409 the error carries `current_version` and the caller's `legal_actions` now: re-read the view (or use those), decide again and send the new version.")
AT_VERSION = ("Without `at`: the full replay of a finished match (409 `not_finished` before the end). With "
              "`at=V`: the MatchView the caller (a seat's token; none = spectator) had at version V, for "
              "any match, rebuilt from the stored history: exactly what `GET /matches/{id}` answered that "
              "viewer at V, never another seat's view; `seats` and `status` follow the seats joined now, "
              "`deadline` is null before the current version. V past the current version is 409 "
              "`version_not_reached` with `current_version`; a bad `at` is 400 naming `at`.")
MATCH_ID = {"name": "match_id", "in": "path", "required": True, "schema": {"type": "string"}}
TOURNAMENT_ID = {"name": "tournament_id", "in": "path", "required": True, "schema": {"type": "string"}}
GAME_ID = {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
IDEMPOTENCY = {"name": "Idempotency-Key", "in": "header", "required": False,
               "schema": {"type": "string", "minLength": 1, "maxLength": 200, "format": "idempotency-key"},
               "description": (
                   "makes a retry safe: the same caller sending the same request (method, path, "
                   "canonical JSON body, If-Match) with the same key within 24 h gets the stored "
                   "response byte for byte, with `Idempotent-Replayed: true`, and nothing acts twice; "
                   "the same key with a different request is 422 `idempotency_key_reused`; while the "
                   "first request is still running a retry waits for its outcome (409 "
                   "`idempotency_in_progress` after 10 s). The caller is the seat token on `POST "
                   ".../actions` (any key will do there); on `POST /matches` and `join`, which no seat "
                   "token authenticates, an Authorization header is ignored and the key itself is the "
                   "only proof of identity: it must carry at least 128 random bits (a random UUID4, or "
                   "22+ random base64url characters), else 400 `weak_idempotency_key` (constants, the "
                   "nil UUID, repeated or sequential characters are refused). "
                   "Keys are kept 24 hours, then forgotten.")}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
            "description": ("the match version acted on, as an ETag of a view at it (`\"3-0\"`, `W/\"3-0\"`, or a "
                            "list of tags naming one version); `*` = no version check. Alternative to "
                            "the body's `version`; when both are sent they must agree (400 otherwise)")}
IF_NONE_MATCH = {"name": "If-None-Match", "in": "header", "required": False,
                 "schema": {"type": "string"},
                 "description": ("ETags from earlier views, comma-separated; weak comparison (`W/\"3-0\"` "
                                 "matches `\"3-0\"`); `*` matches any version. A match answers 304")}
LAST_EVENT_ID = {"name": "Last-Event-ID", "in": "header", "required": False,
                 "schema": {"type": "integer", "minimum": 0, "maximum": MAX_COUNTER},
                 "description": "resume after this event seq (decimal digits, 0..2^53)"}
ETAG = {"ETag": {"schema": {"type": "string"}, "description": (
    "per (version, seat, joined seats: a join changes the view, not the version); a gzip-encoded answer (Accept-Encoding: gzip, bodies of 1 KB or more) "
    "is a distinct representation tagged with the suffix `-gzip`; If-None-Match accepts either")}}
SEAT = [{"seatToken": []}, {}]


def _query(name, schema, description):
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


PATHS = {
    "/healthz": {"get": {"operationId": "health", "summary": "Liveness and Redis reachability",
                         "responses": {"200": _json("Health"), "503": _json("Health", "Redis down")}}},
    "/readyz": {"get": {"operationId": "ready", "summary": "Readiness: Redis answers and a bot worker's heartbeat is fresh",
                        "responses": {"200": {"description": "Ready", "content": {"application/json": {"schema": {
                            "type": "object", "required": ["status", "redis", "workers", "bot_workers"],
                            "properties": {"status": {"type": "string", "enum": ["ready"]},
                                           "redis": {"type": "boolean"}, "workers": {"type": "integer"},
                                           "bot_workers": {"type": "integer", "minimum": 1}}}}}},
                                      "503": _json("Error", "Not ready: `redis_unavailable` or `no_bot_worker`")}}},
    "/metrics": {"get": {"operationId": "metrics", "summary": "Prometheus metrics (text format; docs/operations.md)",
                         "responses": {"200": {"description": "Prometheus text exposition format 0.0.4",
                                               "content": {"text/plain": {"schema": {"type": "string"}}}},
                                       **_errors()}}},
    "/games": {"get": {"operationId": "listGames", "summary": "Catalog of game types",
                       "responses": {"200": _json("Catalog"), **_errors()}}},
    "/games/{game}": {"get": {"operationId": "getGame", "summary": "One game type",
                              "parameters": [GAME_ID],
                              "responses": {"200": _json("GameType"), **_errors(404)}}},
    "/games/{game}/reference": {"get": {
        "operationId": "getGameReference", "parameters": [GAME_ID],
        "summary": "Every card, mission, role, equipment... of a game with its rules text and source",
        "responses": {"200": _json("Reference"), **_errors(404)}}},
    "/matches": {
        "post": {"operationId": "createMatch", "summary": "Create a match; tokens for human seats",
                 "parameters": [IDEMPOTENCY],
                 "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("CreateMatchRequest")}}},
                 "responses": {"201": _json("CreatedMatch", "Created"), **_errors(400, 404, 413, 415, 422)}},
        "get": {"operationId": "listMatches", "summary": "List matches (newest first), a page at a time",
                "security": SEAT, "parameters": [
                    _query("game", {"type": "string"}, "only this game"),
                    _query("status", {"type": "string", "enum": ["open", "active", "finished"]}, "only this status"),
                    _query("open_seats", {"type": "boolean"}, "only matches with (true) or without (false) open seats"),
                    _query("mine", {"type": "boolean"},
                           "true: only matches where the bearer token holds a seat (401 without a token)"),
                    _query("cursor", {"type": "string", "maxLength": 120, "pattern": CURSOR_PATTERN},
                           "`next_cursor` of the previous page (same filters): `<creation time>~<match id>`, "
                           "the position after which the page starts; absent = the first page"),
                    _query("limit", {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}, "at most this many")],
                "responses": {"200": _json("MatchList"), **_errors(400, 401)}},
    },
    "/matches/{match_id}": {"get": {
        "operationId": "getMatch", "summary": "The match as the caller's seat sees it",
        "security": SEAT, "parameters": [
            MATCH_ID, IF_NONE_MATCH,
            _query("log_since", {"type": "integer", "minimum": 0, "maximum": MAX_COUNTER},
                   "only the log entries after this version (the log a client that saw it is missing)")],
        "responses": {"200": _json("MatchView", headers=ETAG), "304": {"description": "Not modified", "headers": ETAG},
                      **_errors(400, 401, 404)}}},
    "/matches/{match_id}/join": {"post": {
        "operationId": "joinMatch", "summary": "Claim an open seat (the token is shown once)",
        "parameters": [MATCH_ID, IDEMPOTENCY],
        "requestBody": {"required": False, "content": {"application/json": {"schema": _ref("JoinRequest")}}},
        "responses": {"200": _json("SeatToken"), **_errors(400, 404, 409, 413, 415, 422)}}},
    "/matches/{match_id}/actions": {
        "get": {"operationId": "getLegalActions", "summary": "The caller's legal actions now",
                "security": SEAT, "parameters": [MATCH_ID],
                "responses": {"200": _json("LegalActions"), **_errors(401, 404)}},
        "post": {"operationId": "postAction", "summary": "Play an action for the caller's seat",
                 "description": STALE,
                 "security": [{"seatToken": []}], "parameters": [MATCH_ID, IF_MATCH, IDEMPOTENCY],
                 "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("ActionRequest")}}},
                 "responses": {"200": _json("MatchView", headers=ETAG), **_errors(400, 401, 403, 404, 409, 413, 415, 422)}},
    },
    "/matches/{match_id}/notes": {
        "get": {"operationId": "getNotes", "summary": "The caller's private cypher-wheel notes (Classified Information)",
                "security": [{"seatToken": []}], "parameters": [MATCH_ID],
                "responses": {"200": _json("Notes"), **_errors(401, 404)}},
        "put": {"operationId": "putNote", "summary": "Set one number's mark on the caller's cypher wheel",
                "description": ("Private notes never advance the match: no version change, no event, "
                                "nothing an opponent or spectator can see. The seat's match view carries "
                                "them as `state.notes`. Read-only once the match is over (409 game_over)."),
                "security": [{"seatToken": []}], "parameters": [MATCH_ID],
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("NoteRequest")}}},
                "responses": {"200": _json("Notes"), **_errors(400, 401, 404, 409, 413, 415)}},
    },
    "/matches/{match_id}/events": {"get": {
        "operationId": "getEvents", "summary": "Events after a cursor; long-poll with wait",
        "security": SEAT, "parameters": [
            MATCH_ID, _query("after", {"type": "integer", "minimum": 0, "maximum": MAX_COUNTER, "default": 0}, "event seq cursor"),
            _query("wait", {"type": "integer", "minimum": 0, "maximum": LONGPOLL_MAX_S, "default": 0},
                   f"seconds to wait for a new event when there is none yet (0..{LONGPOLL_MAX_S}; 400 above)")],
        "responses": {"200": _json("EventPage"), **_errors(400, 401, 404)}}},
    "/matches/{match_id}/stream": {"get": {
        "operationId": "streamEvents", "summary": "Server-Sent Events (event: match, id: seq)",
        "description": ("Follow a seat with `Authorization: Bearer <token>`, or from a browser's "
                        "EventSource (which cannot send headers) with `?ticket=` from "
                        "`POST /matches/{match_id}/stream-ticket`; never put a seat token in a URL. "
                        "Unknown query parameters are a 400. The stream ends after the event that "
                        "finishes the match (its `finished` is true); on a finished match it sends the "
                        "events after the cursor and closes; long streams end after the server's "
                        "bound and the client resumes with Last-Event-ID."),
        "security": SEAT, "parameters": [MATCH_ID, LAST_EVENT_ID,
                                         _query("after", {"type": "integer", "minimum": 0, "maximum": MAX_COUNTER}, "event seq cursor"),
                                         _query("ticket", {"type": "string", "maxLength": 100},
                                                "a stream ticket (instead of the bearer token)")],
        "responses": {"200": {"description": "text/event-stream of Event objects",
                              "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                      "204": {"description": "the match is finished and the cursor is past its last "
                                             "event: nothing more will come (EventSource stops reconnecting)"},
                      **_errors(400, 401, 404)}}},
    "/matches/{match_id}/stream-ticket": {"post": {
        "operationId": "createStreamTicket",
        "summary": "A ticket (60 s, this match and seat only) to follow the seat's /stream from a browser",
        "security": [{"seatToken": []}], "parameters": [MATCH_ID],
        "responses": {"201": _json("StreamTicket", "Created"), **_errors(401, 404)}}},
    "/matches/{match_id}/replay": {"get": {
        "operationId": "getReplay", "summary": "Full replay with the seed (finished matches); with `at`, a view at any version",
        "description": AT_VERSION, "security": SEAT, "parameters": [
            MATCH_ID, _query("at", {"type": "integer", "minimum": 0, "maximum": MAX_COUNTER},
                             "a version 0..current: the caller's MatchView as it was then (any match)")],
        "responses": {"200": {"description": "Replay without `at`; MatchView with `at`", "content": {
            "application/json": {"schema": {"anyOf": [_ref("Replay"), _ref("MatchView")]}}}},
            **_errors(400, 401, 404, 409)}}},
    "/darkagent/odds/attack": {"post": {
        "operationId": "darkAgentAttackOdds", "summary": "Exact success probability of one Dark Agent attack",
        "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("AttackOddsRequest")}}},
        "responses": {"200": _json("AttackOdds"), **_errors(400, 404, 413, 415)}}},
    "/darkagent/odds/turn": {"post": {
        "operationId": "darkAgentTurnOdds",
        "summary": "Odds and expected VP of a planned turn (cached, else computed by a worker job)",
        "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("TurnOddsRequest")}}},
        "responses": {"200": _json("JobStatus", "Answered from the cache"),
                      "202": _json("JobStatus", "Queued; poll /jobs/{job_id}"), **_errors(400, 404, 413, 415)}}},
    "/tournaments": {"post": {
        "operationId": "createTournament",
        "summary": "Queue a bot-versus-bot tournament (the spec of `safehouse tournament run`)",
        "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("TournamentRequest")}}},
        "callbacks": {"remoteBotDecision": {"{$request.body#/spec/entrants/0/remote/url}": {"post": {
            "summary": "A remote entrant's decision (any entrant given as {name, remote: {url, timeout_ms}})",
            "description": ("For each decision of a remote seat the runner POSTs the seat's view and legal "
                            "actions to the entrant's URL and reads back one action within timeout_ms. A "
                            "timeout, an error or an illegal answer is recorded in the match record's "
                            "`faults` and the seat's zombie policy plays instead; the match goes on. "
                            "Servers take remote entrants only with SAFEHOUSE_TOURNAMENT_REMOTE_BOTS; the "
                            "command line always does."),
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("RemoteBotDecision")}}},
            "responses": {"200": _json("RemoteBotAnswer", "The action chosen")}}}}},
        "responses": {"202": _json("Tournament", "Queued (a new random id; `owner_token` is shown this once)",
                                   headers={"Location": {"schema": {"type": "string"}}}),
                      **_errors(400, 413, 415)}},
        "get": {"operationId": "listTournaments",
                "summary": ("Every stored tournament's public summary, newest first, a page at a time (the "
                            "id leads to standings and records; no owner, seed or standings here)"),
                "parameters": [
                    _query("cursor", {"type": "string", "maxLength": 120, "pattern": CURSOR_PATTERN},
                           "`next_cursor` of the previous page: `<creation time>~<tournament id>`"),
                    _query("limit", {"type": "integer", "minimum": 1, "maximum": 100, "default": 20},
                           "at most this many")],
                "responses": {"200": _json("TournamentList"), **_errors(400)}}},
    "/tournaments/{tournament_id}": {
        "get": {"operationId": "getTournament", "summary": "Progress, standings and ratings (long-poll with after/wait)",
                "parameters": [TOURNAMENT_ID,
                               _query("after", {"type": "integer", "minimum": 0, "maximum": MAX_COUNTER, "default": 0},
                                      "answer once more than this many matches are done"),
                               _query("wait", {"type": "integer", "minimum": 0, "maximum": LONGPOLL_MAX_S,
                                               "default": 0}, "seconds to wait for that")],
                "responses": {"200": _json("Tournament"), **_errors(400, 404)}},
        "delete": {"operationId": "cancelTournament",
                   "summary": "Cancel the batches still queued (the owner token as bearer); 409 `tournament_finished` once it has finished",
                   "security": [{"tournamentOwner": []}],
                   "parameters": [TOURNAMENT_ID],
                   "responses": {"200": _json("Tournament"), **_errors(401, 403, 404, 409)}},
    },
    "/tournaments/{tournament_id}/matches": {"get": {
        "operationId": "getTournamentMatches", "summary": "Match records, paged (replay references included)",
        "parameters": [TOURNAMENT_ID,
                       _query("cursor", {"type": "integer", "minimum": 0, "maximum": MAX_COUNTER, "default": 0}, "first match index"),
                       _query("limit", {"type": "integer", "minimum": 1, "maximum": 200, "default": 50},
                              "at most this many")],
        "responses": {"200": _json("TournamentMatches"), **_errors(400, 404)}}},
    "/jobs/{job_id}": {"get": {
        "operationId": "getJob", "summary": "State and result of a queued computation",
        "parameters": [{"name": "job_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "responses": {"200": _json("JobStatus"), **_errors(404)}}},
}


RATE_HEADERS = {
    "X-RateLimit-Limit": {"schema": {"type": "integer"},
                          "description": "requests allowed per window for this token (or address)"},
    "X-RateLimit-Remaining": {"schema": {"type": "integer"},
                              "description": "requests left in the current window"},
    "X-RateLimit-Reset": {"schema": {"type": "integer"},
                          "description": "when the window resets (Unix time, seconds)"},
}
REPLAYED = {"Idempotent-Replayed": {
    "schema": {"type": "string", "enum": ["true"]},
    "description": "present on a stored response replayed for a repeated Idempotency-Key"}}
LOCATION = {"Location": {"schema": {"type": "string"}, "required": True,
                         "description": "the created match (201) or the queued job to poll (202)"}}
# the catalog, its reference data and health are not rate limited
UNLIMITED = ("/healthz", "/readyz", "/games", "/games/{game}", "/games/{game}/reference")
# a stream ticket is a secret, not a resource with an address: its 201 carries no Location
NO_LOCATION = ("/matches/{match_id}/stream-ticket",)


def _document_headers(paths):
    """Add the headers every answer may carry: rate-limit counters (rate-limited operations),
    Idempotent-Replayed (operations taking Idempotency-Key) and Location (201/202)."""
    for path, operations in paths.items():
        for operation in operations.values():
            idempotent = IDEMPOTENCY in operation.get("parameters", [])
            for status, response in operation["responses"].items():
                headers = dict(response.get("headers", {}))
                if path not in UNLIMITED:
                    headers.update(RATE_HEADERS)
                if idempotent:
                    headers.update(REPLAYED)
                if status in ("201", "202") and path not in NO_LOCATION:
                    headers.update(LOCATION)
                if headers:
                    response["headers"] = copy.deepcopy(headers)  # no shared objects: no YAML anchors


_document_headers(PATHS)
