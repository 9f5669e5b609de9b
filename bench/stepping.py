"""The one measurement every engine benchmark shares: a validated library step."""

import time

import engine


def timed_step(match, seat, action):
    """(new match, wall µs, CPU µs) of engine.step + engine.render(new, seat) + match_to_json(new)."""
    t0, c0 = time.perf_counter(), time.thread_time()
    new = engine.step(match, seat, action)
    engine.render(new, seat)
    engine.match_to_json(new)
    return new, (time.perf_counter() - t0) * 1e6, (time.thread_time() - c0) * 1e6
