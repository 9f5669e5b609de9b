"""Validity estimates for a challenge no list holds (generated challenges), from public judgments.

With a curated challenge the heuristic keeps the exact hypothesis set (the curated challenges that
agree with every judgment). A generated challenge comes from a rule space far too large to list,
so `ValidityModel` learns from the judgments themselves:
- a pair (previous half, played half) already judged keeps its answer (a refused discard makes
  both halves of that card invalid after that previous half);
- any other pair is scored by naive Bayes over the features the rule language can test: the
  previous half's attributes (clause conditions), the played half's attributes, parity and value
  step, and the relations same/different per attribute and the colour crossings (requirements).
  Laplace smoothing keeps early estimates near the base rate, and the features' evidence is
  scaled by TEMPER = 0.45, since naive Bayes counts correlated features as independent.
Only public judgments are read, so every seat may use it.
Measured (bench/bench_bots.py, all seats heuristic, 3 players, n=1,000 each): the team wins
generated challenges of level 1/2/3 60.6% / 57.3% / 46.6% of the time, against 13-24% when the
heuristic played them blind and 4% for random play. TEMPER 0.25 / 0.4 / 0.5 / 0.65 / 1.0 gave
54 / 60 / 61 / 51 / 40% at level 1 (n=400).
"""

import math

from .data import HALVES

SMOOTHING = 1.0
TEMPER = 0.45  # evidence scale: naive Bayes double-counts correlated features (module docstring)


def pair_features(prev, half):
    """The (feature, value) pairs of playing `half` on `prev` (both half ids)."""
    pv, ps, pn, pb = HALVES[prev]
    hv, hs, hn, hb = HALVES[half]
    return (
        ("pv", pv), ("ps", ps), ("pn", pn), ("pb", pb), ("pp", pv & 1),
        ("hv", hv), ("hs", hs), ("hn", hn), ("hb", hb), ("hp", hv & 1),
        ("=v", hv == pv), ("=s", hs == ps), ("=n", hn == pn), ("=b", hb == pb),
        ("step", hv - pv), ("=p", (hv ^ pv) & 1 == 0), ("nb", hn == pb), ("bn", hb == pn),
    )


class ValidityModel:
    """P(valid) for (previous half, played half) pairs, learned from judgments (see module)."""

    def __init__(self, judgments):
        self.known = {}
        examples = []
        for kind, prev, a, b, answer in judgments:
            if kind == "discard":
                if not answer:
                    for half in (a, b):
                        self.known[(prev, half)] = False
                        examples.append((prev, half, False))
                continue
            self.known[(prev, a)] = bool(answer)
            examples.append((prev, a, bool(answer)))
        self.counts = {True: {}, False: {}}
        self.totals = {True: 0, False: 0}
        for prev, half, answer in examples:
            self.totals[answer] += 1
            table = self.counts[answer]
            for feature in pair_features(prev, half):
                table[feature] = table.get(feature, 0) + 1

    def probability(self, prev, half):
        """Estimated chance that `half` is valid on `prev`."""
        if (prev, half) in self.known:
            return 1.0 if self.known[(prev, half)] else 0.0
        n_true, n_false = self.totals[True], self.totals[False]
        prior = math.log((n_true + SMOOTHING) / (n_false + SMOOTHING))
        yes, no = self.counts[True], self.counts[False]
        evidence = 0.0
        for feature in pair_features(prev, half):
            evidence += math.log((yes.get(feature, 0) + SMOOTHING) / (n_true + 2 * SMOOTHING))
            evidence -= math.log((no.get(feature, 0) + SMOOTHING) / (n_false + 2 * SMOOTHING))
        log_odds = prior + TEMPER * evidence
        log_odds = max(-30.0, min(30.0, log_odds))
        return 1.0 / (1.0 + math.exp(-log_odds))
