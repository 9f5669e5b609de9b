"""Posterior determinizations of a generated challenge, for search bots.

A generated challenge comes from a rule space far too large to list, so a search bot cannot deal
"a challenge consistent with the judgments" the way it does with the curated list: after a dozen
judgments no generated rule agrees with all of them and `view.fabricate_challenge` made every
unjudged play valid, so the search thought every card playable and played worse than the
heuristic (bench/results/README.md, If Then trials).

A `PosteriorChallenge` is a validity table drawn from what the public record suggests instead:
- every judged pair keeps its public answer (a play, an inspection, a refused discard);
- a discard that turned out "actually valid" makes at least one of the card's two halves valid
  after that previous half: the pair is drawn jointly, conditioned on that;
- every other pair (previous half, played half) is valid with the probability that
  `inference.ValidityModel` (the heuristic's model, learned from the public judgments) gives it,
  recalibrated (CALIBRATION below: the model ranks plays well enough for the heuristic, but its
  raw probabilities are far off: after 14 refused plays it still gave unjudged pairs 0.79 on
  average), drawn lazily the first time the playout asks, from a hash of the determinization's seed and
  the pair, so the same determinization answers the same way whichever root move asks first.
It reads only public judgments and revealed hints, so any seat may use it. The engine finds it
through `challenges.challenge_from_key` by its "#posterior-N" key, in a registry that holds it
weakly: the decision's `Beliefs` keep its last KEEP_DRAWS draws (a search uses each deal for one
iteration or one paired deal), so a long search's memory stays bounded and all go when the
decision is over.
"""

import collections
import itertools
import math

from ..rng import Rng
from .challenges import register_posterior
from .data import CARD_MASKS, HINT_SYMBOLS, N_HALVES

KEEP_DRAWS = 256  # the draws a decision keeps alive (older ones may be collected)
_UNIT = 1.0 / (1 << 64)
_NUMBERS = itertools.count()
NO_TABLE = (-1,) * N_HALVES  # never equal to a compiled table: a guess is never right

# level -> (a, b): P(valid) = 1 / (1 + exp(-(a + b * logit(model's p)))), a logistic fit over the
# unjudged pairs after the line's top half at heuristic codebreakers' turns, 400 generated
# challenges per level, 3 players (86,488 / 109,122 / 128,921 pairs at levels 1 / 2 / 3). Log
# loss raw -> calibrated: 0.626 -> 0.590, 0.652 -> 0.608, 0.626 -> 0.584 (a constant rate:
# 0.690, 0.681, 0.662); a term in the number of judgments gained nothing (0.584 both).
CALIBRATION = {0: (0.286, 0.666), 1: (0.286, 0.666), 2: (0.056, 0.531), 3: (-0.033, 0.537)}


class Beliefs:
    """The public record's validity estimates for one decision, shared by its determinizations."""

    __slots__ = ("model", "cache", "raw", "either", "hints", "hint_texts", "level", "n_judged",
                 "shift", "scale", "draws", "turns_taken")

    def __init__(self, model, judgments, hints, level, turns_taken=0):
        self.model = model
        self.cache = {}
        self.raw = {}
        self.shift, self.scale = CALIBRATION[level]
        self.either = [(prev, a, b) for kind, prev, a, b, answer in judgments
                       if kind == "discard" and answer]
        symbols = [s for s, _ in hints] + [s for s in HINT_SYMBOLS if s not in dict(hints)]
        self.hints = tuple(symbols[:2])
        self.hint_texts = {s: t for s, t in hints} | {s: "The rule involves this attribute."
                                                        for s in self.hints[len(hints):]}
        self.level = level
        self.n_judged = len(judgments)
        self.turns_taken = turns_taken  # codebreaker turns before the decision
        self.draws = collections.deque(maxlen=KEEP_DRAWS)  # the registry holds them weakly

    def score(self, prev, half):
        """The model's own estimate (what the heuristic ranks plays by), cached."""
        key = prev * N_HALVES + half
        found = self.raw.get(key)
        if found is None:
            found = self.raw[key] = self.model.probability(prev, half)
        return found

    def probability(self, prev, half):
        """The recalibrated chance that `half` is valid after `prev` (judged pairs: 0 or 1)."""
        key = prev * N_HALVES + half
        found = self.cache.get(key)
        if found is None:
            raw = self.score(prev, half)
            if raw <= 0.0 or raw >= 1.0:
                found = raw
            else:
                log_odds = self.shift + self.scale * math.log(raw / (1.0 - raw))
                found = 1.0 / (1.0 + math.exp(-log_odds))
            self.cache[key] = found
        return found


class PosteriorChallenge:
    """One validity table drawn from `Beliefs` (module docstring); answers like a Challenge."""

    __slots__ = ("beliefs", "drawn", "hint_texts", "hints", "id", "key", "level", "rule", "seed",
                 "table", "text", "__weakref__")

    def __init__(self, beliefs, rng):
        self.beliefs = beliefs
        self.seed = rng.next64()
        self.drawn = {}
        self.key = f"#posterior-{next(_NUMBERS)}"
        self.id, self.level, self.rule, self.text = "sampled", beliefs.level, {}, ""
        self.hints, self.hint_texts = beliefs.hints, beliefs.hint_texts
        self.table = NO_TABLE
        for prev, a, b in beliefs.either:
            self._draw_either(prev, a, b, rng)

    def _draw_either(self, prev, a, b, rng):
        pa, pb = self.beliefs.probability(prev, a), self.beliefs.probability(prev, b)
        if (prev * N_HALVES + a) in self.drawn or (prev * N_HALVES + b) in self.drawn:
            return  # a second refused discard of the same card: drawn already
        weights = (pa * (1 - pb), (1 - pa) * pb, pa * pb)  # a only, b only, both
        if sum(weights) <= 0:
            weights = (1.0, 1.0, 1.0)
        u = rng.random() * sum(weights)
        pick = 0 if u < weights[0] else (1 if u < weights[0] + weights[1] else 2)
        self.drawn[prev * N_HALVES + a] = pick != 1
        self.drawn[prev * N_HALVES + b] = pick != 0

    def is_valid(self, prev_half, next_half):
        """Whether `next_half` may follow `prev_half` in this draw."""
        key = prev_half * N_HALVES + next_half
        found = self.drawn.get(key)
        if found is None:
            u = Rng(self.seed, key).next64() * _UNIT
            found = self.drawn[key] = u < self.beliefs.probability(prev_half, next_half)
        return found

    def card_valid(self, prev_half, card):
        """Whether either half of `card` may follow `prev_half` in this draw."""
        return self.is_valid(prev_half, 2 * card) or self.is_valid(prev_half, 2 * card + 1)

    def card_mask(self, prev_half, card):
        """The bits of `card`'s valid halves after `prev_half` (as a compiled table's row)."""
        return CARD_MASKS[card] & ((self.is_valid(prev_half, 2 * card) << 2 * card)
                                   | (self.is_valid(prev_half, 2 * card + 1) << 2 * card + 1))

    def to_json(self):
        """What an All Knowing view would show (never rendered: search states only)."""
        return {"id": self.id, "level": self.level, "rule": {"clauses": [], "otherwise": "ANY"},
                "hints": list(self.hints), "text": "a sampled validity table"}


def posterior_key(beliefs, rng):
    """A fresh PosteriorChallenge's key, registered so the engine can find it."""
    challenge = PosteriorChallenge(beliefs, rng)
    beliefs.draws.append(challenge)
    register_posterior(challenge)
    return challenge.key

