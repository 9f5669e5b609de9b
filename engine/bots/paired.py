"""Paired root search: ISMCTS's `paired` mode, every root action judged on the same deals.

Plain ISMCTS tries one root action per determinization, so each action's mean is taken over
different deals; in a game whose outcome depends mostly on the deal (Classified Information),
a few hundred playouts then cannot tell a good move from a slightly worse one, and the noisy
choice loses against a heuristic that is usually right. Here each iteration deals one
determinization (`sample`, from the seat's own view as in ISMCTS) and one random stream seed,
and plays every surviving root action on it: the action, then the playout policy to the end,
each from the same deal with a copy of the same stream (common random numbers). Differences
between actions then come from the actions, not from the luck of the deal.

Successive halving keeps the budget on the contenders: after 4, 8, 16, ... deals the worse
half of the surviving actions (by mean reward over the deals all of them played) is dropped,
never below two, and never one tied with a kept one. The chosen action is the best mean; the heuristic's move (when the game has a
heuristic) keeps a small edge (`HEURISTIC_EDGE`) so the search leaves it only on evidence.
ISMCTS's `iterations` caps the playouts (a first deal plays every root move, even more than
that), and its `budget_ms` the CPU time, checked between deals.
"""

from ..rng import Rng

HEURISTIC_EDGE = 0.02  # reward in [0, 1] added to the heuristic's move's mean when choosing
FIRST_CUT = 4  # deals before the first halving


def choose_paired(rules, view, seat, legal, keys, favourite, rng, iterations, stop_at, clock,
                  sample, playout, reward_of):
    """The best root action by paired playouts.

    legal/keys: the root's legal actions and their tree keys; favourite: the heuristic's move's
    key (or None); iterations: the cap on playouts; stop_at/clock: the CPU deadline (or None);
    sample(view_state, seat, rng) -> a determinization; playout(state, rng) -> a final or cut
    state; reward_of(state) -> the root seat's reward in [0, 1].
    """
    alive = list(range(len(legal)))
    totals = [0.0] * len(legal)
    deals, played, next_cut = 0, 0, FIRST_CUT
    while played + len(alive) <= iterations or not deals:
        if stop_at is not None and deals and clock() >= stop_at:
            break
        draws = Rng(rng.next64())
        state = sample(view["state"], seat, draws)
        stream = draws.next64()
        for index in alive:
            stream_rng = Rng(stream)
            after, _ = rules.apply(state, seat, legal[index], stream_rng)
            totals[index] += reward_of(playout(after, stream_rng))
        played += len(alive)
        deals += 1
        if deals == next_cut and len(alive) > 2:
            alive = _better_half(alive, [_edge(totals[i] / deals, keys[i], favourite)
                                         for i in alive])
            next_cut *= 2
    best = max(alive, key=lambda i: _edge(totals[i] / deals, keys[i], favourite))
    return legal[best]


def _better_half(alive, means):
    """The surviving actions at or above the mean of the middle one (ties all stay)."""
    bar = sorted(means, reverse=True)[max(2, (len(alive) + 1) // 2) - 1]
    return [i for i, mean in zip(alive, means) if mean >= bar]


def _edge(mean, key, favourite):
    return mean + HEURISTIC_EDGE if key == favourite else mean
