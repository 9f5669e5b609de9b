"""Every Redis key name the service uses (nothing outside service/store/ builds one).

Layout (prefix `sh:`). Every key of one match carries the hash tag of its shard, `{s<n>}` with n =
crc32(id) mod 16, as does that shard's due index, so each script touches a single Redis Cluster
slot; the listing indexes are single keys written after the save (they may lag, never block):
- `sh:{s<n>}:match:<id>` hash: `doc` (the Match as JSON), `meta` (seats, status, commitment, clock),
  `version` (accepted actions), `rev` (writes of any kind: creation, actions, joins), `nonce`
  (random, set when the match is created or imported: a process's parsed-log cache is keyed by
  it, so a reused id never meets the old match's log), `due` and `attempts` (the outbox entry).
- `sh:{s<n>}:events:<id>` stream: one entry per write, with stream id `0-<rev>` so `rev` is the event
  sequence number clients use as a cursor; entries hold the full unredacted log entries and the
  API redacts them per viewer on the way out. It is also where the match's log lives: the
  snapshot (`doc`) holds state, RNG position and version only.
- `sh:{s<n>}:history:<id>` list: the (seat, action) history, one entry appended per action.
- `sh:{s<n>}:notes<seat>:<id>` hash: a seat's private cypher-wheel notes (service/api/notes.py).
- `sh:{s<n>}:due` the shard's outbox (what is due when); `sh:{s<n>}:compact` the shard's finished
  matches waiting to be compacted, by finishing time (service/store/compaction.py: a compacted
  match's hash holds `packed` and `rev` only, and it has no event stream or history list);
  `sh:{s<n>}:repair` the shard's matches whose listing indexes are to be written again (an update
  after a save failed; the sweeper repairs them); `sh:matches:game:<game>:status:<status>`
  sorted set of a game's match ids of one status by creation time (for listing: every listing
  merges the ones its filters select), and `sh:mine:<sha256 of a seat token>` the matches where
  that token holds a seat. (`sh:matches`, `sh:matches:status:<status>` and `sh:matches:game:<game>`
  are retired: the sweeper deletes them.)
- `sh:botmatches:{<client address>}` sorted set: the all-bot matches a caller created that may
  still run (the per-caller cap, service/matches.py); `sh:openmatches:{<client address>}` and
  `sh:openmatches:all` sorted sets: matches created open or unplayed, by creation time (the
  per-caller and global caps on open matches).
- `sh:idem:<sha256>` idempotency records (24 h, service/api/idempotency.py); `sh:ticket:<sha256>`
  stream tickets; `sh:cache:<kind>:<key>` cached answers (turn odds); `sh:odds-secret`;
  `sh:alive:<worker>` worker heartbeats, `sh:workers` sorted set of `<queues>|<worker>` by heartbeat expiry; `sh:notify` the pub/sub channel of saves;
  `sh:limit:{<caller>}:<scope>:<amount>/<seconds>` rate-limit windows (one caller, one slot);
  `sh:tourney:{<id>}:<kind>` and `sh:tourney-quota:{<caller>}:<caller>` tournaments (on RQ's
  Redis; with a hash-tagged RQ prefix, in RQ's slot instead).
"""

import zlib

SHARDS = 16  # hash-tag shards: a match's keys and its shard's due index share a cluster slot
STATUSES = ("open", "active", "finished")


def shard_of(match_id):
    """The shard of a match id (stable across processes and versions)."""
    return zlib.crc32(match_id.encode()) % SHARDS


