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
import re

import engine
from engine import Rng
from engine.bots import bot_catalog, choose_action

BOT_MIXES = (("random",), ("heuristic",), ("random", "heuristic"))


class Ledger:
    """Protocol of a game's ledger (subclass it in tests/secret_ledger/<game_id>.py)."""

    def __init__(self, match):
        """Knowledge at the start: what each viewer is shown by the setup."""

    def observe(self, before, seat, action, after):
        """Update every viewer's knowledge from one accepted action (full `Match`es, not views)."""

    def violations(self, match, viewer, rendered):
        """Texts naming each hidden identity in `rendered` that `viewer` was not shown.

        `rendered` is `engine.render(match, viewer, log_since=..., words=True)`: "state",
        "legal_actions" and the "log" entries new since the previous check (with their texts),
        "prompt" and "choices"."""
        raise NotImplementedError

    def unseen_names(self, match, viewer):
        """Phrases the words for `viewer` must not contain: how the game's words name the
        identities this viewer was never shown (regular-expression fragments, matched on word
        boundaries), each a string or (fragment, "log") to check only the log's texts.
        Default: none."""
        return ()


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
    """Violations of every seat's and the spectator's render (with its words) at this step."""
    found = []
    for viewer in seats + [None]:
        rendered = engine.render(match, viewer, log_since=since, words=True)
        problems = list(ledger.violations(match, viewer, rendered))
        problems += word_violations(ledger, match, viewer, rendered)
        for text in problems:
            found.append(f"version {match.version}, viewer {viewer}: {text}")
    return found


def words_of(rendered):
    """(where, text) of every word in a render: log texts, prompt, choice labels, outcome."""
    out = [(f"log {e['seq']}", e.get("text", "")) for e in rendered.get("log", [])]
    out.append(("prompt", rendered.get("prompt") or ""))
    out += [(f"choice {i}", c["label"]) for i, c in enumerate(rendered.get("choices", []))]
    out.append(("outcome", (rendered.get("outcome") or {}).get("text", "")))
    return out


def word_violations(ledger, match, viewer, rendered):
    """Words naming what the viewer was never shown (the ledger's `unseen_names`), and choice
    refs naming a card, mission, event or seat that is not in their own legal action."""
    found = []
    names = []
    for name in ledger.unseen_names(match, viewer):
        name, scope = name if isinstance(name, tuple) else (name, "")
        names.append((re.compile(rf"(?<![\w·]){name}(?![\w])"), scope))
    for where, text in words_of(rendered):
        for pattern, scope in names:
            if where.startswith(scope) and pattern.search(text):
                found.append(f"{where} names unseen {pattern.pattern!r}: {text!r}")
    for index, (action, choice) in enumerate(zip(rendered["legal_actions"], rendered.get("choices", []))):
        values = {leaf for _, leaf in leaves(action)}
        for ref in choice["refs"]:
            named = ref.get("id", ref.get("seat")) if ref["kind"] in ("card", "mission", "event", "seat") else None
            if named is not None and named not in values:
                found.append(f"choice {index} refers to {ref} beyond its action {action}")
    return found


def bot_mixes(game_id):
    """The bot mixes swept for a game: BOT_MIXES with only the bots the game has (a game without
    a heuristic plays the random bot)."""
    playable = {entry["bot"] for entry in bot_catalog(game_id)}
    return [tuple(bot for bot in mix if bot in playable) or ("random",) for mix in BOT_MIXES]


def sweep(game_id, seeds):
    """Sweep many matches: every option set and bot mix in turn; returns (matches, violations)."""
    option_sets = sweep_options(game_id)
    mixes = bot_mixes(game_id)
    problems = []
    for index, seed in enumerate(seeds):
        options = option_sets[index % len(option_sets)]
        bots = mixes[index % len(mixes)]
        for text in sweep_match(game_id, options, seed, bots):
            problems.append(f"{game_id} {options} seed {seed} bots {bots}: {text}")
    return len(seeds), problems
