"""Challenges: the curated list (challenges.json, PROPOSAL), their checks, and a seeded generator.

The curated Level-0 deck has exactly the component list's 4 cards (L0-1, L0-2, L0-3, L0-8; the
choice is documented in challenges.json's comment); Levels 1-3 have 40 each (issue 25; built by
deckbuild.py, checked by tests/ifthen/test_ifthen_decks.py). Hint texts follow the rule's
semantics (semantics.py), not the attributes its text mentions.

A `Challenge` wraps a rule (see rulelang) with its level, its two hint symbols and hint texts,
its compiled validity table and an English text. Compiled challenges are cached by the rule's
canonical JSON, so states only carry that key. Checks (digest B4.2): every previous half leaves
at least `min_playable_cards` playable cards of the 60 (no dead end), the validity rate sits in a
sane range, and the rule is not extensionally equal to a lower-level one.
"""

import json
import os
import weakref

from .data import (
    ATTR_HINT,
    ATTRS,
    CARD_MASKS,
    HINT_ATTR,
    HOUSE_RULES,
    N_CARDS,
    N_HALVES,
    hint_text,
)
from .rulelang import canonical, compile_rule, describe
from .semantics import involved_attrs

_CACHE = {}
# "#posterior-N" -> a search's sampled validity table (posterior.py); held weakly: each lives
# as long as the decision that drew it (its Beliefs keep it)
_POSTERIOR = weakref.WeakValueDictionary()


class Challenge:
    """A compiled challenge: rule JSON, level, hints, validity table and text."""

    __slots__ = ("hint_texts", "hints", "id", "key", "level", "rule", "table", "text")

    def __init__(self, rule):
        self.rule = rule
        self.key = canonical(rule)
        self.id = rule.get("id", "")
        self.level = rule.get("level", 0)
        self.table = compile_rule(rule)
        involved = involved_attrs(self.table)
        self.hints = tuple(rule.get("hints") or derive_hints(involved))
        self.hint_texts = dict(rule.get("hint_text") or {
            sym: hint_text(sym, HINT_ATTR[sym] in involved) for sym in self.hints})
        self.text = rule.get("text") or describe(rule)

    def is_valid(self, prev_half, next_half):
        """Whether `next_half` may follow `prev_half`."""
        return (self.table[prev_half] >> next_half) & 1 == 1

    def card_valid(self, prev_half, card):
        """Whether either half of `card` may follow `prev_half` (a discard is 'actually valid')."""
        return self.table[prev_half] & CARD_MASKS[card] != 0

    def to_json(self):
        """The challenge as shown to the All Knowing."""
        return {"id": self.id, "level": self.level, "rule": _bare_rule(self.rule),
                "hints": list(self.hints), "text": self.text}


def _bare_rule(rule):
    return {"clauses": rule["clauses"], "otherwise": rule.get("otherwise", "ANY")}


def derive_hints(semantic):
    """Two hint symbols: attributes the rule involves first (by semantics, see semantics.py),
    then attributes it does not."""
    involved = [a for a in ATTRS if a in semantic]
    if not involved:
        return (ATTR_HINT["value"], ATTR_HINT["size"])
    first = involved[0]
    if len(involved) > 1:
        return (ATTR_HINT[first], ATTR_HINT[involved[1]])
    other = ATTRS[(ATTRS.index(first) + 1) % len(ATTRS)]
    return (ATTR_HINT[first], ATTR_HINT[other])


def get_challenge(rule):
    """The compiled Challenge for a rule dict (cached)."""
    key = canonical(rule)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Challenge(rule)
    return found


def challenge_from_key(key):
    """The compiled Challenge for a canonical rule key (cached)."""
    found = _CACHE.get(key)
    if found is None:
        if key[:1] == "#":
            found = _POSTERIOR.get(key)
            if found is None:
                raise LookupError(f"{key}: a search's sampled rule, no longer kept")
        else:
            found = get_challenge(json.loads(key))
    return found


def register_posterior(challenge):
    """Make a search's sampled validity table (posterior.py) findable by its key while it lives."""
    _POSTERIOR[challenge.key] = challenge


