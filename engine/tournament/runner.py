"""Run a tournament in-process: one worker process per core, results appended as they come.

`run(spec, directory, workers)` plays every scheduled match whose index is not yet in the
directory's JSONL (so a stopped run resumes where it was, never replaying or double-counting a
finished match) and returns the records in index order. `run_in_memory(spec)` plays a spec with no
files (for notebooks and tests). Processes take batches of schedule entries (a whole match is the
unit of work; a Swiss tournament is played round by round, each round's line-ups computed from
the earlier rounds' records) and return whole records; the parent is one of the players and the
only process that writes the file.
"""

import gc
import multiprocessing
import os
import threading
import time

from .play import play_entry
from .results import RecordWriter, prepare, read_records
from .schedule import entries_for, round_indices
from .spec import validate_spec

MAX_BATCH = 64        # entries per task at most (progress arrives per task)
TASKS_PER_WORKER = 32  # fewer, bigger tasks cost the parent less (measured: 4 per task spent a
                       # third of a core in the parent on fast games, 64 per task a tenth)


def batch_size(entries, workers):
    """Entries per task: about TASKS_PER_WORKER tasks per worker, 1..MAX_BATCH."""
    return max(1, min(MAX_BATCH, entries // (workers * TASKS_PER_WORKER)))

_SPEC = {}


def _init_worker(spec, extra_games):
    _SPEC["spec"] = spec
    for rules in extra_games:  # games registered at run time (tests' toy game) reach the workers
        from ..registry import register
        register(rules)


def _play_batch(entries):
    spec = _SPEC["spec"]
    return [play_entry(spec, entry) for entry in entries]


def default_workers():
    """One worker per core available to this process."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


class _Shares:
    """The entries still to hand out, in batches that shrink as the work runs out (a quarter of
    an even share of what is left, at most batch_size's), so every process finishes at about the
    same time instead of one waiting while another plays a last big batch. A fixed `batch` size
    is used as given. Callers hold their own lock around `take`."""

    def __init__(self, entries, workers, batch=None):
        self.entries, self.next, self.workers, self.fixed = entries, 0, workers, batch
        self.largest = batch_size(len(entries), workers)

    def take(self):
        """The next batch, or None when every entry is handed out."""
        left = len(self.entries) - self.next
        if left <= 0:
            return None
        size = self.fixed or max(1, min(self.largest, left // (4 * self.workers)))
        taken = self.entries[self.next:self.next + size]
        self.next += len(taken)
        return taken


def _extra_games():
    from ..registry import BUILTIN, GAMES
    return [rules for game_id, rules in GAMES.items() if game_id not in BUILTIN]


def play_many(spec, entries, workers=1, on_record=None, batch=None):
    """Play the given schedule entries on `workers` processes, calling `on_record(record)` (never
    twice at once) as each finishes, in completion order.

    With workers > 1 this process is one of them: it starts workers - 1 others and plays batches
    itself between theirs, all taking the next batch from one shared list (on a machine with as
    many cores as workers, a coordinator that only waited would still compete with the players
    for a core whenever it collected their results)."""
    if workers <= 1 or len(entries) <= 1:
        for entry in entries:
            on_record(play_entry(spec, entry))
        return
    pending = _Shares(entries, workers, batch)
    lock = threading.Lock()
    outstanding, failures = [], []

    def deliver(records):
        with lock:
            for record in records:
                on_record(record)

    def finished(records):  # runs on the pool's result thread: must not raise
        try:
            deliver(records)
            submit()
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            failures.append(exc)

    def submit():
        with lock:
            entries_batch = pending.take()
            if entries_batch is not None and not failures:
                outstanding.append(pool.apply_async(_play_batch, (entries_batch,), callback=finished,
                                                    error_callback=failures.append))

    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    gc.freeze()  # the helpers' collections then skip what they inherit (no copy-on-write of it)
    try:
        pool = context.Pool(workers - 1, initializer=_init_worker, initargs=(spec, _extra_games()))
    finally:
        gc.unfreeze()
    with pool:
        for _ in range(2 * (workers - 1)):  # two batches in flight per helper: never idle
            submit()
        while not failures:
            with lock:
                mine = pending.take()
            if mine is None:
                break
            deliver([play_entry(spec, entry) for entry in mine])
        with lock:  # every batch is taken: what the helpers hold is all in `outstanding`
            waiting = list(outstanding)
        for result in waiting:
            result.wait()
    if failures:
        raise failures[0]


def run(spec, directory, workers=None, progress=None, limit=None):
    """Play the spec's unfinished matches into `directory`; returns {index: record} of all.

    progress(done, total, record) is called after each match is stored; `limit` caps how many
    new matches this call plays (the rest stay pending for a later resume)."""
    spec = validate_spec(spec)
    prepare(directory, spec)
    records = read_records(directory)
    with RecordWriter(directory) as writer:
        def store(record):
            if record["index"] in records:  # never count a match twice
                return
            writer.write(record)
            records[record["index"]] = record
            if progress:
                progress(len(records), spec["matches"], record)
        play_rounds(spec, records, workers or default_workers(), store, limit)
    return records


def play_rounds(spec, records, workers, store, limit=None):
    """Play every scheduled match not in `records` ({index: record}, which `store` must keep
    up to date), round by round for a Swiss tournament; at most `limit` new matches."""
    left = limit
    for indices in round_indices(spec):
        todo = [i for i in indices if i not in records]
        if left is not None:
            todo, left = todo[:left], left - len(todo[:left])
        play_many(spec, entries_for(spec, todo, records), workers, store)
        if left == 0:
            return


def run_in_memory(spec, workers=1):
    """Play a whole spec with no files; returns the records in index order."""
    spec = validate_spec(spec)
    records = {}
    play_rounds(spec, records, workers, lambda record: records.setdefault(record["index"], record))
    return [records[i] for i in sorted(records)]


def throughput(spec, workers=1):
    """(matches, seconds) for playing a whole spec in memory (used by bench/)."""
    started = time.perf_counter()
    records = run_in_memory(spec, workers)
    return len(records), time.perf_counter() - started
