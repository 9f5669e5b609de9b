"""Inside Job data tables: per-count parameters, roles, missions and the PROPOSAL table.

Everything here is data, so a better source (the printed cards, the KOSMOS rulebook) can replace
it without touching the rules code. The mission catalogue lives in `missions.json` and is
**unofficial** (placeholders, rules digest B8); `PROPOSALS` names every engine decision that is
not a published rule (rules digest B9).

Cards are ints 0..51: suit = card // 13 (0..3), value = card % 13 + 1 (1..13).
"""

import json
import os

SUIT_COUNT = 4
VALUES_PER_SUIT = 13
DECK = tuple(range(SUIT_COUNT * VALUES_PER_SUIT))
INTEL_TOKENS = 14

# players -> per-count parameters (rules digest B2)
PARAMS = {
    3: {"hand": 13, "set_aside": 13, "tricks": 11, "left": 2, "target": 9, "threshold": 6},
    4: {"hand": 12, "set_aside": 4, "tricks": 10, "left": 2, "target": 7, "threshold": 5},
    5: {"hand": 10, "set_aside": 2, "tricks": 9, "left": 1, "target": 6, "threshold": 4},
}
# Professor NO reveals (and loses) at this many Intel (seed; 4-5 players only)
PROFESSOR_THRESHOLD = {4: 4, 5: 3}

# Engine decisions where no source exists (rules digest PROPOSALs), each one named here.
PROPOSALS = {
    "suit_names": ("blue", "red", "yellow", "green"),          # B1: display names of S0..S3
    "dealer": "random",                                          # B3.5: option `dealer` = -1
    "special_role_replaces": {"professor_no": "insider"},      # B3.1/T15: others replace an Agent
    "min_plain_agents": 1,                                       # T15
    "nervous_agent_starting_intel": 0,                           # T9
    "wagers_default": True,                                      # B6: option `wagers`
    "wager_tokens_per_card": 1,                                  # T6: one token, once per trick
    "accomplice_trick_tokens": "return_to_supply",   # T8 (else: paid like anyone)
    "vote_tie": "insider_escapes",      # T4: strict top needed to catch (or "insider_caught")
    "decoy_tie_with_insider": "both_win",   # seed / T4 (else the Decoy needs a strict top)
    "voters_silent_when_revealed": ("tim_shady", "sleeper_agent"),  # T5
    "free_follow_roles": ("insider", "professor_no"),            # T12/T13
    "tim_steal_recheck": True,                                   # T11: re-run check 8a once
    "voluntary_special_reveal_roles": ("tim_shady", "sleeper_agent"),  # T10 (option, default off)
    "risky_agent_requires_risk_mode": True,                      # T14
    "middle_card_even_count": "both_central",                    # B8
    "mission_suits": "effective",   # B4.4: a wagered card counts as trump (documents missions.py)
    "reveal_order": "from_trick_winner",  # 8a: seats checked clockwise from the trick winner
    "nervous_check_first": True,          # the Nervous Agent's loss is checked before 8a
    "tim_accomplice_cycle": "neighbour_counts_as_winner",  # T16 chain cap (documents outcome.py)
    "accomplice_target_public": True,     # B10 (documents view.py)
    "professor_game_vote": "professor_is_suspect",  # T12 (documents flow.suspect_seat)
}

AGENT_SIDE = "agents"
INSIDER_SIDE = "insider"

