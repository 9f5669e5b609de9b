"""Inside Job in words: log sentences, prompts, choice labels, reference data (engine.words).

Reads only the viewer's render (the entry as the viewer holds it, the redacted view `seen`).
Cards are said by suit and value ("blue 7"), missions by number and text ("Mission 6: ..."),
roles by their names; seats 1-based.
"""

from engine.words import join, seat_name, seat_object, seats_phrase, sentence

from .data import MISSIONS, PROPOSALS, ROLES, card_name
from .outcome import REASONS

SIDES = {"agents": "the Agents", "insider": "the Insider side"}


def mission_name(mission_id):
    """'Mission 6' for 'M06' (risky ones 'Risky mission 2')."""
    text = str(mission_id)
    digits = "".join(ch for ch in text if ch.isdigit())
    risky = MISSIONS.get(text, {}).get("risky")
    return f"{'Risky mission' if risky else 'Mission'} {int(digits) if digits else '?'}"


def mission_words(mission_id):
    """'Mission 6, trump red: The cards are played in strictly descending order of value'."""
    mission = MISSIONS.get(str(mission_id), {})
    if not mission.get("text"):
        return mission_name(mission_id)
    trump = PROPOSALS["suit_names"][mission["trump"]] if mission.get("trump") is not None else None
    return (f"{mission_name(mission_id)}" + (f", trump {trump}" if trump else "")
            + f": {mission['text'].rstrip('.')}")


def role_name(role):
    """'Insider', 'Tim Shady', ..."""
    return ROLES.get(role, {}).get("name", "an unknown role")


def _cards(cards):
    return join(card_name(c) for c in cards)


def entry_text(entry, viewer, seen):
    """One sentence per log entry."""
    p, mine = entry.get("public") or {}, entry.get("private") or {}
    kind = p.get("type")
    who = seat_name(p.get("seat", entry.get("actor")), viewer)
    if kind == "draw_missions":
        drawn = f": {join(mission_words(m) for m in mine['drawn'])}" if "drawn" in mine else ""
        return sentence(f"{seat_name(p.get('lead'), viewer)} drew two missions{drawn}")
    if kind == "choose_mission":
        put = f", putting {mission_name(mine['discarded'])} aside" if "discarded" in mine else ""
        return sentence(f"{who} chose {mission_words(p.get('mission'))}{put}")
    if kind == "play":
        return sentence(f"{who} played {card_name(p.get('card'))}" + (" with a wager" if p.get("wager") else ""))
    if kind == "trick_won":
        result = "succeeded" if p.get("success") else "failed"
        gain = p.get("intel", 0)
        return sentence(f"{seat_name(p.get('winner'), viewer)} won the trick and {gain} Intel; "
                        f"{mission_name(p.get('mission'))} {result}")
    if kind == "reveal":
        return sentence(f"{who} revealed their role: {role_name(p.get('role'))}")
    if kind == "steal":
        return sentence(f"{who} stole {p.get('amount')} Intel from {seat_object(p.get('from'), viewer)}")
    if kind == "designate":
        peek = mine.get("peek") if isinstance(mine.get("peek"), dict) else None
        seen_role = f", whose role is {role_name(peek['role'])}" if peek else ""
        return sentence(f"{who} designated {seat_object(p.get('target'), viewer)}{seen_role}")
    if kind == "vote_open":
        return sentence(f"The final vote opened: {join(seat_name(s, viewer) for s in p.get('voters') or [])} vote")
    if kind == "vote_cast":
        mine_said = mine.get("targets")
        return sentence(f"{who} voted" + (f" for {join(seat_object(t, viewer) for t in mine_said)}"
                                          if mine_said else ""))
    if kind == "votes_revealed":
        return _votes_text(p, viewer)
    if kind == "game_over":
        return _game_over_text(p, viewer)
    return None


def _game_over_text(p, viewer):
    """'The Agents won: the vote caught the Insider. Roles: you, Agent; Seat 2, Insider.'"""
    roles = p.get("roles") or []
    shown = "; ".join(f"{seat_object(s, viewer)}, {role_name(r)}" for s, r in enumerate(roles))
    why = REASONS.get(p.get("reason"), "the match ended")
    side = SIDES.get(p.get("side"), "a side")
    return sentence(f"{side[0].upper()}{side[1:]} won: {why}" + (f". Roles: {shown}" if shown else ""))


def _votes_text(p, viewer):
    """'Votes revealed: you voted for Seat 2; Seat 2 for you. Most votes: Seat 2 (2).'"""
    votes = p.get("votes") or []
    said = "; ".join(f"{seat_name(s, viewer)} voted for {join(seat_object(t, viewer) for t in targets)}"
                     for s, targets in enumerate(votes) if targets)
    counts = p.get("counts") or []
    top = max(counts) if counts else 0
    most = [seat_object(s, viewer) for s, n in enumerate(counts) if n == top and top > 0]
    tail = f". Most votes ({top}): {join(most)}" if most else ""
    return sentence(f"Votes revealed: {said or 'no votes'}{tail}")


def prompt(seen, seat, legal):
    """What the seat decides now."""
    kinds = {a.get("type") for a in legal}
    if "choose_mission" in kinds:
        return "Choose the mission for this trick."
    if "play" in kinds:
        mission = seen.get("mission") or {}
        tail = f" {mission_words(mission['id'])}." if mission.get("id") in MISSIONS else ""
        return f"Play a card to the trick.{tail}"
    if "vote" in kinds:
        return "Vote for the player you think is the Insider."
    if "designate" in kinds:
        return "Designate the player whose side you join."
    if kinds == {"reveal"}:
        return "Reveal your role, or wait."
    return None


def choice(seen, seat, action):
    """A label and the cards/seats/missions an action involves."""
    kind = action.get("type")
    if kind == "play":
        card = action.get("card")
        wager = " with a wager" if action.get("wager") else ""
        return {"label": f"Play {card_name(card)}{wager}", "refs": [{"kind": "card", "id": card}]}
    if kind == "choose_mission":
        mission = action.get("mission")
        return {"label": f"Choose {mission_words(mission)}", "refs": [{"kind": "mission", "id": mission}]}
    if kind == "vote":
        targets = action.get("targets") or []
        return {"label": "Vote for " + join(seat_object(t, seat) for t in targets),
                "refs": [{"kind": "seat", "seat": t} for t in targets]}
    if kind == "designate":
        target = action.get("target")
        return {"label": f"Designate {seat_object(target, seat)}", "refs": [{"kind": "seat", "seat": target}]}
    if kind == "reveal":
        return {"label": "Reveal your role", "refs": []}
    return None


def outcome_text(outcome, viewer):
    """'Seats 2, 3 and 4 won: the vote caught the Insider.'"""
    winners = outcome.get("winners") or []
    summary = outcome.get("summary", "")
    why = summary.split(": ", 1)[1] if ": " in summary else ""
    who = seats_phrase(winners, viewer)
    return sentence(f"{who} won" + (f": {why}" if why else ""))


def reference():
    """Missions, roles and the card deck (engine.reference)."""
    from .reference import reference as build
    return build()


def option_words():
    """The lobby's words for the options."""
    from .reference import OPTION_WORDS
    return OPTION_WORDS
