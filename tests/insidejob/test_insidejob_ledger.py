"""The Inside Job secret ledger (tests/secret_ledger/insidejob.py) catches injected leaks.

Each test breaks one disclosure rule of the views or the log with a monkeypatch and checks that
a short sweep of bot matches reports it; the untouched game sweeps clean."""

import pytest

import engine.insidejob.flow as flow
import engine.insidejob.view as view
from tests.secret_ledger import sweep_match

OPTIONS = {"players": 4}
SPECIALS = {"players": 5, "special_roles": ["accomplice", "decoy"]}
SEEDS = range(41, 44)


def found_in(options, seeds=SEEDS, bots=("random",)):
    """Violations of a few bot matches."""
    return [text for seed in seeds for text in sweep_match("insidejob", options, seed, bots)]


def test_untouched_game_sweeps_clean():
    assert found_in(OPTIONS) == [] and found_in(SPECIALS) == []


def test_a_view_showing_another_seats_hand_is_caught(monkeypatch):
    original = view.build_view

    def leaky(state, seat):
        out = original(state, seat)
        if seat is not None:
            out["hand"] = list(state.hands[(seat + 1) % state.setup.players])
        return out

    monkeypatch.setattr(view, "build_view", leaky)
    found = found_in(OPTIONS, seeds=[41])
    assert found and "card" in found[0] and "state/hand" in found[0]


def test_a_view_showing_every_role_is_caught(monkeypatch):
    monkeypatch.setattr(view, "known_roles", lambda state, seat: list(state.setup.roles))
    found = found_in(OPTIONS, seeds=[41])
    assert found and "role" in found[0] and "state/roles" in found[0]


def test_a_public_mission_draw_is_caught(monkeypatch):
    monkeypatch.setattr(flow, "draw_event", lambda lead, drawn: {
        "public": {"type": "draw_missions", "lead": lead, "drawn": list(drawn)}, "private": {}})
    found = found_in(OPTIONS, seeds=[41])
    assert found and "mission" in found[0] and "version 0" in found[0]


def test_a_drawn_pair_shown_to_every_seat_is_caught(monkeypatch):
    original = view.build_view

    def leaky(state, seat):
        out = original(state, seat)
        if state.drawn:
            out["drawn"] = [view.mission_card(m) for m in state.drawn]
        return out

    monkeypatch.setattr(view, "build_view", leaky)
    found = found_in(OPTIONS, seeds=[41])
    assert found and "state/drawn" in found[0]


def test_votes_shown_before_everyone_voted_are_caught(monkeypatch):
    def leaky(state, seat):
        votes = state.votes
        shown = [None if v is None else list(v) for v in votes] if votes else None
        return {"voted": None, "my_vote": None, "votes": shown}

    monkeypatch.setattr(view, "vote_view", leaky)
    found = found_in({"players": 3}, seeds=range(41, 51))
    assert found and any("vote of seat" in text for text in found)


def test_a_peek_shown_to_everyone_is_caught(monkeypatch):
    def leaky(state, seat):
        target = state.accomplice_target
        if target < 0:
            return []
        return [{"kind": "peek", "seat": target, "role": state.setup.roles[target]}]

    monkeypatch.setattr(view, "knowledge", leaky)
    found = found_in(SPECIALS, seeds=range(41, 45))
    assert found and any("state/knowledge" in text for text in found)


@pytest.mark.parametrize("seat", [0, 2])
def test_ledger_allows_the_lead_its_own_first_draw(seat):
    import engine
    from tests.secret_ledger.insidejob import Ledger
    match = engine.start("insidejob", {"players": 4, "dealer": (seat - 1) % 4}, 9)
    ledger = Ledger(match)
    assert match.state.lead == seat
    for viewer in (0, 1, 2, 3, None):
        assert ledger.violations(match, viewer, engine.render(match, viewer)) == []
    assert set(match.state.drawn) <= ledger.known_missions[seat]
    assert not set(match.state.drawn) & ledger.known_missions[(seat + 1) % 4]
