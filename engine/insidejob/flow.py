"""Inside Job turn flow: starting tricks, finishing them, reveals, end checks and the vote.

The end checks after a trick follow the rules digest B4.8 in order: (0) the Nervous Agent
received Intel -> the Insider wins; (a) threshold reveals, clockwise from the trick winner
(Insider -> wins at once; Professor NO at 4/3 -> loses; Risky Agent -> Agents win; Tim Shady
steals, then the check re-runs; after each reveal: all roles but Professor NO's revealed -> he
wins); (b) completed missions reach the target -> the Agents win; (c) last trick -> the vote;
(d) otherwise the winner leads the next trick.

Every function takes a state and a list `events` to append log entries to, and returns the new
state; none mutates a state. The trick's end is the hot path: `finish_trick` and `open_trick`
work on the field dict of the state being built (state.state_of), so a trick that ends with
the next one starting costs a single state copy. The compiled build ends a trick with
`finish_trick_typed` instead, the same steps on a draft state (state.draft_of: C fields).
"""

from .data import MISSIONS, PARAMS, PROFESSOR_THRESHOLD, PROPOSALS, SILENT_WHEN_REVEALED, SUSPECTS
from .missions import PREDICATES, TRUMPS, trick_facts
from .state import (COMPILED, MISSION, OVER, VOTE, draft_of, evolve, fields_copy, finished,
                    state_of)

AGENTS, INSIDER = "agents", "insider"
SEAT_KEYS = tuple(str(seat) for seat in range(5))  # str(seat), the private parts' keys, made once
ALL_SEATS = tuple(tuple(range(players)) for players in range(6))  # players -> (0, 1, ..), shared
# players -> no seat's reveal threshold is below this (a trick end's quick test before reveal_due)
LOWEST_THRESHOLD = {players: min(params["threshold"], PROFESSOR_THRESHOLD.get(players, 99))
                    for players, params in PARAMS.items()}
RETURN_ACCOMPLICE_TOKENS = PROPOSALS["accomplice_trick_tokens"] == "return_to_supply"
# players -> (mission target, tricks in a match, LOWEST_THRESHOLD): what a trick's end compares
# with, one tuple read instead of three dict lookups (None below 3 players)
TRICK_END_LIMITS = tuple((PARAMS[players]["target"], PARAMS[players]["tricks"],
                          LOWEST_THRESHOLD[players]) if players in PARAMS else None
                         for players in range(6))


def public_event(body):
    """A log entry seen identically by everyone."""
    return {"public": body, "private": {}}


def threshold_for(setup, seat):
    """Intel at which this seat's role is revealed (Professor NO's is lower)."""
    if setup.roles[seat] == "professor_no" and setup.players in PROFESSOR_THRESHOLD:
        return PROFESSOR_THRESHOLD[setup.players]
    return PARAMS[setup.players]["threshold"]


_THRESHOLDS = {}
_LAST_THRESHOLDS = (None, None)  # (setup, its seat_thresholds): a match asks about one setup


def seat_thresholds(setup):
    """(threshold per seat, the lowest of them): `threshold_for` of every seat (cached; the
    last setup asked about is answered by identity, without hashing its roles)."""
    global _LAST_THRESHOLDS
    last = _LAST_THRESHOLDS
    if last[0] is setup:
        return last[1]
    key = (setup.players, setup.roles)
    table = _THRESHOLDS  # (typed dict in flow.pxd: `get` is then a C call)
    found = table.get(key)
    if found is None:
        per_seat = tuple([threshold_for(setup, s) for s in range(setup.players)])
        found = table[key] = per_seat, min(per_seat)
    _LAST_THRESHOLDS = (setup, found)  # one rebinding: a concurrent reader sees a matching pair
    return found


def reveal_due(setup, intel, revealed):
    """Some hidden seat holds at least its reveal threshold of Intel (check 8a has work to do);
    a quick exit when nobody holds the lowest threshold's worth."""
    thresholds, lowest = seat_thresholds(setup)
    if not COMPILED and max(intel) < lowest:  # (compiled: the loop over C ints is cheaper)
        return False
    for seat, held in enumerate(intel):
        if held >= thresholds[seat] and not revealed[seat]:
            return True
    return False


