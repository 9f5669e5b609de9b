"""Inside Job search helpers: the fast rollout policy and the belief-weighted determinizations."""

import json
from collections import Counter

import pytest

import engine
from engine import Rng
from engine.insidejob import RULES, rollout, sample
from engine.insidejob.missions import judge_trick
from engine.insidejob.heuristic import suspicion
from tests.insidejob.helpers import BLUE, RED, card, make_state
from tests.insidejob.test_insidejob_hidden import small_hands, void_history_state


@pytest.mark.parametrize("options", RULES.conformance_options)
def test_rollout_policy_returns_a_listed_action_in_whole_random_matches(options):
    """Every option set (special roles, voluntary reveals, risk mode, no wagers) included."""
    for seed in range(4):
        match = engine.start("insidejob", options, seed)
        rng = Rng(seed)
        while engine.to_move(match):
            seat = engine.to_move(match)[0]
            actions = RULES.legal_actions(match.state, seat)
            chosen = rollout.choose(RULES, match.state, seat, actions, rng)
            assert chosen is None or chosen in actions
            match = engine.step(match, seat, chosen or actions[rng.randbelow(len(actions))])
        assert match.rules.outcome(match.state) is not None


def last_to_play(roles):
    """Seat 3 plays last in a trick under M03 ("the first card played wins the trick"), led by
    seat 0 with red 9; seat 3 holds red 12 and red 2."""
    plays = ((0, card(RED, 9), False), (1, card(RED, 3), False), (2, card(RED, 4), False))
    hands = [(card(BLUE, 1),), (card(BLUE, 2),), (card(BLUE, 3),), (card(RED, 12), card(RED, 2))]
    set_aside = [c for c in range(52) if c not in {x for h in hands for x in h}
                 and c not in {p[1] for p in plays}]
    return make_state(roles=roles, hands=hands, set_aside=set_aside, trick=plays, mission="M03",
                      phase="play", lead=0, turn=3, deck=tuple(f"M{i:02d}" for i in range(4, 25)))


def test_an_agent_keeps_the_mission_and_the_insider_breaks_it():
    agent = last_to_play(["insider", "agent", "agent", "agent"])
    actions = RULES.legal_actions(agent, 3)
    assert rollout.choose(RULES, agent, 3, actions, Rng(1))["card"] == card(RED, 2)
    insider = last_to_play(["agent", "agent", "agent", "insider"])
    actions = RULES.legal_actions(insider, 3)
    chosen = rollout.choose(RULES, insider, 3, actions, Rng(1))
    plays = insider.trick + ((3, chosen["card"], chosen["wager"]),)
    assert judge_trick(plays, "M03") == (3, False)  # it wins the trick and the mission fails


def test_belief_sampler_puts_the_insider_where_suspicion_points():
    """In trick 1 seat 0 played off-suit, seat 2 played trump and seat 3 won the failed trick
    with the most Intel: suspicion [1.0, 0.3, 0.3, 1.1] gives seat 2 a chance of
    exp(-1.2) / (1 + exp(-0.15) + exp(-1.2)) = 0.14 against 1/3 uniformly, while every deal
    stays consistent with seat 1's view."""
    state = void_history_state()
    view = json.loads(json.dumps(RULES.view(state, 1)))
    assert [round(x, 2) for x in suspicion(view)] == [1.0, 0.3, 0.3, 1.1]
    sample = rollout.belief_sampler(RULES, view, 1)
    weighted = Counter(sample(view, 1, Rng(s)).setup.roles.index("insider") for s in range(300))
    uniform = Counter(RULES.sample_state(view, 1, Rng(s)).setup.roles.index("insider")
                      for s in range(300))
    assert set(weighted) == {0, 2, 3}
    assert weighted[2] < 70 < uniform[2]
    assert weighted[3] > uniform[3]
    for salt in range(20):
        assert RULES.view(sample(view, 1, Rng(salt)), 1) == view


def test_belief_sampler_is_off_when_no_role_is_in_doubt():
    state = void_history_state()
    insider_view = json.loads(json.dumps(RULES.view(state, 0)))
    assert rollout.belief_sampler(RULES, insider_view, 0) is None


def test_belief_weights_never_break_a_hard_constraint():
    """A hidden seat holding Professor NO's limit (4 with 4 players) cannot be Professor NO,
    however strongly the weights point at it."""
    roles = ["professor_no", "accomplice", "agent", "agent"]
    state = make_state(roles=roles, intel=(1, 1, 1, 4), accomplice_target=2, **small_hands(),
                       revealed=(False, True, False, False),
                       specials=("accomplice", "professor_no"))
    view = json.loads(json.dumps(RULES.view(state, 2)))
    for salt in range(30):
        dealt = sample.sample_state(view, 2, Rng(salt), insider_weights={3: 1e9, 0: 1})
        assert dealt.setup.roles[3] != "professor_no"
        assert RULES.view(dealt, 2) == view
