"""Inside Job actions: turn order, legal actions and applying them.

Legal actions, in this deterministic order:
- phase "designate" (Accomplice only): {"type": "designate", "target": seat} by seat.
- phase "mission" (lead): {"type": "choose_mission", "mission": id} in draw order (only Risky
  ones for a Risky Agent who drew one).
- phase "play" (seat to play): for each playable card in ascending id order
  {"type": "play", "card": c, "wager": false} then, if the seat may wager, the same with
  "wager": true; then {"type": "reveal"} when the `voluntary_special_reveal` option lets this
  seat reveal. Playable: any card when leading or for the Insider / Professor NO; otherwise
  cards of the led (printed) suit if any, else any card.
- phase "vote" (every voter who has not voted, simultaneously): {"type": "vote", "targets":
  [seats]} with one target (sorted pairs for the Stubborn Agent; [] when nobody is eligible).

The action dicts returned for "play" and "choose_mission" are shared, read-only objects (speed):
do not mutate them.
"""

from bisect import bisect_left

from .data import FREE_FOLLOW, MISSIONS, PROPOSALS
from .flow import (SEAT_KEYS, cast_vote, finish_trick, finish_trick_typed, mission_choices, reveal,
                   run_threshold_reveals, start_trick, vote_options, voters)
from .state import COMPILED, DESIGNATE, MISSION, PLAY, VOTE, draft_of, evolve, finished, state_of

PLAY_ACTIONS = tuple(({"type": "play", "card": c, "wager": False},
                      {"type": "play", "card": c, "wager": True}) for c in range(52))
PLAIN_PLAY_ACTIONS = tuple(plain for plain, _ in PLAY_ACTIONS)
CHOOSE_ACTIONS = {m: {"type": "choose_mission", "mission": m} for m in MISSIONS}
REVEAL_ACTION = {"type": "reveal"}
VOLUNTARY = frozenset(PROPOSALS["voluntary_special_reveal_roles"])
SOLO = tuple((seat,) for seat in range(5))  # to_move's one-seat answers, shared (read-only)
# ((seat, card, wager),) for every seat, card and wager flag, at (seat * 52 + card) * 2 + wager:
# a play's addition to the trick, made once (tuples: sharing them changes nothing a caller sees)
ONE_PLAYS = tuple(((seat, card, wager),) for seat in range(5) for card in range(52)
                  for wager in (False, True))
_VOTE_ACTIONS = {}  # (seat, players, revealed, Stubborn Agent) -> vote_actions' shared tuple


def to_move(state):
    """Seats that may act now."""
    phase = state.phase
    if phase == PLAY or phase == MISSION:
        return SOLO[state.turn]
    if phase == VOTE:
        votes = state.votes
        return tuple([s for s in voters(state) if votes[s] is None])
    if phase == DESIGNATE:
        return (state.setup.roles.index("accomplice"),)
    return ()


def can_reveal(state, seat):
    """The voluntary-reveal option lets a hidden Tim Shady / Sleeper Agent reveal (T10)."""
    setup = state.setup
    return (setup.voluntary_reveal and not state.revealed[seat]
            and setup.roles[seat] in VOLUNTARY)


def play_actions(state, seat):
    """The "play" phase actions (module docstring order); inlined for speed (hot path).
    Hands are sorted, so the cards of the led suit (ids 13*suit .. 13*suit+12) are one slice."""
    setup = state.setup
    cards = state.hands[seat]
    trick = state.trick
    if trick and setup.roles[seat] not in FREE_FOLLOW:
        low = trick[0][1] // 13 * 13
        start = bisect_left(cards, low)
        stop = bisect_left(cards, low + 13, start)
        if start < stop:
            cards = cards[start:stop]
    if setup.wagers and state.intel[seat] and not state.revealed[seat]:
        actions = []
        for card in cards:
            actions += PLAY_ACTIONS[card]
    else:
        actions = [PLAIN_PLAY_ACTIONS[card] for card in cards]
    if setup.voluntary_reveal and can_reveal(state, seat):
        actions.append(REVEAL_ACTION)
    return actions


def legal_actions(state, seat):
    """The seat's legal actions (module docstring); [] when it may not act."""
    phase = state.phase
    if phase == PLAY or phase == MISSION:
        if seat != state.turn:  # to_move(state) == (state.turn,)
            return []
        if phase == PLAY:
            return play_actions(state, seat)
        if state.setup.roles[seat] != "risky_agent":  # mission_choices(...) == list(drawn)
            return [CHOOSE_ACTIONS[m] for m in state.drawn]
        return [CHOOSE_ACTIONS[m] for m in mission_choices(state, seat)]
    if seat not in to_move(state):
        return []
    if phase == VOTE:
        return [{"type": "vote", "targets": t} for t in vote_options(state, seat)]
    if phase == DESIGNATE:
        return [{"type": "designate", "target": t}
                for t in range(state.setup.players) if t != seat]
    return []


