"""The store's append-only layout: the snapshot holds state, RNG position and version only; the
log lives in the event stream and the history in an appended list, so a write does not grow with
the match; loading gives back exactly the engine's match."""

import json

import engine
from service import matches
from service.store import Store


def test_writes_append_and_loads_give_back_the_whole_match(config):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    match_id, _, match, _ = matches.create(store, "classified", {}, [{"kind": "human"}] * 2, seed=77)
    rng = engine.Rng(3)
    snapshot_sizes = []
    for _ in range(60):
        if not engine.to_move(match):
            break
        seat = engine.to_move(match)[0]
        match, _ = matches.act(store, match_id, seat, rng.choice(engine.legal_actions(match, seat)))
        raw = store.redis.hget(store._key("match", match_id), "doc")
        snapshot = json.loads(raw)
        assert "log" not in snapshot and "history" not in snapshot
        snapshot_sizes.append(len(raw))
        assert store.redis.llen(store._key("history", match_id)) == match.version
    loaded, _ = matches.load(store, match_id)
    assert engine.match_to_json(loaded) == engine.match_to_json(match)
    assert loaded.log == match.log and loaded.history == match.history
    # the snapshot tracks the state, not the match's length (it is not rewritten with the log)
    assert max(snapshot_sizes) < 3 * min(snapshot_sizes)


def test_a_save_that_would_leave_a_gap_in_the_history_is_refused(config):
    import pytest
    import redis
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    match_id, meta, match, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=1)
    doc = engine.match_to_json(match)
    doc["history"] = [[0, {"type": "x"}]] * 20  # 20 new entries at once: more than a save sends
    doc["version"] = 20
    with pytest.raises(redis.ResponseError, match="history gap"):
        store.save(match_id, 1, doc, meta, {"version": 20, "entries": []})
    assert store.redis.llen(store._key("history", match_id)) == 0


def test_a_process_parses_only_what_was_appended_and_stays_exact(config):
    """The load cache: a second Store (another process) writing in between is seen; a load parses
    only what was appended; a deleted and re-created match starts over."""
    import service.store.snapshots as store_module
    writer = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    reader = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    match_id, _, match, _ = matches.create(writer, "darkagent", {"players": 3}, [{"kind": "human"}] * 3, seed=5)
    rng = engine.Rng(9)

    def play_one():
        seat = engine.to_move(match)[0]
        return matches.act(writer, match_id, seat, rng.choice(engine.legal_actions(match, seat)))[0]

    for _ in range(30):
        match = play_one()
        loaded, _ = matches.load(reader, match_id)
        assert engine.match_to_json(loaded) == engine.match_to_json(match)
    match = play_one()
    parsed, original = [], store_module.loads
    store_module.loads = lambda raw: parsed.append(1) or original(raw)
    try:
        loaded, _ = matches.load(reader, match_id)
    finally:
        store_module.loads = original
    assert engine.match_to_json(loaded) == engine.match_to_json(match)
    assert len(parsed) <= 4  # snapshot, meta, the one new event, the one new history entry
    writer.delete_match(match_id)
    fresh = engine.start("toy", {}, 1)
    writer.create(match_id, engine.match_to_json(fresh), {"status": "active", "seats": []},
                  {"version": 0, "actor": None, "entries": list(fresh.log), "kind": "created"})
    doc, _, rev = reader.load(match_id)
    assert rev == 1 and doc["version"] == 0 and not doc["history"] and doc["game"] == "toy"
