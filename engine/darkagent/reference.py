"""Dark Agent's reference data: objectives, equipment, specials, spies, sentinels, neutral
agents and the Dark Agent, with the lobby's option words. Names and effects come from the seed
and the digest (A9-A11, A15); every number (defence, VP, counts) is ours (darkagent_data.json is
a PROPOSAL data set), and so are the objective effects (optional rule, texts not found)."""

EQUIPMENT_TEXT = {
    "adrenaline": "One attacking spy adds its own level again to the attack.",
    "binoculars": "Put two attempt markers on a spotted objective.",
    "bulletproof_jacket": ("Before an attack: your spies cannot be hurt until an attack misses. "
                           "In defence: lose this card instead of a hit spy."),
    "explosives": "Attack an objective even when it is protected.",
    "jet_pack": "Swap one of your spies with a spotted enemy spy or sentinel.",
    "rifle": "Plus 2 to every attack this turn; one sentinel attack anywhere, spotted or not.",
    "rocket_launcher": "After each roll this turn, set one attack die to any face.",
    "rubber_boat": "Deploy your lowest reserve spy into an empty cell (like Support).",
}
SPECIAL_TEXT = {
    "supply": "Draw one equipment card (not with three in hand).",
    "support": "Deploy your lowest-level reserve spy into an empty cell.",
    "media": "At the end of your turn, pick up to three cards or spies and put them back in any order.",
    "espionage": "Take the Double Agent token.",
}
AIM_EFFECT = {
    "nuclear_submarine": "Nuclear deterrence: plus 2 to all your attacks for the rest of the game.",
    "space_control_centre": "Regain an unused Super Satellite token.",
    "virology_lab": "Once: send a spotted enemy spy back to its owner's reserve without a roll.",
    "united_nations": "Your UN vote counts double.",
    "hostage": "Plus 2 points at the end of the game.",
}

OPTION_WORDS = {
    "players": {"label": "Players", "help": "One to six agencies (one is the solo game)."},
    "aim_limit": {"label": "Objectives to end", "help": (
        "The game ends at a UN peace phase once this many objectives are captured in all.")},
    "need_dark_agent": {"label": "Dark Agent must fall", "help": (
        "The game also needs the Dark Agent eliminated before it can end.")},
    "max_rounds": {"label": "Round limit", "help": "End after this many rounds (0: no limit)."},
    "objective_effects": {"label": "Objective effects", "help": (
        "Captured objectives give an effect (optional rule; the effects are ours).")},
    "jacket_defence": {"label": "Bulletproof Jacket in defence", "help": (
        "Automatic: a jacket in hand saves a hit spy without asking. Ask (our variant): its owner "
        "is asked, which shows the jacket to everyone.")},
    "solo_alpha": {"label": "Solo extra rounds", "help": (
        "Solo game: rounds and points needed above 10 and 35 (the default follows the objectives).")},
    "vote_rule": {"label": "UN vote", "help": "The rotation passes on a strict majority, or on half or more."},
    "safety_round_cap": {"label": "Safety round limit", "help": (
        "Ours: the game ends after this many rounds in any case, so every match finishes.")},
}


def _entry(key, name, text, source, **more):
    return dict({"id": key, "name": name, "text": text, "source": source}, **more)


def reference():
    """The reference data (engine.reference)."""
    from .words import AIMS, EQUIPMENT, SPECIALS
    aims = [_entry(k, n, f"Objective worth 6 points; defence 20 (ours). Optional effect (ours): {AIM_EFFECT[k]}",
                   "published") for k, n in AIMS.items()]
    return {"game": "darkagent", "name": "Dark Agent", "sections": [
        {"kind": "objective", "title": "Objectives", "entries": aims},
        {"kind": "equipment", "title": "Equipment", "entries": [
            _entry(k, n, EQUIPMENT_TEXT[k], "published") for k, n in EQUIPMENT.items()]},
        {"kind": "special", "title": "Special cards", "entries": [
            _entry(k, n, SPECIAL_TEXT[k], "published") for k, n in SPECIALS.items()]},
        {"kind": "piece", "title": "Theatre pieces", "entries": _pieces()},
    ]}


def _pieces():
    return [
        _entry("spy", "Spy", "Your agents of level 2, 3 and 5; a spy's level is its points.", "published"),
        _entry("sentinel", "Sentinel", "Grey guards of level 1 to 4; neutralised, worth their level.",
               "published"),
        _entry("agent", "Neutral agent", "Agents of no nation, level 2, 3 or 5.", "ours"),
        _entry("dark_agent", "The Dark Agent", "Level 5, worth 5 points when eliminated.", "published"),
        _entry("double_agent", "Double Agent token", (
            "Use it on a spotted enemy spy: that spy fights for you this turn, then the token goes "
            "to its owner."), "published"),
        _entry("super_satellite", "Super Satellite", "Once per game: spot one cell at any depth.",
               "published"),
    ]
