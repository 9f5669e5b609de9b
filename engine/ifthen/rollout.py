"""A fast If Then playout policy and belief sampler for search bots, for generated challenges.

`belief_sampler` deals determinizations whose challenge is a `posterior.PosteriorChallenge`: a
validity table drawn from the heuristic's model of the public judgments, instead of a generated
rule that rarely agrees with a dozen judgments (see posterior.py). It is used only when the
challenge is generated, chosen and unseen by the seat (no Mastermind); otherwise the search
deals with `view.sample_state` as before.

`choose` plays the codebreakers in such a determinization the way the heuristic would, without
rendering a view: it scores each play by the decision's model (the pairs judged since the
decision keep their answers, as the heuristic's model would learn them), plays the likeliest,
discards a card that looks dead both ways, never hints or guesses, and in a penalty takes a
market card that looks playable. It reads only the public record of the determinized state and
never the drawn table, so playouts do not know more than the team would. In any other state it
returns None (the search plays at random).

`root_actions` shortlists the moves the paired root search compares on a generated challenge:
the heuristic's move and the events the seat may use that change the cards (the heuristic never
uses one); in the other phases (penalty draws, Second Chance) and on curated challenges (where
the heuristic keeps the exact set of challenges still possible) the heuristic's move alone. Left
out: other plays and discards, Pass and Hand Off, hints and guesses. A posterior deal draws every
pair on its own, so a playout learns nothing about the rule from what it plays: the search
cannot see what a play teaches, which is most of why the heuristic plays; given other plays and
discards it ranked a less likely play by the line it leaves and a risky discard above a play,
and in 20-deal trials its team discarded wrongly a third more often than the heuristic's and
needed more rounds in the matches both teams won. Hints: on a generated challenge their words
teach the model nothing. So the search decides what the heuristic cannot: whether spending an
event now (Inspection, Free Shred, Double Play, Recount, Cheap Intel) beats its move.

`evaluate` scores a playout cut CUT_TURNS turns after the decision (rules.playout_done, or after
PLAYOUT_DEPTH actions): a whole If Then match is ~100 actions of win-or-lose, too noisy for the
few hundred playouts a move can afford.
"""

import math

from .challenges import challenge_from_key
from .data import EV_HAND_OFF, EV_PASS, N_HALVES
from .inference import ValidityModel
from .posterior import Beliefs, PosteriorChallenge, posterior_key
from .state import cb_seat, penalty_draws
from .view import sample_state

SURE = 0.999  # a play this likely is made at once
DEAD = 0.9    # a card this likely invalid both ways up is discarded unless a play looks as good
MARKET = 0.6  # a penalty draw takes a market card at least this likely to be playable


def belief_sampler(rules, view_state, seat):
    """sample(view, seat, rng) dealing posterior challenges, or None where it does not apply."""
    if (view_state["source"] != "generated" or "challenge" in view_state or view_state["result"]
            or not view_state["challenge_chosen"] or view_state["mastermind"]):
        return None
    judgments = [tuple(j) for j in view_state["judgments"]]
    hints = [tuple(h) for h in view_state["hints_revealed"]]
    beliefs = Beliefs(ValidityModel(judgments), judgments, hints, view_state["level"],
                      view_state["turns_taken"])

    def sample_challenge(view, rng):
        return posterior_key(beliefs, rng), ()

    def sample(view, seat, rng):
        return sample_state(view, seat, rng, sample_challenge)

    return sample


NOT_AT_ROOT = frozenset((EV_PASS, EV_HAND_OFF))


def root_actions(view_state, legal, favourite):
    """The shortlist of root moves (module docstring), in legal order; None where not used."""
    if "challenge" in view_state or favourite is None:
        return None  # the All Knowing's own decisions: every move is compared
    if view_state["source"] != "generated" or view_state["phase"] != "turn":
        return [favourite]
    return [a for a in legal if a == favourite
            or (a["type"] == "use_event" and a["event"] not in NOT_AT_ROOT)]


def choose(rules, state, seat, actions, rng):
    """The heuristic's choice by the decision's model (module docstring), or None."""
    challenge = challenge_from_key(state.challenge) if state.challenge[:1] == "#" else None
    if not isinstance(challenge, PosteriorChallenge) or len(actions) < 2:
        return None
    if state.phase == "turn":
        return _turn(state, actions, _Scores(challenge.beliefs, state))
    if state.phase == "penalty":
        return _penalty(state, actions, _Scores(challenge.beliefs, state))
    return actions[0]  # second chance: use it; hint vote: approve (as the heuristic)


