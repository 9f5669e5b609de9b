"""The open-match listing under a creation flood: status indexes keep `status=open` (and
`open_seats=true`) to a page's worth of reads however many matches exist, and follow a match
from open to active to finished."""

import engine
from service import matches


def test_open_listing_reads_a_page_not_the_flood(client, monkeypatch):
    store = client.application.extensions["safehouse"]["store"]
    pipe_ids = []
    for i in range(1500):  # a flood of active matches, straight through the service layer
        matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=i)
    wanted = [matches.create(store, "toy", {}, [{"kind": "human"}, {"kind": "open"}], seed=i)[0]
              for i in range(3)]
    for i in range(1500, 2000):
        matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=i)
    read = []
    original = store.metas
    monkeypatch.setattr(store, "metas", lambda ids: read.extend(ids) or original(ids))
    for query in ("status=open", "open_seats=true"):
        read.clear()
        page = client.get(f"/matches?{query}&limit=2").json
        assert [m["match_id"] for m in page["matches"]] == wanted[::-1][:2]
        assert page["total"] == 3 and page["next_cursor"]
        rest = client.get(f"/matches?{query}&limit=2&cursor={page['next_cursor']}").json
        assert [m["match_id"] for m in rest["matches"]] == [wanted[0]] and rest["next_cursor"] is None
        assert len(read) <= 10, len(read)  # not 2,003 metas
        pipe_ids.append(len(read))


def test_a_match_moves_between_status_indexes(client):
    store = client.application.extensions["safehouse"]["store"]
    match_id, *_ = matches.create(store, "toy", {"target": 2}, [{"kind": "human"}, {"kind": "open"}], seed=5)

    def listed(status):
        return match_id in [m["match_id"] for m in client.get(f"/matches?status={status}").json["matches"]]

    assert listed("open") and not listed("active")
    matches.join(store, match_id)
    assert listed("active") and not listed("open")
    match, _ = matches.load(store, match_id)
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        match, _ = matches.act(store, match_id, seat, engine.legal_actions(match, seat)[0])
    assert listed("finished") and not listed("active")
