"""Inside Job scenario tests: each special role, the option rules and the catalog."""

import pytest

from engine import Rng
from engine.errors import InvalidOptions
from engine.insidejob import RULES
from tests.insidejob.helpers import BLUE, RED, act, card, dummy_tricks, make_state, play
from tests.insidejob.test_insidejob_endings import LEAD_WINS, before_last_card, vote, vote_state


def votes_all(state, ballots):
    for seat, targets in ballots:
        state = vote(state, seat, *targets)
    return state


# ---- Stubborn Agent ------------------------------------------------------------------------

def test_stubborn_agent_votes_for_two_different_players():
    roles = ["insider", "stubborn_agent", "agent", "agent"]
    state = vote_state(roles=roles)
    assert [a["targets"] for a in RULES.legal_actions(state, 1)] == [[0, 2], [0, 3], [2, 3]]
    state = votes_all(state, [(1, (0, 2)), (0, (1,)), (2, (3,)), (3, (1,))])
    assert state.result == ("insider", "vote_escaped", 0)  # counts 1, 2, 1, 1


def test_stubborn_agent_revealed_may_double_up():
    roles = ["insider", "stubborn_agent", "agent", "agent"]
    state = vote_state(roles=roles, revealed=(False, True, False, True))
    assert [a["targets"] for a in RULES.legal_actions(state, 1)] == [[0, 0], [0, 2], [2, 2]]
    state = votes_all(state, [(1, (0, 0)), (0, (2,)), (2, (0,)), (3, (2,))])
    assert state.result == ("agents", "vote_caught", 0)  # 3 votes against 2


# ---- Risky Agent ---------------------------------------------------------------------------

def test_risky_agent_must_choose_a_risky_mission():
    roles = ["risky_agent", "insider", "agent", "agent"]
    state = make_state(roles=roles, phase="mission", drawn=("M05", "R2"), mission="",
                       risk_mode=True, specials=("risky_agent",))
    assert RULES.legal_actions(state, 0) == [{"type": "choose_mission", "mission": "R2"}]
    other = make_state(phase="mission", drawn=("M05", "R2"), mission="", risk_mode=True)
    assert len(RULES.legal_actions(other, 0)) == 2


def test_risky_agent_revealed_wins_for_the_agents():
    roles = ["risky_agent", "insider", "agent", "agent"]
    state, _ = play(before_last_card(roles=roles, intel=(4, 1, 1, 1)), 3, card(RED, 2))
    assert state.result == ("agents", "risky_revealed", 0)
    assert RULES.outcome(state)["winners"] == [0, 2, 3]


# ---- Decoy ---------------------------------------------------------------------------------

DECOY_ROLES = ["insider", "decoy", "agent", "agent"]


@pytest.mark.parametrize("ballots,winners", [
    ([(0, (1,)), (1, (2,)), (2, (1,)), (3, (1,))], [0, 1]),   # Decoy most: Insider escapes too
    ([(0, (1,)), (1, (0,)), (2, (0,)), (3, (1,))], [0, 1]),   # tied with the Insider: both win
    ([(0, (2,)), (1, (0,)), (2, (0,)), (3, (0,))], [2, 3]),   # Insider caught: Decoy loses
    ([(0, (2,)), (1, (2,)), (2, (1,)), (3, (1,))], [0]),      # tied with an Agent: Decoy loses
])
def test_decoy_wins_by_the_most_votes(ballots, winners):
    state = votes_all(vote_state(roles=DECOY_ROLES), ballots)
    assert RULES.outcome(state)["winners"] == winners


def test_decoy_loses_without_a_vote():
    state, _ = play(before_last_card(roles=DECOY_ROLES, completed=("M04",) * 6), 3, card(RED, 2))
    outcome = RULES.outcome(state)
    assert outcome["winners"] == [2, 3] and "without a vote" in outcome["seats"][1]["reason"]


# ---- Accomplice ----------------------------------------------------------------------------

def accomplice_start():
    options = RULES.validate_options({"players": 4, "special_roles": ["accomplice"]})
    return RULES.new_state(options, Rng(11))


