"""Retention: a match's keys expire together, by status (open: a day, active and finished: 30
days by default; SAFEHOUSE_*_TTL_S); the listing forgets expired matches."""

from service import matches
from service.settings import Settings
from service.store import Store


def ttls(store, prefix, match_id):
    return [store.redis.pttl(store._key(kind, match_id)) for kind in ("match", "events")]


def test_keys_expire_by_status(config, monkeypatch):
    monkeypatch.setenv("SAFEHOUSE_OPEN_TTL_S", "100")
    monkeypatch.setenv("SAFEHOUSE_ACTIVE_TTL_S", "1000")
    monkeypatch.setenv("SAFEHOUSE_FINISHED_TTL_S", "10000")
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"], retention_s=Settings.from_env().retention_s)
    prefix = config["PREFIX"]
    match_id, *_ = matches.create(store, "toy", {"target": 2}, [{"kind": "human"}, {"kind": "open"}], seed=3)
    assert all(50_000 < t <= 100_000 for t in ttls(store, prefix, match_id))
    matches.join(store, match_id)  # active but unplayed: kept as long as an open match (issue 31)
    assert all(50_000 < t <= 100_000 for t in ttls(store, prefix, match_id))
    match, meta = matches.load(store, match_id)
    import engine
    seat = engine.to_move(match)[0]
    match, meta = matches.act(store, match_id, seat, engine.legal_actions(match, seat)[0])
    if meta["status"] == "active":
        assert all(500_000 < t <= 1_000_000 for t in ttls(store, prefix, match_id))
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        match, meta = matches.act(store, match_id, seat, engine.legal_actions(match, seat)[0])
    assert meta["status"] == "finished"
    keys = ttls(store, prefix, match_id) + [store.redis.pttl(store._key("history", match_id))]
    assert all(5_000_000 < t <= 10_000_000 for t in keys), keys


def test_zero_keeps_for_ever_and_defaults(config, monkeypatch):
    monkeypatch.setenv("SAFEHOUSE_OPEN_TTL_S", "0")
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"], retention_s=Settings.from_env().retention_s)
    match_id, *_ = matches.create(store, "toy", {}, [{"kind": "human"}, {"kind": "open"}], seed=3)
    assert ttls(store, config["PREFIX"], match_id) == [-1, -1]
    monkeypatch.delenv("SAFEHOUSE_OPEN_TTL_S")
    assert Settings.from_env().retention_s == {"open": 86400, "active": 30 * 86400, "finished": 30 * 86400}


def test_the_listing_forgets_expired_matches(client, config):
    made = client.post("/matches", json={"game": "toy"}).json
    mid = made["match_id"]
    store = client.application.extensions["safehouse"]["store"]
    for kind in ("match", "events", "history"):
        store.redis.delete(store._key(kind, mid))  # what expiry does
    listed = client.get("/matches?game=toy").json
    assert mid not in [m["match_id"] for m in listed["matches"]] and listed["total"] == 0


def test_a_write_refreshes_the_ttl_unless_the_last_refresh_was_within_one_percent(config, monkeypatch):
    """Each write restarts the clock of all three keys; a write within 1% of the ttl (capped at a
    minute) of the previous refresh is left alone (one PTTL instead of three PEXPIREs)."""
    import engine
    monkeypatch.setenv("SAFEHOUSE_ACTIVE_TTL_S", "100")
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"], retention_s=Settings.from_env().retention_s)
    match_id, _, match, _ = matches.create(store, "insidejob", {"players": 4}, [{"kind": "human"}] * 4, seed=3)

    def act():
        seat = engine.to_move(matches.load(store, match_id)[0])[0]
        current = matches.load(store, match_id)[0]
        matches.act(store, match_id, seat, engine.legal_actions(current, seat)[0])

    def all_ttls():
        return [store.redis.pttl(store._key(kind, match_id)) for kind in ("match", "events", "history")]

    act()  # the first action creates the history list: it gets the ttl too
    assert all(95_000 < t <= 100_000 for t in all_ttls())
    for kind in ("match", "events", "history"):  # as if 2 s (> 1% of 100 s) had passed
        store.redis.pexpire(store._key(kind, match_id), 98_000)
    act()
    assert all(99_000 < t <= 100_000 for t in all_ttls())  # refreshed
    for kind in ("match", "events", "history"):  # 0.5 s: within 1%
        store.redis.pexpire(store._key(kind, match_id), 99_500)
    act()
    assert all(99_000 < t <= 99_500 for t in all_ttls())  # left be
