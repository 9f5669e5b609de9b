"""A heuristic If Then bot that reads only its seat's rendered view.

It keeps the hypothesis set the view already publishes (the curated challenges of the level that
agree with every judged play, discard, inspection, wrong guess and revealed hint); with a
generated challenge, which no list holds, it scores cards by `inference.ValidityModel`, learned
from the public judgments, and never guesses. Then it:
- guesses when one hypothesis remains (or two, when a wrong guess is cheap);
- plays the card/orientation valid under most hypotheses, or discards a card that is invalid
  both ways under (nearly) all of them when no play looks likely;
- buys hints while many hypotheses remain and the deck can afford it, approves hint votes,
  always uses Second Chance, takes market cards that look playable during penalties;
- as a human All Knowing: keeps the first challenge, plays TRUE, and cycles its deck.
Deterministic for a given rng: ties are broken by the legal-action order, rng only when asked.
"""

from .challenges import CURATED_BY_ID
from .data import CARD_MASKS
from .inference import ValidityModel


class LearnedTables:
    """Stands in for the hypothesis tables when the challenge is generated (no list holds it):
    the scores come from `inference.ValidityModel`, and no curated guess is ever made."""

    def __init__(self, model):
        self.model = model

    def __len__(self):
        return 0


def choose(view, seat, rules, rng, params):
    """One of view["legal_actions"]."""
    legal = view["legal_actions"]
    state = view["state"]
    phase = state["phase"]
    if state["source"] == "generated":
        tables = LearnedTables(ValidityModel(state["judgments"]))
    else:
        tables = [CURATED_BY_ID[c].table for c in state["candidates"]]
    if phase == "turn":
        return _turn(legal, state, tables)
    if phase == "penalty":
        return _penalty(legal, state, tables)
    if phase == "second_chance" or phase == "hint_vote":
        return legal[0]
    return _all_knowing(legal)


def _prev(state):
    card, orient, _ = state["line"][-1]
    return 2 * card + orient


def _play_score(tables, prev, half):
    if isinstance(tables, LearnedTables):
        return tables.model.probability(prev, half)
    if not tables:
        return 0.5
    return sum((t[prev] >> half) & 1 for t in tables) / len(tables)


def _dead_score(tables, prev, card):
    """Share of hypotheses under which `card` is invalid both ways up."""
    if isinstance(tables, LearnedTables):
        return ((1 - tables.model.probability(prev, 2 * card))
                * (1 - tables.model.probability(prev, 2 * card + 1)))
    if not tables:
        return 0.0
    return sum(1 for t in tables if not t[prev] & CARD_MASKS[card]) / len(tables)


def _turn(legal, state, tables):
    guesses = [a for a in legal if a["type"] == "guess"] if not isinstance(tables, LearnedTables) else []
    if guesses and (len(guesses) == 1 or (len(guesses) == 2 and state["deck_size"] > 16)):
        return guesses[0]
    hint = {"type": "hint"}
    if hint in legal and len(tables) > 3 and state["deck_size"] > 12:
        return hint
    prev = _prev(state)
    plays = [(a, _play_score(tables, prev, 2 * a["card"] + a["orient"]))
             for a in legal if a["type"] == "play"]
    discards = [(a, _dead_score(tables, prev, a["card"])) for a in legal if a["type"] == "discard"]
    best_play = max(plays, key=lambda x: x[1]) if plays else (None, -1.0)
    best_discard = max(discards, key=lambda x: x[1]) if discards else (None, -1.0)
    if best_play[1] >= 0.999:
        return best_play[0]
    if best_discard[1] >= max(0.9, best_play[1]):
        return best_discard[0]
    if best_play[0] is not None:
        return best_play[0]
    return best_discard[0] or legal[0]


def _penalty(legal, state, tables):
    prev = _prev(state)
    market = {i: card for i, (card, _) in enumerate(state["market"])}
    best, best_score = None, 0.6
    for action in legal:
        if action["source"] == "market":
            card = market[action["slot"]]
            score = 1.0 - _dead_score(tables, prev, card)
            if score > best_score:
                best, best_score = action, score
    if best is not None:
        return best
    deck = [a for a in legal if a["source"] == "deck"]
    return deck[0] if deck else legal[0]


def _all_knowing(legal):
    for kind in ("choose_challenge", "allegiance", "orient", "cycle", "bottom"):
        for action in legal:
            if action["type"] == kind:
                return action
    return legal[0]
