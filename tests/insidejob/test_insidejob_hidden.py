"""Inside Job hidden-information tests: views, the log, and sample_state's consistency."""

import json

import pytest

import engine
from engine import Rng
from engine.insidejob import RULES
from tests.insidejob.helpers import BLUE, GREEN, RED, YELLOW, card, make_state

PUBLIC_EVENT_KEYS = {
    "play": {"type", "seat", "card", "wager"},
    "choose_mission": {"type", "seat", "mission"},
    "draw_missions": {"type", "lead"},
    "trick_won": {"type", "winner", "intel", "mission", "success"},
    "reveal": {"type", "seat", "role"},
    "steal": {"type", "seat", "from", "amount"},
    "designate": {"type", "seat", "target"},
    "vote_open": {"type", "voters"},
    "vote_cast": {"type"},
    "votes_revealed": {"type", "votes", "counts"},
    "game_over": {"type", "side", "reason", "seat", "roles"},
}


def random_match(options, seed):
    """A finished match played by uniformly random legal actions through the library API."""
    match = engine.start("insidejob", options, seed)
    pick = Rng(seed + 1)
    while engine.to_move(match):
        seat = pick.choice(engine.to_move(match))
        match = engine.step(match, seat, pick.choice(engine.legal_actions(match, seat)))
    return match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_public_log_entries_only_carry_public_fields(seed):
    options = {"players": 5, "special_roles": ["accomplice", "decoy"], "risk_mode": True}
    match = random_match(options, seed)
    for entry in match.log:
        public = entry["public"]
        assert set(public) == PUBLIC_EVENT_KEYS[public["type"]], public
        assert set(entry.get("private", {})) <= {str(entry["actor"]), *{str(s) for s in range(5)}}
    spectator = json.dumps(engine.render(match, None)["log"])
    assert "discarded" not in spectator and "peek" not in spectator and "drawn" not in spectator


def test_mission_draw_is_seen_only_by_the_lead():
    state = make_state(phase="mission", drawn=("M10", "M11"), mission="", discarded=((0, "M12"),))
    assert [m["id"] for m in RULES.view(state, 0)["drawn"]] == ["M10", "M11"]
    assert RULES.view(state, 0)["knowledge"] == [{"kind": "discarded_mission", "trick": 1,
                                                   "mission": "M12"}]
    for seat in (1, 2, 3, None):
        view = RULES.view(state, seat)
        assert view["drawn"] is None and view["knowledge"] == []
        assert "M10" not in json.dumps(view) and "M12" not in json.dumps(view)


def test_spectator_sees_no_hand_and_no_hidden_role():
    state = make_state(hands=[(card(RED, 1),), (card(RED, 2),), (card(RED, 3),), (card(RED, 4),)])
    view = RULES.view(state, None)
    assert view["hand"] is None and view["roles"] == [None] * 4
    assert view["hand_sizes"] == [1, 1, 1, 1]
    assert RULES.view(state, 2)["roles"] == [None, None, "agent", None]


def test_roles_and_votes_all_public_at_the_end():
    match = random_match({"players": 4}, 5)
    view = engine.render(match, 1)["state"]
    assert None not in view["roles"] and view["result"] is not None


