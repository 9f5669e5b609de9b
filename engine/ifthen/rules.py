"""The If Then rules object: options, whose move it is, legal actions, dispatch and outcome.

Legal actions, in this order:
- turn: play (card ascending, orientation 0 then 1), discard (card ascending; not under
  Lockdown), held events (event id ascending, then parameters ascending), hint, then one guess per
  curated challenge of the level still consistent with every public fact (curated order). While
  a Double Play is under way only plays are legal. Any other well-formed guess is accepted too
  (check_action), since a guess is open-ended.
- penalty: draw every card still owed from the deck (when it can cover them), then one card from
  each market slot (Open Book: market only while it has cards).
- second_chance: use Second Chance (event 14), decline.   hint_vote: approve, refuse.
- orient: orientation 0, 1.   choose_challenge: 0, 1.   allegiance: TRUE, FALSE.
- ak_turn: swaps (hand card, slot, orientation), cycle; pass only when neither is possible.
- ak_bottom: put each hand card at the bottom.

The most frequent action dicts (play, discard, draw, curated guesses) are shared constants:
callers must treat legal actions as read-only (the engine core never mutates them).
"""

from engine.core import Game, make_outcome
from engine.errors import IllegalAction, InvalidAction

from . import mastermind, rollout, team, turns
from .challenges import candidate_challenges
from .data import (
    EV_CHEAP_INTEL,
    EV_DOUBLE_PLAY,
    EV_FREE_SHRED,
    EV_HAND_OFF,
    EV_INSPECTION,
    EV_LOCKDOWN,
    EV_OPEN_BOOK,
    EV_PASS,
    EV_RECOUNT,
    EVENT_IDS,
    GAME_NUMBERS,
    HOUSE_RULES,
)
from .rulelang import RuleError, table_of
from .setup import new_state
from .state import cb_index, cb_seat, replace, state_from_json, state_to_json
from .view import sample_state, view_state

ACTIONS_PER_TURN_BOUND = 40


# Shared, never-mutated action dicts for the most frequent actions (legal_actions is hot).
_PLAYS = tuple(({"type": "play", "card": c, "orient": 0}, {"type": "play", "card": c, "orient": 1})
               for c in range(60))
_DISCARDS = tuple({"type": "discard", "card": c} for c in range(60))
_DRAW_DECK = {"type": "draw", "source": "deck"}
_HINT = {"type": "hint"}
_DRAW_MARKET = tuple({"type": "draw", "source": "market", "slot": i} for i in range(8))
_EVENT_USES = {ev_id: {"type": "use_event", "event": ev_id} for ev_id in EVENT_IDS}
_INSPECTIONS = tuple(tuple({"type": "use_event", "event": EV_INSPECTION, "card": c, "orient": o}
                           for o in (0, 1)) for c in range(60))
_SHREDS = tuple({"type": "use_event", "event": EV_FREE_SHRED, "card": c} for c in range(60))
_HAND_OFFS = tuple(tuple({"type": "use_event", "event": EV_HAND_OFF, "card": c, "to": to}
                         for to in range(7)) for c in range(60))  # [card][seat]


_HINT_FROM = GAME_NUMBERS["penalty_thresholds"][0]  # invalid cards before a hint may be bought


def _turn_actions(state, seat):
    fields = state.__dict__  # read once: a turn's list is built on most playout steps
    hand = sorted(fields["hands"][fields["turn"]])
    actions = []
    for c in hand:
        actions += _PLAYS[c]
    if fields["bonus_plays"]:
        return actions
    if fields["current_event"] != EV_LOCKDOWN:
        for c in hand:  # (a plain loop: cheaper than a comprehension for a hand's few cards)
            actions.append(_DISCARDS[c])
    if fields["held"]:
        actions += _event_actions(state, seat, hand)
    if len(fields["invalid"]) >= _HINT_FROM and team.can_ask_hint(state, fields["turn"]):
        actions.append(_HINT)
    if team.can_guess(state):
        actions += _guess_actions(fields["level"], fields["candidates"])
    return actions


_GUESSES = {}  # (level, candidate mask) -> the shared guess actions (a bounded memo)


def _guess_actions(level, candidates):
    """One guess action per remaining curated candidate (shared, never-mutated dicts)."""
    found = _GUESSES.get((level, candidates))
    if found is None:
        if len(_GUESSES) >= 4096:
            _GUESSES.clear()
        found = _GUESSES[level, candidates] = tuple(
            {"type": "guess", "rule": team.curated_guess(c)}
            for c in candidate_challenges(level, candidates))
    return found


