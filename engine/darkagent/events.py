"""Dark Agent log events in the engine's format (engine.core.event).

Nearly every event is public only; `public_event` builds that entry directly from the freshly
made dict instead of copying it (what core.event does to protect a caller's dict), which saves
a copy per event on the hot path. Events with private parts go through core.event.
"""

from engine.core import event

__all__ = ["event", "public_event"]


def public_event(public):
    """engine.core.event(public) for a new dict that nobody else holds (no defensive copy)."""
    return {"public": public, "private": {}}
