"""Dark Agent's copy-free public events are exactly the engine's event format."""

from engine.core import event
from engine.darkagent.events import public_event


def test_public_event_is_the_core_format():
    for public in ({"spot": {"seat": 0, "cell": 3, "super": False}}, {"turn": 1}, {}):
        assert public_event(dict(public)) == event(public)
        assert list(public_event(dict(public))) == list(event(public))
