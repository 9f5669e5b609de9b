"""Issue 25: Classified's cypher-wheel notes through the service: private to the seat, no
version, no event, no ETag change for anyone else; the seat's own view carries them."""

from .test_api import auth, create


def _match(client):
    made = create(client, game="classified", seed=7)
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    return made["match_id"], tokens[0], tokens[1]


def test_a_note_is_private_and_does_not_advance_the_match(client):
    match_id, mine, theirs = _match(client)
    before_theirs = client.get(f"/matches/{match_id}", headers=auth(theirs))
    before_spec = client.get(f"/matches/{match_id}")
    before_events = client.get(f"/matches/{match_id}/events", headers=auth(theirs)).json
    mine_before = client.get(f"/matches/{match_id}", headers=auth(mine))
    assert mine_before.json["state"]["notes"]["4"] == "none"
    answer = client.put(f"/matches/{match_id}/notes", json={"number": 4, "mark": "coloured"},
                        headers=auth(mine))
    assert answer.status_code == 200 and answer.json["notes"]["4"] == "coloured"
    after_theirs = client.get(f"/matches/{match_id}", headers=auth(theirs))
    assert after_theirs.json == before_theirs.json
    assert after_theirs.headers["ETag"] == before_theirs.headers["ETag"]
    assert client.get(f"/matches/{match_id}").json == before_spec.json
    assert client.get(f"/matches/{match_id}/events", headers=auth(theirs)).json == before_events
    assert "notes" not in after_theirs.json["state"] or after_theirs.json["state"]["notes"]["4"] == "none"
    mine_after = client.get(f"/matches/{match_id}",
                            headers={**auth(mine), "If-None-Match": mine_before.headers["ETag"]})
    assert mine_after.status_code == 200  # the seat's cached view is not served stale
    assert mine_after.json["state"]["notes"]["4"] == "coloured"
    assert mine_after.json["version"] == mine_before.json["version"]


def test_notes_need_a_seat_and_valid_input(client):
    match_id, mine, _ = _match(client)
    url = f"/matches/{match_id}/notes"
    assert client.put(url, json={"number": 4, "mark": "black"}).status_code == 401
    assert client.put(url, json={"number": 10, "mark": "black"}, headers=auth(mine)).status_code == 400
    assert client.put(url, json={"number": 4, "mark": "pink"}, headers=auth(mine)).status_code == 400
    assert client.put(url, json={"number": 4}, headers=auth(mine)).status_code == 400
    assert client.get(url, headers=auth(mine)).json["notes"]["4"] == "none"
    toy = create(client, game="toy")
    assert client.get(f"/matches/{toy['match_id']}/notes",
                      headers=auth(toy["tokens"][0]["token"])).status_code == 404