def test_accomplice_designates_first_and_peeks_privately():
    state = accomplice_start()
    me = state.setup.roles.index("accomplice")
    assert state.phase == "designate" and RULES.to_move(state) == (me,)
    target = (me + 1) % 4
    new, events = RULES.apply(state, me, {"type": "designate", "target": target}, None)
    assert events[0]["public"] == {"type": "designate", "seat": me, "target": target}
    assert events[0]["private"] == {str(me): {"peek": {"seat": target,
                                                       "role": state.setup.roles[target]}}}
    assert new.phase == "mission"
    mine = RULES.view(new, me)
    assert mine["roles"][target] == state.setup.roles[target]
    assert sum(r is not None for r in mine["roles"]) == 2
    assert {"kind": "peek", "seat": target, "role": state.setup.roles[target]} in mine["knowledge"]
    for seat in range(4):
        if seat not in (me, target):
            view = RULES.view(new, seat)
            assert view["roles"][target] is None and view["accomplice_target"] == target


@pytest.mark.parametrize("target,winners", [(0, [0, 1]), (2, [0])])
def test_accomplice_wins_with_the_designated_player(target, winners):
    roles = ["insider", "accomplice", "agent", "agent"]
    state = vote_state(roles=roles, accomplice_target=target, revealed=(False, True, False, False))
    state = votes_all(state, [(0, (2,)), (1, (2,)), (2, (3,)), (3, (0,))])
    assert state.result[1] == "vote_escaped"
    assert RULES.outcome(state)["winners"] == winners


# ---- Tim Shady -----------------------------------------------------------------------------

def test_tim_shady_reveal_steals_from_the_right_hand_neighbour():
    roles = ["tim_shady", "insider", "agent", "agent"]
    state, events = play(before_last_card(roles=roles, intel=(4, 1, 1, 2)), 3, card(RED, 2))
    assert state.revealed[0] and state.intel == (6, 1, 1, 1) and state.result == ()
    assert {"type": "steal", "seat": 0, "from": 3, "amount": 1} in [e["public"] for e in events]


def test_tim_shady_steal_can_trigger_another_reveal_check():
    roles = ["agent", "tim_shady", "insider", "agent"]
    # seat 1 (Tim) wins with 4 -> 5, reveals and steals from seat 0; nobody new reaches 5
    trick = ((1, card(RED, 13), False), (2, card(RED, 3), False), (3, card(RED, 4), False))
    state = make_state(roles=roles, trick=trick, turn=0, lead=1, intel=(1, 4, 1, 1),
                       hands=[(card(RED, 2),), (), (), ()])
    state, _ = play(state, 0, card(RED, 2))
    assert state.intel == (0, 6, 1, 1) and state.revealed == (False, True, False, False)


def test_revealed_tim_shady_and_sleeper_do_not_vote():
    roles = ["insider", "tim_shady", "sleeper_agent", "agent"]
    state = vote_state(roles=roles, revealed=(False, True, True, False))
    assert RULES.to_move(state) == (0, 3)


def test_tim_shady_wins_when_his_neighbour_loses():
    roles = ["insider", "tim_shady", "agent", "agent"]   # Tim's right-hand neighbour: seat 0
    state = votes_all(vote_state(roles=roles), [(0, (2,)), (1, (0,)), (2, (0,)), (3, (0,))])
    outcome = RULES.outcome(state)
    assert outcome["winners"] == [1, 2, 3]
    assert "neighbour seat 0 lost" in outcome["seats"][1]["reason"]


def test_tim_shady_and_accomplice_cycle_is_capped():
    roles = ["tim_shady", "accomplice", "insider", "agent"]  # the Accomplice designates Tim
    state = votes_all(vote_state(roles=roles, accomplice_target=0,
                                 revealed=(False, True, False, False)),
                      [(0, (2,)), (1, (2,)), (2, (3,)), (3, (2,))])
    # Tim (seat 0) depends on seat 3 (an Agent, who won): no cycle here
    assert RULES.outcome(state)["winners"] == [3]
    roles = ["accomplice", "tim_shady", "insider", "agent"]  # Tim's neighbour is the Accomplice
    state = votes_all(vote_state(roles=roles, accomplice_target=1,
                                 revealed=(True, False, False, False)),
                      [(0, (2,)), (1, (2,)), (2, (3,)), (3, (2,))])
    seats = RULES.outcome(state)["seats"]
    assert not seats[0]["won"] and not seats[1]["won"]


# ---- Sleeper Agent -------------------------------------------------------------------------

def test_sleeper_agent_switches_sides_when_revealed():
    roles = ["insider", "sleeper_agent", "agent", "agent"]
    hidden = votes_all(vote_state(roles=roles), [(0, (2,)), (1, (0,)), (2, (3,)), (3, (2,))])
    assert RULES.outcome(hidden)["winners"] == [0]
    shown = votes_all(vote_state(roles=roles, revealed=(False, True, False, False)),
                      [(0, (2,)), (2, (3,)), (3, (2,))])
    assert RULES.outcome(shown)["winners"] == [0, 1]


