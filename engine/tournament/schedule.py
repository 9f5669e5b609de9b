"""Seating schedules and duplicate deals: which entrants sit where in match i, on which deal.

Pure functions of a validated spec. The schedule is deal-major: for deal d (its seed derived
from the master seed and d), under every option set (when `options` lists several), every pairing ("group": the entrants of one line-up) is played
under every seating (a rotation or permutation of the line-up over the seats). So each deal is
replayed with the entrants rotated through the seats (luck of the deal cancels out), every
entrant plays every seat equally often, and a run cut short at a deal boundary is still balanced.

Groups:
- round robin, at least as many entrants as seats: every combination of `seats` entrants;
- round robin, fewer entrants than seats: the entrant list repeated to fill the seats, once from
  each starting entrant (so every entrant holds every line-up position equally often);
- gauntlet: the challenger in one seat and one opponent in all the others, per opponent;
- swiss: rounds of `entrants // seats` groups. Round 0 groups the entrants in spec order; later
  rounds rank them by their points so far (ties by spec order) and group neighbours (2 seats: a
  backtracking search pairs each with the best-ranked opponent it has not met, as long as the
  rest can still be paired without rematches); when the entrants do not fill the groups,
  the lowest-ranked with the fewest byes sit the round out and are credited an even share of the
  round's points (1/seats per match they would have played). Later rounds depend on earlier
  results, so a Swiss entry needs the records of every earlier round.

Order: `order: interleaved` (HTTP tournaments) plays seating-major with the deal turning
fastest instead: for the first seating every line-up (and option set) on deal 0, 1, ..., then the
same for the next seating, so two matches on one deal are exactly `deals` matches apart, as far
apart as the schedule allows (never back to back when there is more than one deal).

Seeds: `derive_seed(master, kind, *numbers)` hashes them (SHA-256, 63 bits): a match's deal seed
depends on the master seed and deal index only; a bot's seed on the master seed, the match index
and the seat (never on the deal seed, so a bot cannot learn the deal from it). With a `secret`
(bytes; HTTP tournaments keep one per tournament, server-side) the same text is keyed with
HMAC-SHA256 instead, so nobody who lacks the secret can predict a deal from the public spec.

Counting: `group_count` and `seating_count` count line-ups and seat orders without building
them (validation must stay cheap however many line-ups a spec asks for).
"""

import hashlib
import hmac
import itertools
import math


def derive_seed(master, kind, *numbers, secret=None):
    """A 63-bit seed from the master seed, a label and indices (stable across runs and machines);
    HMAC-SHA256 keyed by `secret` (bytes) when one is given, else plain SHA-256."""
    text = ":".join([str(master), kind] + [str(n) for n in numbers]).encode()
    digest = (hmac.new(secret, text, hashlib.sha256).digest() if secret is not None
              else hashlib.sha256(text).digest())
    return int.from_bytes(digest[:8], "big") >> 1


def seating_count(seats, mode="rotations"):
    """How many seat orders `seatings_for(seats, mode)` gives (without building them)."""
    return math.factorial(seats) if mode == "all" else seats


def group_count(spec):
    """How many line-ups `groups_for(spec)` gives (without building them)."""
    entrants, seats = len(spec["entrants"]), spec["seats"]
    if spec["format"] == "gauntlet":
        return entrants - 1
    if spec["format"] == "swiss":
        return entrants // seats
    return math.comb(entrants, seats) if entrants >= seats else entrants


def seatings_for(seats, mode="rotations"):
    """The seat orders one line-up is played under: [[position for seat 0, ...], ...]."""
    if mode == "all":
        return [list(p) for p in itertools.permutations(range(seats))]
    return [[(seat + shift) % seats for seat in range(seats)] for shift in range(seats)]


def groups_for(spec):
    """The line-ups (lists of entrant names, one per position) of a validated spec (a Swiss
    tournament's first round)."""
    names = [e["name"] for e in spec["entrants"]]
    seats = spec["seats"]
    if spec["format"] == "gauntlet":
        challenger = spec["challenger"]
        return [[challenger] + [other] * (seats - 1) for other in names if other != challenger]
    if spec["format"] == "swiss":
        count = len(names) // seats
        return [names[g * seats:(g + 1) * seats] for g in range(count)]
    if len(names) >= seats:
        return [list(c) for c in itertools.combinations(names, seats)]
    return [[names[(start + k) % len(names)] for k in range(seats)] for start in range(len(names))]


def option_count(spec):
    """How many option sets the spec plays (each deal is played under each)."""
    return len(spec["options"]) if isinstance(spec["options"], list) else 1


def per_round(spec):
    """Matches in one Swiss round (or the whole tournament's matches per deal otherwise)."""
    groups = len(groups_for(spec)) * len(seatings_for(spec["seats"], spec["seatings"]))
    groups *= option_count(spec)
    return groups * spec["deals"] if spec["format"] == "swiss" else groups


