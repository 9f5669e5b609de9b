"""Generic code names no game: every registered game id written as a string literal in the bots,
the tournament runner, the engine core, the words, the service or the worker (or, in the engine, a
game package imported by name) is a place a fifth game would have to be added by hand
(docs/adding-a-game.md). The game packages and the registry's list of packages may name them."""

import ast
import os

import engine
from engine.registry import GAME_PACKAGES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE_GENERIC = ("engine/bots", "engine/tournament", "engine/core.py", "engine/__init__.py",
                  "engine/words.py")
SERVICE = ("service", "worker")


def _python_files(paths):
    for path in paths:
        full = os.path.join(ROOT, path)
        if os.path.isfile(full):
            yield full
            continue
        for folder, _, names in os.walk(full):
            yield from (os.path.join(folder, n) for n in sorted(names) if n.endswith(".py"))


def game_ids():
    """Every registered game id and every built-in game package name."""
    return set(engine.GAMES) | set(GAME_PACKAGES)


def naming_a_game(source, ids, imports=True):
    """(line, what) for each string literal equal to a game id and (with `imports`) each import
    of a game package (`engine.<game>` or `from engine import <game>`) in Python `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids:
            found.append((node.lineno, repr(node.value)))
        elif not imports:
            continue
        elif isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            named = {a.name for a in node.names} if parts == ["engine"] else set(parts[1:2])
            if parts[0] == "engine" and named & ids:
                found.append((node.lineno, f"from {node.module} import ..."))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "engine" and set(parts[1:2]) & ids:
                    found.append((node.lineno, f"import {alias.name}"))
    return found


def offenders(paths, imports=True):
    ids = game_ids()
    out = []
    for path in _python_files(paths):
        with open(path, encoding="utf-8") as handle:
            for line, what in naming_a_game(handle.read(), ids, imports):
                out.append(f"{os.path.relpath(path, ROOT)}:{line}: {what}")
    return out


def test_the_check_finds_a_game_id_and_a_game_import():
    ids = {"classified", "toy"}
    source = ('"""A docstring may say "classified"."""\n'
              'from engine.classified.data import DESIGNS\n'
              'import engine.toy\n'
              'from engine import classified\n'
              'TABLE = {"classified": 1}\n'
              'ok = f"engine.{name}"\n')
    assert [line for line, _ in naming_a_game(source, ids)] == [2, 3, 4, 5]
    assert [line for line, _ in naming_a_game(source, ids, imports=False)] == [5]


def test_no_game_id_in_generic_engine_code():
    assert not offenders(ENGINE_GENERIC), "\n".join(offenders(ENGINE_GENERIC))


def test_no_game_id_in_service_or_worker():
    """Game ids as string literals only: the Dark Agent odds endpoints import engine.darkagent's
    odds, a game-specific part of the contract."""
    assert not offenders(SERVICE, imports=False), "\n".join(offenders(SERVICE, imports=False))
