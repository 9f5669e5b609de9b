"""Card data for Classified Information: every design of the four card sets, presets, proposals.

A *design* is one card face (name, number, ability). A deck holds 18 physical cards, two per
number 1..9. Card id `c` (0..17) is fixed by position: number = c // 2 + 1; copy 0 is the Guard
copy (or the first Sentinel), copy 1 the Assassin copy (or the second Sentinel). Which design each
id shows is chosen at set-up from the card-set option and stored in the state (public).

Sources: rules digest ../shared/rules/classified-information.md (A7) and the Japanese seed.
Names marked "EN?" in the digest are our translations (stable ids are what matter).
"""

# kind: what Deploy does. "effect" = a Deploy ability; "react" = REACT only (cannot be Deployed);
# "trigger" = works only from a Guard spot (cannot be Deployed); "guard" = Deploy places it as a
# Guard (with a TRIGGER); "tuck" = TUCK cards; "play" = stays in the play area.
DESIGNS = {
    # ---- Citrine (base) ----------------------------------------------------------------------
    "citrine_1": ("citrine", 1, "Fortune Teller", "effect"),
    "citrine_2": ("citrine", 2, "Test Access Codes", "effect"),
    "citrine_3": ("citrine", 3, "Picking Petals", "effect"),
    "citrine_4": ("citrine", 4, "Switch Places", "effect"),
    "citrine_5": ("citrine", 5, "Scavenge", "effect"),
    "citrine_6": ("citrine", 6, "Extra Protection", "tuck"),
    "citrine_7": ("citrine", 7, "Wheel of Fate", "effect"),
    "citrine_8": ("citrine", 8, "Neutralize the Target", "effect"),
    "citrine_9": ("citrine", 9, "Bullet Proof Vest", "react"),
    # ---- Emerald -----------------------------------------------------------------------------
    "emerald_1": ("emerald", 1, "High-Tech Bookends", "effect"),
    "emerald_2": ("emerald", 2, "Mind Control", "effect"),
    "emerald_3": ("emerald", 3, "Interrogation", "effect"),
    "emerald_4": ("emerald", 4, "Split Personality", "effect"),
    "emerald_5": ("emerald", 5, "Hiding Spot", "tuck"),
    "emerald_6": ("emerald", 6, "Resilience", "trigger"),
    "emerald_7": ("emerald", 7, "Digital Dig", "effect"),
    "emerald_8": ("emerald", 8, "Web Search", "effect"),
    "emerald_9": ("emerald", 9, "Return to Sender", "react"),
    # ---- Ruby --------------------------------------------------------------------------------
    "ruby_1": ("ruby", 1, "Hacking Dart", "effect"),
    "ruby_2": ("ruby", 2, "Decoy Guard", "guard"),
    "ruby_3": ("ruby", 3, "Tough Choice", "effect"),
    "ruby_4": ("ruby", 4, "Digital Resurrection", "effect"),
    "ruby_5": ("ruby", 5, "Precision Procedure", "effect"),
    "ruby_6": ("ruby", 6, "Pull the Plug", "react"),
    "ruby_7": ("ruby", 7, "Infiltration", "effect"),
    "ruby_8": ("ruby", 8, "Shine Spotlights", "effect"),
    "ruby_9": ("ruby", 9, "Rooftop Sniper", "effect"),
    # ---- Promo (13 designs; none for 2, 6, 8) -------------------------------------------------
    "promo_1a": ("promo", 1, "Take a Closer Look", "effect"),
    "promo_1b": ("promo", 1, "Loyalty Test", "effect"),
    "promo_3a": ("promo", 3, "Short Circuit", "play"),
    "promo_3b": ("promo", 3, "Suitcase Handoff", "effect"),
    "promo_3c": ("promo", 3, "Cyber Trap", "play"),
    "promo_4a": ("promo", 4, "High Stakes Gamble", "effect"),
    "promo_4b": ("promo", 4, "Telepathy Vision", "play"),
    "promo_5a": ("promo", 5, "Cyberpunk Sandwich", "effect"),
    "promo_5b": ("promo", 5, "Armored Fedora", "guard"),
    "promo_7a": ("promo", 7, "Cybernetic Cubic Tower", "tuck"),
    "promo_7b": ("promo", 7, "Sands of Time", "play"),
    "promo_9a": ("promo", 9, "Unstable Grenade", "effect"),
    "promo_9b": ("promo", 9, "No-Return Mail", "effect"),
}