def end_match(state, side, code, seat, events):
    """The state with the match decided (side wins by `code`; `seat` the deciding player)."""
    events.append(public_event({"type": "game_over", "side": side, "reason": code,
                                "seat": seat, "roles": list(state.setup.roles)}))
    if COMPILED:  # the same change on a draft (C members)
        new = draft_of(state)
        new.phase = OVER
        new.result = (side, code, seat)
        new.drawn = ()
        return finished(new)
    fields = fields_copy(state)  # evolve(state, phase=.., result=.., drawn=..), inlined
    fields["phase"] = OVER
    fields["result"] = (side, code, seat)
    fields["drawn"] = ()
    return state_of(fields)


def start_trick(state, lead, events):
    """The lead draws 2 missions privately (phase "mission")."""
    fields = fields_copy(state)
    open_trick(fields, lead, events)
    return state_of(fields)


def draw_event(lead, drawn):
    """The log entry of a mission draw: public who drew, private to the lead what."""
    return {"public": {"type": "draw_missions", "lead": lead},
            "private": {str(lead): {"drawn": list(drawn)}}}


def first_draw_events(state):
    """The set-up's log entries: the first trick's mission draw when the deal made it (no
    Accomplice to designate first), as every later draw is logged."""
    if state.phase == MISSION and not state.tricks:
        return [draw_event(state.lead, state.drawn)]
    return []


def open_trick(fields, lead, events):
    """`start_trick` on the field dict of a state being built (changed in place)."""
    deck = fields["deck"]
    assert len(deck) >= 2, "mission deck exhausted"  # impossible with 24+ missions (T17)
    drawn = deck[:2]
    events.append(draw_event(lead, drawn))
    fields["phase"] = MISSION
    fields["lead"] = fields["turn"] = lead
    fields["drawn"] = drawn
    fields["deck"] = deck[2:]
    fields["mission"] = ""
    fields["trick"] = ()


def reveal(state, seat, events):
    """Turn `seat`'s role face up and apply its reveal effect (may end the match)."""
    setup = state.setup
    role = setup.roles[seat]
    revealed = state.revealed[:seat] + (True,) + state.revealed[seat + 1:]
    if COMPILED:  # the same change on a draft (C members)
        new = draft_of(state)
        new.revealed = revealed
        state = finished(new)
    else:
        fields = fields_copy(state)  # evolve(state, revealed=revealed), inlined
        fields["revealed"] = revealed
        state = state_of(fields)
    events.append(public_event({"type": "reveal", "seat": seat, "role": role}))
    if role == "insider":
        return end_match(state, INSIDER, "insider_threshold", seat, events)
    if role == "professor_no":
        return end_match(state, AGENTS, "professor_threshold", seat, events)
    if role == "risky_agent":
        return end_match(state, AGENTS, "risky_revealed", seat, events)
    if role == "tim_shady":
        state = steal_from_neighbour(state, seat, events)
    return check_professor_wins(state, events)


def steal_from_neighbour(state, seat, events):
    """Tim Shady takes 1 Intel from his right-hand neighbour (the previous seat), if any."""
    victim = (seat - 1) % state.setup.players
    if state.intel[victim] == 0:
        events.append(public_event({"type": "steal", "seat": seat, "from": victim, "amount": 0}))
        return state
    intel = list(state.intel)
    intel[victim] -= 1
    intel[seat] += 1
    events.append(public_event({"type": "steal", "seat": seat, "from": victim, "amount": 1}))
    return evolve(state, intel=tuple(intel))


def check_professor_wins(state, events):
    """Professor NO wins once every other role is revealed."""
    roles = state.setup.roles
    if "professor_no" not in roles or state.result:
        return state
    prof = roles.index("professor_no")
    if all(state.revealed[s] for s in range(len(roles)) if s != prof):
        return end_match(state, INSIDER, "professor_all_revealed", prof, events)
    return state


