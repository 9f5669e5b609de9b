"""Tournament records on RQ's Redis (where the batch jobs that write them run): a tournament's
meta, secret, results (index -> record JSON) and cached standings, and each caller's quota hash.
Key names: keys.tournament_key / keys.quota_key."""

import json
import time

from .keys import quota_key, tournament_index_key, tournament_key

KINDS = ("meta", "results", "secret", "standings")

# Replace the cached standings only with ones covering more matches (ARGV[1]); 0 when not.
SET_STANDINGS_SCRIPT = """
local done = tonumber(redis.call('HGET', KEYS[1], 'done') or '-1')
if done < 0 or done >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'done', ARGV[1], 'standings', ARGV[2], 'at', ARGV[3])
return 1
"""

# HSETNX of every (field, value) pair in ARGV: one command per group, however many records.
STORE_NEW_SCRIPT = """
local new = 0
for i = 1, #ARGV, 2 do new = new + redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) end
return new
"""


def sibling_key(results_key_name, kind):
    """Another key (`secret`, `standings`, `meta`) of the tournament whose results hash is named."""
    return results_key_name[:-len("results")] + kind


class TournamentStore:
    """One client (RQ's Redis) and a key prefix."""

    def __init__(self, client, prefix="sh:"):
        self.client, self.prefix = client, prefix
        self._store_new = None

    def keys(self, tid):
        """{kind: key} of a tournament."""
        return {kind: tournament_key(self.prefix, tid, kind) for kind in KINDS}

    def start(self, tid, secret, meta, ttl_s):
        """A new tournament: its secret, empty standings and meta, all expiring after `ttl_s`."""
        keys = self.keys(tid)
        self.client.set(keys["secret"], secret, ex=ttl_s)
        self.client.hset(keys["standings"], "done", 0)
        self.client.expire(keys["standings"], ttl_s)
        self.put_meta(tid, meta, ttl_s)
        index = tournament_index_key(self.prefix)
        self.client.zadd(index, {tid: meta["created"]})
        self.client.zremrangebyscore(index, "-inf", f"({meta['created'] - ttl_s}")  # expired ones
        self.client.expire(index, ttl_s)

    def newest(self, before=None, count=20):
        """([(tid, created, meta)] newest first strictly before `before` = (created, tid), the
        position to continue from or None at the end); expired tournaments are left out."""
        top = "+inf" if before is None else f"({before[0]!r}"
        found = self.client.zrevrangebyscore(tournament_index_key(self.prefix), top, "-inf",
                                             start=0, num=count, withscores=True)
        found = [(tid.decode(), created) for tid, created in found]
        rows = [(tid, created, self.meta(tid)) for tid, created in found]
        last = (found[-1][1], found[-1][0]) if len(found) == count else None
        return [row for row in rows if row[2] is not None], last

    def put_meta(self, tid, meta, ttl_s):
        """Write a tournament's meta (JSON)."""
        self.client.set(self.keys(tid)["meta"], json.dumps(meta), ex=ttl_s)

    def meta(self, tid):
        """A tournament's meta, or None."""
        raw = self.client.get(self.keys(tid)["meta"])
        return None if raw is None else json.loads(raw)

    def progress(self, tid):
        """(records stored, matches the cached standings cover or None)."""
        keys, pipe = self.keys(tid), self.client.pipeline(transaction=False)
        done, counted = pipe.hlen(keys["results"]).hget(keys["standings"], "done").execute()
        return done, counted

    def standings(self, tid):
        """(matches covered, standings JSON) or (None, None)."""
        return self.client.hmget(self.keys(tid)["standings"], ["done", "standings"])

    def secret_of(self, tid):
        """The seed secret (text) or None."""
        raw = self.client.get(self.keys(tid)["secret"])
        return raw.decode() if raw else None

    def records(self, tid, indices):
        """The stored records (raw JSON or None) at these indices."""
        return self.client.hmget(self.keys(tid)["results"], [str(i) for i in indices]) if indices else []

    def claim_quota(self, caller, tid, entry, still_running, ttl_s):
        """Add `tid` -> entry ([total, cpu]) to the caller's quota hash, drop the entries that no
        longer run (`still_running(tid, total)` answers the fraction left; 0 drops it) and
        answer [(tid, total, cpu, fraction left)] of the live ones."""
        key = quota_key(self.prefix, caller)
        self.client.hset(key, tid, json.dumps(entry))
        self.client.expire(key, ttl_s)
        live = []
        for field, value in self.client.hgetall(key).items():
            other, (total, cpu) = field.decode(), json.loads(value)
            left = 1.0 if other == tid else still_running(other, total)
            if left <= 0:
                self.client.hdel(key, field)
            else:
                live.append((other, total, cpu, left))
        return live

    def release_quota(self, caller, tid):
        """Take `tid` off the caller's quota hash."""
        self.client.hdel(quota_key(self.prefix, caller), tid)

    def left(self, tid, total):
        """The fraction of the tournament still to play (0 when ended, cancelled or expired)."""
        keys = self.keys(tid)
        raw = self.client.get(keys["meta"])
        if raw is None or json.loads(raw).get("status") == "cancelled":
            return 0.0
        return max(0.0, 1 - self.client.hlen(keys["results"]) / total)

    # ---- by results key: the batch jobs and the command line know only that ----------------
    def stored_indices(self, results_key):
        """The indices with a stored record."""
        return [int(f) for f in self.client.hkeys(results_key)]

    def records_at(self, results_key, indices):
        """Raw records at these indices (None where missing)."""
        return self.client.hmget(results_key, [str(i) for i in indices]) if indices else []

    def all_records(self, results_key):
        """Every stored record (raw JSON)."""
        return self.client.hvals(results_key)

    def count(self, results_key):
        """How many records are stored."""
        return self.client.hlen(results_key)

    def expire(self, results_key, ttl_s):
        """Keep the results `ttl_s` more seconds."""
        self.client.expire(results_key, ttl_s)

    def store_new(self, results_key, pairs):
        """HSETNX each (index, record JSON) in one command; returns how many were new."""
        if self._store_new is None:
            self._store_new = self.client.register_script(STORE_NEW_SCRIPT)
        return int(self._store_new(keys=[results_key], args=[x for pair in pairs for x in pair]))

    def secret_for(self, results_key):
        """The seed secret (bytes) of the tournament whose results key is named, or None."""
        raw = self.client.get(sibling_key(results_key, "secret"))
        return bytes.fromhex(raw.decode()) if raw else None

    def standings_state(self, results_key):
        """(covered, at) of the cached standings, each None when absent."""
        return self.client.hmget(sibling_key(results_key, "standings"), ["done", "at"])

    def set_standings(self, results_key, covered, table_json):
        """Replace the cached standings if they cover fewer matches; True when replaced."""
        return bool(self.client.eval(SET_STANDINGS_SCRIPT, 1, sibling_key(results_key, "standings"),
                                     covered, table_json, time.time()))
