"""Service benchmark: HTTP action round trips and bot-turn latency through the API.

Bot turn latency = from the moment the human's action is committed (its POST answered) until the
bot's reply is committed and visible (read by long-poll on the event stream): enqueue, worker
pick-up, load, bot decision, compare-and-set save. Printed as p50/p95 per game and bot.
Usage: python bench/bench_bot_latency.py [--turns N] [--bots heuristic,random]
"""

import argparse
import os
import sys
import time

import requests

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.bots import bot_catalog  # noqa: E402
from bench.harness import percentile, service  # noqa: E402


def measure_bot_latency(base, game_id, bot, turns):
    """Latencies (ms) of bot replies to a human seat playing random legal actions."""
    rules = engine.get_game(game_id)
    n = rules.seat_count(rules.validate_options({}))
    session = requests.Session()
    rng = engine.Rng(1)
    latencies, post_ms = [], []
    while len(latencies) < turns:
        seats = [{"kind": "human"}] + [{"bot": bot}] * (n - 1)
        made = session.post(f"{base}/matches", json={"game": game_id, "seats": seats}).json()
        mid, token = made["match_id"], made["tokens"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        cursor = 0
        for _ in range(rules.max_length):
            view = session.get(f"{base}/matches/{mid}", headers=auth).json()
            if view["finished"] or len(latencies) >= turns:
                break
            if 0 not in view["to_move"]:
                page = session.get(f"{base}/matches/{mid}/events", params={"after": cursor, "wait": 10}).json()
                cursor = page["last"]
                continue
            started = time.perf_counter()
            answer = session.post(f"{base}/matches/{mid}/actions", headers=auth,
                                  json={"action": rng.choice(view["legal_actions"]), "version": view["version"]})
            committed = time.perf_counter()
            if not answer.ok:  # a bot moved first in a simultaneous window: look again
                continue
            post_ms.append((committed - started) * 1000)
            after = answer.json()
            if after["finished"] or 0 in after["to_move"] or not after["to_move"]:
                continue
            cursor = _bot_reply(session, base, mid, after["version"], latencies, committed)
    return latencies, post_ms


def _bot_reply(session, base, mid, version, latencies, committed):
    """Long-poll until an event by a bot seat after `version` arrives; record its latency."""
    cursor = 0
    while True:
        page = session.get(f"{base}/matches/{mid}/events", params={"after": cursor, "wait": 10}).json()
        cursor = page["last"]
        if any(e["version"] > version and e["actor"] not in (None, 0) for e in page["events"]):
            latencies.append((time.perf_counter() - committed) * 1000)
            return cursor


def main():
    """Print p50/p95 bot-turn latency and POST latency per game."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--bots", default="heuristic,random")
    args = parser.parse_args()
    with service(workers=1) as base:
        print(f"{'game':<12}{'bot':<11}{'n':>5}{'bot p50 ms':>12}{'bot p95 ms':>12}{'POST p50':>10}{'POST p95':>10}")
        for game_id in sorted(engine.GAMES):
            names = [b["bot"] for b in bot_catalog(game_id)]
            for bot in args.bots.split(","):
                if bot not in names:
                    continue
                lat, post = measure_bot_latency(base, game_id, bot, args.turns)
                print(f"{game_id:<12}{bot:<11}{len(lat):>5}{percentile(lat, 50):>12.1f}{percentile(lat, 95):>12.1f}"
                      f"{percentile(post, 50):>10.1f}{percentile(post, 95):>10.1f}", flush=True)


if __name__ == "__main__":
    main()
