"""Offline builder of the curated decks (issue 25): `python -m engine.ifthen.deckbuild` rewrites
challenges.json with 40 challenges per level 1-3. Content is ours (PROPOSAL), not the published
cards (their texts are not public).

For each level it keeps the existing entries that pass `deck_problems` (in id order), then adds
generator output (fixed seeds, so the build is reproducible) that passes the same checks, with
the next free ids. Dropped ids are never reused.
"""

import json
import os

from engine.rng import Rng

from .challenges import CURATED, Challenge, check_challenge
from .data import HINT_ATTR, HOUSE_RULES, hint_text
from .generator import generate_challenge, level0_shape_tables
from .rulelang import attrs_of
from .semantics import DIFFICULTY_BANDS, difficulty, involved_attrs

DECK_SIZE = 40
BUILD_SEED = 25_000


def deck_problems(challenge, taken, lower):
    """Why a challenge cannot be in its level's deck (empty = it can): solvable (no dead end,
    sane validity rate), unique (no other deck entry has its table), not a lower-level rule,
    every hint true, no dead attribute in its text, difficulty in its level's band."""
    problems = check_challenge(challenge, HOUSE_RULES["curated_valid_rate"], lower)
    if challenge.table in taken:
        problems.append("extensionally equal to another deck entry")
    involved = involved_attrs(challenge.table)
    for sym in challenge.hints:
        if challenge.hint_texts[sym] != hint_text(sym, HINT_ATTR[sym] in involved):
            problems.append(f"hint {sym} is false")
    if attrs_of(challenge.rule) != involved:
        problems.append("the rule mentions an attribute that never changes a verdict")
    low, high = DIFFICULTY_BANDS[challenge.level]
    if not low <= difficulty(challenge.table) <= high:
        problems.append(f"difficulty {difficulty(challenge.table)} outside {low}..{high}")
    return problems


def _entry(challenge, ident):
    rule = {"id": ident, "level": challenge.level, "clauses": challenge.rule["clauses"],
            "otherwise": challenge.rule.get("otherwise", "ANY")}
    return rule


def build(path):
    """Rewrite the deck file at `path` (keeps its comment and level-0 entries)."""
    with open(path, encoding="utf-8") as handle:
        doc = json.load(handle)
    entries = [e for e in doc["challenges"] if e["level"] == 0]
    taken = {c.table for c in CURATED[0]}
    lower = set(taken) | level0_shape_tables()
    for level in (1, 2, 3):
        kept = [e for e in doc["challenges"] if e["level"] == level]
        deck = []
        for entry in kept:
            challenge = Challenge(entry)
            if not deck_problems(challenge, taken, lower):
                deck.append(entry)
                taken.add(challenge.table)
        next_id = 1 + max(int(e["id"].split("-")[1]) for e in kept)
        seed = BUILD_SEED * level
        while len(deck) < DECK_SIZE:
            seed += 1
            challenge = generate_challenge(level, Rng(seed))
            if deck_problems(Challenge(_entry(challenge, "x")), taken, lower):
                continue
            deck.append(_entry(challenge, f"L{level}-{next_id}"))
            taken.add(challenge.table)
            next_id += 1
        entries += deck
        lower |= {Challenge(e).table for e in deck}
    doc["challenges"] = entries
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(_dump(doc))


def _dump(doc):
    lines = [f"{{\"_comment\": {json.dumps(doc['_comment'])},"]
    lines.append(f" \"ours\": {json.dumps(doc.get('ours', True))},")
    lines.append(" \"challenges\": [")
    items = doc["challenges"]
    for i, entry in enumerate(items):
        sep = "," if i < len(items) - 1 else ""
        lines.append(f"  {json.dumps(entry)}{sep}")
    lines.append(" ]}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    build(os.path.join(os.path.dirname(__file__), "challenges.json"))
