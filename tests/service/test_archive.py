"""`safehouse archive`: finished matches exported to JSONL and imported back (views, events and
replays work again; the commitment is checked), from the console command."""

import json
import os
import subprocess
import sys

import engine
from service import matches
from service.cli import archive
from service.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def finished_match(store, game="classified", seed=12):
    match_id, meta, match, _ = matches.create(store, game, {}, [{"kind": "human"}] * 2, seed=seed)
    rng = engine.Rng(seed)
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        match, meta = matches.act(store, match_id, seat, rng.choice(engine.legal_actions(match, seat)))
    return match_id, match


def test_export_then_import_gives_back_the_same_match(config, tmp_path):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    match_id, match = finished_match(store)
    running, *_ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=1)
    events_before = store.events(match_id)
    path = tmp_path / "archive.jsonl"
    env = dict(os.environ, PYTHONPATH=ROOT)
    subprocess.run([sys.executable, "-m", "service.cli", "archive", "export", str(path), "--delete",
                    "--redis-url", config["REDIS_URL"], "--prefix", config["PREFIX"]],
                   check=True, env=env, cwd=ROOT, capture_output=True, timeout=120)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["match_id"] for line in lines] == [match_id]  # finished ones only
    assert "token_hash" not in path.read_text()
    assert store.load(match_id) is None and store.load(running) is not None
    replayed = engine.replay(lines[0]["game"], lines[0]["options"], int(lines[0]["seed"]), lines[0]["history"])
    assert engine.match_to_json(replayed) == engine.match_to_json(match)
    assert archive.import_matches(store, path.read_text().splitlines()) == (1, 0)
    restored, meta = matches.load(store, match_id)
    assert engine.match_to_json(restored) == engine.match_to_json(match)
    assert meta["status"] == "finished"
    assert [(e["seq"], e["entries"]) for e in store.events(match_id)] == \
        [(e["seq"], e["entries"]) for e in events_before]
    assert archive.import_matches(store, path.read_text().splitlines()) == (0, 1)


def test_an_archive_with_a_wrong_commitment_is_refused(config, tmp_path):
    import pytest
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    match_id, match = finished_match(store, seed=13)
    record = archive.archive_record(match_id, match, matches.load(store, match_id)[1])
    store.delete_match(match_id)
    record["seed"] = str(int(record["seed"]) + 1)
    with pytest.raises(SystemExit, match="commitment"):
        archive.import_matches(store, [json.dumps(record)])


def test_archive_help():
    out = subprocess.run([sys.executable, "-m", "service.cli", "archive", "export", "--help"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0 and "--delete" in out.stdout
