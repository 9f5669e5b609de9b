"""The If Then secret ledger (tests/secret_ledger/ifthen.py) catches injected leaks.

Each test breaks one disclosure rule of the views or the log with a monkeypatch and checks that
a short sweep of bot matches reports it; the untouched game sweeps clean."""

import engine.core as core
import engine.ifthen.rules as rules
import engine.ifthen.turns as turns
import engine.ifthen.view as view
from engine.ifthen.challenges import challenge_from_key
from tests.secret_ledger import sweep_match

OPTIONS = {"players": 4, "level": 1}
MASTERMIND = {"players": 4, "mastermind": True, "allKnowing": "seat", "level": 1}
SEEDS = range(61, 64)


def found_in(options, seeds=SEEDS, bots=("random",)):
    """Violations of a few bot matches."""
    return [text for seed in seeds for text in sweep_match("ifthen", options, seed, bots)]


def wrap_view(monkeypatch, extra):
    """Make every view also carry `extra(state, seat)`'s items."""
    original = rules.view_state

    def leaky(state, seat):
        out = original(state, seat)
        out.update(extra(state, seat))
        return out

    monkeypatch.setattr(rules, "view_state", leaky)


def test_untouched_game_sweeps_clean():
    assert found_in(OPTIONS) == [] and found_in(MASTERMIND) == []
    assert found_in({"players": 3, "challenges": "generated", "level": 2}) == []


def test_another_codebreakers_hand_is_caught(monkeypatch):
    wrap_view(monkeypatch, lambda state, seat: {"hand": list(state.hands[(seat or 0) % 2 + 1])})
    found = found_in(OPTIONS, seeds=[61])
    assert found and "card" in found[0] and "state/hand" in found[0]


def test_the_challenge_shown_to_codebreakers_is_caught(monkeypatch):
    wrap_view(monkeypatch, lambda state, seat: {
        "challenge": challenge_from_key(state.challenge).to_json()} if state.challenge else {})
    found = found_in(OPTIONS, seeds=[61])
    assert found and "the challenge" in found[0] and "version 0" in found[0]


def test_the_challenge_id_alone_is_caught(monkeypatch):
    wrap_view(monkeypatch, lambda state, seat: {
        "challenge_id": challenge_from_key(state.challenge).id})
    found = found_in(OPTIONS, seeds=[61])
    assert found and "state/challenge_id" in found[0]


def test_a_private_deck_draw_made_public_is_caught(monkeypatch):
    def public_event(public=None, private=None):
        merged = dict(public or {})
        for part in (private or {}).values():
            merged.update(part)
        return core.event(merged)

    monkeypatch.setattr(turns, "event", public_event)
    found = found_in(OPTIONS, seeds=range(61, 66))
    assert found and any("card" in text and "/public/cards" in text for text in found)


def test_unrevealed_hints_are_caught(monkeypatch):
    def every_hint(state):
        texts = challenge_from_key(state.challenge).hint_texts
        return [[sym, texts[sym]] for sym in challenge_from_key(state.challenge).hints]

    monkeypatch.setattr(view, "_revealed_hints", every_hint)
    found = found_in(OPTIONS, seeds=[61])
    assert found and "hint" in found[0] and "hints_revealed" in found[0]


def test_the_allegiance_shown_to_codebreakers_is_caught(monkeypatch):
    wrap_view(monkeypatch, lambda state, seat: {"allegiance": state.allegiance})
    found = found_in(MASTERMIND, seeds=[61])
    assert found and "allegiance" in found[0]


def test_the_all_knowings_hand_shown_to_codebreakers_is_caught(monkeypatch):
    wrap_view(monkeypatch, lambda state, seat: {"ak_hand": list(state.ak_hand)})
    found = found_in(MASTERMIND, seeds=[61])
    assert found and "state/ak_hand" in found[0] and "viewer 1" in " ".join(found)


def test_boxed_cards_are_caught(monkeypatch):
    wrap_view(monkeypatch, lambda state, seat: {"boxed": list(state.boxed)})
    found = found_in(OPTIONS, seeds=[61])
    assert found and "state/boxed" in found[0]


def test_a_wrong_guess_equal_to_the_discarded_option_is_no_leak():
    """Sweep seed 9113000000949 (Mastermind, heuristic bots) guesses the option the All Knowing
    discarded: a public wrong guess, not a disclosure."""
    options = {"players": 4, "mastermind": True, "allKnowing": "seat", "level": 1}
    assert sweep_match("ifthen", options, 9113000000949, ("heuristic",)) == []


def test_both_mastermind_options_shown_to_codebreakers_are_caught(monkeypatch):
    import json
    wrap_view(monkeypatch, lambda state, seat: {
        "options_seen": [json.loads(k) for k in state.challenge_options]})
    found = found_in(MASTERMIND, seeds=[61])
    assert found and "the challenge" in found[0] and "state/options_seen" in found[0]
