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