def swiss_groups(spec, records, round_no):
    """The line-ups of Swiss round `round_no` from the records of the earlier rounds."""
    names = [e["name"] for e in spec["entrants"]]
    if round_no == 0:
        return groups_for(spec)
    size = per_round(spec)
    earlier = [records.get(i) for i in range(round_no * size)]
    if any(r is None for r in earlier):
        raise LookupError(f"Swiss round {round_no} needs every record of the earlier rounds")
    seats = spec["seats"]
    points, met = {n: 0.0 for n in names}, set()
    played_in = {n: set() for n in names}
    for record in earlier:
        for seat, name in enumerate(record["seats"]):
            points[name] += record["points"][seat]
            played_in[name].add(record["round"])
        for a in record["seats"]:
            met.update((a, b) for b in record["seats"] if a != b)
    share = per_round(spec) // len(groups_for(spec)) / seats  # the matches a group plays
    byes = {n: round_no - len(played_in[n]) for n in names}
    for name in names:
        points[name] += byes[name] * share
    order = sorted(names, key=lambda n: (-points[n], names.index(n)))
    sitting = len(names) % seats
    if sitting:
        out = sorted(reversed(order), key=lambda n: byes[n])[:sitting]  # lowest, fewest byes
        order = [n for n in order if n not in out]
    if seats == 2:
        pairs = _pair_without_rematches(order, met, [10_000])
        if pairs is not None:
            return pairs
        return [order[i:i + 2] for i in range(0, len(order), 2)]  # rematches unavoidable
    return [order[i:i + seats] for i in range(0, len(order), seats)]


def _pair_without_rematches(order, met, budget):
    """Pairs of `order` (ranked) with no pair in `met`, best-ranked partners first; None if none
    is found within the search budget (a backtracking search, as Swiss pairing programs do)."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for partner in rest:
        if (first, partner) in met:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        others = [n for n in rest if n != partner]
        tail = _pair_without_rematches(others, met, budget)
        if tail is not None:
            return [[first, partner]] + tail
    return None


def _position(spec, index, groups, seatings):
    """(deal, options set, group, seating) of match `index` (not Swiss): deal-major, or
    seating-major when the spec's order is interleaved."""
    sets = option_count(spec)
    if spec.get("order") == "interleaved":
        seating, rest = divmod(index, spec["deals"] * sets * len(groups))
        options_set, rest = divmod(rest, spec["deals"] * len(groups))
        group, deal = divmod(rest, spec["deals"])
        return deal, options_set, group, seating
    deal, rest = divmod(index, len(groups) * len(seatings) * sets)
    options_set, rest = divmod(rest, len(groups) * len(seatings))
    group, seating = divmod(rest, len(seatings))
    return deal, options_set, group, seating


def schedule_entry(spec, index, records=None, groups=None, seatings=None, seeds=None, secret=None):
    """Match `index` of the tournament: {index, deal, group, seating, seed, seats: entrant per
    seat} (and `round` in a Swiss tournament, whose entries need the earlier rounds' records)
    (`groups`, `seatings`: the round's line-ups and seat orders when the caller already has them;
    `seeds`: a {deal: seed} memo shared by the caller's entries; `secret`: the tournament's
    server-side seed key, if it has one.)"""
    seatings = seatings or seatings_for(spec["seats"], spec["seatings"])
    if not 0 <= index < spec["matches"]:
        raise IndexError(f"match index {index} out of range")
    round_no, sets = None, option_count(spec)
    if spec["format"] == "swiss":
        round_no, rest = divmod(index, per_round(spec))
        groups = groups or swiss_groups(spec, records or {}, round_no)
        deal_in_round, rest = divmod(rest, len(groups) * len(seatings) * sets)
        deal = round_no * spec["deals"] + deal_in_round
        options_set, rest = divmod(rest, len(groups) * len(seatings))
        group, seating = divmod(rest, len(seatings))
    else:
        groups = groups or groups_for(spec)
        deal, options_set, group, seating = _position(spec, index, groups, seatings)
    lineup = groups[group]
    order = seatings[seating]
    entry = {"index": index, "deal": deal, "group": group, "seating": seating,
             "seed": _deal_seed(spec, deal, seeds, secret),
             "seats": [lineup[order[seat]] for seat in range(spec["seats"])]}
    if round_no is not None:
        entry["round"] = round_no
    if sets > 1:
        entry["options_set"] = options_set
    return entry


def _deal_seed(spec, deal, seeds, secret=None):
    if seeds is None:
        return derive_seed(spec["seed"], "deal", deal, secret=secret)
    if deal not in seeds:
        seeds[deal] = derive_seed(spec["seed"], "deal", deal, secret=secret)
    return seeds[deal]


def round_indices(spec):
    """The match indices in dependency order: one list per Swiss round, else one list of all."""
    if spec["format"] != "swiss":
        return [list(range(spec["matches"]))]
    size = per_round(spec)
    return [list(range(r * size, (r + 1) * size)) for r in range(spec["rounds"])]


def schedule(spec, records=None):
    """Every match of the tournament in index order (a list of `schedule_entry` dicts); a Swiss
    tournament's later rounds need `records` ({index: record}) of the earlier ones."""
    return [entry for indices in round_indices(spec) for entry in entries_for(spec, indices, records)]


def entries_for(spec, indices, records=None):
    """Schedule entries of some indices of one round (Swiss line-ups computed once per round)."""
    if not indices:
        return []
    if spec["format"] == "swiss":
        groups = swiss_groups(spec, records or {}, indices[0] // per_round(spec))
    else:
        groups = groups_for(spec)
    seatings, seeds = seatings_for(spec["seats"], spec["seatings"]), {}
    return [schedule_entry(spec, i, records, groups, seatings, seeds) for i in indices]
