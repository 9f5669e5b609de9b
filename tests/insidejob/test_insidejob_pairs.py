"""Every allowed special-role choice (single roles and pairs, 4 and 5 players) plays to the end
with a valid outcome, and sample_state keeps every seat's view and legal actions."""

import itertools
import json

import pytest

from engine import Rng
from engine.errors import InvalidOptions
from engine.insidejob import RULES
from engine.insidejob.data import SPECIAL_ROLES

CHOICES = [(r,) for r in SPECIAL_ROLES] + list(itertools.combinations(SPECIAL_ROLES, 2))


def _options(specials):
    return {"players": 4 + len(specials) % 2, "special_roles": list(specials), "risk_mode": True,
            "voluntary_special_reveal": True}


def _allowed(specials):
    try:
        RULES.validate_options(_options(specials))
    except InvalidOptions:
        return False
    return True


ALLOWED = [c for c in CHOICES if _allowed(c)]
REFUSED = [c for c in CHOICES if not _allowed(c)]


def check_invariance(state, players, pick):
    """Each seat's re-dealt state shows the same view, seats to move and legal actions."""
    moving = RULES.to_move(state)
    for seat in range(players):
        view = json.loads(json.dumps(RULES.view(state, seat)))
        sampled = RULES.sample_state(view, seat, pick)
        assert RULES.view(sampled, seat) == view
        assert RULES.to_move(sampled) == moving
        if seat in moving:
            assert RULES.legal_actions(sampled, seat) == RULES.legal_actions(state, seat)


def test_refused_choices_are_refused_with_the_field_named():
    for specials in REFUSED:
        with pytest.raises(InvalidOptions) as caught:
            RULES.validate_options(_options(specials))
        assert caught.value.field and caught.value.field.startswith("options")


@pytest.mark.parametrize("specials", ALLOWED, ids=["+".join(c) for c in ALLOWED])
def test_special_role_choice_plays_out(specials):
    players = 4 + len(specials) % 2
    options = RULES.validate_options(_options(specials))
    rng, pick = Rng(len(specials)), Rng(17)
    state = RULES.new_state(options, rng)
    for step in range(RULES.max_length + 1):
        if RULES.outcome(state) is not None:
            break
        if step % 4 == 0:
            check_invariance(state, players, pick)
        seat = pick.choice(RULES.to_move(state))
        state, _ = RULES.apply(state, seat, pick.choice(RULES.legal_actions(state, seat)), rng)
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome["seats"]) == players
    check_invariance(state, players, pick)
