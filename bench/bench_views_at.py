"""What a view at version V costs (`GET /matches/{id}/replay?at=V`, service/views_at.py), per game,
on the longest of a few seeded random playouts (bots' matches are shorter: random play is the long
tail): a cold rebuild of the last version but one (the worst case: every action replayed with
`engine.step`, checkpoints left on the way) plus the spectator's render, then a warm neighbour
(from a checkpoint: at most CHECKPOINT_EVERY - 1 actions), and the cache's estimated bytes; then
what the texts of a page of 500 events cost a spectator catching up from the start (/events?after=0:
one walk over those versions, service/event_words.py).

Usage: python bench/bench_views_at.py [--seeds 4] [--repeats 3] [--game darkagent]
"""

import argparse
import itertools
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine import Rng  # noqa: E402
from service import event_words, views_at  # noqa: E402

GAMES = ("classified", "insidejob", "ifthen", "darkagent")
LONG = {"darkagent": {"players": 6, "safety_round_cap": 60}}  # the longest matches the options allow
META = {"commitment": "bench", "status": "active", "seats": [], "deadline": None}


def longest_playout(game_id, seeds):
    """The longest finished match among seeded random playouts of the game's default options."""
    best = None
    for seed in range(seeds):
        match, pick = engine.start(game_id, LONG.get(game_id, {}), seed), Rng(seed)
        while engine.to_move(match):
            seat = pick.choice(engine.to_move(match))
            legal = engine.legal_actions(match, seat)
            match = engine.step(match, seat, legal[pick.randbelow(len(legal))])
        if best is None or match.version > best.version:
            best = match
    return best


def timed_ms(function, repeats):
    """The best of `repeats` runs of function(), in ms."""
    best = None
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        elapsed = (time.perf_counter() - started) * 1000
        best = elapsed if best is None else min(best, elapsed)
    return best


def events_page(match, count=500):
    """The first `count` events of a match as a spectator gets them (one per version)."""
    by_version = itertools.groupby(match.log, key=lambda entry: entry["seq"])
    return [{"seq": v + 1, "version": v, "entries": engine.render_log(list(entries), None)}
            for v, entries in itertools.islice(by_version, count)]


def page_texts_ms(match, meta, repeats):
    """The texts of a page of events, from a cold cache."""
    events = events_page(match)

    def run():
        walk = views_at.matches_at("b", match, meta, [e["version"] for e in events], views_at.VersionCache())
        for event, at in zip(events, walk):
            event_words.texts(at, event, None)
    return len(events), timed_ms(run, repeats)


def bench(game_id, seeds, repeats):
    match = longest_playout(game_id, seeds)
    meta = dict(META, seats=[{"kind": "human", "joined": True}] * match.rules.seat_count(match.options))
    target = match.version - 1
    cold = timed_ms(lambda: views_at.view_at("b", match, meta, None, target, views_at.VersionCache()), repeats)
    cache = views_at.VersionCache()
    views_at.view_at("b", match, meta, None, target, cache)
    neighbour = max(0, target - views_at.CHECKPOINT_EVERY // 2)
    warm = timed_ms(lambda: views_at.view_at("b", match, meta, None, neighbour, cache), repeats)
    render = timed_ms(lambda: views_at.view_at("b", match, meta, None, match.version, cache), repeats)
    per_step = cold / max(1, target)
    print(f"{game_id:11s} versions {match.version:5d}  cold at=V-1 {cold:8.1f} ms "
          f"({per_step * 1000:6.1f} µs/action)  warm neighbour {warm:6.2f} ms  render now {render:5.2f} ms  "
          f"cache {len(cache)} entries {cache.bytes / 1e6:5.1f} MB (estimated)")
    count, page = page_texts_ms(match, meta, repeats)
    print(f"{'':11s} texts of {count} events from the start (cold): {page:6.1f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--game", choices=GAMES)
    args = parser.parse_args()
    for game_id in [args.game] if args.game else GAMES:
        bench(game_id, args.seeds, args.repeats)


if __name__ == "__main__":
    main()