def run_threshold_reveals(state, start, events):
    """End check 8a: reveal every hidden seat at/over its threshold, clockwise from `start`;
    repeats until a sweep would reveal nobody (re-check after Tim Shady's steal, T11). A sweep
    that would reveal nobody changes nothing, so `reveal_due` stands in for it."""
    setup = state.setup
    n = setup.players
    thresholds = seat_thresholds(setup)[0]
    while not state.result and reveal_due(setup, state.intel, state.revealed):
        for offset in range(n):
            seat = (start + offset) % n
            if not state.revealed[seat] and state.intel[seat] >= thresholds[seat]:
                state = reveal(state, seat, events)
                if state.result:
                    return state
        if not PROPOSALS["tim_steal_recheck"]:
            break
    return state


def pay_winner(setup, intel, supply, winner, wagered):
    """(intel, supply, gain) after paying the trick winner 1 from the supply plus the wagered
    tokens (B4.6, T8)."""
    if (setup.roles[winner] == "accomplice"
            and PROPOSALS["accomplice_trick_tokens"] == "return_to_supply"):
        return intel, supply + wagered, 0
    take = 1 if supply > 0 else 0
    gain = take + wagered
    intel = list(intel)
    intel[winner] += gain
    return tuple(intel), supply - take, gain


def finish_trick(fields, events):
    """Resolve the complete trick of the field dict of a state being built (taken over, see
    state.state_of): winner, Intel, mission result, then the end checks. Returns the state.
    Hot path (a trick ends every few actions): `judge_trick`, `pay_winner` and the common case
    of `run_end_checks` (no reveal due, the match goes on: `open_trick`) are inlined."""
    plays, mission = fields["trick"], fields["mission"]
    facts = trick_facts(plays, TRUMPS[mission])  # judge_trick, inlined
    success = PREDICATES[mission](facts)
    winner = plays[facts[3]][0]  # facts.winner (an index: no attribute lookup)
    wagered = 0
    for _, _, wager in plays:
        if wager:
            wagered += 1
    setup = fields["setup"]
    role = setup.roles[winner]
    supply = fields["supply"]
    if role == "accomplice" and RETURN_ACCOMPLICE_TOKENS:  # pay_winner, inlined
        fields["supply"] = supply + wagered
        gain = 0
    else:
        take = 1 if supply > 0 else 0
        gain = take + wagered
        intel = list(fields["intel"])
        intel[winner] += gain
        fields["intel"] = tuple(intel)
        fields["supply"] = supply - take
    tricks = fields["tricks"] = fields["tricks"] + ((fields["lead"], mission, plays, winner,
                                                      success),)
    if success:
        completed = fields["completed"] = fields["completed"] + (mission,)
    else:
        completed = fields["completed"]
        fields["failed"] += (mission,)
    events.append({"public": {"type": "trick_won", "winner": winner, "intel": gain,
                              "mission": mission, "success": success}, "private": {}})
    players = setup.players
    params = PARAMS[players]
    intel = fields["intel"]
    if ((gain and role == "nervous_agent")
            or (max(intel) >= LOWEST_THRESHOLD[players]  # else reveal_due is False
                and reveal_due(setup, intel, fields["revealed"]))
            or len(completed) >= params["target"] or len(tricks) >= params["tricks"]):
        fields["trick"] = ()
        fields["mission"] = ""
        return run_end_checks(fields, winner, gain, events)
    # run_end_checks' last step (d): the winner leads the next trick (open_trick, inlined)
    deck = fields["deck"]
    assert len(deck) >= 2, "mission deck exhausted"  # impossible with 24+ missions (T17)
    drawn = fields["drawn"] = deck[:2]
    events.append({"public": {"type": "draw_missions", "lead": winner},
                   "private": {SEAT_KEYS[winner]: {"drawn": list(drawn)}}})
    fields["phase"] = MISSION
    fields["lead"] = fields["turn"] = winner
    fields["deck"] = deck[2:]
    fields["mission"] = ""
    fields["trick"] = ()
    return state_of(fields)


