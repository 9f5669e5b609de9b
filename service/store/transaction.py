"""One MULTI ... EXEC transaction in one round trip, straight on a pooled connection.

For the hottest read (service/store/snapshots.py's `read`): redis-py's Pipeline costs about twice
the client CPU of a single command, and a Lua script copies every argument and reply through Lua
(Redis CPU). Packed by redis-py, parsed by its parser (hiredis); an error reply inside the
transaction is raised, and the connection is dropped whenever its replies may not all have been
read. A transient error (a broken connection, e.g. one Redis closed while it sat in the pool, or
a failover: store/resilience.py) is retried on a new connection for the client's `retry_s`: the
transactions sent here only read and count, so running one twice is harmless.
"""

import redis

from .resilience import RETRY_S, TRANSIENT, again


def transaction(client, commands):
    """The replies of `commands` (tuples of command name and arguments), run atomically."""
    try:
        return _once(client.connection_pool, [("MULTI",), *commands, ("EXEC",)], len(commands))
    except TRANSIENT as exc:
        packed = [("MULTI",), *commands, ("EXEC",)]
        return again(lambda: _once(client.connection_pool, packed, len(commands)), exc,
                     getattr(client, "retry_s", RETRY_S))


def _once(pool, packed_commands, count):
    connection = pool.get_connection()
    try:
        connection.send_packed_command(connection.pack_commands(packed_commands))
        for _ in range(count + 1):
            connection.read_response()  # OK, then QUEUED per command
        replies = connection.read_response()
    except BaseException:
        connection.disconnect()  # replies may be left unread on it
        raise
    finally:
        pool.release(connection)
    for reply in replies:
        if isinstance(reply, redis.ResponseError):
            raise reply
    return replies
