"""service/store/transaction.py's one-round-trip transaction and the view's load built on it
(`Store.load_counting`): same answers as the scripted load and the rate limiter's hit script, error
replies raised without leaving unread replies on a pooled connection, a connection Redis dropped
while it sat in the pool retried once."""

import redis

import engine
from service import matches
from service.store import transaction as redis_tx
from service.store.connection import WaitingConnectionPool
from service.store import Store


def _pool_client(redis_url):
    pool = WaitingConnectionPool.from_url(redis_url, max_connections=1, timeout=1)
    pool.RECHECK_IDLE_S = 3600  # no poll at check-out: what the transaction itself must survive
    return redis.Redis(connection_pool=pool)


def test_replies_come_back_in_order_and_an_error_reply_is_raised_cleanly(redis_url, namespace):
    client = _pool_client(redis_url)
    key, text = f"{namespace['PREFIX']}tx:n", f"{namespace['PREFIX']}tx:s"
    assert redis_tx.transaction(client, [("INCR", key), ("INCRBY", key, 4), ("GET", key)]) == [1, 5, b"5"]
    client.set(text, "not a hash")
    try:
        redis_tx.transaction(client, [("INCR", key), ("HGET", text, "field"), ("INCR", key)])
        raise AssertionError("WRONGTYPE was not raised")
    except redis.ResponseError as error:
        assert "WRONGTYPE" in str(error)
    assert client.get(key) == b"7"  # a transaction runs whole (Redis does not roll back)
    assert client.echo("next") == b"next"  # the one pooled connection holds no stray reply
    client.connection_pool.disconnect()


def test_a_connection_redis_dropped_in_the_pool_is_retried_once(redis_url, namespace):
    client = _pool_client(redis_url)
    key = f"{namespace['PREFIX']}tx:n"
    old_id = client.client_id()
    assert redis.Redis.from_url(redis_url).client_kill_filter(_id=old_id) == 1
    assert redis_tx.transaction(client, [("INCR", key)]) == [1]
    assert client.client_id() != old_id
    client.connection_pool.disconnect()


def test_the_counting_load_answers_what_the_load_and_the_hit_script_answer(redis_url, namespace):
    store = Store(redis_url, prefix=namespace["PREFIX"])
    other = Store(redis_url, prefix=namespace["PREFIX"])  # another process: nothing parsed yet
    scripted = Store(redis_url, prefix=namespace["PREFIX"])
    scripted._plain = False  # loads with the script a cluster uses
    match_id, *_ = matches.create(store, "insidejob", {"players": 4}, [{"kind": "human"}] * 4, 5)
    keys = [f"{namespace['PREFIX']}limit:a", f"{namespace['PREFIX']}limit:b"]
    for step in range(1, 7):
        match, _ = matches.load(store, match_id)
        seat = engine.to_move(match)[0]
        matches.act(store, match_id, seat, engine.legal_actions(match, seat)[0], match.version)
        counts, found = other.load_counting(match_id, keys, [60, 3600])
        assert found == store.load(match_id) == scripted.load(match_id)  # read on from the last load
        assert len(found[0]["history"]) == step and found[0]["log"] == store.load(match_id)[0]["log"]
        assert [count for count, _ in counts] == [step, step]
        assert 0 < counts[0][1] <= 60 and 60 < counts[1][1] <= 3600
    assert other.load_counting("nosuchmatch", keys[:1], [60])[1] is None
