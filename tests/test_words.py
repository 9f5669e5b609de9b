"""Words for people (engine.words): every game's log texts, prompts, labelled choices, outcome
texts, reference data and option words read as English, never as developer strings."""

import pytest

import engine
from engine import words
from tests.toygame import ToyGame
from tests.wordcheck import dev_strings, texts_of, worded_views

GAMES = ("classified", "insidejob", "ifthen", "darkagent")
REF_KINDS = {"card", "cell", "seat", "slot", "market", "mission", "event", "line"}


def _matches(game_id):
    rules = engine.get_game(game_id)
    for index, options in enumerate(rules.conformance_options):
        for seed in (index, 100 + index, 200 + index, 300 + index):
            yield dict(options), seed


@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_has_words_and_none_is_a_developer_string(game_id):
    finished = 0
    for options, seed in _matches(game_id):
        for match, viewer, view in worded_views(game_id, seed, options):
            assert all(entry.get("text") for entry in view["log"]), view["log"]
            legal, choices = view["legal_actions"], view["choices"]
            assert len(choices) == len(legal)
            labels = [c["label"] for c in choices]
            assert len(set(labels)) == len(labels), labels
            assert not any("(option " in label for label in labels), labels  # alike by themselves
            assert (view["prompt"] is None) == (not legal), view["prompt"]
            for choice in choices:
                assert all(ref["kind"] in REF_KINDS for ref in choice["refs"]), choice
            if view["finished"]:
                finished += 1
                assert view["outcome"]["text"]
            for where, text in texts_of(view):
                assert text and not dev_strings(text), (where, text)
    assert finished


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_falls_back_to_the_generic_phrasing(game_id, monkeypatch):
    """Each game phrases all of its own events and actions (the fallback is for new ones)."""
    def fail(*args):
        raise AssertionError(f"generic words used for {args[0]}")
    monkeypatch.setattr(words, "generic_entry_text", fail)
    monkeypatch.setattr(words, "generic_label", fail)
    for options, seed in _matches(game_id):
        for _ in worded_views(game_id, seed, options):
            pass


def test_bots_render_without_words():
    match = engine.start("classified", {}, 3)
    plain = engine.render(match, 0)
    assert not {"prompt", "choices"} & set(plain)
    assert all("text" not in entry for entry in plain["log"])
    worded = engine.render(match, 0, words=True)
    assert worded["legal_actions"] == plain["legal_actions"] and worded["state"] == plain["state"]


def test_a_game_without_words_gets_generic_ones_and_unknown_actions_a_label():
    """The toy game has no words module; an action type nobody phrased still gets a label."""
    engine.register(ToyGame())
    match = engine.start("toy", {}, 1)
    match = engine.step(match, 0, engine.legal_actions(match, 0)[0])
    view = engine.render(match, 1, words=True)
    assert view["prompt"] and all(e["text"] for e in view["log"])
    assert view["choices"][0]["label"].startswith("Play: card ")
    new_event = {"seq": 4, "actor": 0, "public": {"event": "cypher_note", "seat": 0, "wheel_pos": 3}}
    view = {"state": {}, "legal_actions": [{"type": "cypher_note", "wheel_pos": 3}], "log": [new_event]}
    words.describe(engine.get_game("classified"), 0, view)
    assert view["choices"][0]["label"] == "Cypher note: wheel pos 3"
    assert view["log"][0]["text"] == "You: cypher note (wheel pos 3)."
    assert view["prompt"] == "Choose one: cypher note."
    assert not any(dev_strings(text) for _, text in texts_of(view))


def test_outcome_words():
    outcome = engine.make_outcome([0], 2, scores=[16, 3], summary="game ended by safety_round_cap")
    assert words.generic_outcome_text(outcome, None) == "Seat 1 won with 16 points."
    assert words.generic_outcome_text(outcome, 0) == "You won with 16 points."
    assert words.generic_outcome_text(engine.make_outcome([], 2), 1) == "Nobody won."


@pytest.mark.parametrize("game_id", GAMES)
def test_reference_data_names_every_thing_in_words(game_id):
    reference = engine.reference(game_id)
    assert reference["game"] == game_id and reference["sections"]
    for section in reference["sections"]:
        assert section["entries"], section["kind"]
        ids = [e["id"] for e in section["entries"]]
        assert len(set(ids)) == len(ids)
        for entry in section["entries"]:
            assert entry["source"] in ("published", "ours")
            for text in (entry["name"], entry["text"]):
                assert text and not dev_strings(text), (section["kind"], entry)


@pytest.mark.parametrize("game_id", GAMES)
def test_catalog_options_have_labels_and_help_in_words(game_id):
    entry = next(g for g in engine.catalog() if g["game"] == game_id)
    for key, option in entry["options"].items():
        assert option["label"] and option["help"], key
        for text in (option["label"], option["help"]):
            assert not dev_strings(text) and "OURS" not in text, (key, text)
            assert key not in text or key.isalpha() and key.islower(), (key, text)  # no raw keys


@pytest.mark.parametrize("game_id", GAMES)
def test_a_text_memo_changes_no_view_and_never_crosses_viewers(game_id):
    """One memo shared by every viewer of a match along its whole course (as the service keeps
    one per match): every worded view, whole or `log_since`, equals the view phrased afresh."""
    import random
    match = engine.start(game_id, {}, seed=11)
    memo, picks = words.TextMemo(), random.Random(11)
    viewers = [None, *range(match.rules.seat_count(match.options))]
    for _ in range(400):
        for viewer in viewers:
            fresh = engine.render(match, viewer, words=True)
            assert engine.render(match, viewer, words=True, text_memo=memo) == fresh
            since = max(0, match.version - 3)
            assert (engine.render(match, viewer, words=True, text_memo=memo, log_since=since)
                    == engine.render(match, viewer, words=True, log_since=since))
        moving = engine.to_move(match)
        if not moving:
            break
        match = engine.step(match, moving[0], picks.choice(engine.legal_actions(match, moving[0])))
    assert len(memo) >= len(match.log)


def test_a_text_memo_rewords_a_log_parsed_anew():
    """A memo knows entries by identity: the same log parsed again (new objects, as another
    process or a re-read gives) is phrased from those objects, never served from the old ones."""
    import copy
    import dataclasses
    import random
    match = engine.start("classified", {}, seed=5)
    picks = random.Random(5)
    for _ in range(12):
        moving = engine.to_move(match)
        match = engine.step(match, moving[0], picks.choice(engine.legal_actions(match, moving[0])))
    memo = words.TextMemo()
    first = engine.render(match, 0, words=True, text_memo=memo)
    parsed = list(copy.deepcopy(match.log))
    parsed[-1] = dict(parsed[-1], seq=parsed[-1]["seq"] + 1000)  # a different last entry
    reparsed = dataclasses.replace(match, log=type(match.log)(parsed))
    again = engine.render(reparsed, 0, words=True, text_memo=memo)
    assert again == engine.render(reparsed, 0, words=True)
    assert again["log"][-1]["seq"] == first["log"][-1]["seq"] + 1000
