"""One MULTI ... EXEC transaction in one round trip, straight on a pooled connection.

For the hottest read (service/store/snapshots.py's `read`): redis-py's Pipeline costs about twice
the client CPU of a single command, and a Lua script copies every argument and reply through Lua
(Redis CPU). Packed by redis-py, parsed by its parser (hiredis); an error reply inside the
transaction is raised, and the connection is dropped whenever its replies may not all have been
read. A broken connection (e.g. one Redis closed while it sat in the pool) is retried once on a
new one: the transactions sent here only read and count, so running one twice is harmless.
"""

import redis


def transaction(client, commands):
    """The replies of `commands` (tuples of command name and arguments), run atomically."""
    pool = client.connection_pool
    packed_commands = [("MULTI",), *commands, ("EXEC",)]
    for attempt in range(2):
        connection = pool.get_connection()
        try:
            connection.send_packed_command(connection.pack_commands(packed_commands))
            for _ in range(len(commands) + 1):
                connection.read_response()  # OK, then QUEUED per command
            replies = connection.read_response()
        except (redis.ConnectionError, redis.TimeoutError):
            connection.disconnect()
            if attempt:
                raise
            continue
        except BaseException:
            connection.disconnect()  # replies may be left unread on it
            raise
        finally:
            pool.release(connection)
        for reply in replies:
            if isinstance(reply, redis.ResponseError):
                raise reply
        return replies
    raise AssertionError("unreachable")
