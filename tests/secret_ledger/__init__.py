"""The secret-ledger sweep: no render ever names a hidden identity its viewer was not shown.

Every game has a ledger, `tests/secret_ledger/<game_id>.py`, whose class `Ledger` follows the
protocol below. A ledger is a second, independent account of the rules' disclosures: it reads the
full states before and after each action (never a view) and keeps, for every seat and for the
spectator, the set of hidden identities (cards, roles, rules, votes, equipment...) that viewer has
legitimately been shown. At every step of a bot-played match the sweep renders the match for
every seat and the spectator (the state view, the legal actions and the new log entries, public
and private parts) and asks the ledger which names in that render the viewer was never shown.

Allow-list, never deny-list: a ledger names what a viewer may know; anything else is a leak.
"""

import importlib

import engine
from engine import Rng
from engine.bots import choose_action

BOT_MIXES = (("random",), ("heuristic",), ("random", "heuristic"))


class Ledger:
    """Protocol of a game's ledger (subclass it in tests/secret_ledger/<game_id>.py)."""

    def __init__(self, match):
        """Knowledge at the start: what each viewer is shown by the setup."""

    def observe(self, before, seat, action, after):
        """Update every viewer's knowledge from one accepted action (full `Match`es, not views)."""

    def violations(self, match, viewer, rendered):
        """Texts naming each hidden identity in `rendered` that `viewer` was not shown.

        `rendered` is `engine.render(match, viewer, log_since=...)`: "state", "legal_actions" and
        the "log" entries new since the previous check."""
        raise NotImplementedError


def leaves(value, path=()):
    """(path, leaf) for every scalar in a JSON value; paths are tuples of keys and indices."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))
    else:
        yield path, value


def ledger_class(game_id):
    """The game's ledger class (tests/secret_ledger/<game_id>.py: `Ledger`)."""
    return importlib.import_module(f"tests.secret_ledger.{game_id}").Ledger


def sweep_options(game_id):
    """The option sets swept for a game: its conformance option sets."""
    return [dict(options) for options in engine.GAMES[game_id].conformance_options]


def sweep_match(game_id, options, seed, bots=("random",), ledger=None):
    """Play one bot match (seat i plays bots[i % len(bots)]) and check every viewer at every step.

    Returns the violations found (empty when the match kept every secret); stops at the first
    step that has any."""
    rules = engine.get_game(game_id)
    match = engine.start(game_id, options, seed)
    seats = list(range(rules.seat_count(match.options)))
    ledger = (ledger or ledger_class(game_id))(match)
    pick = Rng(seed ^ 0x1ED6E5)
    since = None
    for _ in range(rules.max_length + 1):
        found = check_views(ledger, match, seats, since)
        if found:
            return found
        since = match.version
        moving = engine.to_move(match)
        if not moving:
            return []
        seat = moving[pick.randbelow(len(moving))]
        view = engine.render(match, seat, with_log=True)
        action = choose_action(game_id, {"bot": bots[seat % len(bots)]}, view, seat, pick)
        after = engine.step(match, seat, action)
        ledger.observe(match, seat, action, after)
        match = after
    raise AssertionError(f"{game_id} seed {seed} did not finish within {rules.max_length} steps")


def check_views(ledger, match, seats, since):
    """Violations of every seat's and the spectator's render at this step."""
    found = []
    for viewer in seats + [None]:
        rendered = engine.render(match, viewer, log_since=since)
        for text in ledger.violations(match, viewer, rendered):
            found.append(f"version {match.version}, viewer {viewer}: {text}")
    return found


def sweep(game_id, seeds):
    """Sweep many matches: every option set and bot mix in turn; returns (matches, violations)."""
    option_sets = sweep_options(game_id)
    problems = []
    for index, seed in enumerate(seeds):
        options = option_sets[index % len(option_sets)]
        bots = BOT_MIXES[index % len(BOT_MIXES)]
        for text in sweep_match(game_id, options, seed, bots):
            problems.append(f"{game_id} {options} seed {seed} bots {bots}: {text}")
    return len(seeds), problems
