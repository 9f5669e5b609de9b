"""Small records beside the matches: idempotency records (service/api/idempotency.py), stream
tickets (service/api/stream_tickets.py), cached answers and the odds secret (service/api/odds.py),
a seat's private notes (service/api/notes.py) and worker heartbeats (worker/sweeper.py)."""

import time

from ..fast_json import dumps_bytes, loads

WORKERS_FORGET_S = 3600  # a heartbeat this long expired leaves the workers' index


def _dumps(value):
    return dumps_bytes(value, sort_keys=True)


class Records:
    """Idempotency records, tickets, caches, notes and heartbeats (a part of service/store's `Store`)."""

    def idempotent_get(self, record_id):
        """An idempotency record ({"state": "pending"|"done", "fingerprint", "sealed"?}) or None."""
        raw = self.redis.get(self.keys.idempotency(record_id))
        return None if raw is None else loads(raw)

    def idempotent_reserve(self, record_id, record, ttl):
        """Reserve a key for the request about to act; False when a record already exists."""
        return bool(self.redis.set(self.keys.idempotency(record_id), _dumps(record), nx=True, ex=ttl))

    def idempotent_finish(self, record_id, record, ttl):
        """Replace a reservation with the finished (sealed) response."""
        self.redis.set(self.keys.idempotency(record_id), _dumps(record), ex=ttl)

    def idempotent_drop(self, record_id):
        """Forget a reservation whose request failed unexpectedly (a retry may act again)."""
        self.redis.delete(self.keys.idempotency(record_id))

    def cache_get(self, kind, key):
        """A cached JSON answer or None."""
        raw = self.redis.get(self.keys.cache(kind, key))
        return None if raw is None else loads(raw)

    def cache_put(self, kind, key, value, ttl=7 * 86400):
        """Cache a JSON answer by question key."""
        self.redis.set(self.keys.cache(kind, key), _dumps(value), ex=ttl)

    def ticket_put(self, digest, record, ttl_s):
        """Store a stream ticket's record under the SHA-256 of the ticket."""
        self.redis.set(self.keys.ticket(digest), _dumps(record), ex=ttl_s)

    def ticket_get(self, digest):
        """A stream ticket's record or None."""
        raw = self.redis.get(self.keys.ticket(digest))
        return None if raw is None else loads(raw)

    def odds_secret(self, candidate):
        """The deployment's odds secret: `candidate` if none was stored yet (SET NX), else the
        stored one, so every process shares the first."""
        self.redis.set(self.keys.odds_secret, candidate, nx=True)
        return self.redis.get(self.keys.odds_secret)

    def notes_read_command(self, match_id, seat):
        """The command that reads a seat's notes (for `read`'s extras, or alone)."""
        return ("HGETALL", self.keys.notes(match_id, seat))

    def notes_get(self, match_id, seat):
        """A seat's notes hash as stored ({number: mark, "rev": n}, bytes)."""
        return self.redis.hgetall(self.keys.notes(match_id, seat))

    def notes_set(self, match_id, seat, number, mark, rev_field):
        """Set one mark and bump the notes revision; the notes live as long as their match."""
        key = self.keys.notes(match_id, seat)
        ttl = self.redis.pttl(self.keys.match(match_id))
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(key, str(number), mark)
        pipe.hincrby(key, rev_field, 1)
        if ttl and ttl > 0:
            pipe.pexpire(key, ttl)
        pipe.execute()

    def beat(self, worker_name, ttl_s, queues=()):
        """A worker process serving `queues` is alive for the next `ttl_s` seconds (its heartbeat
        thread says so); the workers' index (for /readyz and /metrics) forgets the long dead."""
        now = time.time()
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(self.keys.alive(worker_name), 1, px=int(ttl_s * 1000))
        pipe.zadd(self.keys.workers(), {f"{','.join(queues)}|{worker_name}": now + ttl_s})
        pipe.zremrangebyscore(self.keys.workers(), "-inf", now - WORKERS_FORGET_S)
        pipe.execute()

    def live_workers(self):
        """{worker name: (queue names)} of the workers whose heartbeat is fresh."""
        members = self.redis.zrangebyscore(self.keys.workers(), repr(time.time()), "+inf")
        out = {}
        for member in members:
            queues, _, name = member.decode().rpartition("|")
            out[name] = tuple(q for q in queues.split(",") if q)
        return out

    def is_beating(self, worker_name):
        """True while the named worker's heartbeat has not expired."""
        return bool(self.redis.exists(self.keys.alive(worker_name)))