def finish_trick_typed(new, events):
    """`finish_trick` in the compiled build's form: the same steps on a draft (state.draft_of,
    taken over), whose fields are C struct members there; returns the state."""
    plays, mission = new.trick, new.mission
    facts = trick_facts(plays, TRUMPS[mission])
    success = PREDICATES[mission](facts)
    winner = plays[facts[3]][0]
    wagered = 0
    for _, _, wager in plays:
        if wager:
            wagered += 1
    setup = new.setup
    role = setup.roles[winner]
    supply = new.supply
    if role == "accomplice" and RETURN_ACCOMPLICE_TOKENS:
        new.supply = supply + wagered
        gain = 0
    else:
        take = 1 if supply > 0 else 0
        gain = take + wagered
        paid = list(new.intel)
        paid[winner] += gain
        new.intel = tuple(paid)
        new.supply = supply - take
    tricks = new.tricks = new.tricks + ((new.lead, mission, plays, winner, success),)
    if success:
        completed = new.completed = new.completed + (mission,)
    else:
        completed = new.completed
        new.failed = new.failed + (mission,)
    events.append({"public": {"type": "trick_won", "winner": winner, "intel": gain,
                              "mission": mission, "success": success}, "private": {}})
    target, last, lowest = TRICK_END_LIMITS[setup.players]
    intel = new.intel
    due = False
    for held in intel:  # max(intel) >= lowest, over C ints
        if held >= lowest:
            due = True
            break
    if ((gain and role == "nervous_agent")
            or (due and reveal_due(setup, intel, new.revealed))
            or len(completed) >= target or len(tricks) >= last):
        new.trick = ()
        new.mission = ""
        return run_end_checks_typed(new, winner, gain, events)
    deck = new.deck
    assert len(deck) >= 2, "mission deck exhausted"
    drawn = new.drawn = deck[:2]
    events.append({"public": {"type": "draw_missions", "lead": winner},
                   "private": {SEAT_KEYS[winner]: {"drawn": list(drawn)}}})
    new.phase = MISSION
    new.lead = new.turn = winner
    new.deck = deck[2:]
    new.mission = ""
    new.trick = ()
    return finished(new)


def run_end_checks_typed(new, winner, gain, events):
    """`run_end_checks` in the compiled build's form, on a draft (taken over)."""
    setup = new.setup
    nervous = gain and setup.roles[winner] == "nervous_agent"
    if nervous and PROPOSALS["nervous_check_first"]:
        return end_match(finished(new), INSIDER, "nervous_intel", winner, events)
    if reveal_due(setup, new.intel, new.revealed):
        state = run_threshold_reveals(finished(new), winner, events)
        if state.result:
            return state
        new = draft_of(state)
    if nervous:
        return end_match(finished(new), INSIDER, "nervous_intel", winner, events)
    params = PARAMS[setup.players]
    if len(new.completed) >= params["target"]:
        return end_match(finished(new), AGENTS, "missions", -1, events)
    if len(new.tricks) >= params["tricks"]:
        return start_vote(finished(new), events)
    deck = new.deck  # open_trick on the draft
    assert len(deck) >= 2, "mission deck exhausted"
    drawn = new.drawn = deck[:2]
    events.append(draw_event(winner, drawn))
    new.phase = MISSION
    new.lead = new.turn = winner
    new.deck = deck[2:]
    new.mission = ""
    new.trick = ()
    return finished(new)


def run_end_checks(fields, winner, gain, events):
    """End checks 0, a-d after a trick (module docstring), on the field dict of the state being
    built (taken over); returns the new state."""
    setup = fields["setup"]
    nervous = gain and setup.roles[winner] == "nervous_agent"
    if nervous and PROPOSALS["nervous_check_first"]:
        return end_match(state_of(fields), INSIDER, "nervous_intel", winner, events)
    if reveal_due(setup, fields["intel"], fields["revealed"]):
        state = run_threshold_reveals(state_of(fields), winner, events)
        if state.result:
            return state
        fields = fields_copy(state)
    if nervous:
        return end_match(state_of(fields), INSIDER, "nervous_intel", winner, events)
    params = PARAMS[setup.players]
    if len(fields["completed"]) >= params["target"]:
        return end_match(state_of(fields), AGENTS, "missions", -1, events)
    if len(fields["tricks"]) >= params["tricks"]:
        return start_vote(state_of(fields), events)
    open_trick(fields, winner, events)
    return state_of(fields)


