"""Finding 13: when a match id is reused (exported with --delete, another match imported under that
id), an API process's parsed-log cache served the old match's log. The cache is now keyed by a
creation nonce stored with the snapshot: a recreated match never meets the old match's data."""

import json

import engine
from service import create_app, matches
from service.cli import archive
from service.store import Store


def _finished(store, seed):
    match_id, meta, match, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=seed)
    rng = engine.Rng(seed)
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        match, meta = matches.act(store, match_id, seat, rng.choice(engine.legal_actions(match, seat)))
    return match_id, match, meta


def test_a_reused_id_never_serves_the_old_matchs_log(app, client, config):
    cli_store = Store(config["REDIS_URL"], prefix=config["PREFIX"])  # the archive command's own
    old_id, _, match, _ = matches.create(cli_store, "toy", {}, [{"kind": "human"}] * 2, seed=1)
    for _ in range(2):  # a few public plays, so the old log differs from the new one in any view
        seat = engine.to_move(match)[0]
        play = next(a for a in engine.legal_actions(match, seat) if a["type"] == "play")
        match, _ = matches.act(cli_store, old_id, seat, play)
    first = client.get(f"/matches/{old_id}")  # fills this API process's cache
    assert first.status_code == 200
    other_id, other, meta = _finished(cli_store, seed=2)
    record = archive.archive_record(other_id, other, meta)
    cli_store.delete_match(other_id)
    cli_store.delete_match(old_id)  # `archive export --delete`, in another process
    record["match_id"] = old_id
    archive.import_matches(cli_store, [json.dumps(record)])
    fresh = create_app(config).test_client().get(f"/matches/{old_id}").get_json()  # a new process
    for _ in range(3):
        again = client.get(f"/matches/{old_id}").get_json()
        assert again == fresh
    assert again["version"] == other.version and again["log"] != first.get_json()["log"]
