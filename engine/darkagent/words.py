"""Dark Agent in words: log sentences, prompts, choice labels, reference data (engine.words).

One numbering everywhere: lines 1..7 from the left and depths 1..5 from the satellites, as the
web client's buttons count (the state keeps 0-based cells; refs give `line`/`depth` 1-based).
Reads only the viewer's render (the entry as held, the redacted view `seen`).
"""

from engine.words import humanize, join, possessive, seat_name, seat_object, sentence

DEPTH = 5
AIMS = {"nuclear_submarine": "Nuclear Submarine", "space_control_centre": "Space Control Centre",
        "virology_lab": "Virology Lab", "united_nations": "United Nations", "hostage": "Hostage"}
EQUIPMENT = {"adrenaline": "Adrenaline", "binoculars": "Binoculars",
             "bulletproof_jacket": "Bulletproof Jacket", "explosives": "Explosives",
             "jet_pack": "Jet Pack", "rifle": "Rifle", "rocket_launcher": "Rocket Launcher",
             "rubber_boat": "Rubber Boat"}
SPECIALS = {"supply": "Supply", "support": "Support", "media": "Media", "espionage": "Espionage"}
ENDINGS = {"objectives": "enough objectives were captured", "rounds": "the last round was played",
           "safety_round_cap": "the round limit was reached"}
TARGET_KINDS = {"sentinel": "the Sentinel", "spy": "the spy", "agent": "the neutral agent",
                "dark": "the Dark Agent", "aim": "the objective"}
PHASE_PROMPTS = {
    "place": "Place a satellite on a line.",
    "move": "Move your satellites, swap one, or skip.",
    "act": "Spot cells, attack, take equipment or play a card; end your turn when done.",
    "vote": "Vote whether to rotate the theatre.",
    "jacket": "Your spy was hit: use your Bulletproof Jacket, or not.",
    "media": "Media: pick up to three cells to rearrange, then place them.",
}


def cell_words(cell):
    """'line 4, depth 2' for a 0-based cell index."""
    if not isinstance(cell, int) or cell < 0:
        return "nowhere"
    return f"line {cell // DEPTH + 1}, depth {cell % DEPTH + 1}"