def void_history_state():
    """4 players; in trick 1 seat 2 did not follow red, seat 0 is the Insider."""
    plays = ((1, card(RED, 5), False), (2, card(BLUE, 3), False), (3, card(RED, 9), False),
             (0, card(GREEN, 2), False))
    deck = tuple(f"M{i:02d}" for i in range(3, 25))
    hands = [
        (card(RED, 1), card(RED, 2), card(YELLOW, 5)),          # Insider kept red
        (card(BLUE, 1), card(BLUE, 2), card(GREEN, 5)),
        (card(YELLOW, 1), card(YELLOW, 2), card(GREEN, 6)),     # void in red
        (card(BLUE, 4), card(BLUE, 5), card(GREEN, 7)),
    ]
    set_aside = [c for c in range(52) if c not in {x for h in hands for x in h}
                 and c not in {p[1] for p in plays}]
    return make_state(hands=hands, set_aside=set_aside, tricks=((1, "M01", plays, 3, False),),
                      failed=("M01",), discarded=((1, "M02"),), deck=deck[2:], lead=3,
                      phase="mission", drawn=deck[:2], mission="", intel=(1, 1, 1, 2), turn=3,
                      supply=9)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_sample_state_respects_voids_and_keeps_the_view(seat):
    state = void_history_state()
    view = json.loads(json.dumps(RULES.view(state, seat)))
    for salt in range(40):
        sampled = RULES.sample_state(view, seat, Rng(salt))
        assert RULES.view(sampled, seat) == view
        assert RULES.to_move(sampled) == RULES.to_move(state)
        for other in (0, 2):
            if other != seat and sampled.setup.roles[other] != "insider":
                assert not any(c // 13 == RED for c in sampled.hands[other])
        played = [c for _, c, _ in sampled.tricks[0][2]]
        everything = [c for h in sampled.hands for c in h] + list(sampled.setup.set_aside)
        assert sorted(everything + played) == list(range(52))


def test_sample_state_can_make_a_non_follower_the_insider():
    state = void_history_state()
    view = json.loads(json.dumps(RULES.view(state, 1)))
    insiders = {RULES.sample_state(view, 1, Rng(s)).setup.roles.index("insider")
                for s in range(60)}
    assert insiders == {0, 2, 3}


def small_hands():
    """Consistent cards and missions: 2 cards per seat, the rest set aside; M03 in play."""
    hands = [(4 * s, 4 * s + 1) for s in range(4)]
    deck = tuple(f"M{i:02d}" for i in range(1, 25) if i != 3)
    return {"hands": hands, "set_aside": list(range(8, 52)), "deck": deck}


def test_sample_state_never_gives_professor_no_to_a_seat_over_his_limit():
    roles = ["professor_no", "accomplice", "agent", "agent"]
    state = make_state(roles=roles, intel=(1, 1, 1, 4), accomplice_target=2, **small_hands(),
                       revealed=(False, True, False, False), specials=("accomplice",
                                                                        "professor_no"))
    view = json.loads(json.dumps(RULES.view(state, 2)))
    for salt in range(30):
        sampled = RULES.sample_state(view, 2, Rng(salt))
        assert sampled.setup.roles[3] != "professor_no"


def test_accomplice_sees_exactly_the_peeked_role_in_samples():
    roles = ["insider", "accomplice", "agent", "decoy"]
    state = make_state(roles=roles, accomplice_target=3, specials=("accomplice", "decoy"),
                       **small_hands())
    view = json.loads(json.dumps(RULES.view(state, 1)))
    assert view["roles"] == [None, "accomplice", None, "decoy"]
    for salt in range(10):
        assert RULES.sample_state(view, 1, Rng(salt)).setup.roles[3] == "decoy"


def test_views_do_not_tell_whether_a_player_could_have_followed():
    """Seat 2 played blue on a red lead: as an Insider holding red, or as a void Agent."""
    plays = ((1, card(RED, 5), False), (2, card(BLUE, 3), False))
    common = dict(trick=plays, lead=1, turn=3, set_aside=())
    could = make_state(roles=["agent", "agent", "insider", "agent"],
                       hands=[(card(GREEN, 1),), (card(GREEN, 2),), (card(RED, 7),),
                              (card(YELLOW, 9),)], **common)
    could_not = make_state(roles=["insider", "agent", "agent", "agent"],
                           hands=[(card(GREEN, 1),), (card(GREEN, 2),), (card(YELLOW, 7),),
                                  (card(YELLOW, 9),)], **common)
    for seat in (1, 3, None):
        assert RULES.view(could, seat) == RULES.view(could_not, seat)
    assert RULES.legal_actions(could, 3) == RULES.legal_actions(could_not, 3)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_first_mission_draw_is_logged_at_version_zero_for_the_lead_only(seed):
    match = engine.start("insidejob", {"players": 4}, seed)
    lead = match.state.lead
    assert [e["public"] for e in match.log] == [{"type": "draw_missions", "lead": lead}]
    assert match.log[0]["seq"] == 0 and match.log[0]["actor"] is None
    for viewer in (0, 1, 2, 3, None):
        entry = engine.render(match, viewer)["log"][0]
        expected = {"drawn": list(match.state.drawn)} if viewer == lead else None
        assert entry.get("private") == expected


def test_first_mission_draw_after_a_designation_is_logged_once():
    match = engine.start("insidejob", {"players": 4, "special_roles": ["accomplice"]}, 3)
    assert match.log == ()  # the Accomplice designates first; the draw follows that action
    seat = engine.to_move(match)[0]
    match = engine.step(match, seat, engine.legal_actions(match, seat)[0])
    draws = [e for e in match.log if e["public"]["type"] == "draw_missions"]
    assert len(draws) == 1 and draws[0]["seq"] == 1
    assert draws[0]["private"] == {str(match.state.lead): {"drawn": list(match.state.drawn)}}
