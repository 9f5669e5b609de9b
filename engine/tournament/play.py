"""Play one scheduled match to the end and describe it as a results record (a JSON-able dict).

Deterministic: the deal comes from the schedule's seed, each seat's bot draws from its own Rng
seeded by (master seed, match index, seat), and search budgets are iterations unless the spec asks
for CPU time (then the search, and so the record, may differ between runs). So `play_scheduled(spec, index)` twice gives the same record apart from the timing
fields (`cpu_ms_per_move`, `cpu_ms`), and the record's `replay` (game, options, seed, history)
re-creates the final state with `engine.replay`.
"""

import time

from .. import core
from ..bots import choose_action
from ..rng import Rng
from .remote import decide
from .roles import measures, roles, sides
from .schedule import derive_seed, schedule_entry

TIMING_FIELDS = ("cpu_ms_per_move", "cpu_ms")
# bots whose choice reads nothing but the legal actions: they get a view without the state (the
# same choice for the same rng, without building the seat's view every move)
LEGAL_ONLY_BOTS = frozenset({"random"})


def bot_seed(spec, index, seat, secret=None):
    """The seed of a seat's bot in match `index` (independent of the deal's seed; keyed by the
    tournament's server-side `secret` when it has one)."""
    return derive_seed(spec["seed"], "bot", index, seat, secret=secret)


def points(outcome, seats):
    """Per-seat points: 1/k to each of k winners (a shared win is split), 0 to the rest."""
    winners = outcome["winners"]
    return [(1 / len(winners) if seat in winners else 0.0) for seat in range(seats)]


def play_entry(spec, entry, clock=time.process_time, secret=None):
    """Play a schedule entry; returns its results record (`secret`: see schedule.derive_seed)."""
    entrants = {e["name"]: e for e in spec["entrants"]}
    bots = [{"remote": entrants[name]["remote"]} if "remote" in entrants[name]
            else {"bot": entrants[name]["bot"], **entrants[name]["params"]} for name in entry["seats"]]
    # a CPU-time budget (the spec's cpu_ms or a bot's own budget_ms) counts this process's CPU
    # time, so a busy machine does not shrink the search; without one, only iterations bound it
    clocks = [clock if bot.get("budget_ms") else None for bot in bots]  # (remote: no budget)
    options = spec["options"]
    if isinstance(options, list):
        options = options[entry.get("options_set", 0)]
    match = core.start(spec["game"], options, entry["seed"])
    seats = match.rules.seat_count(match.options)
    rngs = [Rng(bot_seed(spec, entry["index"], seat, secret)) for seat in range(seats)]
    cpu, moves, faults = [0.0] * seats, [0] * seats, []
    for _ in range(match.rules.max_length * 4):
        moving = core.to_move(match)
        if not moving:
            break
        seat = moving[0]
        action, spent = _choose(spec, entry, match, seat, moving, bots[seat], rngs[seat],
                                clock, clocks[seat], faults)
        cpu[seat] += spent
        moves[seat] += 1
        match = core.step(match, seat, action)
    outcome = match.rules.outcome(match.state)
    record = {
        "index": entry["index"], "deal": entry["deal"], "group": entry["group"],
        "seating": entry["seating"], "seed": entry["seed"], "seats": list(entry["seats"]),
        "finished": outcome is not None,
        "winners": outcome["winners"] if outcome else [],
        "won": [s["won"] for s in outcome["seats"]] if outcome else [False] * seats,
        "scores": [s["score"] for s in outcome["seats"]] if outcome else [None] * seats,
        "points": points(outcome, seats) if outcome else [0.0] * seats,
        "reasons": [s["reason"] for s in outcome["seats"]] if outcome else [None] * seats,
        "summary": outcome["summary"] if outcome else "not finished (move cap)",
        "roles": roles(match, seats), "sides": sides(match, seats),
        "measures": measures(match),
        "moves": len(match.history), "moves_per_seat": moves, "faults": faults,
        "cpu_ms": round(sum(cpu) * 1000, 3),
        "cpu_ms_per_move": [round(c * 1000 / m, 3) if m else None for c, m in zip(cpu, moves)],
        **{key: entry[key] for key in ("round", "options_set") if key in entry},
        "replay": {"game": match.game, "options": match.options, "seed": match.seed,
                   "history": [[s, a] for s, a in match.history]},
    }
    return record


def _choose(spec, entry, match, seat, moving, bot, rng, clock, bot_clock, faults):
    """(action, CPU seconds of this process spent choosing) for the seat's entrant; a remote
    entrant's faults are appended to `faults`."""
    if "remote" in bot:
        view = core.render(match, seat, with_log=False)
        started = clock()  # this process's CPU only: the remote bot's own time is not seen
        context = {"tournament": spec.get("name"), "index": entry["index"],
                   "version": match.version}
        action, fault = decide(bot["remote"], view, seat, rng, context)
        if fault:
            faults.append({"seat": seat, "version": match.version, "fault": fault})
        return action, clock() - started
    if bot["bot"] in LEGAL_ONLY_BOTS:
        view = {"game": match.game, "version": match.version, "to_move": moving,
                "legal_actions": core.legal_actions(match, seat)}
    else:
        view = core.render(match, seat, with_log=False)
    started = clock()
    action = choose_action(spec["game"], bot, view, seat, rng, clock=bot_clock)
    return action, clock() - started


def play_scheduled(spec, index, records=None, clock=time.process_time, secret=None, groups=None):
    """Play match `index` of a validated spec (re-running it reproduces the record); a Swiss
    tournament's later rounds need the earlier rounds' `records` ({index: record}); `secret`:
    the tournament's seed key, if any; `groups`: its line-ups when the caller has them."""
    return play_entry(spec, schedule_entry(spec, index, records, groups, secret=secret), clock,
                      secret)


def replay_record(record):
    """The finished Match a record's replay reference re-creates."""
    ref = record["replay"]
    return core.replay(ref["game"], ref["options"], ref["seed"], [tuple(h) for h in ref["history"]])


def without_timings(record):
    """The record minus its CPU timing fields (what must be bit-identical on a re-run)."""
    return {k: v for k, v in record.items() if k not in TIMING_FIELDS}