class _Scores:
    """P(valid) after the line's top half: the decision's model, updated by later judgments."""

    __slots__ = ("beliefs", "prev", "seen")

    def __init__(self, beliefs, state):
        self.beliefs = beliefs
        card, orient = state.line[-1]
        self.prev = 2 * card + orient
        self.seen = {}
        for kind, prev, a, b, answer in state.judgments[beliefs.n_judged:]:
            if prev != self.prev:
                continue
            if kind != "discard":
                self.seen[a] = bool(answer)
            elif not answer:
                self.seen[a] = self.seen[b] = False

    def play(self, half):
        found = self.seen.get(half)
        return self.beliefs.score(self.prev, half) if found is None else float(found)

    def dead(self, card):
        return (1 - self.play(2 * card)) * (1 - self.play(2 * card + 1))


def _turn(state, actions, scores):
    best_play, play_score = None, -1.0
    best_discard, discard_score = None, -1.0
    for action in actions:
        kind = action["type"]
        if kind == "play":
            score = scores.play(2 * action["card"] + action["orient"])
            if score > play_score:
                best_play, play_score = action, score
        elif kind == "discard":
            score = scores.dead(action["card"])
            if score > discard_score:
                best_discard, discard_score = action, score
    if play_score >= SURE:
        return best_play
    if discard_score >= max(DEAD, play_score):
        return best_discard
    return best_play or best_discard or actions[0]


def _penalty(state, actions, scores):
    best, best_score = None, MARKET
    for action in actions:
        if action["source"] == "market":
            score = 1.0 - scores.dead(state.market[action["slot"]][0])
            if score > best_score:
                best, best_score = action, score
    if best is not None:
        return best
    for action in actions:
        if action["source"] == "deck":
            return action
    return actions[0]


assert N_HALVES == 120  # the posterior's pair keys assume the 120 halves of the 60 cards


# The codebreakers' chance to win from a running position, for playouts cut at PLAYOUT_DEPTH:
# a logistic fit over 18,253 codebreaker turns of 900 heuristic matches (3 players, generated
# challenges of levels 1-3, 300 each; 41% won): log loss 0.473 against 0.68 for a constant, with
# the cards in the codebreakers' hands (per two codebreakers; a penalty's cards still to draw
# count as drawn) and the cards the next penalty draws; the draw deck's size added nothing (its weight was 0.002 per card).
WIN_BIAS, WIN_PER_CARD, WIN_PER_PENALTY_CARD = 3.44, -0.359, -0.548
PLAYOUT_DEPTH = 80  # actions: a bound only; playouts of posterior deals stop by turns
CUT_TURNS = 6  # codebreaker turns after the decision that a posterior deal's playout plays
# Cutting by turns, not actions, compares root moves over the same stretch of the game: cut by
# actions, a move that costs no turn (an Inspection) or one that costs many actions (an invalid
# play's penalty draws) would reach the cut after fewer turns and look better than it is.
# Each codebreaker turn since the decision also scales the chance by TURN_DISCOUNT, so that of
# two equal positions the search prefers the one reached sooner (fewer rounds to win).
TURN_DISCOUNT = 0.97


def playout_done(state):
    """Whether a playout of a posterior deal has played its CUT_TURNS turns (rules hook)."""
    challenge = challenge_from_key(state.challenge) if state.challenge[:1] == "#" else None
    return (isinstance(challenge, PosteriorChallenge)
            and state.turns_taken >= challenge.beliefs.turns_taken + CUT_TURNS)


def evaluate(state):
    """{seat: value in [0, 1]} of a running position: the codebreakers' estimated chance to win,
    discounted per turn since the decision (the All Knowing's is the same, or its complement
    when its allegiance is FALSE)."""
    cards = sum(len(hand) for hand in state.hands) + state.penalty_left  # a cut mid-penalty
    cards *= 2.0 / max(state.n_cb, 1)
    log_odds = WIN_BIAS + WIN_PER_CARD * cards + WIN_PER_PENALTY_CARD * penalty_draws(state)
    value = 1.0 / (1.0 + math.exp(-log_odds))
    challenge = challenge_from_key(state.challenge) if state.challenge[:1] == "#" else None
    if isinstance(challenge, PosteriorChallenge):
        value *= TURN_DISCOUNT ** max(0, state.turns_taken - challenge.beliefs.turns_taken)
    values = {cb_seat(state, i): value for i in range(state.n_cb)}
    if state.ak_seat is not None:
        values[state.ak_seat] = 1.0 - value if state.allegiance == "FALSE" else value
    return values