def _event_actions(state, seat, hand):
    """The held events' uses (shared, never-mutated dicts, like the plays)."""
    out = []
    for ev_id in sorted(set(state.held)):
        if ev_id == EV_INSPECTION:
            for c in hand:
                out += _INSPECTIONS[c]
        elif ev_id == EV_PASS:
            out.append(_EVENT_USES[ev_id])
        elif ev_id == EV_HAND_OFF:
            others = [cb_seat(state, i) for i in range(state.n_cb) if i != state.turn]
            out += [_HAND_OFFS[c][to] for c in hand for to in others]
        elif ev_id == EV_FREE_SHRED:
            for c in hand:
                out.append(_SHREDS[c])
        elif ev_id == EV_CHEAP_INTEL and not state.free_hint or ev_id == EV_DOUBLE_PLAY and len(hand) >= 2:
            out.append(_EVENT_USES[ev_id])
        elif ev_id == EV_RECOUNT and state.invalid:
            base = _EVENT_USES[ev_id]
            out += [dict(base, to=cb_seat(state, i)) for i in range(state.n_cb)]
    return out


def _penalty_actions(state):
    market = state.market
    if (state.current_event == EV_OPEN_BOOK and market) or len(state.deck) < state.penalty_left:
        return list(_DRAW_MARKET[:len(market)])  # turns.must_draw_market, inlined
    return [_DRAW_DECK, *_DRAW_MARKET[:len(market)]]


def _ak_actions(state):
    if state.phase == "ak_bottom":
        return [{"type": "bottom", "card": c} for c in sorted(state.ak_hand)]
    actions = []
    if mastermind.can_swap(state):
        actions = [{"type": "swap", "card": c, "slot": s, "orient": o}
                   for c in sorted(state.ak_hand) for s in range(len(state.market)) for o in (0, 1)]
    if mastermind.can_cycle(state):
        actions.append({"type": "cycle"})
    return actions or [{"type": "pass"}]


_FIXED = {
    "second_chance": [{"type": "use_event", "event": 14}, {"type": "decline"}],
    "hint_vote": [{"type": "approve"}, {"type": "refuse"}],
    "orient": [{"type": "orient", "orient": 0}, {"type": "orient", "orient": 1}],
    "choose_challenge": [{"type": "choose_challenge", "index": 0},
                         {"type": "choose_challenge", "index": 1}],
    "allegiance": [{"type": "allegiance", "side": "TRUE"}, {"type": "allegiance", "side": "FALSE"}],
}


