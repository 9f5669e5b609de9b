"""If Then's reference data: events, hint symbols and the card deck, with the lobby's option
words. All of it is ours (digest B3, B4, B8: the deck, the curated challenges, the events and the
hint texts are PROPOSALs; the published game's lists are not available)."""

from .challenges import CURATED_BY_ID
from .data import ATTR_LABELS, EVENTS, HALF_CODES, HINT_ATTR, N_CARDS
from .words import card_words, rule_words

KINDS = {"instant": "Instant: happens at once.", "round": "Lasts until the next event.",
         "keep": "Kept by the team until a codebreaker uses it."}

OPTION_WORDS = {
    "players": {"label": "Players", "help": (
        "Everyone at the table, the All Knowing included (two to six).")},
    "level": {"label": "Level", "help": "How hard the secret rule is, from 0 (simple) to 3 (hardest)."},
    "allKnowing": {"label": "All Knowing", "help": (
        "Who knows the secret rule: the engine, or a player in seat 1.")},
    "mastermind": {"label": "Mastermind", "help": (
        "The All Knowing player chooses the challenge and a secret allegiance (with a seated All Knowing).")},
    "challenges": {"label": "Challenges", "help": (
        "Where the secret rule comes from: our curated list or rules generated at random.")},
}


def _challenge_name(key):
    """'Level 1, challenge 2' for 'L1-2'."""
    level, _, number = key[1:].partition("-")
    return f"Level {level}, challenge {number}"


def reference():
    """The reference data (engine.reference)."""
    events = [{"id": e["id"], "name": e["name"], "text": f"{e['text']} {KINDS[e['kind']]}",
               "kind": e["kind"], "source": "ours"} for e in EVENTS]
    hints = [{"id": symbol, "name": symbol.capitalize(), "source": "ours",
              "text": f"Tells whether the secret rule involves the {ATTR_LABELS[attr]}."}
             for symbol, attr in HINT_ATTR.items()]
    cards = [{"id": card, "name": f"Card {card + 1}", "text": card_words(card).capitalize() + ".",
              "source": "ours"} for card in range(N_CARDS)]
    challenges = [{"id": key, "name": _challenge_name(key), "level": c.level,
                   "text": rule_words(c.rule), "source": "ours"} for key, c in CURATED_BY_ID.items()]
    return {"game": "ifthen", "name": "If Then", "sections": [
        {"kind": "challenge", "title": "Challenges (the secret rules of the curated list)",
         "entries": challenges},
        {"kind": "event", "title": "Events", "entries": events},
        {"kind": "hint", "title": "Hints", "entries": hints},
        {"kind": "card", "title": "Cards", "entries": cards},
    ]}


def card_faces():
    """Every card half's letter code, by half id (the web client draws the halves from them)."""
    return {"half_codes": list(HALF_CODES)}
