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
