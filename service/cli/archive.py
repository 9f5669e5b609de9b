"""`safehouse archive`: keep finished matches beyond their retention, in JSONL files.

`export` writes one line per finished match (id, game, options, seed, the whole action history,
outcome, seats without token hashes, commitment, creation time): enough to verify and replay it
anywhere (`engine.replay`). `--delete` removes the exported matches from Redis afterwards.
`import` puts archived matches back: each line is validated first (service/cli/archive_check.py:
known fields, bounded sizes and names, the commitment, the whole history through the engine),
finished matches only unless `--unfinished`, seat token hashes never taken from the file; each
match is then written as it was played (one event per action) in one atomic write, so a bad line
never leaves half a match, and an existing id is kept unless `--replace`.
"""

import json
import sys

import engine

from .. import matches as match_service
from ..settings import Settings, from_env
from ..store import Store
from . import archive_check
from .archive_check import BadRecord
from .archive_recorder import Recorder


def register(subparsers):
    """Add `archive export` and `archive import`."""
    parser = subparsers.add_parser("archive", help="export finished matches to JSONL, or import them back",
                                   description=__doc__)
    sub = parser.add_subparsers(dest="archive_command", required=True, metavar="ACTION")
    export = sub.add_parser("export", help="write finished matches to a JSONL file")
    export.add_argument("path", help="the JSONL file to write ('-' = standard output)")
    export.add_argument("--game", help="only this game")
    export.add_argument("--delete", action="store_true", help="remove exported matches from Redis")
    _common(export)
    export.set_defaults(run=run_export)
    load = sub.add_parser("import", help="put matches from a JSONL archive back into Redis")
    load.add_argument("path", help="the JSONL file to read ('-' = standard input)")
    load.add_argument("--replace", action="store_true", help="overwrite matches whose id exists")
    load.add_argument("--unfinished", action="store_true",
                      help="import unfinished matches too (their human seats have no token: nobody plays them)")
    _common(load)
    load.set_defaults(run=run_import)


def _common(parser):
    config = from_env()
    parser.add_argument("--redis-url", default=config["REDIS_URL"], help="default: SAFEHOUSE_REDIS_URL")
    parser.add_argument("--prefix", default=config["PREFIX"], help="key prefix (default: SAFEHOUSE_PREFIX)")


def archive_record(match_id, match, meta):
    """The archive line of a finished match."""
    return {
        "match_id": match_id, "game": match.game, "options": match.options, "seed": str(match.seed),
        "history": [[seat, action] for seat, action in match.history],
        "outcome": match.rules.outcome(match.state), "commitment": meta["commitment"],
        "created": meta["created"], "clock_s": meta.get("clock_s"),
        "seats": [{k: v for k, v in seat.items() if k != "token_hash"} for seat in meta["seats"]],
    }


def export_matches(store, out, game=None, delete=False):
    """Write every finished match (of `game`) to `out`; returns how many."""
    count = 0
    for match_id in store.scan_match_ids():
        found = store.load(match_id)
        if found is None or found[1].get("status") != "finished":
            continue
        doc, meta, _ = found
        if game and doc["game"] != game:
            continue
        match = engine.match_from_json(doc)
        out.write(json.dumps(archive_record(match_id, match, meta), separators=(",", ":")) + "\n")
        count += 1
        if delete:
            store.delete_match(match_id)
    return count


def import_matches(store, lines, replace=False, unfinished=False, report=None):
    """Check, re-play and store each archived match, each written whole or not at all; returns
    (imported, skipped: ids already there). An existing id is kept unless `replace`; a match
    that is not finished is refused unless `unfinished`. A bad record stops the import with
    SystemExit naming its line (the matches before it are imported, each whole)."""
    report = report or (lambda message: print(message, file=sys.stderr))
    imported = skipped = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record, _, recorder = prepare(line, unfinished, limits=None)
        except BadRecord as exc:
            raise SystemExit(f"line {number}: {exc}; nothing of it was written "
                             f"({imported} matches before it were imported)") from None
        if not recorder.write(store, record["match_id"], replace):
            report(f"line {number}: match {record['match_id']} exists; kept (--replace overwrites it)")
            skipped += 1
            continue
        imported += 1
    return imported, skipped


def prepare(line, unfinished=False, limits=None):
    """(record, final match, Recorder holding every write) of one line; BadRecord when it may
    not be imported. Nothing is written to Redis here."""
    record = archive_check.parse_line(line)
    start = archive_check.start_checked(record)
    seats = archive_check.seats_checked(record, start, limits)
    recorder = Recorder()
    try:
        match = replay_into(recorder, dict(record, seats=seats), start)
    except engine.EngineError as exc:
        raise BadRecord(f"history: {exc.message}") from None
    outcome = match.rules.outcome(match.state)
    if outcome is None and not unfinished:
        raise BadRecord("the match is not finished (--unfinished imports it anyway)")
    if record.get("outcome") is not None and record["outcome"] != json.loads(json.dumps(outcome)):
        raise BadRecord("the outcome does not match the replayed history")
    return record, match, recorder


def replay_into(store, record, match):
    """Write an archived match as it was played: creation, then one saved event per action."""
    seats = [dict(seat, joined=True) for seat in record["seats"]]
    meta = {"game": record["game"], "options": match.options, "seats": seats,
            "created": record["created"], "commitment": record["commitment"],
            "clock_s": None, "deadline": None, "status": "active", "version": 0, "archived": True}
    first = {"version": 0, "actor": None, "entries": list(match.log), "kind": "created"}
    store.create(record["match_id"], engine.match_to_json(match), meta, first)
    store.index_match(record["match_id"], record["created"], record["game"])
    rev = 1
    for seat, action in record["history"]:
        new = engine.step(match, seat, action)
        new, meta = match_service.save_step(store, record["match_id"], rev, match, new, meta)
        match, rev = new, rev + 1
    return match


def run_export(args):
    store = Store(args.redis_url, prefix=args.prefix, retention_s=Settings.from_env().retention_s)
    out = sys.stdout if args.path == "-" else open(args.path, "w", encoding="utf-8")
    try:
        count = export_matches(store, out, args.game, args.delete)
    finally:
        if out is not sys.stdout:
            out.close()
    print(f"exported {count} finished matches to {args.path}", file=sys.stderr)
    return 0


def run_import(args):
    store = Store(args.redis_url, prefix=args.prefix, retention_s=Settings.from_env().retention_s)
    source = sys.stdin if args.path == "-" else open(args.path, encoding="utf-8")
    try:
        imported, skipped = import_matches(store, source, args.replace, args.unfinished)
    finally:
        if source is not sys.stdin:
            source.close()
    print(f"imported {imported} matches ({skipped} already there)", file=sys.stderr)
    return 0
