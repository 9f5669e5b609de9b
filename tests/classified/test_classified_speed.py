"""Guards for the playout speed work: the fast paths must not change behaviour.

The digest covers whole random playouts under every conformance option set: each legal-action
list (with its dict key order), the chosen action, the log, the RNG position, the final state's
JSON and the outcome. Its value was computed with the engine as it was before the speed work
(commit 375ba91), so any change of behaviour shows up here. Recomputed once, deliberately, when
the log and state changed shape without any change of play (Deploy hand-card parameters private
until resolved, the failed-assassination card told to the defender too, `opening_draw` in the
state): every legal list, RNG position, hand, Discard Pile, answer and outcome was checked equal
before and after that change.
"""

import hashlib
import json

from engine import Rng
from engine.classified import RULES
from engine.classified import setup
from engine.classified.effects_cards import _neutralize_options
from engine.classified.setup import shuffled_deal
from engine.classified.state import replace, state_to_json
from tests.classified.helpers import act, guards, scenario, slot

DIGEST_BEFORE_SPEED_WORK = "957e3df21915b8526150819abed3ca2fd0b7b40bcacce7689e5c062b23e21346"


def playout_digest(matches):
    """sha256 over `matches` random playouts per conformance option set."""
    digest = hashlib.sha256()
    for index, options in enumerate(RULES.conformance_options):
        options = RULES.validate_options(options)
        for seed in range(matches):
            rng, pick = Rng(seed * 10 + index), Rng(seed + 77)
            state = RULES.new_state(options, rng)
            while RULES.to_move(state):
                seat = RULES.to_move(state)[0]
                legal = RULES.legal_actions(state, seat)
                action = legal[pick.randbelow(len(legal))]
                state, log = RULES.apply(state, seat, action, rng)
                digest.update(json.dumps([seat, legal, log, rng.counter]).encode())
            digest.update(json.dumps([RULES.state_to_json(state), RULES.outcome(state)]).encode())
    return digest.hexdigest()


def test_random_playouts_match_the_engine_before_the_speed_work():
    assert playout_digest(25) == DIGEST_BEFORE_SPEED_WORK


def _reference_rearranges(pile):
    """Neutralize's listed orders as first written: each card but the top moved to the top,
    then the reversed pile, without repeats."""
    pile = list(pile)
    if len(pile) < 2:
        return []
    orders = [[c for c in pile if c != top] + [top] for top in pile[:-1]] + [pile[::-1]]
    seen = []
    for order in orders:
        if order not in seen:
            seen.append(order)
    return seen


def test_neutralize_rearrange_orders_match_the_reference():
    for size in range(0, 7):
        pile = tuple(range(1, 2 * size, 2))[:size]
        state = scenario(hands=((14, 0), (2, 4)), suitcases=(8, 12), discard=pile, leftover="deck")
        listed = [o["order"] for o in _neutralize_options(state, 0, 14) if o["mode"] == "rearrange"]
        assert listed == _reference_rearranges(pile), size


def test_replace_is_a_shallow_copy_that_leaves_the_original_alone():
    state = RULES.new_state(RULES.validate_options({}), Rng(5))
    before = state_to_json(state)
    copy = replace(state, turn=1 - state.turn, stage="resolving")
    assert state_to_json(state) == before and type(copy) is type(state)
    assert copy.turn == 1 - state.turn and copy.stage == "resolving" and copy.deck is state.deck
    assert replace(copy, turn=state.turn, stage=state.stage) == state


def test_a_deploy_waits_on_the_stack_while_a_pull_the_plug_window_is_open():
    s = scenario(designs={0: "ruby_1", 1: "ruby_1", 10: "ruby_6", 11: "ruby_6"},
                 hands=((0, 2), (10, 4)), suitcases=(8, 14), leftover="deck")
    s, log = act(s, 0, {"type": "deploy", "card": 0})
    assert [f.kind for f in s.stack] == ["resolve_deploy", "window_ptp"]
    assert not [e for e in log if e["public"]["event"] == "answer"]
    s, log = act(s, 1, {"type": "pass"})
    assert [e["public"]["event"] for e in log][:2] == ["pass", "answer"]


def test_states_returned_by_new_state_and_apply_are_never_changed_later():
    """The turn machinery edits a step's private working state in place: every state handed
    out (and the input of each step) must keep its JSON form after later steps."""
    for index, options in enumerate(RULES.conformance_options):
        options = RULES.validate_options(options)
        for seed in range(8):
            rng, pick = Rng(seed * 10 + index), Rng(seed + 5)
            state = RULES.new_state(options, rng)
            seen = [(state, json.dumps(state_to_json(state)))]
            while RULES.to_move(state):
                seat = RULES.to_move(state)[0]
                legal = RULES.legal_actions(state, seat)
                state, _ = RULES.apply(state, seat, legal[pick.randbelow(len(legal))], rng)
                seen.append((state, json.dumps(state_to_json(state))))
            for held, frozen in seen:
                assert json.dumps(state_to_json(held)) == frozen


