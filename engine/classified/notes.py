"""The cypher wheel (seed 000: each player gets a cypher wheel card and a whiteboard marker at
set-up): a seat's private notes on the opponent's Suitcase, one mark per number 1-9, cycled
none -> coloured -> black -> none.

Design (issue 25): notes are *not* game actions. They never go through `engine.step`, are not
in `legal_actions`, not in the log, the history or the match version, and not in the engine
state: the service keeps them per (match, seat) beside the match (service/api/notes.py) and adds
them to that seat's view only. So a note never advances the game, is allowed at any time while
the match runs, cannot be picked by random bots, ISMCTS, tournaments or the conformance suite's
random playouts (no endless games), does not make the opponent's If-Match stale, and is never
seen by the opponent or a spectator, not even the fact that one was made (no version bump, no
event on the stream). Bots ignore the wheel. This module is the pure part: marks, validation,
cycling and the view shape.
"""

from engine.errors import InvalidAction

NUMBERS = tuple(range(1, 10))
MARKS = ("none", "coloured", "black")


def empty_notes():
    """Every number unmarked, as the view shows it: {"1": "none", ..., "9": "none"}."""
    return {str(n): "none" for n in NUMBERS}


def check_note(number, mark):
    """(number, mark) when both are well formed; InvalidAction naming the bad field otherwise."""
    if not isinstance(number, int) or isinstance(number, bool) or number not in NUMBERS:
        raise InvalidAction("number must be an integer 1-9", "number")
    if mark not in MARKS:
        raise InvalidAction(f"mark must be one of {list(MARKS)}", "mark")
    return number, mark


def next_mark(mark):
    """The mark after `mark` on the wheel: none -> coloured -> black -> none."""
    return MARKS[(MARKS.index(mark) + 1) % len(MARKS)]


def notes_view(stored):
    """The seat's notes from what is stored ({number text: mark}); unknown entries are ignored."""
    notes = empty_notes()
    for key, mark in (stored or {}).items():
        key = key.decode() if isinstance(key, bytes) else str(key)
        mark = mark.decode() if isinstance(mark, bytes) else mark
        if key in notes and mark in MARKS:
            notes[key] = mark
    return notes
