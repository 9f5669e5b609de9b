"""A tournament's results directory: the normalised spec and one JSONL line per finished match.

    DIR/spec.json      the validated spec (a run into an existing DIR must match it)
    DIR/matches.jsonl  one record per finished match, appended (and flushed) as each one ends

Resuming reads the JSONL: a torn last line (the run was killed mid-write) is cut off, and
records are keyed by match index, so a match is never counted twice even if a line repeats.
This module and `runner.py` are the tournament's only file I/O.
"""

import json
import os

from .spec import SpecError, spec_to_json, validate_spec

SPEC_FILE = "spec.json"
MATCHES_FILE = "matches.jsonl"


def spec_path(directory):
    """DIR/spec.json."""
    return os.path.join(directory, SPEC_FILE)


def matches_path(directory):
    """DIR/matches.jsonl."""
    return os.path.join(directory, MATCHES_FILE)


def prepare(directory, spec):
    """Create DIR with its spec.json, or check an existing one is the same tournament."""
    os.makedirs(directory, exist_ok=True)
    path = spec_path(directory)
    if os.path.exists(path):
        stored = read_spec(directory)
        if spec_to_json(stored) != spec_to_json(spec):
            raise SpecError(f"{directory} holds a different tournament; use another --out", "spec")
        return
    with open(path + ".tmp", "w", encoding="utf-8") as out:
        json.dump(spec, out, indent=2, sort_keys=True)
    os.replace(path + ".tmp", path)


def read_spec(directory):
    """The stored (normalised) spec of a results directory."""
    with open(spec_path(directory), encoding="utf-8") as handle:
        return validate_spec(json.load(handle))


def repair_tail(directory):
    """Cut a torn last line (no newline: the writer was killed mid-line) off the JSONL."""
    path = matches_path(directory)
    if not os.path.exists(path):
        return
    with open(path, "rb+") as handle:
        data = handle.read()
        if data and not data.endswith(b"\n"):
            handle.truncate(data.rfind(b"\n") + 1)


def read_records(directory):
    """{index: record} of every complete line (the first record of an index wins)."""
    records = {}
    path = matches_path(directory)
    if not os.path.exists(path):
        return records
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.endswith("\n"):
                break  # torn last line
            try:
                record = json.loads(line)
            except ValueError:
                continue
            records.setdefault(record["index"], record)
    return records


def ordered_records(directory):
    """The finished matches' records in index order."""
    records = read_records(directory)
    return [records[i] for i in sorted(records)]


class RecordWriter:
    """Appends records to DIR/matches.jsonl, one whole line per write, flushed at once."""

    def __init__(self, directory):
        repair_tail(directory)
        self._handle = open(matches_path(directory), "a", encoding="utf-8")

    def write(self, record):
        """Append one record."""
        self._handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._handle.flush()

    def close(self):
        """Flush to disk and close."""
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self._handle.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
