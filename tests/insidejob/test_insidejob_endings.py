"""Inside Job scenario tests: every end condition, their order, and the final vote."""

from engine.insidejob import RULES
from tests.insidejob.helpers import RED, act, card, dummy_tricks, make_state, play

# Mission M03: "the first card played wins", trump blue. Seat 0 leads red 13 and wins.
LEAD_WINS = ((0, card(RED, 13), False), (1, card(RED, 3), False), (2, card(RED, 4), False))


def before_last_card(roles=None, **fields):
    """4 players, 3 cards of a red trick played (seat 0's red 13 leads), seat 3 to play red 2."""
    hands = [(card(RED, 1),), (card(RED, 5),), (card(RED, 6),), (card(RED, 2), card(RED, 7))]
    fields.setdefault("hands", hands)
    return make_state(roles=roles, trick=LEAD_WINS, turn=3, **fields)


def finish(state):
    """Seat 3 plays its red 2 (seat 0 wins the trick, M03 succeeds)."""
    return play(state, 3, card(RED, 2))


def test_insider_threshold_beats_the_mission_target():
    state = before_last_card(intel=(4, 1, 1, 1), completed=("M04",) * 6, tricks=dummy_tricks(5))
    state, events = finish(state)
    assert state.completed[-1] == "M03" and len(state.completed) == 7
    assert state.result == ("insider", "insider_threshold", 0)
    assert {"type": "reveal", "seat": 0, "role": "insider"} in [e["public"] for e in events]
    outcome = RULES.outcome(state)
    assert outcome["winners"] == [0] and "Intel threshold" in outcome["seats"][0]["reason"]


def test_agent_reaching_the_threshold_is_revealed_and_stops_wagering():
    roles = ["agent", "insider", "agent", "agent"]
    state = before_last_card(roles=roles, intel=(4, 1, 1, 1))
    state, _ = finish(state)
    assert state.result == () and state.revealed == (True, False, False, False)
    state = act(state, 0, {"type": "choose_mission", "mission": "M10"})
    assert all(not a["wager"] for a in RULES.legal_actions(state, 0))
    assert RULES.view(state, 3)["roles"] == ["agent", None, None, "agent"]


def test_mission_target_wins_for_the_agents():
    state = before_last_card(completed=("M04",) * 6)
    state, _ = finish(state)
    assert state.result == ("agents", "missions", -1)
    outcome = RULES.outcome(state)
    assert outcome["winners"] == [1, 2, 3]
    assert outcome["seats"][0]["reason"].startswith("Insider")


def test_mission_target_on_the_last_trick_beats_the_vote():
    state = before_last_card(completed=("M04",) * 6, tricks=dummy_tricks(9))
    state, _ = finish(state)
    assert state.result[1] == "missions"


def test_last_trick_opens_the_vote_for_everyone():
    state = before_last_card(tricks=dummy_tricks(9))
    state, events = finish(state)
    assert state.phase == "vote" and RULES.to_move(state) == (0, 1, 2, 3)
    assert events[-1]["public"] == {"type": "vote_open", "voters": [0, 1, 2, 3]}


def test_nervous_agent_receiving_intel_ends_it_first():
    roles = ["nervous_agent", "insider", "agent", "agent"]
    state = before_last_card(roles=roles, intel=(0, 1, 1, 1), completed=("M04",) * 6,
                             specials=("nervous_agent",))
    state, _ = finish(state)
    assert state.result == ("insider", "nervous_intel", 0)
    outcome = RULES.outcome(state)
    assert outcome["winners"] == [1]
    assert "Nervous Agent received Intel" in outcome["seats"][0]["reason"]


def test_nervous_agent_starts_public_without_intel():
    options = RULES.validate_options({"players": 5, "special_roles": ["nervous_agent"]})
    from engine import Rng
    state = RULES.new_state(options, Rng(3))
    seat = state.setup.roles.index("nervous_agent")
    assert state.intel[seat] == 0 and state.revealed[seat] and state.supply == 10
    assert RULES.view(state, None)["roles"][seat] == "nervous_agent"


# ---- the vote ------------------------------------------------------------------------------

def vote_state(roles=None, **fields):
    """A 4-player state in the vote phase, nobody has voted yet."""
    return make_state(roles=roles, phase="vote", trick=(), mission="",
                      tricks=dummy_tricks(10), votes=(None,) * 4, **fields)


def vote(state, seat, *targets):
    return act(state, seat, {"type": "vote", "targets": list(targets)})


def test_vote_targets_exclude_self_and_revealed():
    state = vote_state(revealed=(False, False, True, False))
    assert RULES.legal_actions(state, 1) == [{"type": "vote", "targets": [0]},
                                             {"type": "vote", "targets": [3]}]


def test_votes_are_secret_until_all_have_voted():
    state = vote(vote_state(), 1, 0)
    other = RULES.view(state, 2)
    assert other["voted"] == [False, True, False, False] and other["votes"] is None
    assert other["my_vote"] is None and RULES.view(state, 1)["my_vote"] == [0]
    assert RULES.to_move(state) == (0, 2, 3)
    new, events = RULES.apply(state, 2, {"type": "vote", "targets": [0]}, None)
    assert events[0]["public"] == {"type": "vote_cast"}
    assert events[0]["private"] == {"2": {"targets": [0]}}


def test_insider_with_strictly_most_votes_is_caught():
    state = vote_state()
    for seat, target in ((0, 1), (1, 0), (2, 0), (3, 2)):
        state = vote(state, seat, target)
    assert state.result == ("agents", "vote_caught", 0)
    assert RULES.view(state, 3)["votes"] == [[1], [0], [0], [2]]
    assert RULES.outcome(state)["winners"] == [1, 2, 3]


def test_a_tie_at_the_top_lets_the_insider_escape():
    state = vote_state()
    for seat, target in ((0, 1), (1, 0), (2, 1), (3, 0)):
        state = vote(state, seat, target)
    assert state.result == ("insider", "vote_escaped", 0)
    assert RULES.outcome(state)["winners"] == [0]


def test_votes_revealed_together_in_the_log():
    state = vote_state()
    events = []
    for seat, target in ((0, 1), (1, 0), (2, 0), (3, 0)):
        state, evs = RULES.apply(state, seat, {"type": "vote", "targets": [target]}, None)
        events.extend(evs)
    revealed = [e["public"] for e in events if e["public"]["type"] == "votes_revealed"]
    assert revealed == [{"type": "votes_revealed", "votes": [[1], [0], [0], [0]],
                         "counts": [3, 1, 0, 0]}]


def test_insider_with_no_eligible_target_abstains():
    state = make_state(players=3, phase="vote", mission="", tricks=dummy_tricks(11),
                       votes=(None,) * 3, revealed=(False, True, True))
    assert RULES.legal_actions(state, 0) == [{"type": "vote", "targets": []}]
