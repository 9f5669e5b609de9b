"""The API's Redis pool: at most `max_connections` held at once; a caller past the bound waits for
one to come back (then gets it), or fails with ConnectionError after `timeout`; a connection
returned twice, or held across a reset, never frees a slot it does not hold."""

import threading

import pytest
import redis

from service.store.connection import WaitingConnectionPool


def test_a_caller_past_the_bound_waits_for_a_connection_to_come_back(redis_url):
    pool = WaitingConnectionPool.from_url(redis_url, max_connections=2, timeout=5)
    first, second = pool.get_connection(), pool.get_connection()
    got = []
    waiter = threading.Thread(target=lambda: got.append(pool.get_connection()))
    waiter.start()
    waiter.join(0.2)
    assert not got  # still waiting: both are held
    pool.release(first)
    waiter.join(5)
    assert got == [first]  # the one given back
    pool.release(second)
    pool.release(got[0])
    pool.disconnect()


def test_past_the_wait_it_is_a_connection_error_and_double_returns_free_nothing(redis_url):
    pool = WaitingConnectionPool.from_url(redis_url, max_connections=1, timeout=0.1)
    held = pool.get_connection()
    with pytest.raises(redis.ConnectionError):
        pool.get_connection()
    pool.release(held)
    pool.release(held)  # a second return must not make room for two holders
    again = pool.get_connection()
    with pytest.raises(redis.ConnectionError):
        pool.get_connection()
    pool.reset()  # as after a fork: the old holder's slot is not the new semaphore's
    pool.release(again)
    one = pool.get_connection()
    with pytest.raises(redis.ConnectionError):
        pool.get_connection()
    pool.release(one)
    assert redis.Redis(connection_pool=pool).ping()
    pool.disconnect()


def test_a_connection_back_moments_ago_is_handed_out_without_polling_its_socket(redis_url, monkeypatch):
    pool = WaitingConnectionPool.from_url(redis_url, max_connections=2, timeout=1)
    client = redis.Redis(connection_pool=pool)
    assert client.ping()
    polls = []
    connection_class = pool.connection_class
    real_can_read = connection_class.can_read
    monkeypatch.setattr(connection_class, "can_read",
                        lambda self, *a, **k: polls.append(self) or real_can_read(self, *a, **k))
    for _ in range(5):
        assert client.ping()
    assert polls == []  # in use again within RECHECK_IDLE_S: no poll
    pool.RECHECK_IDLE_S = 0  # every check-out now counts as after an idle spell
    assert client.ping()
    assert len(polls) == 1
    pool.disconnect()


def test_an_idle_connection_that_redis_dropped_or_left_dirty_is_replaced(redis_url):
    pool = WaitingConnectionPool.from_url(redis_url, max_connections=1, timeout=1)
    pool.RECHECK_IDLE_S = 0
    client = redis.Redis(connection_pool=pool)
    client_id = client.client_id()
    assert redis.Redis.from_url(redis_url).client_kill_filter(_id=client_id) == 1  # as a restart would
    assert client.ping() and client.client_id() != client_id  # reconnected, not a ConnectionError
    dirty = pool.get_connection()
    dirty.send_command("ECHO", "stray")  # a reply nobody read
    assert dirty.can_read(timeout=2)  # it has arrived
    pool.release(dirty)
    assert client.echo("mine") == b"mine"
    pool.disconnect()
