"""A minimal Flask + Redis game service: the yardstick `bench/bench_service.py` measures ours by.

It does the work a game endpoint cannot skip, and nothing else:
- `POST /m` {"seed", "players"}: start an Inside Job match (same engine, same seed as ours), store
  it with one SHA-256 token hash per seat, answer the match id and the four tokens;
- `GET /m/<id>` (Authorization: Bearer <token>): load the snapshot, render the seat's view;
- `POST /m/<id>/act` {"action", "version"}: load, check the version, `engine.step`, then ONE
  compare-and-set Lua script (check rev, write snapshot, append the event to a stream, as
  `service/store/scripts.py`'s SAVE_SCRIPT does) and answer the actor's view.

No schemas, rate limiter, idempotency keys, ETags, compression, CORS, notifier or job queue.
Served like ours: `gunicorn -k gevent -w 2 bench.reference_app:app`; Redis from REF_REDIS_URL,
keys under REF_PREFIX.
"""

import hashlib
import json
import os
import secrets

import redis
from flask import Flask, request

import engine

SAVE_SCRIPT = """
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '-1')
if rev ~= tonumber(ARGV[1]) then
  return {0, rev}
end
rev = rev + 1
redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'version', ARGV[3], 'rev', rev)
redis.call('XADD', KEYS[2], '0-' .. rev, 'entry', ARGV[4])
return {1, rev}
"""

GAME = "insidejob"


def _dumps(value):
    return json.dumps(value, separators=(",", ":"))


def _hash(token):
    return hashlib.sha256(token.encode()).hexdigest()


def create_app(redis_url=None, prefix=None):
    """The reference app on `redis_url` (default REF_REDIS_URL), keys under `prefix`."""
    app = Flask(__name__)
    client = redis.Redis.from_url(redis_url or os.environ.get("REF_REDIS_URL", "redis://127.0.0.1:6379/0"))
    prefix = prefix or os.environ.get("REF_PREFIX", "ref:")
    save = client.register_script(SAVE_SCRIPT)

    def keys(match_id):
        return f"{prefix}m:{match_id}", f"{prefix}e:{match_id}"

    def load(match_id):
        doc, seats, rev = client.hmget(keys(match_id)[0], "doc", "seats", "rev")
        if doc is None:
            return None
        return engine.match_from_json(json.loads(doc)), json.loads(seats), int(rev)

    def seat_of(seats):
        token = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        digest = _hash(token) if token else None
        return next((i for i, h in enumerate(seats) if h == digest), None)

    @app.post("/m")
    def create():
        body = request.get_json()
        match = engine.start(GAME, {"players": int(body.get("players", 4))}, int(body["seed"]))
        tokens = [secrets.token_urlsafe(24) for _ in range(match.options["players"])]
        match_id = secrets.token_hex(8)
        match_key, events_key = keys(match_id)
        pipe = client.pipeline()
        pipe.hset(match_key, mapping={"doc": _dumps(engine.match_to_json(match)),
                                      "seats": _dumps([_hash(t) for t in tokens]),
                                      "version": match.version, "rev": 1})
        pipe.xadd(events_key, {"entry": _dumps({"version": 0, "entries": list(match.log)})}, id="0-1")
        pipe.execute()
        return {"match_id": match_id, "tokens": tokens}, 201

    @app.get("/m/<match_id>")
    def view(match_id):
        found = load(match_id)
        if found is None:
            return {"error": "no such match"}, 404
        match, seats, _ = found
        return engine.render(match, seat_of(seats))

    @app.post("/m/<match_id>/act")
    def act(match_id):
        body = request.get_json()
        found = load(match_id)
        if found is None:
            return {"error": "no such match"}, 404
        match, seats, rev = found
        seat = seat_of(seats)
        if seat is None:
            return {"error": "a seat token is needed"}, 401
        if body.get("version") is not None and body["version"] != match.version:
            return {"error": "stale version"}, 409
        try:
            new = engine.step(match, seat, body["action"])
        except engine.EngineError as exc:
            return {"error": exc.code}, 409
        event = {"version": new.version, "actor": seat, "entries": list(new.log[len(match.log):])}
        match_key, events_key = keys(match_id)
        ok, _ = save(keys=[match_key, events_key],
                     args=[rev, _dumps(engine.match_to_json(new)), new.version, _dumps(event)])
        if not ok:
            return {"error": "stale version"}, 409
        return engine.render(new, seat)

    return app


if os.environ.get("REF_REDIS_URL"):  # imported by gunicorn: `bench.reference_app:app`
    app = create_app()