DEPLOY_KINDS_NOT_DEPLOYABLE = ("react", "trigger")  # REACT-only and Guard-spot TRIGGER-only designs

EFFECTS = {
    "citrine_1": "Name a number; the opponent says whether it is within +-2 (circular) of their Suitcase Number.",
    "citrine_2": "The opponent reveals their hand to you; pick one revealed Card Number; they say whether it is their Suitcase Number.",
    "citrine_3": "The opponent names a number that is neither their Suitcase Number nor 3 (two numbers if no Guards are in play).",
    "citrine_4": "Swap one of your Guards with an opponent Guard or the top discard (face up); or swap this card with one of your Guards, then discard a card.",
    "citrine_5": "Take one of the top 3 discards into hand, then discard a card from hand.",
    "citrine_6": "TUCK: cover one of your Guards; it must be assassinated first; 1/2 Guard at the end.",
    "citrine_7": "Flip one of your Guards face up; the opponent says whether its number is in their Code.",
    "citrine_8": "Flip an opponent Guard face up; or rearrange the Discard Pile; or look at the bottom 2 of the Draw Deck.",
    "citrine_9": "REACT: block a successful assassination of your Guard.",
    "emerald_1": "Reveal a hand card; the opponent says whether their Suitcase Number is in 1..its number.",
    "emerald_2": "Assassinate an opponent Guard without comparing Codes; it becomes your face-up Guard; say whether its number is in your Code.",
    "emerald_3": "The opponent names a Guild their Suitcase card does not have.",
    "emerald_4": "Reveal one of your Guards and swap it with your Suitcase (Draw Deck >= 4).",
    "emerald_5": "TUCK: tuck the top/bottom discard or one of your Guards; on your final turn you may swap it with your hand card.",
    "emerald_6": "TRIGGER: when assassinated while face down, you may turn it face up to block.",
    "emerald_7": "Move any discard to the bottom; the opponent says whether its number is their Suitcase Number; PEEK 1.",
    "emerald_8": "Swap a hand card with the bottom discard and/or look at the top Encrypted card and move it to the bottom.",
    "emerald_9": "REACT: after the opponent plays a Guard, they take it back and discard a card.",
    "ruby_1": "The opponent says whether their Suitcase Number is odd or even.",
    "ruby_2": "Deploy as a Guard. TRIGGER: when assassinated, the assassin tells you one number of their Code.",
    "ruby_3": "Look at the top 2 of the Draw Deck, play one; shuffle the other and one discard back into the deck.",
    "ruby_4": "Play the top Encrypted card as your face-up Guard; or swap one of your Guards with an opponent hand card (they choose), then optionally swap it with a hand card.",
    "ruby_5": "Swap this card with the top/bottom discard, then Enlist or discard another hand card.",
    "ruby_6": "REACT: block the opponent's Deploy.",
    "ruby_7": "Play into an empty opponent Guard spot; the opponent reveals their hand; name a number; they say whether it is their Suitcase Number.",
    "ruby_8": "Flip all Guards face up; choose 2 Guards; the opponent says whether their Suitcase Number lies between them.",
    "ruby_9": "Assassinate an opponent Guard without comparing Codes, ignoring blocks and triggers.",
    "promo_1a": "PEEK 3 of the Draw Deck or the Encrypted pile.",
    "promo_1b": "Reveal another hand card; the opponent says whether their Suitcase Number is higher or lower (either if equal).",
    "promo_3a": "TRIGGER: at the start of your next turn, win if you have 3 Guards; else discard it.",
    "promo_3b": "Swap your Suitcase with the top of the Draw Deck (only with 3 Guards).",
    "promo_3c": "Place on the opponent's Suitcase; you win while holding 2 cards of one number; they may cancel by revealing 3 cards of one Guild.",
    "promo_4a": "Guess the opponent's Suitcase Number: right, you win; wrong, you lose (Draw Deck >= 4).",
    "promo_4b": "Record a guess of the opponent's Suitcase Number; if right at the end, this counts as 2 Guards.",
    "promo_5a": "Take the top and bottom of the Draw Deck and an opponent Guard; return one hand card to each place.",
    "promo_5b": "Deploy as a Guard. TRIGGER: when assassinated, you may swap a hand card with a discard. You may assassinate it yourself.",
    "promo_7a": "TUCK a discard into a Guard spot (it is a Guard); name a number of its Code; the opponent says whether it is their Suitcase Number.",
    "promo_7b": "Look at the bottom 3 of the Draw Deck, discard 2 and keep 1; stays in play; once per player per game.",
    "promo_9a": "Assassination attempt against every opponent Guard; 1/2/3 kills reveal your cards / suitcase.",
    "promo_9b": "Give the opponent a hand card; they give you one of theirs.",
}