def apply_play(state, seat, card, wager):
    """Play a card (with an optional wager); a full trick is resolved at once.
    Hot path: one copy of the field dict gets the changes (and, at a trick's end, those of
    resolving it and starting the next one) before it becomes the new state."""
    if COMPILED:  # the same steps on the compiled build's extension-type state
        return apply_play_typed(state, seat, card, wager)
    fields = state.__dict__.copy()
    hands = list(fields["hands"])
    hand = hands[seat]
    i = hand.index(card)
    hands[seat] = hand[:i] + hand[i + 1:]
    fields["hands"] = tuple(hands)
    trick = fields["trick"] = fields["trick"] + ((seat, card, wager),)
    n = fields["setup"].players
    fields["turn"] = seat + 1 if seat + 1 < n else 0
    if wager:
        intel = list(fields["intel"])
        intel[seat] -= 1
        fields["intel"] = tuple(intel)
    events = [{"public": {"type": "play", "seat": seat, "card": card, "wager": wager},
               "private": {}}]
    if len(trick) < n:
        return state_of(fields), events
    return finish_trick(fields, events), events


def apply_choose(state, seat, mission):
    """The lead reveals one drawn mission; the other goes out of the game unseen."""
    if COMPILED:
        return apply_choose_typed(state, seat, mission)
    fields = state.__dict__.copy()
    drawn = fields["drawn"]
    other = drawn[1] if drawn[0] == mission else drawn[0]
    fields["phase"] = PLAY
    fields["mission"] = mission
    fields["drawn"] = ()
    fields["turn"] = seat
    fields["discarded"] = fields["discarded"] + ((seat, other),)
    return state_of(fields), [{"public": {"type": "choose_mission", "seat": seat,
                                          "mission": mission},
                               "private": {SEAT_KEYS[seat]: {"discarded": other}}}]


def apply_designate(state, seat, target):
    """The Accomplice designates a player (public) and sees their role (private)."""
    events = [{"public": {"type": "designate", "seat": seat, "target": target},
               "private": {str(seat): {"peek": {"seat": target,
                                                "role": state.setup.roles[target]}}}}]
    state = evolve(state, accomplice_target=target)
    return start_trick(state, state.lead, events), events


def apply_reveal(state, seat):
    """A voluntary reveal (option): the reveal effects, then threshold check 8a."""
    events = []
    state = reveal(state, seat, events)
    if not state.result:
        state = run_threshold_reveals(state, seat, events)
    return state, events


def apply_action(state, seat, action, rng=None):
    """(new state, events) for a legal action (no randomness is needed after the deal)."""
    kind = action["type"]
    if kind == "play":
        return apply_play(state, seat, action["card"], action["wager"])
    if kind == "choose_mission":
        return apply_choose(state, seat, action["mission"])
    if kind == "vote":
        events = []
        return cast_vote(state, seat, action["targets"], events), events
    if kind == "designate":
        return apply_designate(state, seat, action["target"])
    return apply_reveal(state, seat)


# ---- the compiled build's forms of the per-step entry points -------------------------------
# The same answers, written for Cython: the state is an extension type there (state.pxd), so
# its fields, read through a variable typed as it, are C struct members, and a new state is a
# draft (state.draft_of: a member-by-member copy) changed in place before it is handed out; the
# led suit's bounds are found by one scan of C ints instead of two bisections (Python calls
# there). rules.py uses them when compiled; the pure engine keeps the forms above, faster in
# the interpreter (they also run there, on a state.Draft: tests pin them to the same answers).

def to_move_typed(state):
    """`to_move` in the compiled build's form."""
    phase = state.phase
    if phase == PLAY or phase == MISSION:
        return SOLO[state.turn]
    if phase == VOTE:
        votes = state.votes
        return tuple([s for s in voters(state) if votes[s] is None])
    if phase == DESIGNATE:
        return (state.setup.roles.index("accomplice"),)
    return ()


def legal_actions_typed(state, seat):
    """`legal_actions` in the compiled build's form."""
    phase = state.phase
    if phase == PLAY or phase == MISSION:
        if seat != state.turn:  # to_move(state) == (state.turn,)
            return []
        if phase == PLAY:
            return play_actions_typed(state, seat)
        if state.setup.roles[seat] != "risky_agent":
            return [CHOOSE_ACTIONS[m] for m in state.drawn]
    elif phase == VOTE:
        # seat in to_move(state), without building it (a voter is a seat: votes[seat] is safe)
        if seat not in voters(state) or state.votes[seat] is not None:
            return []
        return list(vote_actions(state, seat))
    return legal_actions(state, seat)


