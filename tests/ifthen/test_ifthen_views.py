"""Hidden information: views, the log, and sample_state (determinization)."""

import json

import engine
from engine import Rng
from engine.ifthen.challenges import CURATED, agrees, candidate_ids, challenge_from_key
from engine.ifthen.view import fabricate_challenge

from .helpers import RULES, act, card_both, fresh, playing_state, with_hand


def played_match(options, seed, steps):
    """A seeded random match advanced `steps` actions (or to its end)."""
    match = engine.start("ifthen", options, seed)
    pick = Rng(seed + 1)
    for _ in range(steps):
        moving = engine.to_move(match)
        if not moving:
            break
        seat = pick.choice(moving)
        match = engine.step(match, seat, pick.choice(engine.legal_actions(match, seat)))
    return match


def test_codebreaker_view_hides_the_rule_hints_and_other_hands():
    state = fresh(4, level=2)
    challenge = challenge_from_key(state.challenge)
    for seat in (0, 1, 2, None):
        text = json.dumps(RULES.view(state, seat))
        assert "challenge" not in json.loads(text) and challenge.text not in text
        assert "clauses" not in text and "allegiance" not in json.loads(text)
    view = RULES.view(state, 1)
    assert view["hand"] == list(state.hands[1]) and view["role"] == "codebreaker"
    assert all("cards" not in h for h in view["hands"]) and view["hands"][0]["size"] == 3
    assert "hand" not in RULES.view(state, None)
    assert "deck" not in view and view["deck_size"] == len(state.deck)


def test_everything_secret_is_shown_at_the_end():
    state = fresh(3)
    from dataclasses import replace
    over = replace(state, phase="over", result="loss", reason="x")
    assert RULES.view(over, 1)["challenge"]["text"] == challenge_from_key(state.challenge).text


def test_deck_draws_are_private_in_the_log():
    match = played_match({"players": 3}, 11, 60)
    for seat in (0, 1):
        for entry in engine.render(match, seat)["log"]:
            if entry["public"].get("draw") == "deck":
                assert "card" not in entry["public"]
                assert ("private" in entry) == (entry["public"]["seat"] == seat)


def test_failed_discard_marks_the_card_revealed_for_everyone():
    state = playing_state()
    card = card_both(lambda v, s, n, b: b != 0, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state, _ = act(state, 0, {"type": "discard", "card": card})
    for seat in (1, None):
        assert RULES.view(state, seat)["hands"][0]["revealed"] == [card]


def test_sampled_rules_are_curated_challenges_consistent_with_every_judgment():
    for seed in range(6):
        match = played_match({"players": 2, "level": 1}, seed, 25)
        state = match.state
        view = json.loads(json.dumps(RULES.view(state, 0)))
        keys = set()
        for k in range(12):
            sampled = RULES.sample_state(view, 0, Rng(k))
            challenge = challenge_from_key(sampled.challenge)
            assert challenge in CURATED[1]
            assert all(agrees(challenge, j) for j in state.judgments)
            assert sampled.hands[0] == state.hands[0]
            assert RULES.view(sampled, 0) == RULES.view(state, 0)
            keys.add(sampled.challenge)
        assert keys and len(keys) <= len(candidate_ids(1, state.candidates))


def test_sample_redeals_hidden_cards_and_keeps_revealed_ones():
    state = playing_state(players=4)
    card = card_both(lambda v, s, n, b: b != 0, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card] + list(state.hands[0][:2]))
    state, _ = act(state, 0, {"type": "discard", "card": card})
    view = json.loads(json.dumps(RULES.view(state, 1)))
    decks = set()
    for k in range(5):
        sampled = RULES.sample_state(view, 1, Rng(k))
        assert card in sampled.hands[0] and sampled.hands[1] == state.hands[1]
        assert sorted(sampled.deck + sampled.boxed + sum(sampled.hands, ())) == sorted(
            state.deck + state.boxed + sum(state.hands, ()))
        decks.add(sampled.deck)
    assert len(decks) > 1


def test_fabricated_rule_reproduces_every_judgment():
    match = played_match({"players": 3, "level": 3, "challenges": "generated"}, 5, 80)
    judgments = match.state.judgments
    hints = [tuple(h) for h in RULES.view(match.state, 0)["hints_revealed"]]
    fake = fabricate_challenge(3, judgments, hints)
    assert all(agrees(fake, j) for j in judgments)


def test_the_true_curated_rule_always_stays_a_candidate():
    for seed in range(5):
        state = played_match({"players": 2, "level": 2}, seed, 40).state
        assert set(candidate_ids(2, state.candidates)) <= {c.id for c in CURATED[2]}
        assert challenge_from_key(state.challenge).id in candidate_ids(2, state.candidates)
