"""Random matches over many option sets keep the game's conservation invariants."""

from collections import Counter

import pytest

import engine
from engine import Rng
from engine.darkagent.data import EQUIP_BASE, EQUIPMENT, EQUIPMENT_DECK, SPY_BASE, SPY_LEVELS


def equipment_everywhere(state):
    """Every equipment card: deck, discard, hands and the theatre."""
    total = Counter(state.deck) + Counter(state.discard)
    for hand in state.hands:
        total += Counter(hand)
    total += Counter(EQUIPMENT[c - EQUIP_BASE] for c in state.grid if EQUIP_BASE <= c < SPY_BASE)
    return total


def check_invariants(state, players):
    """Equipment and spies are conserved; satellites respect the line limit."""
    assert equipment_everywhere(state) == Counter(EQUIPMENT_DECK)
    for seat in range(players):
        out = [(c - SPY_BASE) % 10 for c in state.grid if c >= SPY_BASE and (c - SPY_BASE) // 10 == seat]
        assert sorted(out + list(state.reserve[seat])) == sorted(SPY_LEVELS)
        assert set(state.wounded[seat]) <= set(state.reserve[seat])
        assert not Counter(state.hands_public[seat]) - Counter(state.hands[seat])
        assert len(state.hands[seat]) <= 3
    assert all(len(line) <= 3 for line in state.sats)
    assert all(0 <= d < 35 for d in state.spotted)


@pytest.mark.parametrize("seed", range(24))
def test_random_match_invariants(seed):
    players = 1 + seed % 6
    options = {"players": players, "objective_effects": seed % 2 == 0, "max_rounds": 6,
               "jacket_defence": "auto" if seed % 3 == 0 else "ask", "aim_limit": 2 + seed % 4}
    if players == 1:
        options.pop("max_rounds")
    m = engine.start("darkagent", options, seed=seed)
    pick = Rng(seed)
    while engine.to_move(m):
        seat = pick.choice(engine.to_move(m))
        m = engine.step(m, seat, pick.choice(engine.legal_actions(m, seat)))
        check_invariants(m.state, players)
