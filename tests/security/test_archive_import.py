"""Finding 12: archive import trusted its file. Now every record is validated (known fields, sizes
and names bounded), only finished matches are imported unless told otherwise, token hashes are
never taken from the file, each match is written all-or-nothing (a bad line never leaves half a
match) and an existing id is overwritten only with `--replace`; each refusal says why."""

import hashlib
import json
import os
import subprocess
import sys

import pytest

import engine
from service import matches
from service.cli import archive
from service.store import Store
from tests.service.conftest import ROOT


@pytest.fixture
def store(config):
    return Store(config["REDIS_URL"], prefix=config["PREFIX"])


def _played(store, seed, moves=None):
    match_id, meta, match, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=seed)
    rng = engine.Rng(seed)
    while engine.to_move(match) and (moves is None or match.version < moves):
        seat = engine.to_move(match)[0]
        match, meta = matches.act(store, match_id, seat, rng.choice(engine.legal_actions(match, seat)))
    record = archive.archive_record(match_id, match, meta)
    store.delete_match(match_id)
    return record


def _refused(store, record, match):
    with pytest.raises(SystemExit, match=match) as caught:
        archive.import_matches(store, [json.dumps(record) if isinstance(record, dict) else record])
    assert "line 1" in str(caught.value)


def test_a_chosen_token_hash_is_never_imported(store, client):
    record = _played(store, seed=1)
    record["seats"][0]["token_hash"] = hashlib.sha256(b"attacker-chosen-token").hexdigest()
    assert archive.import_matches(store, [json.dumps(record)]) == (1, 0)
    _, meta = matches.load(store, record["match_id"])
    assert all("token_hash" not in seat for seat in meta["seats"])
    seen = client.get(f"/matches/{record['match_id']}",
                      headers={"Authorization": "Bearer attacker-chosen-token"})
    assert seen.status_code == 401


def test_an_unfinished_match_is_imported_only_when_asked(store):
    record = _played(store, seed=2, moves=3)
    _refused(store, record, "not finished")
    assert store.load(record["match_id"]) is None
    assert archive.import_matches(store, [json.dumps(record)], unfinished=True) == (1, 0)
    assert matches.load(store, record["match_id"])[1]["status"] != "finished"


@pytest.mark.parametrize("change, reason", [
    (lambda r: r["seats"][0].update(name="x" * 10000), "name"),
    (lambda r: r.pop("history"), "missing fields"),
    (lambda r: r.update(extra=1), "unknown fields"),
    (lambda r: r.update(match_id="a" * 65), "match_id"),
    (lambda r: r.update(seed="1e9"), "seed"),
    (lambda r: r["seats"][1].update(kind="bot", bot={"bot": "ismcts", "budget_ms": 60000}), "bot"),
    (lambda r: r.update(history=[[0, {"type": "draw"}]] * 30001), "history"),
])
def test_a_bad_record_is_refused_with_its_reason(store, change, reason):
    record = _played(store, seed=3)
    change(record)
    _refused(store, record, reason)
    assert store.load_meta(record.get("match_id", "")[:64] or "x") is None


def test_not_json_is_refused_clearly(store):
    _refused(store, "{not json", "not JSON")


def test_a_bad_action_late_in_the_history_leaves_nothing_written(store):
    record = _played(store, seed=4)
    record["history"].append([0, {"type": "play", "card": 99}])
    _refused(store, record, "history")
    assert store.load(record["match_id"]) is None
    assert store.redis.exists(store._key("events", record["match_id"])) == 0


def test_an_existing_id_is_overwritten_only_with_replace(store):
    first, second = _played(store, seed=5), _played(store, seed=6)
    second["match_id"] = first["match_id"]
    assert archive.import_matches(store, [json.dumps(first)]) == (1, 0)
    messages = []
    assert archive.import_matches(store, [json.dumps(second)], report=messages.append) == (0, 1)
    assert "exists" in messages[0] and "--replace" in messages[0]
    assert matches.load(store, first["match_id"])[0].seed == int(first["seed"])
    assert archive.import_matches(store, [json.dumps(second)], replace=True) == (1, 0)
    replaced, _ = matches.load(store, first["match_id"])
    assert replaced.seed == int(second["seed"])
    assert [e["seq"] for e in store.events(first["match_id"])] == list(range(1, len(second["history"]) + 2))


def test_the_command_refuses_a_bad_file_with_one_clear_line(config, store, tmp_path):
    record = _played(store, seed=7)
    record["seats"][0]["name"] = "x" * 1000
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n")
    done = subprocess.run([sys.executable, "-m", "service.cli", "archive", "import", str(path),
                           "--redis-url", config["REDIS_URL"], "--prefix", config["PREFIX"]],
                          env=dict(os.environ, PYTHONPATH=ROOT), cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0 and "line 1" in done.stderr and "Traceback" not in done.stderr
    assert store.load(record["match_id"]) is None