SETS = ("citrine", "emerald", "ruby")
SET_DESIGNS = {s: tuple(f"{s}_{n}" for n in range(1, 10)) for s in SETS}
PROMO_DESIGNS = tuple(k for k, v in DESIGNS.items() if v[0] == "promo")

# PROPOSAL (digest A3): the contents of Recommended decks 1-3 are unknown; each is a preset
# (number -> design) and aliases Citrine until the real lists are known.
RECOMMENDED = {
    "recommended_1": SET_DESIGNS["citrine"],
    "recommended_2": SET_DESIGNS["citrine"],
    "recommended_3": SET_DESIGNS["citrine"],
}

DIFFICULTY_ENCRYPTED = {"normal": 2, "hard": 4, "insane": 6}

# Rules decisions where no source exists (digest A9). Each is named here so that a better source
# can replace it. "read" entries are read by the code (change the value to change the rule);
# "structural" entries document a behaviour that the code's shape implements.
PROPOSALS = {
    # ---- read by the code ----
    "face_up_target_needs_shared_code": True,    # C8: otherwise illegal (combat.attack_targets)
    "revealed_guard_stays_face_up": True,        # C10: a Guard revealed by a successful attempt stays up after a Vest block
    "deploy_as_guard_face_up": True,             # C11: Deployed Decoy Guard / Armored Fedora were revealed: face up
    "grenade_max_kills_counted": 3,              # C13: 4 kills (with Extra Protection) count as 3
    "grenade_failures_show_hand": False,         # C13: a failed Grenade attempt shows no hand card
    "tough_choice_may_not_chain": True,          # C19: no Tough Choice Deploy from a Tough Choice
    "tough_choice_min_deck": 2,                  # C7: Tough Choice needs 2 cards to look at
    "sandwich_min_deck": 2,                      # C7: Cyberpunk Sandwich needs distinct top and bottom cards
    "hiding_spot_uncovered_guards_only": True,   # C21: Hiding Spot may not tuck a covered Guard
    "neutralize_flip_face_down_only": True,      # C7: Neutralize flips only a face-down Guard
    # ---- structural (documented behaviour) ----
    "first_player_random": "option first_player, default random",                      # C4
    "extra_protection_not_a_guard": "EP / TUCK cards / Telepathy never block",       # C2
    "mind_control_cct": "MC on a CCT pair: the target changes sides, the other is discarded",
    "react_window_always_open": "a window opens when the design is in the match",    # C9
    "cyber_trap_same_printed_guild": "cancel with 3 cards of one printed Guild",     # C20
    "card_list_public": "the match's 18 designs are in every view",
    "promos_apply_to_random_and_selection": "fixed sets ignore the promos option",   # A3
    "rearrange_listed_orders": "listed: move one card to the top, or reverse; any permutation accepted",
}


def code_of(number):
    """The Code of a number: (n-1, n, n+1) wrapping 9 <-> 1."""
    return (9 if number == 1 else number - 1, number, 1 if number == 9 else number + 1)


CODES = {n: frozenset(code_of(n)) for n in range(1, 10)}


def number_of(card):
    """Card Number of card id 0..17."""
    return card // 2 + 1


def guild_of(card):
    """Printed guild of card id: 'S' for 3/6/9, else 'G' (copy 0) or 'A' (copy 1)."""
    n = card // 2 + 1
    if n % 3 == 0:
        return "S"
    return "G" if card % 2 == 0 else "A"


GUILD = tuple(guild_of(c) for c in range(18))
NUMBER = tuple(number_of(c) for c in range(18))
CODE = tuple(CODES[number_of(c)] for c in range(18))
GUILD_NAMES = {"G": "guard", "A": "assassin", "S": "sentinel"}


def circular_distance(a, b):
    """Distance of two numbers on the 1..9 circle."""
    d = abs(a - b) % 9
    return min(d, 9 - d)


def card_catalog():
    """Every design as data: id, set, number, name, guild split, Code, kind and effect text."""
    out = []
    for key, (card_set, number, name, kind) in DESIGNS.items():
        split = ["sentinel", "sentinel"] if number % 3 == 0 else ["guard", "assassin"]
        out.append({"design": key, "set": card_set, "number": number, "name": name, "guilds": split,
                    "code": list(code_of(number)), "kind": kind, "effect": EFFECTS[key]})
    return out
