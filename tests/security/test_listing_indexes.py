"""Finding 15: a filtered listing walked every match per request (linear in the matches stored).
Every filter combination now pages through an index of its own (game x status; open_seats picks
statuses), so a request reads a page's worth of metas and ids, and its total is the index's size."""

import pytest

from service import matches

HUMANS = [{"kind": "human"}] * 2
OPEN = [{"kind": "human"}, {"kind": "open"}]


@pytest.fixture
def crowded(client, monkeypatch):
    """Many toy matches (active), a few open ones, some classified ones; counts the ids read."""
    store = client.application.extensions["safehouse"]["store"]
    for i in range(400):
        matches.create(store, "toy", {}, HUMANS, seed=i)
    wanted = [matches.create(store, "toy", {}, OPEN, seed=i)[0] for i in range(3)]
    for i in range(300):
        matches.create(store, "classified", {}, [{"kind": "human"}] * 2, seed=i)
        matches.create(store, "classified", {}, [{"kind": "human"}, {"kind": "open"}], seed=i)
    read = []
    metas, pages = store.metas, store.index_pages
    monkeypatch.setattr(store, "metas", lambda ids: read.extend(ids) or metas(ids))

    def index_pages(requests, count=100):
        found = pages(requests, count)
        read.extend(m for page in found for m, _ in page)
        return found
    monkeypatch.setattr(store, "index_pages", index_pages)
    return read, wanted


@pytest.mark.parametrize("query, total", [
    ("game=toy&status=open", 3),
    ("game=toy&open_seats=true", 3),
    ("game=classified&open_seats=false", 300),
    ("game=toy&status=active", 400),
    ("open_seats=false", 700),
    ("status=open", 303),
    ("", 1003),  # no filter: every game's every status, merged
])
def test_a_filtered_listing_reads_a_page_not_every_match(client, crowded, query, total):
    read, wanted = crowded
    read.clear()
    page = client.get(f"/matches?{query}&limit=5").get_json()
    assert page["total"] == total and len(page["matches"]) == min(5, total)
    assert len(read) <= 40, len(read)  # a page's worth (ids and metas), not hundreds
    if query.startswith("game=toy&") and total == 3:
        assert [m["match_id"] for m in page["matches"]] == wanted[::-1]


def test_paging_a_merged_listing_gives_every_match_once_newest_first(client, monkeypatch):
    store = client.application.extensions["safehouse"]["store"]
    asked = []
    pages_of = store.index_pages
    monkeypatch.setattr(store, "index_pages", lambda requests, count=100:
                        asked.append(count) or pages_of(requests, count))
    made = [matches.create(store, "toy", {"target": 2}, HUMANS, seed=i)[0] for i in range(7)]
    for match_id in made[::2]:  # some finish: the open_seats=false listing merges two indexes
        match, _ = matches.load(store, match_id)
        while match.rules.outcome(match.state) is None:
            seat = matches.engine.to_move(match)[0]
            match, _ = matches.act(store, match_id, seat, matches.engine.legal_actions(match, seat)[0])
    seen, cursor = [], None
    while True:
        url = "/matches?game=toy&open_seats=false&limit=2" + (f"&cursor={cursor}" if cursor else "")
        page = client.get(url).get_json()
        seen += [m["match_id"] for m in page["matches"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert seen == made[::-1] and page["total"] == 7
    assert max(asked) <= 3  # each index read a page (limit + 1) at a time


def test_a_match_is_in_one_game_and_status_index_and_its_tokens_only(client):
    """The store keeps no index of all matches, of a status or of a game (each cost every match
    ~115 bytes): one (game, status) index and the seat tokens' make every listing."""
    store = client.application.extensions["safehouse"]["store"]
    match_id = client.post("/matches", json={"game": "toy", "seats": OPEN}).get_json()["match_id"]
    assert client.post(f"/matches/{match_id}/join", json={}).status_code == 200
    prefix = store.keys.prefix

    def holding(pattern):
        return {key.decode() for key in store.redis.scan_iter(prefix + pattern, count=1000)
                if store.redis.zscore(key, match_id) is not None}
    assert holding("matches*") == {store.keys.index(game="toy", status="active")}
    tokens = [seat["token_hash"] for seat in store.metas([match_id])[match_id]["seats"]]
    assert holding("mine:*") == {store.keys.index(token_hash=t) for t in tokens} and len(tokens) == 2
    assert client.get("/matches").get_json()["total"] == 1
    assert client.get("/matches?status=active&game=toy").get_json()["matches"][0]["match_id"] == match_id


def test_the_sweeper_moves_what_earlier_versions_indexed_and_deletes_their_indexes(client):
    """A match an earlier version listed only in its whole-store index (created before the
    (game, status) indexes) is listed again once the sweeper moved it; a gone one is forgotten."""
    from service import jobs
    from worker.sweeper import Sweeper
    store = client.application.extensions["safehouse"]["store"]
    ids = [client.post("/matches", json={"game": "toy", "seats": HUMANS}).get_json()["match_id"]
           for _ in range(3)]
    store.redis.zrem(store.keys.index(game="toy", status="active"), *ids)  # as an earlier version
    retired = [store.keys.retired_index(), store.keys.retired_index(status="active"),
               store.keys.retired_index(game="toy")]
    for key in retired:
        store.redis.zadd(key, {**{m: 1.0 for m in ids}, "gone0000aaaa1111": 1.0})
    assert client.get("/matches").get_json()["total"] == 0
    sweeper = Sweeper(store, jobs.queue_for(store.redis, "unused-" + ids[0]))
    for _ in range(3):
        sweeper.sweep_once()
    assert not any(store.redis.exists(key) for key in retired)
    listed = client.get("/matches").get_json()
    assert listed["total"] == 3 and {m["match_id"] for m in listed["matches"]} == set(ids)
    assert store.redis.zscore(store.keys.index(game="toy", status="active"), "gone0000aaaa1111") is None