class Keys:
    """The key names under one prefix."""

    def __init__(self, prefix="sh:"):
        self.prefix = prefix
        self.notify_channel = f"{prefix}notify"
        self.odds_secret = f"{prefix}odds-secret"
        self.all_matches = f"{prefix}matches"  # retired (see retired_index)

    def of_match(self, kind, match_id):
        """A key of one match ("match", "events", "history", "notes<seat>"): every key of a match
        and its shard's due index carry the same hash tag `{s<shard>}`."""
        return f"{self.prefix}{{s{shard_of(match_id)}}}:{kind}:{match_id}"

    def match(self, match_id):
        """The hash that holds a match's snapshot and meta."""
        return self.of_match("match", match_id)

    def notes(self, match_id, seat):
        """A seat's private notes, in the match's slot."""
        return self.of_match(f"notes{int(seat)}", match_id)

    def due(self, match_id):
        """The due index (outbox) of the match's shard."""
        return self.shard_due(shard_of(match_id))

    def shard_due(self, shard):
        """The due index of one shard."""
        return f"{self.prefix}{{s{shard}}}:due"

    def compact_queue(self, match_id):
        """The compaction queue of the match's shard (finished matches by finishing time)."""
        return self.shard_compact_queue(shard_of(match_id))

    def shard_compact_queue(self, shard):
        """The compaction queue of one shard."""
        return f"{self.prefix}{{s{shard}}}:compact"

    def repair(self, shard):
        """One shard's set of matches whose listing indexes a failed update left behind."""
        return f"{self.prefix}{{s{shard}}}:repair"

    def match_pattern(self):
        """A SCAN pattern over every match hash."""
        return f"{self.prefix}{{s*}}:match:*"

    def index(self, game=None, token_hash=None, status=None):
        """The listing index to page through: a token's matches, or a game's matches of a
        status."""
        if token_hash is not None:
            return f"{self.prefix}mine:{token_hash}"
        if status is None or game is None:
            raise ValueError("a listing index is a seat token's or a game's of one status")
        return f"{self.prefix}matches:game:{game}:status:{status}"

    def retired_index(self, game=None, status=None):
        """An index earlier versions kept (all matches, a status's, a game's): only deleted."""
        if status is not None:
            return f"{self.prefix}matches:status:{status}"
        if game is not None:
            return f"{self.prefix}matches:game:{game}"
        return self.all_matches

    def bot_matches(self, caller):
        """A caller's running all-bot matches (one slot per caller)."""
        return f"{self.prefix}botmatches:{{{caller}}}"

    def open_matches(self, caller=None):
        """A caller's matches created open or unplayed (None: everyone's, the global ceiling)."""
        return f"{self.prefix}openmatches:" + ("all" if caller is None else f"{{{caller}}}")

    def idempotency(self, record_id):
        """An idempotency record."""
        return f"{self.prefix}idem:{record_id}"

    def ticket(self, digest):
        """A stream ticket, by the SHA-256 of the ticket."""
        return f"{self.prefix}ticket:{digest}"

    def cache(self, kind, key):
        """A cached answer."""
        return f"{self.prefix}cache:{kind}:{key}"

    def alive(self, worker_name):
        """A worker process's heartbeat."""
        return f"{self.prefix}alive:{worker_name}"

    def workers(self):
        """Every worker's latest heartbeat expiry, by `<queue names>|<worker name>`."""
        return f"{self.prefix}workers"

    def limit(self, caller, scope, amount, seconds):
        """A caller's fixed rate-limit window (the hash tag keeps one caller's keys in one slot)."""
        return f"{self.prefix}limit:{{{caller}}}:{scope}:{amount}/{seconds}"


def tournament_key(prefix, tid, kind):
    """A tournament's key ("meta", "results", ...): its own slot, or RQ's slot when RQ's key prefix
    carries a hash tag (the queues on a Redis Cluster, service/store/connection.py)."""
    from .connection import queue_hash_tag
    tag = queue_hash_tag()
    return f"{prefix}tourney:{{{tid}}}:{kind}" if tag is None else f"{prefix}tourney:{{{tag}}}:{tid}:{kind}"


def tournament_index_key(prefix):
    """Every tournament by creation time (a sorted set), in RQ's slot like the tournaments."""
    from .connection import queue_hash_tag
    tag = queue_hash_tag()
    return f"{prefix}tourneys" if tag is None else f"{prefix}tourneys:{{{tag}}}"


def quota_key(prefix, caller):
    """A caller's running-tournament quota: one slot per caller, or RQ's slot when RQ's key prefix
    carries a hash tag, like the tournaments it counts."""
    from .connection import queue_hash_tag
    tag = queue_hash_tag()
    return f"{prefix}tourney-quota:{{{caller if tag is None else tag}}}:{caller}"
