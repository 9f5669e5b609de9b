"""The compiled build's shortcuts of the seventh speed round (issue 28) pinned against what they
stand in for, on whichever engine runs the tests: the tables made once per key (a play's
addition to the trick, the vote actions, a trick end's limits), the deal's piles, the voters'
loop and the set-up built without `open_trick`. tests/test_compiled_engine.py checks the build
plays every step like the pure engine."""

import itertools

from engine import Rng
from engine.insidejob import RULES, actions, flow, setup
from engine.insidejob.data import DECK, PARAMS, SILENT_WHEN_REVEALED, SPECIAL_ROLES
from engine.insidejob.state import (DESIGNATE, MISSION, InsideJobState, setup_of, state_of,
                                    state_to_json)

from .helpers import make_state


def test_the_shared_one_play_tuples_are_the_plays_they_stand_for():
    for seat, card, wager in itertools.product(range(5), range(52), (False, True)):
        one = actions.ONE_PLAYS[(seat * 52 + card) * 2 + (1 if wager else 0)]
        assert one == ((seat, card, wager),) and type(one[0][2]) is bool


def test_a_play_with_another_wager_value_keeps_it_as_the_plain_form_does():
    """(1 and 0 are not the legal actions' flags: the typed form keeps them as given.)"""
    for wager in (1, 0, True, False):
        state = make_state(players=3, hands=[[1, 5], [2], [3]])
        typed, typed_events = actions.apply_play_typed(state, 0, 1, wager)
        plain, events = actions.apply_play(state, 0, 1, wager)
        assert state_to_json(typed) == state_to_json(plain) and typed_events == events
        assert type(typed.trick[0][2]) is type(wager) and typed.trick == ((0, 1, wager),)


def test_the_trick_end_limits_are_the_parameters():
    for players in range(6):
        limits = flow.TRICK_END_LIMITS[players]
        if players not in PARAMS:
            assert limits is None
            continue
        params = PARAMS[players]
        assert limits == (params["target"], params["tricks"], flow.LOWEST_THRESHOLD[players])


def vote_state(players, roles, revealed, votes):
    """A vote-phase state with these roles, reveals and votes so far."""
    return make_state(players=players, roles=roles, phase="vote", revealed=tuple(revealed),
                      votes=tuple(votes), mission="")


def test_vote_actions_are_the_vote_options_for_every_reveal_pattern():
    """Shared per key, but the same dicts legal_actions builds, and a new list every call."""
    for players in PARAMS:
        for stubborn_seat in range(-1, players):
            roles = ["insider"] + ["agent"] * (players - 1)
            if stubborn_seat > 0:
                roles[stubborn_seat] = "stubborn_agent"
            for revealed in itertools.product((False, True), repeat=players):
                state = vote_state(players, roles, revealed, (None,) * players)
                for seat in range(players):
                    expected = [{"type": "vote", "targets": t}
                                for t in flow.vote_options(state, seat)]
                    assert list(actions.vote_actions(state, seat)) == expected
                    legal = actions.legal_actions_typed(state, seat)
                    assert legal == actions.legal_actions(state, seat) == expected
                    assert legal is not actions.legal_actions_typed(state, seat)


def test_only_seats_yet_to_vote_get_vote_actions():
    roles = ("insider", "agent", "tim_shady", "sleeper_agent", "agent")
    for revealed in itertools.product((False, True), repeat=5):
        state = vote_state(5, roles, revealed, (None, (2,), None, None, None))
        for seat in (-1, 0, 1, 2, 3, 4, 5, None):
            assert actions.legal_actions_typed(state, seat) == actions.legal_actions(state, seat)


def test_voters_loop_is_the_disjointness_test():
    for roles in itertools.permutations(("insider", "agent") + SPECIAL_ROLES, 4):
        for revealed in itertools.product((False, True), repeat=4):
            state = vote_state(4, roles, revealed, (None,) * 4)
            if SILENT_WHEN_REVEALED.isdisjoint(roles):
                expected = (0, 1, 2, 3)
            else:
                expected = tuple(s for s in range(4)
                                 if not (revealed[s] and roles[s] in SILENT_WHEN_REVEALED))
            assert flow.voters(state) == expected


def test_the_typed_deal_is_the_sorted_deal():
    rng = Rng(77)
    for players in PARAMS:
        for _ in range(200):
            cards = setup.fast_shuffle(rng, DECK)
            size = PARAMS[players]["hand"]
            assert setup.deal_sorted_typed(cards, players, size) == setup.deal_sorted(
                cards, players, size)


def old_new_state(options, rng):
    """new_state as it was built before (a designate-phase field dict, then open_trick)."""
    players = options["players"]
    size = PARAMS[players]["hand"]
    specials = tuple(options["special_roles"])
    roles = tuple(setup.fast_shuffle(rng, setup.role_deck(players, specials)))
    dealer = options["dealer"] if options["dealer"] >= 0 else rng.randbelow(players)
    cards = setup.fast_shuffle(rng, DECK)
    dealt = players * size
    hands = tuple([tuple(sorted(cards[start:start + size])) for start in range(0, dealt, size)])
    the_setup = setup_of({"players": players, "wagers": options["wagers"],
                          "risk_mode": options["risk_mode"], "specials": specials,
                          "voluntary_reveal": options["voluntary_special_reveal"],
                          "dealer": dealer, "roles": roles,
                          "set_aside": tuple(sorted(cards[dealt:]))})
    intel, revealed, accomplice = setup.dealt_role_facts(roles)
    lead = (dealer + 1) % players
    fields = {
        "setup": the_setup, "phase": DESIGNATE, "lead": lead, "turn": 0, "hands": hands,
        "intel": intel, "supply": 14 - sum(intel), "revealed": revealed,
        "deck": tuple(setup.fast_shuffle(rng, setup.mission_ids(options["risk_mode"]))),
        "drawn": (), "discarded": (), "mission": "", "trick": (), "tricks": (),
        "completed": (), "failed": (), "accomplice_target": -1, "votes": (), "result": ()}
    if not accomplice:
        flow.open_trick(fields, lead, [])
    return state_of(fields)


def test_new_state_is_the_deal_built_as_before():
    for options in RULES.conformance_options:
        options = RULES.validate_options(dict(options))
        for seed in range(30):
            rng, old_rng = Rng(seed), Rng(seed)
            state = setup.new_state(options, rng)
            old = old_new_state(options, old_rng)
            assert type(state) is InsideJobState and state == old
            assert state_to_json(state) == state_to_json(old) and rng.counter == old_rng.counter
            assert state.phase in (DESIGNATE, MISSION)