class IfThen(Game):
    """Rules object for If Then (see the package docstring)."""

    id = "ifthen"
    rules_doc = "docs/rules/ifthen.md"
    name = "If Then"
    min_players = 2
    max_players = 6
    max_length = HOUSE_RULES["turn_cap"] * ACTIONS_PER_TURN_BOUND + 10
    playout_depth = rollout.PLAYOUT_DEPTH  # search bots cut playouts here and call evaluate
    options_spec = {
        "players": {"default": 3, "choices": [2, 3, 4, 5, 6]},
        "level": {"default": 0, "choices": [0, 1, 2, 3]},
        "allKnowing": {"default": "engine", "choices": ["engine", "seat"]},
        "mastermind": {"default": False, "type": "bool"},
        "challenges": {"default": "curated", "choices": ["curated", "generated"]},
    }
    action_schemas = {
        "play": {"card": "int", "orient": "int"}, "discard": {"card": "int"},
        "guess": {"rule": "object"}, "hint": {}, "approve": {}, "refuse": {},
        "use_event": {"event": "int", "card": "int?", "orient": "int?", "to": "int?"},
        "decline": {}, "draw": {"source": "str", "slot": "int?"},
        "orient": {"orient": "int"}, "choose_challenge": {"index": "int"},
        "allegiance": {"side": "str"}, "swap": {"card": "int", "slot": "int", "orient": "int"},
        "cycle": {}, "bottom": {"card": "int"}, "pass": {},
    }
    notes = ("players counts everyone at the table (the All Knowing included); with the engine as "
             "All Knowing (default) the seats are the players-1 codebreakers, with allKnowing=seat "
             "seat 0 is the All Knowing. Unofficial data (PROPOSALs, flagged as ours): the 60-card "
             "deck, every challenge text (curated list + generator), hint meanings, the 20 events. "
             "The curated Level-0 deck has the component list's 4 cards (L0-1, L0-2, L0-3, L0-8). "
             "Judging is always automatic. Mastermind needs allKnowing=seat and 3+ players.")
    cooperative_side = "Codebreakers"  # the codebreakers play together against the game
    # ISMCTS compares the heuristic's move with the events the seat holds on shared deals
    # (rollout.root_actions); bench/results/README.md has the measurements behind it.
    bot_defaults = {"ismcts": {"paired": 1}}
    typical_moves = 42  # a random-bot match (service/tournament cost estimates)
    conformance_options = (
        {"players": 2}, {"players": 3, "level": 1}, {"players": 4, "level": 2},
        {"players": 5, "level": 3}, {"players": 6, "level": 0},
        {"players": 2, "allKnowing": "seat", "level": 3},
        {"players": 4, "mastermind": True, "allKnowing": "seat", "level": 1},
        {"players": 3, "challenges": "generated", "level": 2},
    )

    def check_options(self, options):
        """Mastermind needs a human All Knowing and at least 3 players."""
        from engine.errors import InvalidOptions
        if options["mastermind"] and options["allKnowing"] != "seat":
            raise InvalidOptions("mastermind needs allKnowing=seat", "options.allKnowing")
        if options["mastermind"] and options["players"] < GAME_NUMBERS["mastermind_min_players"]:
            raise InvalidOptions("mastermind needs at least 3 players", "options.players")

    def seat_count(self, options):
        """Codebreakers, plus the All Knowing when it is a seat."""
        return options["players"] - (0 if options["allKnowing"] == "seat" else 1)

    def new_state(self, options, rng):
        """A fresh state (see setup)."""
        return new_state(options, rng)

    def to_move(self, state):
        """The seats that must decide now."""
        phase = state.phase
        if phase == "turn" or phase == "penalty" or phase == "second_chance":
            return (state.turn if state.ak_seat is None else state.turn + 1,)  # cb_seat, inlined
        if phase == "hint_vote":
            return tuple(cb_seat(state, i) for i in state.voters)
        if phase == "over":
            return ()
        return (state.ak_seat,)

    _last_legal = (None, None, ())   # (state, seat, actions): step then render ask twice

    def legal_actions(self, state, seat):
        """The seat's legal actions (order in the module docstring)."""
        last_state, last_seat, last_actions = self._last_legal
        if last_state is state and last_seat == seat:
            return list(last_actions)
        phase = state.phase
        if phase == "turn" or phase == "penalty":  # to_move, inlined for the codebreaker on turn
            if seat != (state.turn if state.ak_seat is None else state.turn + 1):
                actions = []
            elif phase == "turn":
                actions = _turn_actions(state, seat)
            else:
                actions = _penalty_actions(state)
        else:
            actions = self._compute_legal(state, seat)
        self._last_legal = (state, seat, tuple(actions))
        return actions

    def _compute_legal(self, state, seat):
        """The legal actions of any other phase (legal_actions handles turn and penalty)."""
        phase = state.phase
        if seat not in self.to_move(state):
            return []
        if phase in _FIXED:
            return [dict(a) for a in _FIXED[phase]]
        return _ak_actions(state)

    def off_turn_actions(self, state, seat):
        """A hint proposal by a codebreaker not on turn (see team: hint timing)."""
        index = cb_index(state, seat)
        if index < 0 or state.phase != "turn" or seat in self.to_move(state):
            return []
        return [_HINT] if team.can_ask_hint(state, index) else []

    def check_action(self, state, seat, action):
        """Membership, except guesses: any well-formed rule when guessing is allowed."""
        if action["type"] == "guess":
            if seat not in self.to_move(state) or not team.can_guess(state):
                raise IllegalAction("guess is not legal now", "action")
            try:
                table_of(action["rule"])
            except RuleError as exc:
                raise InvalidAction(f"malformed rule: {exc}", "rule") from None
            return
        if action not in self.legal_actions(state, seat) and (
                seat in self.to_move(state) or action not in self.off_turn_actions(state, seat)):
            raise IllegalAction(f"{action.get('type')} is not legal now", "action")

    def apply(self, state, seat, action, rng):
        """(new state, log events) after a legal action."""
        evs = []
        return _dispatch(state, seat, action, rng, evs), evs

    def view(self, state, seat):
        """The allow-listed view of a seat (None = spectator)."""
        return view_state(state, seat)

    def outcome(self, state):
        """None while running; the standard outcome once won or lost."""
        if not state.result:
            return None
        return _outcome(state)

    def state_to_json(self, state):
        """Lossless JSON."""
        return state_to_json(state)

    def state_from_json(self, data):
        """Inverse of state_to_json."""
        return state_from_json(data)

    def seat_role(self, state, seat):
        """"All Knowing" (a human All Knowing's seat) or "Codebreaker"."""
        return "All Knowing" if seat == state.ak_seat else "Codebreaker"

    def seat_side(self, state, seat):
        """The codebreakers' team, against a human All Knowing or the game itself."""
        return "All Knowing" if seat == state.ak_seat else self.cooperative_side

    def measures(self, state, options):
        """Rounds played (to win, in a won match) and the challenge level."""
        return {"rounds": state.round, "level": options.get("level")}

    def evaluate(self, state):
        """{seat: value in [0, 1]} of a running position, for search bots (rollout.evaluate)."""
        return rollout.evaluate(state)

    def playout_done(self, state):
        """Whether a search playout may stop here (rollout.playout_done)."""
        return rollout.playout_done(state)

    def sample_state(self, view, seat, rng):
        """A full state consistent with what `seat` saw."""
        return sample_state(view, seat, rng)