def _load_curated():
    path = os.path.join(os.path.dirname(__file__), "challenges.json")
    with open(path, encoding="utf-8") as handle:
        entries = json.load(handle)["challenges"]
    by_level = {0: [], 1: [], 2: [], 3: []}
    for entry in entries:
        by_level[entry["level"]].append(get_challenge(entry))
    return {level: tuple(items) for level, items in by_level.items()}


CURATED = _load_curated()
CURATED_BY_ID = {c.id: c for items in CURATED.values() for c in items}


_VERDICTS = {}


def level_verdicts(level):
    """(play, discard) lookup tables for a level's curated challenges: play[prev][half] and
    discard[prev][card] are bitmasks over curated indices under which that play / some half of
    that card is valid (built once per level)."""
    found = _VERDICTS.get(level)
    if found is None:
        play = [[0] * N_HALVES for _ in range(N_HALVES)]
        discard = [[0] * N_CARDS for _ in range(N_HALVES)]
        for i, challenge in enumerate(CURATED[level]):
            bit = 1 << i
            for prev, mask in enumerate(challenge.table):
                row, drow = play[prev], discard[prev]
                for half in range(N_HALVES):
                    if (mask >> half) & 1:
                        row[half] |= bit
                        drow[half >> 1] |= bit
        found = _VERDICTS[level] = (play, discard)
    return found


def candidate_ids(level, mask):
    """The curated ids of `level` whose bit is set in `mask`."""
    return [c.id for i, c in enumerate(CURATED[level]) if (mask >> i) & 1]


def candidate_mask(level, ids):
    """Inverse of `candidate_ids`."""
    wanted = set(ids)
    return sum(1 << i for i, c in enumerate(CURATED[level]) if c.id in wanted)


def candidate_challenges(level, mask):
    """The curated Challenges of `level` whose bit is set in `mask`."""
    return [c for i, c in enumerate(CURATED[level]) if (mask >> i) & 1]


def narrow(level, mask, judgment):
    """The candidate mask after a judgment (kind, prev, a, b, answer)."""
    kind, prev, a, _, answer = judgment
    play, discard = level_verdicts(level)
    agreeing = discard[prev][a >> 1] if kind == "discard" else play[prev][a]
    return mask & agreeing if answer else mask & ~agreeing


def valid_rate(table):
    """Probability that a random half is valid after a random previous half."""
    return sum(m.bit_count() for m in table) / (N_HALVES * N_HALVES)


def playable_counts(table):
    """For every previous half: how many other cards are valid in at least one orientation."""
    counts = []
    for prev in range(N_HALVES):
        mask = table[prev]
        own = prev // 2
        counts.append(sum(1 for c in range(N_CARDS) if c != own and mask & CARD_MASKS[c]))
    return counts


def check_challenge(challenge, rate_range, lower_tables=()):
    """A list of problems (empty = fine): dead ends, validity rate, equality to lower levels."""
    problems = []
    worst = min(playable_counts(challenge.table))
    if worst < HOUSE_RULES["min_playable_cards"]:
        problems.append(f"dead end: a previous half leaves only {worst} playable cards")
    rate = valid_rate(challenge.table)
    if not rate_range[0] <= rate <= rate_range[1]:
        problems.append(f"validity rate {rate:.2f} outside {rate_range}")
    if challenge.table in lower_tables:
        problems.append("extensionally equal to a lower-level challenge")
    return problems


def lower_level_tables(level):
    """Tables of every curated challenge below `level`."""
    return {c.table for lv, items in CURATED.items() if lv < level for c in items}


def consistent_challenges(candidates, judgments, wrong_guess_tables, revealed_hints):
    """The candidates that agree with every judgment, wrong guess and revealed hint."""
    out = []
    for challenge in candidates:
        if challenge.table in wrong_guess_tables:
            continue
        if any(challenge.hint_texts.get(sym) != text or sym not in challenge.hints
               for sym, text in revealed_hints):
            continue
        if all(agrees(challenge, j) for j in judgments):
            out.append(challenge)
    return out


def agrees(challenge, judgment):
    """Whether a challenge gives the recorded answer to one judgment (see state.Judgment)."""
    kind, prev, a, b, answer = judgment
    mask = challenge.table[prev]
    if kind == "discard":
        return ((mask >> a) & 1 or (mask >> b) & 1) == answer
    return ((mask >> a) & 1) == answer
