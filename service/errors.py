"""The core's errors: a stable code, a message, the field at fault and extra facts; no HTTP here.

The match lifecycle (service/matches.py), the listing and the jobs raise `DomainError`; the worker
reads its `code`; only service/api/errors.py maps codes to HTTP statuses (its `ApiError` is a
DomainError that may also carry response headers).
"""

from engine.errors import EngineError


class DomainError(Exception):
    """An error a caller is answered with: a stable code, a message and optional extra fields."""

    def __init__(self, code, message, field=None, **extra):
        super().__init__(message)
        self.code, self.message, self.field = code, message, field
        self.extra = extra

    def body(self):
        """The error envelope: {"error": {"code", "message", "field"?, ...extra}}."""
        err = {"code": self.code, "message": self.message}
        if self.field:
            err["field"] = self.field
        err.update(self.extra)
        return {"error": err}


def from_engine(exc, **extra):
    """A DomainError for an EngineError (same code, message and field)."""
    return DomainError(exc.code, exc.message, exc.field, **extra)


__all__ = ["DomainError", "EngineError", "from_engine"]