def _dispatch(state, seat, action, rng, evs):
    """The state after `action`, from a private copy of `state` (the turn machinery edits the
    copy in place: see turns)."""
    kind = action["type"]
    if state.hint_refused and kind not in ("hint", "approve", "refuse"):
        state = replace(state, hint_refused=0)  # something else happened: proposals open again
    else:
        state = replace(state)
    if kind == "draw":  # the most frequent first
        return turns.draw_penalty_card(state, seat, action["source"], action.get("slot"), rng, evs)
    if kind == "play":
        return turns.play_card(state, seat, action["card"], action["orient"], rng, evs)
    if kind == "discard":
        return turns.discard_card(state, seat, action["card"], rng, evs)
    if kind == "guess":
        return team.apply_guess(state, seat, action["rule"], evs)
    if kind == "hint":
        return team.ask_hint(state, seat, rng, evs)
    if kind in ("approve", "refuse"):
        return team.vote_hint(state, seat, kind == "approve", rng, evs)
    if kind == "use_event" and state.phase == "second_chance":
        return turns.use_second_chance(state, seat, rng, evs)
    if kind == "use_event":
        return team.use_event(state, seat, action, rng, evs)
    if kind == "decline":
        return turns.decline_second_chance(state, seat, rng, evs)
    return _dispatch_ak(state, seat, action, evs)


def _dispatch_ak(state, seat, action, evs):
    kind = action["type"]
    if kind == "orient":
        return mastermind.orient_start(state, seat, action["orient"], evs)
    if kind == "choose_challenge":
        return mastermind.choose_challenge(state, seat, action["index"], evs)
    if kind == "allegiance":
        return mastermind.choose_allegiance(state, seat, action["side"], evs)
    if kind == "swap":
        return mastermind.swap(state, seat, action["card"], action["slot"], action["orient"], evs)
    if kind == "cycle":
        return mastermind.cycle(state, seat, evs)
    if kind == "bottom":
        return mastermind.bottom(state, seat, action["card"], evs)
    return mastermind.ak_pass(state, seat, evs)


def _outcome(state):
    won = state.result == "win"
    cbs = [cb_seat(state, i) for i in range(state.n_cb)]
    winners = set(cbs) if won else set()
    reasons = {s: state.reason for s in cbs}
    if state.master >= 0:
        reasons[state.master] = "Master Code Breaker: " + state.reason
    n_seats = state.n_cb
    if state.ak_seat is not None:
        n_seats += 1
        ak_wins = won if not state.mastermind or state.allegiance == "TRUE" else not won
        if ak_wins:
            winners.add(state.ak_seat)
        side = f" (allegiance {state.allegiance})" if state.mastermind else ""
        reasons[state.ak_seat] = f"All Knowing{side}: codebreakers {'won' if won else 'lost'}"
    summary = f"codebreakers {'win' if won else 'lose'}: {state.reason}"
    return make_outcome(winners, n_seats, reasons=reasons, summary=summary)
