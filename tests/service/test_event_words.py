"""Words on events (service/event_words.py): every entry of an event on `/events` and `/stream`
carries the `text` the viewer's view at the event's version shows for it — the event's entries are
exactly the last entries of the view recorded at that version, text and redaction included."""

import json

import pytest

from service import event_words
from tests.service.test_views_at import GAMES, auth, play_and_record


def _assert_events_match_the_views(events, recorded, viewer):
    with_entries = [e for e in events if e["entries"]]
    assert with_entries
    for event in with_entries:
        log = recorded[(viewer, event["version"])]["log"]
        assert event["entries"] == log[-len(event["entries"]):], (viewer, event["seq"])
        assert all(entry["text"] for entry in event["entries"])


@pytest.mark.parametrize("game", GAMES)
def test_event_texts_are_the_viewers_sentences_at_that_version(client, game):
    event_words._MEMO.clear()
    mid, tokens, recorded = play_and_record(client, game, seed=9, steps=25)
    for viewer, token in tokens.items():
        events = client.get(f"/matches/{mid}/events?after=0", headers=auth(token)).json["events"]
        assert [e["version"] for e in events if e["kind"] != "joined"] == sorted({v for _, v in recorded})
        _assert_events_match_the_views(events, recorded, viewer)
    for viewer, token in reversed(list(tokens.items())):  # now from the memo: still each its own
        events = client.get(f"/matches/{mid}/events?after=0", headers=auth(token)).json["events"]
        _assert_events_match_the_views(events, recorded, viewer)


def test_the_stream_carries_the_same_texts(client):
    mid, tokens, recorded = play_and_record(client, "toy", seed=3, steps=500)
    for viewer, token in tokens.items():
        body = client.get(f"/matches/{mid}/stream", headers=auth(token)).get_data(as_text=True)
        streamed = [json.loads(line[len("data: "):]) for line in body.splitlines()
                    if line.startswith("data: ")]
        assert streamed == client.get(f"/matches/{mid}/events?after=0", headers=auth(token)).json["events"]
        _assert_events_match_the_views(streamed, recorded, viewer)