def test_the_deal_shuffle_draws_as_randbelow_and_shuffled_would():
    """setup.shuffled_deal takes every draw at once: the same first seat, card order and RNG
    position as `randbelow(2)` (for a random first seat) then `shuffled(range(18))`."""
    for seed in range(400):
        for fixed in (None, 0, 1):
            slow, fast = Rng(seed, 3), Rng(seed, 3)
            first = slow.randbelow(2) if fixed is None else fixed
            assert shuffled_deal(fast, fixed) == (first, slow.shuffled(range(18)))
            assert fast.counter == slow.counter


def test_a_rejected_deal_draw_falls_back_to_one_draw_at_a_time(monkeypatch):
    """A draw randbelow would reject (odds ~1e-18, so forced here) restarts the deal from the same
    RNG position on the one-draw path."""
    monkeypatch.setattr(setup, "LIMITS", (0,) * 19)
    for fixed in (None, 1):
        slow, fast = Rng(11), Rng(11)
        first = slow.randbelow(2) if fixed is None else fixed
        assert shuffled_deal(fast, fixed) == (first, slow.shuffled(range(18)))
        assert fast.counter == slow.counter


def _general_step(state, seat, action, rng):
    """The step as the general path makes it (quickturn bypassed)."""
    from engine.classified import rules
    saved = rules.quick_turn
    rules.quick_turn = lambda *args: None
    try:
        return RULES.apply(state, seat, action, rng)
    finally:
        rules.quick_turn = saved


def test_the_one_pass_encrypt_and_guard_step_matches_the_general_path():
    """quickturn.quick_turn gives the general path's state, log and RNG position wherever it
    applies (and declines elsewhere), over random matches of every conformance option set."""
    taken = 0
    for index, options in enumerate(RULES.conformance_options):
        options = RULES.validate_options(options)
        for seed in range(12):
            rng, pick = Rng(seed * 10 + index), Rng(seed + 3)
            state = RULES.new_state(options, rng)
            while RULES.to_move(state):
                seat = RULES.to_move(state)[0]
                legal = RULES.legal_actions(state, seat)
                action = legal[pick.randbelow(len(legal))]
                if action["type"] in ("encrypt", "guard"):
                    slow_rng = Rng(rng.seed, rng.counter)
                    slow, slow_log = _general_step(state, seat, action, slow_rng)
                    fast, fast_log = RULES.apply(state, seat, action, rng)
                    assert json.dumps([state_to_json(fast), fast_log]) == json.dumps([state_to_json(slow), slow_log])
                    assert rng.counter == slow_rng.counter
                    taken += 1
                    state = fast
                else:
                    state, _ = RULES.apply(state, seat, action, rng)
    assert taken > 300


def test_no_state_stays_open_to_in_place_edits_after_a_step():
    """state.replace edits only the copy the running apply made; the mark is gone afterwards,
    so replace on a returned state copies it."""
    from engine.classified.state import working_state
    state = RULES.new_state(RULES.validate_options({}), Rng(4))
    seat = RULES.to_move(state)[0]
    after, _ = RULES.apply(state, seat, RULES.legal_actions(state, seat)[-1], Rng(9))
    assert working_state[0] is None
    assert replace(after, turn_no=99) is not after and after.turn_no != 99


def test_deploy_options_share_their_finished_actions():
    """Switch Places, Scavenge and Neutralize list shared, read-only action dicts (as
    engine.legal_actions allows), each the literal it stands for with its keys in order: the
    same objects for a later state with the same parameters, fresh lists around them."""
    state = scenario(hands=((6, 8, 14), (2, 4)), suitcases=(12, 16), discard=(1, 3),
                     guards=guards([slot(10)], [slot(5)]), leftover="deck")
    first = RULES.legal_actions(state, 0)
    again = RULES.legal_actions(replace(state, turn_no=state.turn_no + 1), 0)  # another state
    assert first == again and first is not again
    shared = [a for a in first if a["type"] == "deploy" and a.get("mode") != "rearrange"]
    assert {a["card"] for a in shared} == {6, 8, 14}
    for a, b in zip(first, again):
        if a in shared:
            assert a is b
    assert {"take": 3, "give": 6, "type": "deploy", "card": 8} in shared
    assert {"mode": "opponent", "slot": 0, "slot2": 0, "type": "deploy", "card": 6} in shared
    assert {"mode": "flip", "slot2": 0, "type": "deploy", "card": 14} in shared
    shapes = {tuple(a) for a in shared}
    assert shapes == {("take", "give", "type", "card"), ("mode", "slot", "slot2", "type", "card"),
                      ("mode", "slot", "type", "card"), ("mode", "slot", "give", "type", "card"),
                      ("mode", "slot2", "type", "card"), ("mode", "type", "card")}
    rearranges = [a for a in first if a.get("mode") == "rearrange"]
    assert rearranges and not any(a is b for a in rearranges for b in again)  # lists inside: fresh