def vote_actions(state, seat):
    """legal_actions' vote actions for a seat that may vote, as a tuple of shared, read-only
    dicts (core.legal_actions allows that), made once per (seat, players, revealed roles, the
    seat a Stubborn Agent): all that `vote_options` reads."""
    setup = state.setup
    key = (seat, setup.players, state.revealed, setup.roles[seat] == "stubborn_agent")
    table = _VOTE_ACTIONS  # (a typed dict in actions.pxd: `get` is a C call there)
    found = table.get(key)
    if found is None:  # (bounded: 5 seats x 3 counts x 32 reveal patterns x 2)
        found = table[key] = tuple([{"type": "vote", "targets": t}
                                    for t in vote_options(state, seat)])
    return found


def play_actions_typed(state, seat):
    """`play_actions` in the compiled build's form (the same list): the playable cards are the
    hand's positions start..stop (no slice made), and the list is made at its final size and
    filled (no regrowing as it is appended to)."""
    setup = state.setup
    cards = state.hands[seat]
    trick = state.trick
    start, stop = 0, len(cards)
    if trick and setup.roles[seat] not in FREE_FOLLOW:
        low = trick[0][1] // 13 * 13
        first = last = 0
        for card in cards:
            if card >= low + 13:
                break
            last += 1
            if card < low:
                first += 1
        if first < last:  # some cards of the led suit: only those
            start, stop = first, last
    if setup.wagers and state.intel[seat] and not state.revealed[seat]:
        pairs = PLAY_ACTIONS
        actions = [None] * (2 * (stop - start))
        at = 0
        for i in range(start, stop):
            card = cards[i]  # (a C int: the table read is then a C read)
            pair = pairs[card]
            actions[at] = pair[0]
            actions[at + 1] = pair[1]
            at += 2
    else:
        plain = PLAIN_PLAY_ACTIONS
        actions = [None] * (stop - start)
        for i in range(start, stop):
            card = cards[i]
            actions[i - start] = plain[card]
    if setup.voluntary_reveal and can_reveal(state, seat):
        actions.append(REVEAL_ACTION)
    return actions


def apply_action_typed(state, seat, action, rng=None):
    """`apply_action` in the compiled build's form (plays and mission choices typed)."""
    kind = action["type"]
    if kind == "play":
        return apply_play_typed(state, seat, action["card"], action["wager"])
    if kind == "choose_mission":
        return apply_choose_typed(state, seat, action["mission"])
    if kind == "vote":
        events = []
        return cast_vote(state, seat, action["targets"], events), events
    return apply_action(state, seat, action, rng)


def apply_play_typed(state, seat, card, wager):
    """`apply_play` in the compiled build's form: one draft gets the changes (and, at a
    trick's end, those of resolving it and starting the next one: flow.finish_trick_typed)."""
    new = draft_of(state)
    hands = list(new.hands)
    hand = hands[seat]
    i = 0
    for held in hand:  # hand.index(card), comparing C ints
        if held == card:
            break
        i += 1
    else:
        raise ValueError("tuple.index(x): x not in tuple")
    hands[seat] = hand[:i] + hand[i + 1:]
    new.hands = tuple(hands)
    if wager is True or wager is False:  # the legal actions' flags: the shared one-play tuple
        trick = new.trick = new.trick + ONE_PLAYS[(seat * 52 + card) * 2 + (1 if wager else 0)]
    else:  # (another truthy or falsy value is kept as given, as apply_play keeps it)
        trick = new.trick = new.trick + ((seat, card, wager),)
    n = new.setup.players
    new.turn = seat + 1 if seat + 1 < n else 0
    if wager:
        intel = list(new.intel)
        intel[seat] -= 1
        new.intel = tuple(intel)
    events = [{"public": {"type": "play", "seat": seat, "card": card, "wager": wager},
               "private": {}}]
    if len(trick) < n:
        return finished(new), events
    return finish_trick_typed(new, events), events


def apply_choose_typed(state, seat, mission):
    """`apply_choose` in the compiled build's form."""
    new = draft_of(state)
    drawn = new.drawn
    other = drawn[1] if drawn[0] == mission else drawn[0]
    new.phase = PLAY
    new.mission = mission
    new.drawn = ()
    new.turn = seat
    new.discarded = new.discarded + ((seat, other),)
    return finished(new), [{"public": {"type": "choose_mission", "seat": seat,
                                       "mission": mission},
                            "private": {SEAT_KEYS[seat]: {"discarded": other}}}]