# ---- the final vote --------------------------------------------------------------------------

def voters(state):
    """Seats that vote: everyone but a revealed Tim Shady / Sleeper Agent (T5)."""
    setup = state.setup
    roles = setup.roles
    for role in roles:  # (a loop, not set.isdisjoint: a C loop in the compiled build)
        if role in SILENT_WHEN_REVEALED:
            break
    else:  # nobody can be silenced: everyone votes
        return ALL_SEATS[setup.players]
    revealed = state.revealed
    return tuple([s for s in range(setup.players)
                  if not (revealed[s] and roles[s] in SILENT_WHEN_REVEALED)])


def start_vote(state, events):
    """After the last trick with no winner yet: secret simultaneous votes."""
    events.append(public_event({"type": "vote_open", "voters": list(voters(state))}))
    if COMPILED:  # the same change on a draft (C members)
        new = draft_of(state)
        new.phase = VOTE
        new.drawn = ()
        new.votes = (None,) * state.setup.players
        return finished(new)
    fields = fields_copy(state)  # evolve(state, phase=.., drawn=.., votes=..), inlined
    fields["phase"] = VOTE
    fields["drawn"] = ()
    fields["votes"] = (None,) * state.setup.players
    return state_of(fields)


def tally(votes, players):
    """Votes received per seat."""
    counts = [0] * players
    for targets in votes:
        for target in targets or ():
            counts[target] += 1
    return counts


def suspect_seat(roles):
    """The Insider's seat (or Professor NO's in a Professor NO game)."""
    for seat, role in enumerate(roles):
        if role in SUSPECTS:
            return seat
    raise AssertionError("no Insider or Professor NO dealt")


def is_caught(counts, suspect):
    """The Agents win the vote only if the suspect has strictly the most votes (T4;
    PROPOSALS["vote_tie"] = "insider_caught" would let a top tie catch the suspect)."""
    top = counts[suspect]
    if PROPOSALS["vote_tie"] == "insider_caught":
        return top > 0 and all(c <= top for c in counts)
    return all(c < top for s, c in enumerate(counts) if s != suspect)


def cast_vote(state, seat, targets, events):
    """Record a secret vote; when the last voter has voted, reveal all and decide."""
    votes = state.votes[:seat] + (tuple(targets),) + state.votes[seat + 1:]
    events.append({"public": {"type": "vote_cast"},
                   "private": {SEAT_KEYS[seat]: {"targets": list(targets)}}})
    if COMPILED:  # the same change on a draft (C members)
        new = draft_of(state)
        new.votes = votes
        state = finished(new)
    else:
        fields = fields_copy(state)  # evolve(state, votes=votes), without the keyword call
        fields["votes"] = votes
        state = state_of(fields)
    for voter in voters(state):
        if votes[voter] is None:  # someone has yet to vote
            return state
    counts = tally(votes, state.setup.players)
    events.append(public_event({"type": "votes_revealed",
                                "votes": [None if v is None else list(v) for v in votes],
                                "counts": counts}))
    suspect = suspect_seat(state.setup.roles)
    if is_caught(counts, suspect):
        return end_match(state, AGENTS, "vote_caught", suspect, events)
    return end_match(state, INSIDER, "vote_escaped", suspect, events)


def vote_options(state, seat):
    """The legal vote target lists for `seat` (sorted; see actions.legal_actions)."""
    revealed = state.revealed
    cands = [t for t in range(state.setup.players) if t != seat and not revealed[t]]
    if not cands:
        return [[]]
    if state.setup.roles[seat] != "stubborn_agent":
        return [[t] for t in cands]
    if len(cands) == 1 and not revealed[seat]:
        return [cands]
    same = revealed[seat]
    return [[a, b] for i, a in enumerate(cands) for b in cands[i:] if same or a != b]


def mission_choices(state, seat):
    """The drawn missions the lead may choose (the Risky Agent must take a Risky one)."""
    drawn = state.drawn
    if state.setup.roles[seat] == "risky_agent":
        risky = [m for m in drawn if MISSIONS[m]["risky"]]
        if risky:
            return risky
    return list(drawn)