# ---- Professor NO (experimental) -----------------------------------------------------------

PROF_ROLES = ["professor_no", "accomplice", "agent", "agent"]


def test_professor_reveals_and_loses_at_his_threshold():
    state = before_last_card(roles=PROF_ROLES, intel=(3, 1, 1, 1), accomplice_target=2,
                             specials=("accomplice", "professor_no"))
    state, _ = play(state, 3, card(RED, 2))
    assert state.result == ("agents", "professor_threshold", 0)
    assert RULES.outcome(state)["winners"] == [1, 2, 3]


def test_professor_wins_when_every_other_role_is_revealed():
    trick = ((2, card(RED, 13), False), (3, card(RED, 3), False), (0, card(RED, 4), False))
    state = make_state(roles=PROF_ROLES, trick=trick, lead=2, turn=1, intel=(1, 1, 4, 1),
                       revealed=(False, True, False, True), accomplice_target=0,
                       hands=[(), (card(RED, 2),), (), ()])
    state, _ = play(state, 1, card(RED, 2))
    assert state.result == ("insider", "professor_all_revealed", 0)
    assert RULES.outcome(state)["winners"] == [0, 1]


def test_professor_may_follow_and_is_the_vote_suspect():
    state = make_state(roles=PROF_ROLES, trick=((3, card(RED, 5), False),), lead=3, turn=0,
                       hands=[(card(RED, 9), card(BLUE, 3)), (), (), ()])
    assert {a["card"] for a in RULES.legal_actions(state, 0)} == {card(RED, 9), card(BLUE, 3)}
    state = votes_all(vote_state(roles=PROF_ROLES, revealed=(False, True, False, False),
                                 accomplice_target=2),
                      [(0, (2,)), (1, (0,)), (2, (0,)), (3, (2,))])
    assert state.result == ("insider", "vote_escaped", 0)


# ---- voluntary reveal option ---------------------------------------------------------------

def test_voluntary_reveal_option():
    roles = ["insider", "tim_shady", "agent", "agent"]
    fields = dict(roles=roles, trick=((0, card(RED, 5), False),), turn=1,
                  hands=[(), (card(RED, 9),), (), ()], intel=(2, 1, 1, 1))
    assert {"type": "reveal"} not in RULES.legal_actions(make_state(**fields), 1)
    state = make_state(voluntary_reveal=True, **fields)
    assert RULES.legal_actions(state, 1)[-1] == {"type": "reveal"}
    state = act(state, 1, {"type": "reveal"})
    assert state.revealed[1] and state.intel == (1, 2, 1, 1) and state.turn == 1
    assert RULES.legal_actions(state, 1) == [{"type": "play", "card": card(RED, 9),
                                               "wager": False}]


# ---- options and catalog -------------------------------------------------------------------

@pytest.mark.parametrize("options", [
    {"players": 3, "special_roles": ["decoy"]},
    {"players": 4, "special_roles": ["decoy", "tim_shady", "accomplice"]},
    {"players": 4, "special_roles": ["decoy", "decoy"]},
    {"players": 4, "special_roles": ["risky_agent"]},
    {"players": 4, "special_roles": ["no_such_role"]},
    {"players": 4, "dealer": 4},
])
def test_bad_special_role_options_are_rejected(options):
    with pytest.raises(InvalidOptions):
        RULES.validate_options(options)


def test_special_roles_replace_agents_and_professor_replaces_the_insider():
    options = RULES.validate_options({"players": 4, "special_roles": ["professor_no", "decoy"]})
    roles = sorted(RULES.new_state(options, Rng(5)).setup.roles)
    assert roles == ["agent", "agent", "decoy", "professor_no"]


def test_catalog_lists_roles_pairings_and_unofficial_missions():
    entry = RULES.describe()
    roles = {r["id"]: r for r in entry["special_roles"]}
    assert len(roles) == 8 and roles["professor_no"]["experimental"]
    assert roles["stubborn_agent"]["recommended_pairings"] == ["sleeper_agent"]
    assert roles["nervous_agent"]["public_from_start"]
    cards = entry["missions"]["cards"]
    assert len(cards) == 28 and sum(c["risky"] for c in cards) == 4
    assert entry["missions"]["official"] is False and not any(c["official"] for c in cards)
    assert "UNOFFICIAL" in entry["notes"]


def test_dummy_helpers_are_consistent():
    assert len(dummy_tricks(3)) == 3 and LEAD_WINS[0][0] == 0
