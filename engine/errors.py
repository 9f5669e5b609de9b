"""Engine errors with stable machine-readable codes.

Every error the engine raises is an `EngineError` carrying a `code` that never changes and a
message that names the offending field but never reveals hidden information. HTTP statuses are
mapped from codes in `service/api/errors.py` only.
"""


class EngineError(Exception):
    """Base class: a request the engine refuses; the match is unchanged."""

    code = "engine_error"

    def __init__(self, message, field=None):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_json(self):
        """The error as a JSON-able dict (code, message, optional field)."""
        body = {"code": self.code, "message": self.message}
        if self.field:
            body["field"] = self.field
        return body


class InvalidAction(EngineError):
    """The action payload is malformed (not an object, unknown type, bad field)."""

    code = "invalid_action"


class IllegalAction(EngineError):
    """The action is well-formed but not legal in the current state."""

    code = "illegal_action"


class NotYourTurn(EngineError):
    """The seat may not act now."""

    code = "not_your_turn"


class GameOver(EngineError):
    """The match has finished; no more actions are accepted."""

    code = "game_over"


class InvalidOptions(EngineError):
    """Match options are unknown, of the wrong type or outside their allowed values."""

    code = "invalid_options"


class UnknownGame(EngineError):
    """No game with that id is registered."""

    code = "unknown_game"
