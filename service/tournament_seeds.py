"""Secret seeds of tournaments queued over HTTP: a random secret per tournament, its public
commitment, and when the secret and the records' seeds may be shown.

Every deal and bot seed of such a tournament is an HMAC of the public spec seed under the secret
(engine/tournament/schedule.py `derive_seed(..., secret=...)`; the workers read the secret from
Redis, worker/tournament.py). `commitment` = SHA-256 of the secret is published at creation. While
a match of the tournament may still be played, the secret stays server-side and the records are
served without their seed and replay (they would show the deal other seatings still play); once
it has ended both are shown, so anyone can check every deal (docs/security.md).
"""

import hashlib
import secrets

from rq.job import Job

HIDDEN_WHILE_RUNNING = ("seed", "replay")  # a record's deal seed and history: after the end only


def seeds_as_strings(record):
    """A match record or spec with its seeds (`seed`, `replay.seed`) as strings of digits: a
    seed goes up to 2^63-1 and a browser's JSON parser rounds integers above 2^53."""
    out = dict(record)
    if isinstance(out.get("seed"), int):
        out["seed"] = str(out["seed"])
    if isinstance(out.get("replay"), dict):
        out["replay"] = seeds_as_strings(out["replay"])
    return out


def new_secret():
    """(secret as hex for the workers, its commitment for everyone)."""
    secret = secrets.token_bytes(32)
    return secret.hex(), hashlib.sha256(secret).hexdigest()


def ended(client, meta, status):
    """Whether no match of the tournament can still be played: it finished, or it was cancelled
    and none of its batch jobs is still being played (then `meta["revealed"]` is set: the caller
    saves it, so the jobs are looked at until then only)."""
    if status != "cancelled" or meta.get("revealed"):
        return status != "running"
    for job_id in meta.get("jobs", []):
        try:
            if Job.fetch(job_id, connection=client).get_status(refresh=False) == "started":
                return False
        except Exception:  # noqa: BLE001 - gone: not being played
            continue
    meta["revealed"] = True
    return True


def redacted(records, has_ended):
    """The records as served: without seed and replay until the tournament has ended."""
    if has_ended:
        return records
    return [{k: v for k, v in r.items() if k not in HIDDEN_WHILE_RUNNING} for r in records]
