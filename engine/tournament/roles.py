"""Per-game facts a tournament reports beside the outcome: each seat's role and side, and extra
measures (If Then's rounds). Read from the finished match's full state (the tournament sees all).

- role: what differs between seats and deserves its own rating and win rate. Classified
  Information: "first" / "second" (who moved first); Inside Job: "Insider" / "Agent" (the Insider
  side is the Insider and Professor NO); If Then: "All Knowing" / "Codebreaker"; Dark Agent: none.
- side: seats that win or lose together form one team for the team-aware ratings (Inside Job's
  Insider side against the Agents; If Then's codebreakers against the game itself).
"""

INSIDER_SIDE = ("insider", "professor_no")


def _classified(match):
    first = match.state.first
    return [("first" if seat == first else "second") for seat in range(2)]


def _insidejob(match):
    return ["Insider" if role in INSIDER_SIDE else "Agent" for role in match.state.setup.roles]


def _ifthen(match):
    state = match.state
    seats = state.n_cb + (state.ak_seat is not None)
    return ["All Knowing" if seat == state.ak_seat else "Codebreaker" for seat in range(seats)]


ROLE_READERS = {"classified": _classified, "insidejob": _insidejob, "ifthen": _ifthen}
COOPERATIVE = {"ifthen"}  # games where one side plays against the game, not against a seat


def roles(match, seats):
    """Each seat's role label, or None per seat for games whose seats do not differ."""
    reader = ROLE_READERS.get(match.game)
    if reader is None:
        return [None] * seats
    try:
        return list(reader(match))
    except AttributeError:  # a state without the fields (e.g. a test game registered under a name)
        return [None] * seats


def sides(game_id, seat_roles):
    """Each seat's team label for team-aware ratings (None: every seat is its own team)."""
    if game_id == "insidejob":
        return ["Insider side" if r == "Insider" else "Agents" for r in seat_roles]
    if game_id == "ifthen":
        return ["Codebreakers" if r == "Codebreaker" else "All Knowing" for r in seat_roles]
    return [None] * len(seat_roles)


def measures(match):
    """Extra per-match measures: If Then's rounds played (turns to win), else {}."""
    if match.game == "ifthen":
        return {"rounds": getattr(match.state, "round", None),
                "level": match.options.get("level")}
    return {}
