"""Helpers for the words tests: play bot matches rendered with words, collect every text."""

import re

import engine
from engine import Rng
from engine.bots import choose_action

# developer strings that must never reach a person: braces, key=value, snake_case words, raw
# mission ids (M06), 'card=40'-style fields, Python reprs
DEV = re.compile(r"[{}=]|\b[a-z]+_[a-z0-9_]+\b|\bM\d\d\b|\bNone\b|\bTrue\b|\bFalse\b|PROPOSAL")


def dev_strings(text):
    """The developer fragments in a text (empty when it reads as words)."""
    return DEV.findall(text or "")


def worded_views(game_id, seed, options=None, bots=("heuristic", "random"), max_steps=None):
    """(match, viewer, view) for every viewer at every step of one bot match, views with words."""
    rules = engine.get_game(game_id)
    match = engine.start(game_id, options or {}, seed)
    seats = list(range(rules.seat_count(match.options)))
    pick = Rng(seed)
    since = None
    for _ in range(max_steps or rules.max_length + 1):
        for viewer in seats + [None]:
            yield match, viewer, engine.render(match, viewer, log_since=since, words=True)
        since = match.version
        moving = engine.to_move(match)
        if not moving:
            return
        seat = moving[pick.randbelow(len(moving))]
        view = engine.render(match, seat, with_log=False)
        action = choose_action(game_id, {"bot": bots[seat % len(bots)]}, view, seat, pick)
        match = engine.step(match, seat, action)


def texts_of(view):
    """(where, text) for every word in a view: log texts, prompt, labels, outcome text."""
    out = [(f"log {e['seq']}", e["text"]) for e in view.get("log", [])]
    if view.get("prompt") is not None:
        out.append(("prompt", view["prompt"]))
    out += [(f"choice {i}", c["label"]) for i, c in enumerate(view.get("choices", []))]
    if view.get("outcome"):
        out.append(("outcome", view["outcome"]["text"]))
    return out
