"""Finding 14: the service's bot randomness derived from public data (match id, version, seat), so
an opponent could recompute a random bot's choices and infer its hand. Now each turn's RNG is an
HMAC keyed by the match's secret seed: it takes a secret input, and matches whose public data are
identical but whose secret seeds differ give different bot streams."""

import hashlib

import pytest

import engine
from service import matches
from service.store import Store
from worker import jobs


def _draws(rng, n=8):
    return [rng.next64() for _ in range(n)]


def _public_rng(match_id, version, seat):
    """What anyone could compute from what a player sees (the old derivation)."""
    return engine.Rng(int(hashlib.sha256(f"{match_id}:{version}:{seat}".encode()).hexdigest()[:16], 16))


def test_the_bot_stream_needs_the_secret_seed():
    public = ("0123456789abcdef", 3, 1)  # the same match id, version and seat
    first = _draws(jobs.bot_rng(11, *public))
    assert first == _draws(jobs.bot_rng(11, *public))  # deterministic for the worker
    assert first != _draws(jobs.bot_rng(12, *public))  # another secret seed, another stream
    assert first != _draws(_public_rng(*public))


class _Seen(Exception):
    pass


def test_a_bot_turn_draws_from_the_secret_derivation(config, monkeypatch):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    match_id, _, match, _ = matches.create(store, "toy", {}, [{"bot": "random"}, {"kind": "human"}], seed=5)
    seen = []

    def spy(game, spec, view, seat, rng, clock=None):
        seen.append(_draws(rng))
        raise _Seen

    monkeypatch.setattr(jobs, "_STORE", store)
    monkeypatch.setattr(jobs, "choose_action", spy)
    with pytest.raises(_Seen):
        jobs.bot_turn(match_id, 0, 0)
    assert seen[0] != _draws(_public_rng(match_id, 0, 0))
    assert seen[0] == _draws(jobs.bot_rng(match.seed, match_id, 0, 0))
