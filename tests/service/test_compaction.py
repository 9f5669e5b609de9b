"""Finished matches compacted (service/store/compaction.py, issue 31): for every game, a finished
match (with a join, a bot seat and a human seat) answers every read exactly as it did before its
compaction: each seat's and the spectator's view (and ETag), the replay with and without `at`,
the events and the SSE stream from any cursor, the listings, the archive export, the store's own
load. The sweeper compacts what finished long enough ago; a match whose rebuild would differ, or
that was written meanwhile, is left whole."""

import io

import pytest

import engine
from service import event_words, views, views_at
from service.cli import archive
from service.settings import Settings
from service.store import Store, compaction
from worker.sweeper import Sweeper

GAMES = {"classified": {}, "insidejob": {}, "ifthen": {},
         "darkagent": {"players": 4, "max_rounds": 2}}


def auth(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def _store(app):
    return app.extensions["safehouse"]["store"]


def finished_match(client, app, game, seed):
    """A finished match of `game`: seat 0 joined after creation (an open seat), the last seat a
    bot, the others humans; played to its end with random legal actions. (id, {seat: token})."""
    n = engine.get_game(game).seat_count(engine.get_game(game).validate_options(GAMES[game]))
    seats = [{"kind": "open"}] + [{"kind": "human"}] * (n - 2) + [{"kind": "bot", "bot": "random"}]
    made = client.post("/matches", json={"game": game, "options": GAMES[game], "seats": seats,
                                         "seed": seed})
    assert made.status_code == 201, made.json
    mid = made.json["match_id"]
    tokens = {None: None, **{t["seat"]: t["token"] for t in made.json["tokens"]}}
    joined = client.post(f"/matches/{mid}/join", json={"seat": 0, "name": "Ada"})
    assert joined.status_code == 200, joined.json
    tokens[0] = joined.json["token"]
    from service import matches
    store, rng = _store(app), engine.Rng(seed)
    match, _ = matches.load(store, mid)
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        match, _ = matches.act(store, mid, seat, rng.choice(engine.legal_actions(match, seat)))
    return mid, tokens


def every_read(client, app, mid, tokens):
    """What every read of a finished match answers, by read."""
    store = _store(app)
    out, last = {}, store.last_event_seq(mid)
    version = client.get(f"/matches/{mid}").json["version"]
    for viewer, token in tokens.items():
        got = client.get(f"/matches/{mid}", headers=auth(token))
        out[("view", viewer)] = (got.status_code, got.json, got.headers.get("ETag"))
        out[("replay", viewer)] = client.get(f"/matches/{mid}/replay", headers=auth(token)).json
        for at in sorted({0, 1, version // 3, version // 2, version - 1, version}):
            out[("at", viewer, at)] = client.get(f"/matches/{mid}/replay?at={at}", headers=auth(token)).json
        for after in (0, 1, 2, last // 2, last - 1, last, last + 5):
            out[("events", viewer, after)] = client.get(f"/matches/{mid}/events?after={after}",
                                                        headers=auth(token)).json
        for after in (0, 3, last):
            streamed = client.get(f"/matches/{mid}/stream?after={after}", headers=auth(token))
            out[("stream", viewer, after)] = (streamed.status_code, streamed.get_data(as_text=True))
            streamed.close()  # gives its stream slot back
        if token:
            out[("mine", viewer)] = client.get("/matches?mine=true", headers=auth(token)).json
    out["listing"] = client.get("/matches?status=finished").json
    exported = io.StringIO()
    archive.export_matches(store, exported)
    out["archive"] = exported.getvalue()
    out["load"] = store.load(mid)
    out["events"] = store.events(mid, 0, count=10_000)
    out["meta"] = store.load_meta(mid), store.metas([mid])
    out["last"] = last
    return out


def forget_process_caches(store):
    """What this process rebuilt or parsed before: reads after this go to Redis (and replay)."""
    store._tails.clear()
    views_at.CACHE.__init__()
    event_words._MEMO.clear()
    views._text_memos.clear()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_compacted_match_answers_every_read_as_before(client, app, game):
    mid, tokens = finished_match(client, app, game, seed=11)
    store = _store(app)
    before = every_read(client, app, mid, tokens)
    assert before[("view", None)][1]["finished"]
    assert any(e["kind"] == "joined" for e in before["events"])
    assert store.compact(mid) == "compacted"
    raw = store.redis.hgetall(store._key("match", mid))
    assert set(raw) == {b"rev", b"packed"}  # nothing else is kept (the last save's mark included)
    assert not store.redis.exists(store._key("events", mid), store._key("history", mid))
    assert store.redis.pttl(store._key("match", mid)) > 0  # still expires with its retention
    for warm in (False, True):  # rebuilt by replaying, then from this process's cache
        if not warm:
            forget_process_caches(store)
        after = every_read(client, app, mid, tokens)
        for read in before:
            assert after[read] == before[read], read
    assert store.compact(mid) == "compacted_before"


def test_compacted_matches_are_small(config):
    """The packed hash of a finished 2-seat match stays well under the 2 KiB per match of issue 31
    (its listing entries come on top: bench/bench_memory.py measures the whole)."""
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    from tests.service.test_archive import finished_match as played
    for game in ("classified", "ifthen"):
        mid, _ = played(store, game, seed=4)
        whole = sum(store.redis.memory_usage(store._key(k, mid)) for k in ("match", "events", "history"))
        assert store.compact(mid) == "compacted"
        packed = store.redis.memory_usage(store._key("match", mid))
        assert packed < 1200 < whole, (game, packed, whole)


def test_the_cluster_load_script_reads_a_compacted_match(config):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    from tests.service.test_archive import finished_match as played
    mid, _ = played(store, "classified", seed=6)
    whole = store.load(mid)
    assert store.compact(mid) == "compacted"
    store._tails.clear()
    store._plain = False  # the path a Redis Cluster takes: the load as one script
    assert store.load(mid) == whole
    assert store.read(mid).found == whole


def test_finished_matches_are_queued_and_the_sweeper_compacts_them_after_the_delay(config):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    from tests.service.test_archive import finished_match as played
    mid, _ = played(store, "classified", seed=8)
    queued = store.redis.zscore(store.keys.compact_queue(mid), mid)
    assert queued is not None
    settings = Settings.from_env(prefix=config["PREFIX"], compact_after_s=3600.0)
    sweeper = Sweeper(store, queue=None, settings=settings, clock=lambda: queued + 10)
    assert sweeper.compact_finished(queued + 10) == {}  # finished 10 s ago: not yet
    assert not store.is_compacted(mid)
    assert sweeper.compact_finished(queued + 3601) == {"compacted": 1}
    assert store.is_compacted(mid)
    assert store.redis.zscore(store.keys.compact_queue(mid), mid) is None


def test_an_unfinished_match_leaves_the_queue_whole(config):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    from service import matches
    mid, *_ = matches.create(store, "classified", {}, [{"kind": "human"}] * 2, seed=2)
    assert store.compact(mid) == "not_finished" and not store.is_compacted(mid)
    assert store.compact("0123456789abcdef") == "gone"


def test_a_match_written_meanwhile_is_not_compacted(config, monkeypatch):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    from tests.service.test_archive import finished_match as played
    mid, _ = played(store, "classified", seed=9)
    real_pack = compaction.pack

    def pack_then_write(*args):
        blob = real_pack(*args)
        store.redis.hincrby(store._key("match", mid), "rev", 1)  # someone wrote it meanwhile
        return blob

    monkeypatch.setattr(compaction, "pack", pack_then_write)
    assert store.compact(mid) == "raced"
    assert not store.is_compacted(mid) and store.redis.hexists(store._key("match", mid), "doc")


def test_a_match_whose_rebuild_differs_is_kept_whole(config):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    from tests.service.test_archive import finished_match as played
    mid, _ = played(store, "classified", seed=10)
    doc, meta, _ = store.load(mid)
    events = store.events(mid, 0, count=1000)
    assert compaction.meta_of(compaction.pack(doc, meta, events)) == meta
    tampered = [dict(e) for e in events]
    tampered[3]["entries"] = []
    with pytest.raises(compaction.NotCompactable):
        compaction.pack(doc, meta, tampered)
    with pytest.raises(compaction.NotCompactable):
        compaction.pack(dict(doc, seed=doc["seed"] + 1), meta, events)
    # in the store: a history whose replay does not write the stored events keeps the match whole
    key = store._key("history", mid)
    store.redis.lset(key, 2, store.redis.lindex(key, 3))
    store._tails.clear()
    assert store.compact(mid) == "not_compactable" and not store.is_compacted(mid)
    assert store.redis.zscore(store.keys.compact_queue(mid), mid) is None


def test_the_views_caches_take_their_bounds_from_the_settings():
    try:
        views.configure(Settings.from_env(views_at_cache_mb=3, event_words_cache_mb=2, text_memo_mb=1))
        assert views_at.CACHE.max_bytes == 3 * 2**20
        assert event_words._MEMO.max_bytes == 2 * 2**20
        assert views._text_memos.max_bytes == 2**20
        env = {"SAFEHOUSE_VIEWS_AT_CACHE_MB": "5", "SAFEHOUSE_EVENT_WORDS_CACHE_MB": "6",
               "SAFEHOUSE_COMPACT_AFTER_S": "-1"}
        settings = Settings.from_env(env)
        assert (settings.views_at_cache_mb, settings.event_words_cache_mb, settings.compact_after_s) == (5, 6, -1)
    finally:
        views.configure(Settings.from_env({}))
    assert views_at.CACHE.max_bytes == views_at.MAX_BYTES
    assert event_words._MEMO.max_bytes == event_words.MEMO_BYTES


def test_a_pass_out_of_time_gives_the_rest_back_and_compaction_off_only_trims(config, monkeypatch):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    from tests.service.test_archive import finished_match as played
    from worker import sweeper as sweeper_module
    ids = [played(store, "classified", seed=seed)[0] for seed in (20, 21, 22)]
    settings = Settings.from_env(prefix=config["PREFIX"], compact_after_s=0.0)
    sweeper = Sweeper(store, queue=None, settings=settings)
    monkeypatch.setattr(sweeper_module, "COMPACT_BUDGET_S", -1.0)  # out of time at once
    now = max(store.redis.zscore(store.keys.compact_queue(m), m) for m in ids) + 1
    assert sweeper.compact_finished(now) == {"later": 3}
    assert all(store.redis.zscore(store.keys.compact_queue(m), m) <= now for m in ids)  # due again
    monkeypatch.setattr(sweeper_module, "COMPACT_BUDGET_S", 60.0)
    assert sweeper.compact_finished(now) == {"compacted": 3}
    late = played(store, "classified", seed=23)[0]
    off = Sweeper(store, queue=None, settings=Settings.from_env(prefix=config["PREFIX"],
                                                                compact_after_s=-1.0),
                  clock=lambda: now + 2 * sweeper_module.COMPACT_FORGET_S)
    off.sweep_once()
    assert not store.is_compacted(late)
    assert store.redis.zscore(store.keys.compact_queue(late), late) is None  # trimmed, not compacted
