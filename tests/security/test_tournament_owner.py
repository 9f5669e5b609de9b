"""Finding 4: anyone could DELETE anyone's tournament, and ids were a hash of the spec, so posting
and cancelling a predictable spec (the README's example) poisoned its owner's later POST
("cancelled" for 7 days). Now creation returns an owner token (kept as its SHA-256 only, compared
in constant time), DELETE needs it (401 without, 403 with another), and ids are random."""

import hashlib

from service.tournament_rq import tournament_id

from .tournament_helpers import all_values, meta

README_SPEC = {"game": "classified", "entrants": ["random", "heuristic"], "deals": 20, "seed": 1}


def _bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_only_the_owner_token_cancels(client, config):
    made = client.post("/tournaments", json={"spec": README_SPEC})
    assert made.status_code == 202
    tid, token = made.json["tournament_id"], made.json["owner_token"]
    assert len(token) >= 32 and made.headers["Cache-Control"] == "no-store"
    other = client.post("/tournaments", json={"spec": dict(README_SPEC, seed=2)}).json
    nobody = client.delete(f"/tournaments/{tid}")
    assert nobody.status_code == 401 and nobody.json["error"]["code"] == "unauthorized"
    for wrong in (other["owner_token"], token[:-1] + ("A" if token[-1] != "A" else "B"), "null"):
        refused = client.delete(f"/tournaments/{tid}", headers=_bearer(wrong))
        assert refused.status_code == 403 and refused.json["error"]["code"] == "not_tournament_owner"
    assert client.get(f"/tournaments/{tid}").json["status"] == "running"  # nothing changed
    owner = client.delete(f"/tournaments/{tid}", headers=_bearer(token))
    assert owner.status_code == 200 and owner.json["status"] == "cancelled"


def test_the_owner_token_is_stored_hashed_only(client, config):
    made = client.post("/tournaments", json={"spec": README_SPEC}).json
    token = made["owner_token"]
    assert token.encode() not in all_values(config)
    assert meta(config, made["tournament_id"])["owner"] == hashlib.sha256(token.encode()).hexdigest()
    assert "owner_token" not in client.get(f"/tournaments/{made['tournament_id']}").json


def test_a_cancelled_copy_of_a_spec_does_not_poison_its_owner(client, config):
    attacker = client.post("/tournaments", json={"spec": README_SPEC},
                           environ_base={"REMOTE_ADDR": "10.6.6.6"}).json
    client.delete(f"/tournaments/{attacker['tournament_id']}", headers=_bearer(attacker["owner_token"]))
    mine = client.post("/tournaments", json={"spec": README_SPEC}).json
    assert mine["status"] == "running" and mine["tournament_id"] != attacker["tournament_id"]
    derived = tournament_id(mine["spec"])
    assert derived not in (mine["tournament_id"], attacker["tournament_id"])  # never from the spec
    assert len(mine["tournament_id"]) == 32 and int(mine["tournament_id"], 16) >= 0
