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
    metas, page = store.metas, store.index_page
    monkeypatch.setattr(store, "metas", lambda ids: read.extend(ids) or metas(ids))
    monkeypatch.setattr(store, "index_page", lambda key, before=None, count=100:
                        read.extend(["id"] * count) or page(key, before, count))
    return read, wanted


@pytest.mark.parametrize("query, total", [
    ("game=toy&status=open", 3),
    ("game=toy&open_seats=true", 3),
    ("game=classified&open_seats=false", 300),
    ("game=toy&status=active", 400),
    ("open_seats=false", 700),
    ("status=open", 303),
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
    page_of = store.index_page
    monkeypatch.setattr(store, "index_page", lambda key, before=None, count=100:
                        asked.append(count) or page_of(key, before, count))
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
