"""The hot path's shortcuts pinned against the plain rules they stand in for (issue 28 speed
work): the winner found inside `trick_facts`, the trick's end that skips `reveal_due` below
the lowest threshold, and the inlined trick end against the full end checks."""

from engine import Rng
from engine.insidejob.data import PARAMS, ROLES, SPECIAL_ROLES
from engine.insidejob.flow import LOWEST_THRESHOLD, run_end_checks, threshold_for
from engine.insidejob.missions import trick_facts, winning_position
from engine.insidejob.state import InsideJobSetup

from .helpers import make_state


def test_the_winner_found_in_one_pass_is_winning_position():
    rng = Rng(2812)
    for _ in range(20_000):
        size = 3 + rng.randbelow(3)
        cards = rng.sample(range(52), size)
        plays = tuple((seat, card, rng.randbelow(4) == 0) for seat, card in enumerate(cards))
        facts = trick_facts(plays, rng.randbelow(4))
        assert facts.winner == winning_position(facts.values, facts.suits, facts.led,
                                                facts.trump_positions)


def test_ties_between_trumps_go_to_the_later_card():
    # blue (suit 0) is trump; a wagered red 7 counts as a blue 7 and ties the blue 7 before it
    plays = ((0, 6, False), (1, 13 + 6, True), (2, 13 + 12, False))
    assert trick_facts(plays, 0).winner == 1


def test_no_seat_reveals_below_the_lowest_threshold():
    for players in PARAMS:
        for role in ("insider", "agent") + SPECIAL_ROLES:
            roles = (role,) + ("agent",) * (players - 1)
            setup = InsideJobSetup(players, True, False, (), False, 0, roles, ())
            assert threshold_for(setup, 0) >= LOWEST_THRESHOLD[players], (players, role)
    assert set(ROLES) >= set(SPECIAL_ROLES)


def test_an_ordinary_trick_end_matches_the_full_end_checks():
    """A trick won with nothing to end: the inlined path opens the next trick exactly as
    run_end_checks does (same state, same events)."""
    from engine.insidejob import RULES
    from engine.insidejob.state import fields_of
    state = make_state(players=3, hands=[[1], [2], [3]], trick=((1, 2, False), (2, 3, False)),
                       lead=1, turn=0)
    new, events = RULES.apply(state, 0, {"type": "play", "card": 1, "wager": False}, None)
    # rebuild what finish_trick does before the end checks, then run them in full
    facts = trick_facts(state.trick + ((0, 1, False),), 0)
    winner = (state.trick + ((0, 1, False),))[facts.winner][0]
    assert new.lead == new.turn == winner and new.phase == "mission"
    assert new.drawn == state.deck[:2] and new.deck == state.deck[2:]
    expected_events = []
    reference = dict(fields_of(new), phase="play", drawn=(), deck=state.deck, lead=1,
                     turn=winner)
    run_end_checks(reference, winner, events[1]["public"]["intel"], expected_events)
    assert reference["drawn"] == new.drawn and reference["deck"] == new.deck
    assert expected_events == events[2:]


def test_the_compiled_build_forms_give_the_same_answers():
    """actions' `*_typed` functions (what rules.py uses in the compiled build) answer as
    to_move / legal_actions / play_actions / apply_action do, at every step of random matches
    (checked here on whichever engine runs the tests, the pure engine running the typed apply
    forms on a state.Draft; tests/test_compiled_engine.py compares the builds)."""
    from engine.insidejob import RULES, actions
    from engine.insidejob.state import COMPILED, fields_of, state_to_json
    for number, options in enumerate(RULES.conformance_options):
        options = RULES.validate_options(dict(options))
        for seed in range(4):
            rng, pick = Rng(seed), Rng(number * 100 + seed)
            state = RULES.new_state(options, rng)
            while True:
                if not COMPILED:
                    assert fields_of(state) is state.__dict__
                moving = actions.to_move(state)
                assert actions.to_move_typed(state) == moving
                for seat in range(options["players"]):
                    legal = actions.legal_actions(state, seat)
                    assert actions.legal_actions_typed(state, seat) == legal
                    if state.phase == "play":
                        assert (actions.play_actions_typed(state, seat)
                                == actions.play_actions(state, seat))
                if not moving:
                    break
                seat = moving[pick.randbelow(len(moving))]
                choices = actions.legal_actions(state, seat)
                action = choices[pick.randbelow(len(choices))]
                before = state_to_json(state)
                typed, typed_events = actions.apply_action_typed(state, seat, action)
                state, events = actions.apply_action(state, seat, action)
                assert type(typed) is type(state) and typed == state
                assert state_to_json(typed) == state_to_json(state) and typed_events == events
                assert state_to_json(state) != before and typed is not state


def test_a_draft_is_a_changed_copy_and_leaves_its_state_alone():
    """(The pure engine's Draft; the compiled build's drafts are set from compiled code only.)"""
    import pytest

    from engine.insidejob.state import COMPILED, draft_of, finished, state_to_json
    if COMPILED:
        pytest.skip("a compiled draft's fields are set from compiled code only")
    state = make_state(players=3, hands=[[1], [2], [3]])
    before = state_to_json(state)
    draft = draft_of(state)
    draft.turn = 2
    new = finished(draft)
    assert new.turn == 2 and state.turn == 0 and state_to_json(state) == before
    assert state_to_json(new) == dict(before, turn=2)


def test_states_compare_hash_pickle_and_stay_frozen():
    """What the service and the tournament workers rely on, on both engines' state classes."""
    import pickle

    import pytest

    from engine.insidejob import RULES
    state = make_state(players=3, hands=[[1], [2], [3]])
    copy = RULES.state_from_json(RULES.state_to_json(state))
    assert copy == state and hash(copy) == hash(state) and copy.setup == state.setup
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy != RULES.apply(state, 0, {"type": "play", "card": 1, "wager": False}, None)[0]
    assert repr(state).startswith("InsideJobState(setup=InsideJobSetup(players=3, ")
    with pytest.raises(AttributeError):
        state.turn = 1
    with pytest.raises(AttributeError):
        state.setup.players = 4