# role id -> role data (rules digest B7). "public": public from the start.
ROLES = {
    "agent": {"name": "Agent", "side": AGENT_SIDE, "text": "Wins with the Agents."},
    "insider": {"name": "Insider", "side": INSIDER_SIDE,
                "text": "May always play any card. Wins on reaching the Intel threshold or "
                        "by escaping the final vote."},
    "nervous_agent": {
        "name": "Nervous Agent", "side": AGENT_SIDE, "public": True, "special": True,
        "text": "Public from the start. If they ever receive an Intel token the game ends: "
                "they lose and the Insider wins.", "pairings": []},
    "stubborn_agent": {
        "name": "Stubborn Agent", "side": AGENT_SIDE, "special": True,
        "text": "Casts 2 votes for 2 different players; once revealed may put both on one player.",
        "pairings": ["sleeper_agent"]},
    "risky_agent": {
        "name": "Risky Agent", "side": AGENT_SIDE, "special": True,
        "text": "Drawing 2 missions including a Risky one, must choose a Risky one. If this "
                "role is revealed, the Agents win at once. Needs Risk mode.",
        "pairings": ["tim_shady"]},
    "decoy": {
        "name": "Decoy", "side": "votes", "special": True,
        "text": "Wins by receiving the most votes in the final vote; tied for most with the "
                "Insider, both win.", "pairings": []},
    "accomplice": {
        "name": "Accomplice", "side": "target", "public": True, "special": True,
        "text": "Public from the start. Designates another player at the start and sees their "
                "role; wins iff that player wins. Never receives Intel for winning a trick.",
        "pairings": ["professor_no"]},
    "tim_shady": {
        "name": "Tim Shady", "side": "neighbour_loses", "special": True,
        "text": "Wins if the right-hand neighbour (the previous player) loses. When revealed, "
                "steals 1 Intel from that neighbour. Cannot vote while revealed.",
        "pairings": ["risky_agent", "sleeper_agent"]},
    "sleeper_agent": {
        "name": "Sleeper Agent", "side": AGENT_SIDE, "special": True,
        "text": "Wins with the Agents while hidden; once revealed wins iff the Insider wins. "
                "Cannot vote while revealed.", "pairings": ["stubborn_agent", "tim_shady"]},
    "professor_no": {
        "name": "Professor NO", "side": INSIDER_SIDE, "special": True, "experimental": True,
        "text": "EXPERIMENTAL. Replaces the Insider. Wins if every other role is revealed; "
                "reveals and loses on holding 4/3 Intel with 4/5 players.",
        "pairings": ["accomplice"]},
}
SPECIAL_ROLES = tuple(r for r, d in ROLES.items() if d.get("special"))
PUBLIC_ROLES = frozenset(r for r, d in ROLES.items() if d.get("public"))
FREE_FOLLOW = frozenset(PROPOSALS["free_follow_roles"])
SILENT_WHEN_REVEALED = frozenset(PROPOSALS["voters_silent_when_revealed"])
SUSPECTS = frozenset(("insider", "professor_no"))


def _load_missions():
    path = os.path.join(os.path.dirname(__file__), "missions.json")
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


MISSION_CATALOGUE = _load_missions()
MISSIONS = {m["id"]: m for m in MISSION_CATALOGUE["missions"]}
BASE_MISSIONS = tuple(m["id"] for m in MISSION_CATALOGUE["missions"] if not m["risky"])
RISKY_MISSIONS = tuple(m["id"] for m in MISSION_CATALOGUE["missions"] if m["risky"])


def mission_ids(risk_mode):
    """The mission ids shuffled into the deck (the Risky ones only in Risk mode)."""
    return BASE_MISSIONS + RISKY_MISSIONS if risk_mode else BASE_MISSIONS


def role_deck(players, specials):
    """The role cards dealt for this count and special-role choice (sorted, before shuffling)."""
    replaced = PROPOSALS["special_role_replaces"]
    base = ["insider"] + ["agent"] * (players - 1)
    for role in specials:
        base.remove(replaced.get(role, "agent"))
        base.append(role)
    return tuple(base)


def card_suit(card):
    """The printed suit (0..3) of a card id."""
    return card // VALUES_PER_SUIT


def card_value(card):
    """The printed value (1..13) of a card id."""
    return card % VALUES_PER_SUIT + 1


def card_name(card):
    """A readable name such as 'blue 7'."""
    return f"{PROPOSALS['suit_names'][card // VALUES_PER_SUIT]} {card % VALUES_PER_SUIT + 1}"
