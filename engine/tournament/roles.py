"""Per-match facts a tournament reports beside the outcome, as each game declares them on its
rules object (engine.core.Game): each seat's role and side, and extra measures. Read from the
finished match's full state (the tournament sees all).

- role (`Game.seat_role`): what differs between seats and deserves its own rating and win rate
  (who moved first, a hidden role); None where seats do not differ.
- side (`Game.seat_side`): seats that win or lose together form one team for the team-aware
  ratings; None: every seat is its own team.
- measures (`Game.measures`): extra figures per match (e.g. rounds played).
- cooperative side (`Game.cooperative_side`): the side that plays against the game itself, whose
  line-ups get team figures.
"""

from ..registry import GAMES


def roles(match, seats):
    """Each seat's role label (None per seat for games whose seats do not differ)."""
    rules = match.rules
    return [rules.seat_role(match.state, seat) for seat in range(seats)]


def sides(match, seats):
    """Each seat's team label for team-aware ratings (None: every seat is its own team)."""
    rules = match.rules
    return [rules.seat_side(match.state, seat) for seat in range(seats)]


def measures(match):
    """Extra per-match measures the game declares ({} by default)."""
    return dict(match.rules.measures(match.state, match.options))


def cooperative_side(game_id):
    """The side of `game_id` that plays against the game itself ("" when none, or unknown)."""
    return getattr(GAMES.get(game_id), "cooperative_side", "") or ""
