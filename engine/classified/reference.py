"""Classified Information's reference data: every card design and the rules' card kinds, with
the lobby's option words. The designs are the published cards; where the English name is our
translation of the Japanese card (digest A7, "EN?"), `name_source` says "ours". The ability texts
are our short paraphrases of the published texts (data.EFFECTS)."""

from .data import DESIGNS, EFFECTS, code_of

# digest A7: English names that are our translation (the official name is unconfirmed)
OUR_NAMES = frozenset((
    "Neutralize the Target", "Mind Control", "Interrogation", "Split Personality", "Hiding Spot",
    "Resilience", "Web Search", "Return to Sender", "Tough Choice", "Digital Resurrection",
    "Precision Procedure", "Pull the Plug", "Infiltration", "Take a Closer Look", "Loyalty Test",
    "Suitcase Handoff", "Armored Fedora", "Sands of Time", "Unstable Grenade", "No-Return Mail",
))
SET_NAMES = {"citrine": "Citrine", "emerald": "Emerald", "ruby": "Ruby", "promo": "Promo"}
KEYWORDS = (
    ("deploy", "Deploy", "Play a card from your hand for its ability, then discard it."),
    ("encrypt", "Encrypt", "Place a hand card face down on the Encrypted pile."),
    ("guard", "Guard", "Place a hand card face down in one of your three Guard spots."),
    ("assassinate", "Assassinate", ("Play an Assassin whose Code shares a number with an opponent "
                                    "Guard to remove that Guard.")),
    ("react", "REACT", "Play out of turn right after the opponent acts; you skip your next action."),
    ("tuck", "TUCK", "Place the card with another card tucked under it."),
    ("trigger", "TRIGGER", "Works from a Guard spot when that Guard is assassinated."),
    ("peek", "PEEK", "Look privately at cards of the Draw Deck or the Encrypted pile."),
    ("code", "Code", "A number with its two neighbours on the 1 to 9 circle (9, 1 and 2 for 1)."),
    ("suitcase", "Suitcase", "Your secret card: the final card must hit the opponent's Suitcase Code."),
)

OPTION_WORDS = {
    "players": {"label": "Players", "help": "Classified Information is for two players."},
    "card_set": {"label": "Card set", "help": (
        "Which nine cards are in play: Citrine (the base set), Emerald or Ruby, a recommended deck "
        "(our stand-in: the recommended lists are unknown, so they play as Citrine), a random mix "
        "of pairs or cards, or your own selection.")},
    "selection": {"label": "Your selection", "help": (
        "With the card set Selection: nine entries, one per number, each a set name or a card.")},
    "promos": {"label": "Promo cards", "help": "Add the promo cards to random mixes and selections."},
    "difficulty": {"label": "Difficulty", "help": (
        "How many cards start in the Encrypted pile: two (normal), four (hard) or six (insane).")},
    "suitcase_pick": {"label": "Choose your Suitcase", "help": (
        "Each player chooses their Suitcase from their opening cards instead of taking it at random.")},
    "first_player": {"label": "First player", "help": "Who takes the first turn: random, seat 1 or seat 2."},
}


def _plain(text):
    """The data's shorthand in words (">= 4" -> "at least 4", "+-2" -> "plus or minus 2")."""
    return text.replace(">= ", "at least ").replace("+-", "plus or minus ").replace("1..", "1 to ")


def _card(key):
    card_set, number, name, _ = DESIGNS[key]
    guilds = "two Sentinels" if number % 3 == 0 else "one Guard and one Assassin"
    code = ", ".join(str(n) for n in code_of(number))
    entry = {"id": key, "name": name, "number": number, "set": SET_NAMES[card_set],
             "text": f"{_plain(EFFECTS[key])} Copies: {guilds}. Code {code}.", "source": "published"}
    if name in OUR_NAMES:
        entry["name_source"] = "ours"
    return entry


def reference():
    """The reference data (engine.reference)."""
    return {"game": "classified", "name": "Classified Information", "sections": [
        {"kind": "card", "title": "Cards", "entries": [_card(key) for key in DESIGNS]},
        {"kind": "keyword", "title": "Keywords", "entries": [
            {"id": key, "name": name, "text": text, "source": "published"}
            for key, name, text in KEYWORDS]},
    ]}


def card_faces():
    """The printed face of every design, by design key (the web client's card labels)."""
    return {"designs": {key: {"set": d[0], "number": d[1], "name": d[2], "kind": d[3]}
                        for key, d in DESIGNS.items()}}
