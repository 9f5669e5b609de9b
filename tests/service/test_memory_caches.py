"""Issue 31: every per-process cache is bounded in bytes (an estimate per entry), has a setting,
and reports its size (`service.byte_cache.cache_sizes`)."""

import engine
from service import create_app, matches, views
from service.byte_cache import MIB, ByteLRU, cache_sizes
from service.settings import Settings
from service.store import Store, open_store

HUMANS = [{"kind": "human"}] * 2


def test_a_byte_lru_keeps_its_estimates_under_its_bound():
    cache = ByteLRU("test_lru", 1000)
    for key in range(10):
        cache.put(key, object(), 300)
    assert cache.bytes <= 1000 and len(cache) == 3
    assert 9 in cache and 0 not in cache  # least recently stored out
    cache.put("huge", object(), 5000)  # above the whole bound: never kept
    assert "huge" not in cache and cache.bytes == 900
    assert cache_sizes()["test_lru"] == 900
    cache.pop(9)
    assert cache_sizes()["test_lru"] == 600


def _play(store, match_id, moves):
    for _ in range(moves):
        match, _ = matches.load(store, match_id)
        movers = engine.to_move(match)
        if not movers:
            return
        seat = movers[0]
        matches.act(store, match_id, seat, engine.legal_actions(match, seat)[0])


def test_the_store_keeps_parsed_logs_within_bytes_not_a_count(config):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"], tail_cache_bytes=40_000)
    ids = [matches.create(store, "toy", {}, HUMANS, seed=n)[0] for n in range(12)]
    for match_id in ids:
        _play(store, match_id, 3)
    tails = store._tails
    assert 0 < tails.bytes <= 40_000
    assert len(tails) < len(ids)  # a bound in bytes, not 2,000 matches
    assert ids[-1] in tails and ids[0] not in tails
    # an entry's estimate grows with what was parsed or saved into it
    before = tails.size_of(ids[-1])
    _play(store, ids[-1], 1)
    assert tails.size_of(ids[-1]) > before
    # a match that went out of the cache still loads whole
    match, _ = matches.load(store, ids[0])
    assert match.version >= 1 and list(match.log)


def test_the_settings_bound_the_store_and_the_text_memos(config):
    settings = Settings.from_env(redis_url=config["REDIS_URL"], prefix=config["PREFIX"],
                                 tail_cache_mb=3, text_memo_mb=2)
    assert open_store(settings)._tails.max_bytes == 3 * MIB
    try:
        create_app(settings)
        assert views._text_memos.max_bytes == 2 * MIB
    finally:
        views.configure(Settings.from_env())


def test_text_memos_count_the_sentences_they_keep(config):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    match_id = matches.create(store, "toy", {}, HUMANS, seed=5)[0]
    _play(store, match_id, 3)
    match, meta = matches.load(store, match_id)
    views.match_view(match_id, match, meta, 0)
    views.match_view(match_id, match, meta, 0)  # the estimate counts what the first view phrased
    memo = views._text_memos.get(match_id)
    assert len(memo) > 0
    assert views._text_memos.size_of(match_id) == views.TEXT_ENTRY_BYTES * (len(memo) + 1)
    assert cache_sizes()["text_memos"] >= views._text_memos.size_of(match_id)
    assert "store_tails" in cache_sizes() and "notes_seen" in cache_sizes()


def test_event_words_are_bounded_in_bytes_and_views_at_reports_its_size():
    from service import event_words
    event_words._remember(("m" * 16, "c", 0, 1, 0), ["x" * 100])
    sizes = cache_sizes()
    assert sizes["event_words"] >= 100 and "views_at" in sizes
    assert event_words._MEMO.max_bytes == event_words.MEMO_BYTES


def test_cache_sizes_reach_the_metrics_gauge():
    from prometheus_client import REGISTRY
    from service import metrics
    metrics.record_cache_sizes({"test_cache": 1234})
    assert REGISTRY.get_sample_value("safehouse_cache_bytes", {"cache": "test_cache"}) == 1234
