"""Issue 25 / seed 000: the cypher wheel. Each seat keeps private notes per number (none /
coloured / black); a note never advances the match and nobody else can tell one was made."""

import pytest

import engine
from engine.classified import notes
from engine.errors import InvalidAction


def test_marks_cycle_none_coloured_black():
    assert notes.next_mark("none") == "coloured"
    assert notes.next_mark("coloured") == "black"
    assert notes.next_mark("black") == "none"
    assert notes.notes_view({b"3": b"black", b"12": b"black", "4": "purple"})["3"] == "black"
    assert set(notes.notes_view({})) == {str(n) for n in range(1, 10)}
    with pytest.raises(InvalidAction):
        notes.check_note(0, "black")
    with pytest.raises(InvalidAction):
        notes.check_note(3, "red")


def test_notes_are_never_legal_actions_of_the_engine():
    match = engine.start("classified", {}, seed=5)
    for seat in (0, 1):
        assert not [a for a in engine.legal_actions(match, seat) if a["type"] == "note"]
    assert "note" not in engine.get_game("classified").action_schemas
