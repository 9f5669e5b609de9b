"""Which attributes a rule *semantically* involves (issue 25): decided by its validity table, not
its text.

Reading: "the rule involves X" holds iff changing X alone changes a verdict, i.e. there are two
halves that differ only in X (both exist in the deck) such that, as the previous half, they give
different rows of the table, or, as the next half, some previous half judges them differently.
A clause that can never fire (e.g. "if background is blue" behind "if number colour is not
blue": a number's colour never equals its background) therefore does not make its attribute
involved, and a hint never names it as involved.
"""

from .data import ATTRS, HALVES, N_HALVES


def _groups(attr):
    """Bit groups of halves that agree on every attribute but `attr` (groups of 2+ only)."""
    a = ATTRS.index(attr)
    groups = {}
    for h, half in enumerate(HALVES):
        groups.setdefault(half[:a] + half[a + 1:], []).append(h)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)


_GROUPS = {attr: _groups(attr) for attr in ATTRS}


def columns(table):
    """The transposed table: columns[h] identifies which previous halves accept h (a tuple of
    '0'/'1' over previous halves; transposed through zip, at C speed)."""
    rows = [format(row, f"0{N_HALVES}b")[::-1] for row in table]
    return list(zip(*rows))


def involved_attrs(table):
    """The set of attribute names whose change alone changes at least one verdict."""
    cols = columns(table)
    found = set()
    for attr in ATTRS:
        for group in _GROUPS[attr]:
            first = group[0]
            if any(table[h] != table[first] or cols[h] != cols[first] for h in group[1:]):
                found.add(attr)
                break
    return found


# PROPOSAL (issue 25), ours: the difficulty of a challenge, measured on its table. Situations =
# distinct rows of the table (how many different requirements the previous half can set), bucketed
# 1-2 -> 0, 3-4 -> 1, 5-12 -> 2, 13+ -> 3; difficulty = involved attributes + that bucket (1..7).
# Each curated deck entry must fall in its level's band (tests/ifthen/test_ifthen_decks.py).
DIFFICULTY_BANDS = {0: (1, 3), 1: (1, 4), 2: (3, 5), 3: (5, 7)}


def situations(table):
    """How many different requirements the previous half can set (distinct rows)."""
    return len(set(table))


def difficulty(table):
    """The difficulty score (see DIFFICULTY_BANDS)."""
    rows = situations(table)
    bucket = 0 if rows <= 2 else 1 if rows <= 4 else 2 if rows <= 12 else 3
    return len(involved_attrs(table)) + bucket
