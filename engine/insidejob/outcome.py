"""Inside Job per-seat results: who won and why, for every seat (rules digest T16).

The match result is a side ("agents" or "insider"; the Insider's side includes Professor NO)
plus a reason code. Each seat's result follows from its role:
Agent / Nervous / Stubborn / Risky / hidden Sleeper win with the Agents; a revealed Sleeper,
the Insider and Professor NO win with the Insider's side; the Decoy wins only by the vote
(strictly most votes, or tied for most only with the Insider); the Accomplice wins iff their
designated player wins; Tim Shady wins iff his right-hand neighbour loses. Accomplice and Tim
Shady are evaluated after everyone else; if they depend on each other (a cycle), Tim Shady's
unresolved neighbour counts as a winner (PROPOSAL "tim_accomplice_cycle").
"""

from engine import make_outcome

from .data import PROPOSALS, ROLES
from .flow import AGENTS, INSIDER, tally

REASONS = {
    "insider_threshold": "the Insider reached the Intel threshold and revealed",
    "nervous_intel": "the Nervous Agent received Intel",
    "risky_revealed": "the Risky Agent was revealed",
    "professor_threshold": "Professor NO reached his Intel limit and revealed",
    "professor_all_revealed": "every role but Professor NO's was revealed",
    "missions": "the Agents completed their mission target",
    "vote_caught": "the vote caught the Insider",
    "vote_escaped": "the Insider escaped the vote",
}


def side_result(state, seat):
    """(won, reason) for a seat whose result follows the side or the vote, else None."""
    side, code, _ = state.result
    role = state.setup.roles[seat]
    why = REASONS[code]
    if role == "decoy":
        return decoy_result(state, seat)
    if role in ("insider", "professor_no") or (role == "sleeper_agent" and state.revealed[seat]):
        label = "revealed Sleeper Agent (plays for the Insider)" if role == "sleeper_agent" \
            else ROLES[role]["name"]
        return side == INSIDER, f"{label}: {why}"
    if role in ("accomplice", "tim_shady"):
        return None
    return side == AGENTS, f"{ROLES[role]['name']}: {why}"


def decoy_result(state, seat):
    """The Decoy wins with the most votes, or tied for most only with the Insider."""
    if state.result[1] not in ("vote_caught", "vote_escaped"):
        return False, "Decoy: the match ended without a vote"
    counts = tally(state.votes, state.setup.players)
    top = max(counts)
    leaders = {s for s, c in enumerate(counts) if c == top}
    suspect = state.result[2]
    allowed = {seat, suspect} if PROPOSALS["decoy_tie_with_insider"] == "both_win" else {seat}
    if counts[seat] == top and leaders <= allowed:
        tied = " (tied with the Insider)" if suspect in leaders else ""
        return True, f"Decoy: received the most votes{tied}"
    return False, "Decoy: did not receive the most votes"


def dependent_result(state, seat, results):
    """Accomplice / Tim Shady result from an already settled seat, or None if unsettled."""
    role = state.setup.roles[seat]
    if role == "accomplice":
        target = state.accomplice_target
        if target < 0 or target not in results:
            return None if target >= 0 else (False, "Accomplice: designated nobody")
        won = results[target][0]
        return won, f"Accomplice: designated seat {target}, who {'won' if won else 'lost'}"
    neighbour = (seat - 1) % state.setup.players
    if neighbour not in results:
        return None
    won = not results[neighbour][0]
    return won, f"Tim Shady: right-hand neighbour seat {neighbour} {'lost' if won else 'won'}"


def seat_results(state):
    """{seat: (won, reason)} for every seat of a finished match."""
    results = {}
    pending = []
    for seat in range(state.setup.players):
        settled = side_result(state, seat)
        if settled is None:
            pending.append(seat)
        else:
            results[seat] = settled
    for _ in range(2):
        for seat in list(pending):
            settled = dependent_result(state, seat, results)
            if settled is not None:
                results[seat] = settled
                pending.remove(seat)
    for seat in pending:  # a cycle: Tim Shady's unresolved neighbour counts as a winner
        if state.setup.roles[seat] == "tim_shady":
            results[seat] = (False, "Tim Shady: neighbour's result depends on his own; "
                                    "counted as a winner")
    for seat in pending:
        if seat not in results:
            results[seat] = dependent_result(state, seat, results)
    return results


def match_outcome(state):
    """The engine outcome dict (winners, per-seat result, summary) of a finished match."""
    results = seat_results(state)
    winners = {s for s, (won, _) in results.items() if won}
    side, code, _ = state.result
    summary = f"{'Agents' if side == AGENTS else 'Insider side'} win: {REASONS[code]}"
    return make_outcome(winners, state.setup.players,
                        reasons={s: why for s, (_, why) in results.items()},
                        summary=summary)
