"""Validation of one archive line before `safehouse archive import` writes anything.

An archive file is input like any other: every record is checked against the shape `export`
writes (known fields only, sizes and names bounded, bots from the catalog within the server's
caps), its seed against its commitment and its whole history against the engine, before a single
key is written. Seat token hashes are never taken from a file: imported seats carry none.
"""

import json
import math
import re
import time

import engine
from engine.bots import validate_bot

from ..errors import DomainError as ApiError
from ..matches import check_bot_budget, commitment_for

MAX_LINE = 16 * 1024 * 1024   # characters of one archive line
MAX_HISTORY = 20000           # actions of one match
MAX_NAME = 64                 # a seat's display name (as the API allows)
MAX_SEED = 2 ** 63
RECORD_FIELDS = {"match_id", "game", "options", "seed", "history", "outcome", "commitment",
                 "created", "clock_s", "seats"}
SEAT_FIELDS = {"kind", "bot", "joined", "name"}
DROPPED_SEAT_FIELDS = {"token_hash"}  # never trusted: imported seats have no token
MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
HEX64 = re.compile(r"^[0-9a-f]{64}$")


class BadRecord(ValueError):
    """A record that cannot be imported (the message says why)."""


def _number(value, field, low, high):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not low <= value <= high:
        raise BadRecord(f"{field} must be a number in [{low}, {high}]")
    return value


def parse_line(line):
    """The record (a dict with the known fields only) of one JSONL line."""
    if len(line) > MAX_LINE:
        raise BadRecord(f"the line is longer than {MAX_LINE} characters")
    try:
        record = json.loads(line)
    except ValueError as exc:
        raise BadRecord(f"not JSON ({exc.msg})") from None
    if not isinstance(record, dict):
        raise BadRecord("a record must be a JSON object")
    unknown, missing = set(record) - RECORD_FIELDS, RECORD_FIELDS - {"clock_s", "outcome"} - set(record)
    if unknown or missing:
        raise BadRecord(f"unknown fields {sorted(unknown)}" if unknown else f"missing fields {sorted(missing)}")
    if not isinstance(record["match_id"], str) or not MATCH_ID.match(record["match_id"]):
        raise BadRecord("match_id must be 1-64 characters of A-Z a-z 0-9 _ -")
    if not isinstance(record["commitment"], str) or not HEX64.match(record["commitment"]):
        raise BadRecord("commitment must be 64 lowercase hex digits")
    seed = record["seed"]
    if not (isinstance(seed, str) and seed.isdigit() and len(seed) <= 19 and int(seed) < MAX_SEED):
        raise BadRecord("seed must be a decimal string below 2**63")
    _number(record["created"], "created", 0, time.time() + 86400)
    if record.get("clock_s") is not None:
        _number(record["clock_s"], "clock_s", 0, 30 * 86400)
    if not isinstance(record["options"], dict) or not isinstance(record["game"], str):
        raise BadRecord("game must be a string and options an object")
    history = record["history"]
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        raise BadRecord(f"history must be a list of at most {MAX_HISTORY} actions")
    for index, item in enumerate(history):
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int
                and isinstance(item[1], dict)):
            raise BadRecord(f"history[{index}] must be [seat, action]")
    return record


def start_checked(record):
    """The match at its start, after checking the game, options and the seed's commitment."""
    try:
        start = engine.start(record["game"], record["options"], int(record["seed"]))
    except engine.EngineError as exc:
        raise BadRecord(f"{exc.field or 'game'}: {exc.message}") from None
    setup = start.rules.state_to_json(start.state)
    if commitment_for(record["game"], start.options, start.seed, setup) != record["commitment"]:
        raise BadRecord("the commitment does not match the seed and options")
    return start


def seats_checked(record, start, limits=None):
    """The seat list to store: known fields only, names bounded, bots valid, no token hashes."""
    seats = record["seats"]
    if not isinstance(seats, list) or len(seats) != start.rules.seat_count(start.options):
        raise BadRecord(f"seats must list {start.rules.seat_count(start.options)} seats")
    out = []
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) - SEAT_FIELDS - DROPPED_SEAT_FIELDS:
            raise BadRecord(f"seats[{index}] has unknown fields")
        name = seat.get("name")
        if name is not None and not (isinstance(name, str) and len(name) <= MAX_NAME):
            raise BadRecord(f"seats[{index}].name must be a string of at most {MAX_NAME} characters")
        if seat.get("kind") == "bot":
            try:
                bot = validate_bot(record["game"], seat.get("bot") if isinstance(seat.get("bot"), dict) else {})
                check_bot_budget(bot, index, limits)
            except ValueError as exc:
                raise BadRecord(f"seats[{index}].bot: {exc}") from None
            except ApiError as exc:  # above this server's bot caps
                raise BadRecord(f"seats[{index}].bot: {exc.message}") from None
            out.append({"kind": "bot", "bot": bot, "joined": True, "name": name})
        elif seat.get("kind") == "human":
            out.append({"kind": "human", "joined": True, "name": name})
        else:
            raise BadRecord(f"seats[{index}].kind must be human or bot")
    return out
