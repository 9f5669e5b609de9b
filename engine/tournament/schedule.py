"""Seating schedules and duplicate deals: which entrants sit where in match i, on which deal.

Pure functions of a validated spec. The schedule is deal-major: for deal d (its seed derived
from the master seed and d), every pairing ("group": the entrants of one line-up) is played
under every seating (a rotation or permutation of the line-up over the seats). So each deal is
replayed with the entrants rotated through the seats (luck of the deal cancels out), every
entrant plays every seat equally often, and a run cut short at a deal boundary is still balanced.

Groups:
- round robin, at least as many entrants as seats: every combination of `seats` entrants;
- round robin, fewer entrants than seats: the entrant list repeated to fill the seats, once from
  each starting entrant (so every entrant holds every line-up position equally often);
- gauntlet: the challenger in one seat and one opponent in all the others, per opponent.

Seeds: `derive_seed(master, kind, *numbers)` hashes them (SHA-256, 63 bits): a match's deal seed
depends on the master seed and deal index only; a bot's seed on the master seed, the match index
and the seat (never on the deal seed, so a bot cannot learn the deal from it).
"""

import hashlib
import itertools


def derive_seed(master, kind, *numbers):
    """A 63-bit seed from the master seed, a label and indices (stable across runs and machines)."""
    text = ":".join([str(master), kind] + [str(n) for n in numbers])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def seatings_for(seats, mode="rotations"):
    """The seat orders one line-up is played under: [[position for seat 0, ...], ...]."""
    if mode == "all":
        return [list(p) for p in itertools.permutations(range(seats))]
    return [[(seat + shift) % seats for seat in range(seats)] for shift in range(seats)]


def groups_for(spec):
    """The line-ups (lists of entrant names, one per position) of a validated spec."""
    names = [e["name"] for e in spec["entrants"]]
    seats = spec["seats"]
    if spec["format"] == "gauntlet":
        challenger = spec["challenger"]
        return [[challenger] + [other] * (seats - 1) for other in names if other != challenger]
    if len(names) >= seats:
        return [list(c) for c in itertools.combinations(names, seats)]
    return [[names[(start + k) % len(names)] for k in range(seats)] for start in range(len(names))]


def schedule_entry(spec, index):
    """Match `index` of the tournament: {index, deal, group, seating, seed, entrants per seat}."""
    groups = groups_for(spec)
    seatings = seatings_for(spec["seats"], spec["seatings"])
    per_deal = len(groups) * len(seatings)
    if not 0 <= index < spec["deals"] * per_deal:
        raise IndexError(f"match index {index} out of range")
    deal, rest = divmod(index, per_deal)
    group, seating = divmod(rest, len(seatings))
    lineup = groups[group]
    order = seatings[seating]
    return {"index": index, "deal": deal, "group": group, "seating": seating,
            "seed": derive_seed(spec["seed"], "deal", deal),
            "seats": [lineup[order[seat]] for seat in range(spec["seats"])]}


def schedule(spec):
    """Every match of the tournament in index order (a list of `schedule_entry` dicts)."""
    return [schedule_entry(spec, i) for i in range(spec["matches"])]
