"""Hidden information: equipment hands and votes are redacted; sample_state keeps the view."""

import json
from dataclasses import replace

import engine
from engine import Rng
from engine.darkagent import RULES

from .scenario import blank


def test_hands_are_hidden_except_publicly_known_cards():
    s = replace(blank(), hands=(("jet_pack", "rifle"), ("adrenaline",)),
                hands_public=(("rifle",), ()), deck=("binoculars", "explosives"))
    mine, theirs, spectator = RULES.view(s, 0), RULES.view(s, 1), RULES.view(s, None)
    assert mine["hand"] == ["jet_pack", "rifle"]
    assert theirs["players"][0]["hand_size"] == 2 and theirs["players"][0]["hand_known"] == ["rifle"]
    text = json.dumps(theirs) + json.dumps(spectator)
    assert "jet_pack" not in text and "binoculars" not in text and "hand" not in spectator


def test_sample_state_keeps_view_and_redeals_unseen():
    from engine.darkagent.data import EQUIPMENT_DECK
    from engine.darkagent.state import remove_one
    rest = EQUIPMENT_DECK
    for c in ("jet_pack", "rifle", "adrenaline", "rocket_launcher"):
        rest = remove_one(rest, c)
    s = replace(blank(), hands=(("jet_pack", "rifle"), ("adrenaline",)),
                hands_public=(("rifle",), ()), deck=rest, discard=("rocket_launcher",))
    v = json.loads(json.dumps(RULES.view(s, 1)))
    seen = set()
    for i in range(30):
        t = RULES.sample_state(v, 1, Rng(i))
        assert RULES.view(t, 1) == v
        assert "rifle" in t.hands[0] and len(t.hands[0]) == 2
        seen.add(t.hands[0])
    assert len(seen) > 1


def test_information_set_invariance_over_random_matches():
    for players in range(1, 7):
        m = engine.start("darkagent", {"players": players, "max_rounds": 2}, seed=players)
        pick = Rng(players)
        while engine.to_move(m):
            for seat in range(players):
                v = json.loads(json.dumps(RULES.view(m.state, seat)))
                t = RULES.sample_state(v, seat, pick)
                assert RULES.view(t, seat) == v
            seat = pick.choice(engine.to_move(m))
            m = engine.step(m, seat, pick.choice(engine.legal_actions(m, seat)))


def test_public_hand_knowledge_follows_takes_plays_and_jacket_prompts():
    from .scenario import act, cell, equip, put
    s = put(blank(), {cell(0, 0): equip("rifle"), cell(0, 1): equip("jet_pack")})
    s = replace(s, spotted=(cell(0, 0), cell(0, 1)), hands=(("rifle",), ()))  # one rifle drawn secretly
    s, _ = act(s, 0, {"type": "take", "cell": cell(0, 0)})
    assert RULES.view(s, 1)["players"][0]["hand_known"] == ["rifle"]
    s, _ = act(s, 0, {"type": "play", "card": "rifle"})
    other = RULES.view(s, 1)["players"][0]
    assert other["hand_known"] == [] and other["hand_size"] == 1
    assert RULES.view(s, 0)["hand"] == ["rifle"]


def test_votes_are_secret_until_everyone_voted():
    from engine.darkagent.state import VOTE

    from .scenario import act
    s = replace(blank(players=3), phase=VOTE, votes=(-1, -1, -1))
    s, events = act(s, 2, {"type": "vote", "rotate": True})
    assert events[0]["public"] == {"voted": 2} and events[0]["private"] == {"2": {"rotate": True}}
    for viewer in (None, 0, 1):
        player = RULES.view(s, viewer)["players"][2]
        assert player["has_voted"] and not any("vote" in k and k != "has_voted" for k in player)
    assert RULES.view(s, 2)["my_vote"] == 1 and RULES.view(s, 0)["my_vote"] == -1


def test_sample_state_during_a_jacket_prompt_keeps_views_and_legal_actions():
    from engine.darkagent.data import EQUIPMENT_DECK
    from engine.darkagent.state import JACKET, remove_one

    from .scenario import act, cell, put, spy
    rest = remove_one(remove_one(EQUIPMENT_DECK, "bulletproof_jacket"), "rifle")
    s = put(blank(jacket_defence="ask"), {cell(0, 0): spy(0, 5), cell(1, 0): spy(1, 2)})
    s = replace(s, spotted=(cell(0, 0), cell(1, 0)), hands=((), ("bulletproof_jacket", "rifle")),
                reserve=((2, 3), (3, 5)), deck=rest)
    s, _ = act(s, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}, [6, 6, 6, 5, 1])
    assert s.phase == JACKET
    for seat in (0, 1):
        v = json.loads(json.dumps(RULES.view(s, seat)))
        for i in range(10):
            t = RULES.sample_state(v, seat, Rng(i))
            assert RULES.view(t, seat) == v and RULES.to_move(t) == (1,)
            assert "bulletproof_jacket" in t.hands[1]
            assert RULES.legal_actions(t, 1) == RULES.legal_actions(s, 1)