def cell_ref(cell):
    """The ref of a cell (1-based line and depth)."""
    return {"kind": "cell", "line": cell // DEPTH + 1, "depth": cell % DEPTH + 1}


def thing_name(name):
    """The printed name of a theatre card, equipment or special."""
    text = str(name)
    if text in AIMS or text in EQUIPMENT or text in SPECIALS:
        return {**AIMS, **EQUIPMENT, **SPECIALS}[text]
    if text == "dark_agent":
        return "the Dark Agent"
    for prefix, word in (("sentinel", "Sentinel"), ("agent", "neutral agent")):
        if text.startswith(prefix) and text[len(prefix):].isdigit():
            return f"level {text[len(prefix):]} {word}"
    return humanize(text).title()


def occupant(seen, cell, viewer):
    """What lies in a cell of the viewer's view ('Seat 2's level 3 spy', 'Hostage', ...)."""
    grid = (seen or {}).get("grid") or []
    try:
        item = grid[cell // DEPTH][cell % DEPTH]
    except (IndexError, TypeError):
        return None
    if not item:
        return None
    if item.get("kind") == "spy":
        return f"{possessive(item.get('owner'), viewer)} level {item.get('level')} spy"
    return thing_name(item.get("name"))


def _at(seen, cell, viewer):
    what = occupant(seen, cell, viewer)
    return f"{cell_words(cell)}" + (f" ({what})" if what else "")


def entry_text(entry, viewer, seen):
    """One sentence per log entry (each Dark Agent entry has one key)."""
    p, mine = entry.get("public") or {}, entry.get("private") or {}
    for key, value in p.items():
        say = _SAYINGS.get(key)
        if say is not None:
            return sentence(say(value, mine, viewer, p))
    return None


def _who(value, viewer):
    return seat_name(value.get("seat") if isinstance(value, dict) else value, viewer)


def _attack(v, mine, viewer, p):
    dice = ", ".join(str(d) for d in v.get("dice") or [])
    result = "hit" if v.get("success") else "missed"
    spies = len(v.get("spies") or [])
    kind = TARGET_KINDS.get(v.get("target_kind"), "the target")
    played = f", playing {join(thing_name(c) for c in v['played'])}" if v.get("played") else ""
    return (f"{_who(v, viewer)} attacked {kind} at {cell_words(v.get('target'))} with "
            f"{spies} {'spy' if spies == 1 else 'spies'}{played}: rolled {dice} with a bonus of "
            f"{v.get('bonus')} against defence {v.get('defence')}, and {result}")


def _play(v, mine, viewer, p):
    where = v.get("cell", v.get("to"))
    return f"{_who(v, viewer)} played {thing_name(v.get('card'))}" + (
        f" on {cell_words(where)}" if isinstance(where, int) else "")


_SAYINGS = {
    "place_satellite": lambda v, m, w, p: f"{_who(v, w)} placed a satellite on line {v['line'] + 1}",
    "swap_satellite": lambda v, m, w, p: f"{_who(v, w)} swapped a satellite of line {v['line'] + 1} "
                                         f"with one of line {v['with_line'] + 1}",
    "move_satellites": lambda v, m, w, p: f"{_who(v, w)} moved satellites: " + join(_steps(v.get("moves"))),
    "skip_satellites": lambda v, m, w, p: f"{_who(v, w)} left the satellites in place",
    "spot": lambda v, m, w, p: f"{_who(v, w)} spotted {cell_words(v['cell'])}" + (
        " with the Super Satellite" if v.get("super") else ""),
    "special": lambda v, m, w, p: f"{_who(v, w)} triggered {thing_name(v['special'])} at {cell_words(v['cell'])}"
                                  + ("" if v.get("effect") else " (no effect)"),
    "supply": lambda v, m, w, p: f"{_who(v, w)} drew an equipment card" + (
        f": {thing_name(m['drew'])}" if m.get("drew") else ""),
    "take": lambda v, m, w, p: f"{_who(v, w)} took {thing_name(v['card'])} from {cell_words(v['cell'])}",
    "play": _play,
    "deploy": lambda v, m, w, p: f"{_who(v, w)} deployed a level {v['level']} spy at {cell_words(v['cell'])}",
    "double_agent": lambda v, m, w, p: f"{_who(v, w)} turned the spy at {cell_words(v['cell'])} into a double agent",
    "double_agent_to": lambda v, m, w, p: ("The Double Agent token was discarded" if v is None or v < 0
                                           else f"The Double Agent token went to {seat_object(v, w)}"),
    "virology": lambda v, m, w, p: f"{_who(v, w)} used the Virology Lab on the spy at {cell_words(v['cell'])}",
    "jacket": lambda v, m, w, p: f"{_who(v, w)} " + ("used" if v.get("used") else "kept") +
                                 f" a Bulletproof Jacket for the spy at {cell_words(v['cell'])}",
    "jacket_prompt": lambda v, m, w, p: f"{seat_name(v, w)} may use a Bulletproof Jacket",
    "attack": _attack,
    "objective": lambda v, m, w, p: f"{seat_name(p.get('bonus_token_to'), w)} captured {thing_name(v)}",
    "effect": lambda v, m, w, p: f"{seat_name(p.get('seat'), w)} gained the effect of {thing_name(v)}",
    "attempt_marker": lambda v, m, w, p: f"An attempt marker was placed on {thing_name(v)}",
    "wounded": lambda v, m, w, p: f"{_who(v, w)} lost spies of level {join(v.get('levels') or [])}",
    "invulnerable_spent": lambda v, m, w, p: f"{seat_name(v, w)} spies are no longer invulnerable",
    "turn": lambda v, m, w, p: f"{possessive(v, w, True)} turn",
    "round": lambda v, m, w, p: f"Round {v} began",
    "un_vote": lambda v, m, w, p: f"UN peace phase of round {v}: vote on rotating the theatre",
    "voted": lambda v, m, w, p: f"{seat_name(v, w)} voted" + (
        (" to rotate" if m["rotate"] else " not to rotate") if "rotate" in m else ""),
    "votes": lambda v, m, w, p: "The vote " + ("passed: the theatre rotates" if p.get("rotate")
                                              else "failed: the theatre stays") + (
        f" (the opposition rolled {p['opposition_die']})" if p.get("opposition_die") else ""),
    "media": lambda v, m, w, p: f"{seat_name(v, w)} rearranges cells with Media",
    "media_pick": lambda v, m, w, p: f"Media picked {cell_words(v)}",
    "media_place": lambda v, m, w, p: "Media moved " + join(
        f"{cell_words(a)} to {cell_words(b)}" for a, b in zip(v.get("from") or [], v.get("to") or [])),
    "game_over": lambda v, m, w, p: f"The game ended: {ENDINGS.get(v, 'the match is over')}",
}


def prompt(seen, seat, legal):
    """What the seat decides now (by the view's phase)."""
    return PHASE_PROMPTS.get(seen.get("phase"))


def choice(seen, seat, action):
    """A label and the cells/cards/lines an action involves."""
    kind = action.get("type")
    say = _LABELS.get(kind)
    return say(seen, seat, action) if say is not None else None


def _spot(seen, seat, a):
    cell = a["line"] * DEPTH + a["depth"]
    label = f"Spot {_at(seen, cell, seat)}" + (" with the Super Satellite" if a.get("super") else "")
    refs = [cell_ref(cell)]
    if a.get("to") is not None:
        label += f", deploying to {cell_words(a['to'])}"
        refs.append(cell_ref(a["to"]))
    return {"label": label, "refs": refs}


def _attack_label(seen, seat, a):
    spies = a.get("spies") or []
    label = (f"Attack {_at(seen, a['target'], seat)} with the {'spy' if len(spies) == 1 else 'spies'} at "
             + join(cell_words(c) for c in spies))
    if a.get("adrenaline") is not None:
        label += f", Adrenaline on {cell_words(a['adrenaline'])}"
    if a.get("explosives"):
        label += ", with Explosives"
    return {"label": label, "refs": [cell_ref(a["target"])] + [cell_ref(c) for c in spies]}


def _play_label(seen, seat, a):
    label = f"Play {thing_name(a['card'])}"
    refs = [{"kind": "card", "id": a["card"]}]
    for key, word in (("cell", "on"), ("to", "to")):
        if a.get(key) is not None:
            label += f" {word} {_at(seen, a[key], seat)}"
            refs.append(cell_ref(a[key]))
    return {"label": label, "refs": refs}


def _steps(moves):
    moves = moves or []
    return [f"line {moves[i] + 1} to line {moves[i + 1] + 1}" for i in range(0, len(moves) - 1, 2)]


def _moves(seen, seat, a):
    moves = a.get("moves") or []
    return {"label": "Move satellites: " + join(_steps(moves)),
            "refs": [{"kind": "line", "line": m + 1} for m in moves]}


_LABELS = {
    "place_satellite": lambda s, seat, a: {"label": f"Place a satellite on line {a['line'] + 1}",
                                           "refs": [{"kind": "line", "line": a["line"] + 1}]},
    "move_satellites": _moves,
    "swap_satellite": lambda s, seat, a: {
        "label": f"Swap your satellite on line {a['line'] + 1} with "
                 f"{'a neutral' if a.get('owner', -1) < 0 else possessive(a['owner'], seat)} "
                 f"satellite on line {a['with_line'] + 1}",
        "refs": [{"kind": "line", "line": a["line"] + 1}, {"kind": "line", "line": a["with_line"] + 1}]},
    "skip_satellites": lambda s, seat, a: {"label": "Leave the satellites in place", "refs": []},
    "spot": _spot,
    "attack": _attack_label,
    "take": lambda s, seat, a: {"label": f"Take {_at(s, a['cell'], seat)}", "refs": [cell_ref(a["cell"])]},
    "double_agent": lambda s, seat, a: {"label": f"Use the Double Agent on {_at(s, a['cell'], seat)}",
                                        "refs": [cell_ref(a["cell"])]},
    "play": _play_label,
    "virology": lambda s, seat, a: {"label": f"Use the Virology Lab on {_at(s, a['cell'], seat)}",
                                    "refs": [cell_ref(a["cell"])]},
    "end_turn": lambda s, seat, a: {"label": "End your turn", "refs": []},
    "media_pick": lambda s, seat, a: {"label": f"Pick {_at(s, a['cell'], seat)} for Media",
                                      "refs": [cell_ref(a["cell"])]},
    "media_place": lambda s, seat, a: {"label": "Place the picked cards at " + join(
        cell_words(c) for c in a.get("cells") or []), "refs": [cell_ref(c) for c in a.get("cells") or []]},
    "media_done": lambda s, seat, a: {"label": "Finish Media", "refs": []},
    "jacket": lambda s, seat, a: {"label": "Use the Bulletproof Jacket" if a.get("use") else "Do not use the jacket",
                                  "refs": []},
    "vote": lambda s, seat, a: {"label": "Vote to rotate the theatre" if a.get("rotate") else "Vote not to rotate",
                                "refs": []},
}


def outcome_text(outcome, viewer):
    """'Seat 1 won with 16 points.' (solo: 'You lost with 5 points.')."""
    from engine.words import generic_outcome_text
    seats = outcome.get("seats") or []
    if len(seats) == 1 and not seats[0].get("won"):
        score = seats[0].get("score")
        tail = f" with {score} point{'' if score == 1 else 's'}" if isinstance(score, int) else ""
        return sentence(f"{seat_name(0, viewer)} lost{tail}")
    return generic_outcome_text(outcome, viewer)


def reference():
    """Objectives, equipment, specials, spies and theatre cards (engine.reference)."""
    from .reference import reference as build
    return build()


def option_words():
    """The lobby's words for the options."""
    from .reference import OPTION_WORDS
    return OPTION_WORDS
