"""Inside Job's reference data: missions, roles and the deck's suits, with the lobby's option
words. The mission catalogue (missions.json) is ours: placeholders for the unpublished texts
(digest B8); the roles are the published ones in our words; the suit names are ours (B1)."""

from .data import MISSION_CATALOGUE, MISSIONS, PROPOSALS, ROLES, VALUES_PER_SUIT
from .words import mission_name

OPTION_WORDS = {
    "players": {"label": "Players", "help": "Three to five players."},
    "wagers": {"label": "Wagers", "help": (
        "A player may wager a card: it counts as trump, and its player pays one Intel token.")},
    "risk_mode": {"label": "Risk mode", "help": "Adds the Risky missions to the mission deck."},
    "special_roles": {"label": "Special roles", "help": (
        "Special roles dealt in place of Agents (the Professor replaces the Insider).")},
    "voluntary_special_reveal": {"label": "Reveal special roles at will", "help": (
        "Tim Shady and the Sleeper Agent may reveal their role on their turn (our variant).")},
    "dealer": {"label": "Dealer", "help": "The first dealer's seat; the default picks one at random."},
}


def _mission(mission):
    risky = " Risky mission: for Risk mode." if mission.get("risky") else ""
    trump = f" Trump suit: {PROPOSALS['suit_names'][mission['trump']]}."
    return {"id": mission["id"], "name": mission_name(mission["id"]),
            "text": mission["text"] + trump + risky, "source": "ours",
            "risky": bool(mission.get("risky")),
            "basis": mission.get("source", "invented")}  # attested: a reported condition, our words


def _role(key, role):
    entry = {"id": key, "name": role["name"], "text": role["text"], "source": "published"}
    entry["special"] = bool(role.get("special"))
    return entry


def reference():
    """The reference data (engine.reference)."""
    suits = [{"id": index, "name": name.capitalize(), "source": "ours",
              "text": f"Cards {name} 1 to {VALUES_PER_SUIT}; the suit's colour name is ours."}
             for index, name in enumerate(PROPOSALS["suit_names"])]
    return {"game": "insidejob", "name": "Inside Job", "sections": [
        {"kind": "mission", "title": "Missions", "entries": [
            _mission(m) for m in MISSION_CATALOGUE["missions"]]},
        {"kind": "role", "title": "Roles", "entries": [_role(k, r) for k, r in ROLES.items()]},
        {"kind": "suit", "title": "Suits", "entries": suits},
    ]}


def card_faces():
    """The suit names and every mission's text, by id (the web client's labels)."""
    return {"suits": list(PROPOSALS["suit_names"]),
            "missions": {key: mission["text"] for key, mission in MISSIONS.items()}}
