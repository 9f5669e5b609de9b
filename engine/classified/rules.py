"""The `Game` subclass for Classified Information: options, action schemas, the turn machine."""


from engine import Game, make_outcome
from engine.errors import IllegalAction

from . import effects_cards, effects_info, effects_more, effects_promo  # noqa: F401 (register handlers)
from . import notes as cypher_notes
from .actions import cancel_trap, main_actions, play_card
from .plays import cards_plays
from .common import DECISIONS, card_info, ev
from .setup import OPTIONS_SPEC, check_selection, deal
from .state import (COMPILED, replace, replace_fields, set_fields, set_hand, state_from_json, state_to_json,
                    working_copy, working_state)
from .memory import update_hand_memory
from .quickturn import quick_turn
from .turns import begin_turn, final_halves, hits, settle
from .view import sample_state, view_state

ACTION_SCHEMAS = {
    "encrypt": {"card": "int"},
    "guard": {"card": "int"},
    "assassinate": {"card": "int", "slot": "int", "cover": "bool?", "mine": "bool?"},
    "deploy": {"card": "int", "mode": "str?", "number": "int?", "slot": "int?", "slot2": "int?",
               "take": "int?", "give": "int?", "cover": "bool?", "order": "int[]?"},
    "cancel_trap": {},
    "choose_suitcase": {"card": "int"},
    "pass": {},
    "react": {"card": "int"},
    "resilience": {},
    "answer": {"number": "int?", "word": "str?"},
    "pick": {"number": "int?", "number2": "int?", "card": "int?"},
    "discard": {"card": "int"},
    "swap": {"card": "int?", "give": "int?", "take": "int?"},
    "order": {"order": "int[]"},
    "peek": {"mode": "str"},
}

NOTES = (
    "Card sets: Citrine, Emerald, Ruby, 13 Promo designs. Recommended decks 1-3 are unknown and "
    "alias Citrine (PROPOSAL). 'selection' takes 9 entries (a set name or a design id per number). "
    "'promos' adds promo designs to the random pools and allows them in 'selection' (fixed sets "
    "ignore it). Names of most Emerald/Ruby/Promo cards are translations of the Japanese summary. "
    "REACT windows open whenever the REACT design is in the match and the other seat holds 2+ "
    "cards (pass to decline), so a window never leaks a hand. See the package docstring for every "
    "PROPOSAL taken.")


GUARD_TEXT = tuple(f"{h / 2:g}" for h in range(64))  # a Guard count in halves as outcome() words it
SEAT_TUPLES = ((0,), (1,))  # to_move's answers for one seat, shared (tuples: nobody can change them)


class ClassifiedGame(Game):
    """Rules object for Classified Information (2 players)."""

    id = "classified"
    rules_doc = "docs/rules/classified.md"
    name = "Classified Information"
    min_players = 2
    max_players = 2
    max_length = 400
    # ISMCTS defaults, measured with bench/bench_bots.py (ismcts vs heuristic at 200 ms CPU a move,
    # seats rotated): heuristic playouts, no root prior, a shared victory worth half: n=1,000 won
    # 68.8% [65.9, 71.6] vs the heuristic's 57.9% [54.8, 60.9] in the same seats, points gain +9.3
    # [+5.9, +12.7]. (A shared win valued fully: 67.5%, points gain +2.4 [-0.9, +5.6]; a root
    # prior of 20: 55.3% at n=300.) Paired root search (every root move played on the same
    # sampled deals, engine/bots/paired.py), bench/bench_strength.py at 200 ms, the first 100
    # deals of seed 28: score 0.63 [0.57, 0.68], paired points gain +0.26 [+0.14, +0.37], against
    # 0.55 [0.49, 0.61] and +0.10 [-0.01, +0.21] for the tree on the same deals.
    bot_defaults = {"ismcts": {"guided": 100, "prior": 0, "shared_win": 50, "paired": 1}}
    options_spec = OPTIONS_SPEC
    action_schemas = ACTION_SCHEMAS
    notes = NOTES
    cypher_wheel = cypher_notes   # private per-seat notes kept by the service (see notes.py)
    typical_moves = 16  # a random-bot match (service/tournament cost estimates)
    conformance_options = (
        {},
        {"card_set": "emerald", "difficulty": "hard"},
        {"card_set": "ruby", "difficulty": "insane"},
        {"card_set": "random_full", "promos": True},
        {"card_set": "random_pairs", "promos": True, "suitcase_pick": True},
        {"card_set": "selection", "promos": True, "first_player": "seat1",
         "selection": ["promo_1b", "emerald", "promo_3c", "promo_4a", "promo_5a", "ruby",
                       "promo_7a", "citrine", "promo_9a"]},
    )

    _last_legal = (None, None, ())

    def check_options(self, options):
        """The per-number selection must fit the card set."""
        check_selection(options)

    def new_state(self, options, rng):
        """Deal; start the first turn unless players first pick their Suitcases."""
        state = deal(options, rng)
        if state.stage == "pick" or state.turn_no:  # the deal began the first turn itself
            return state
        before = state.deck
        state = settle(begin_turn(state, state.first, []), [], rng)
        if before and state.deck == before[1:]:
            if COMPILED:  # the extension type has no field dict
                set_fields(state, {"opening_draw": before[0]})
            else:
                state.__dict__["opening_draw"] = before[0]  # working_fields(state): made by this call
        return state

    def setup_events(self, state):
        """The first player's opening draw, private to that seat (as every later draw)."""
        if state.opening_draw < 0:
            return []
        seat = state.first
        return [{"public": {"event": "draw", "seat": seat, "deck_left": len(state.deck)},
                 "private": {str(seat): {"card": state.opening_draw}}}]

    def to_move(self, state):
        """The deciding seat of the top decision, the seat owing its action, or pickers."""
        if state.stage == "over":
            return ()
        if state.stack:
            return SEAT_TUPLES[state.stack[-1].seat]
        if state.stage == "pick":  # the seats still to pick (a plain loop, no generator)
            picking = ()
            for s in (0, 1):
                if state.suitcases[s] < 0:
                    picking += (s,)
            return picking
        return SEAT_TUPLES[state.turn]

    def legal_actions(self, state, seat):
        """Decision options of the top frame, Suitcase picks, or the main actions (the last
        answer is remembered: states are immutable, so the same object gives the same list)."""
        cached = self._last_legal
        if cached[0] is state and cached[1] == seat:
            return list(cached[2])
        stack, stage = state.stack, state.stage
        if stack:
            top = stack[-1]
            actions = DECISIONS[top.kind][0](state, top) if seat == top.seat and stage != "over" else []
        elif stage == "pick":
            picking = seat in self.to_move(state)
            actions = [{"type": "choose_suitcase", "card": c} for c in state.hands[seat]] if picking else []
        elif stage == "over" or seat != state.turn:  # to_move, inlined for the main actions
            actions = []
        elif state.play[1 - seat]:
            actions = main_actions(state, seat)
        else:  # main_actions without a Cyber Trap to cancel
            actions = cards_plays(state, seat, state.hands[seat])
        self._last_legal = (state, seat, actions)
        return list(actions)

    def check_action(self, state, seat, action):
        """Membership (optional false/None fields ignored); any permutation for a rearrange."""
        action = normalize(action)
        if action["type"] == "deploy" and action.get("mode") == "rearrange":
            order = action.get("order")
            pattern = dict(action, order=None)
            for legal in self.legal_actions(state, seat):
                if dict(legal, order=None) == pattern and sorted(order or []) == sorted(state.discard):
                    return
            raise IllegalAction("deploy is not legal now", "action")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"{action.get('type')} is not legal now", "action")

    def apply(self, state, seat, action, rng):
        """Apply one action and settle every continuation."""
        for v in action.values():  # normalize, inlined: most actions come as a legal list gives them
            if v is None or v is False:
                action = normalize(action)
                break
        log = []
        kind = action["type"]
        if kind == "encrypt" or kind == "guard":
            new = quick_turn(state, seat, kind, action["card"], log)
            if new is not None:
                return new, log
        stack = state.stack
        if COMPILED:  # the same copy: a struct copy and a C field write (state.working_copy)
            work = working_copy(state)
        else:
            work = replace_fields(state, {"stack": stack[:-1]} if stack else {})  # the step's own copy
        owned = working_state  # state.replace edits this one in place (see state.py)
        owned[0] = work
        try:
            if kind == "choose_suitcase":
                new = choose_suitcase(work, seat, action["card"], log)
            elif stack:
                frame = stack[-1]
                if kind == "pass":
                    ev(log, {"event": "pass", "seat": seat, "decision": frame.kind})
                new = DECISIONS[frame.kind][1](work, frame, action, log, rng)
            elif kind == "cancel_trap":
                new = cancel_trap(work, seat, log)
            else:
                new = play_card(work, seat, action, log, rng)
            return update_hand_memory(state, settle(new, log, rng)), log
        finally:
            owned[0] = None  # returned states are never edited again

    def view(self, state, seat):
        """The allow-listed view."""
        return view_state(state, seat)

    def outcome(self, state):
        """None while running; winners with reasons once over."""
        if state.stage != "over":
            return None
        winners, reason = state.result
        if reason != "end":
            return make_outcome(set(winners), 2, reasons={s: reason for s in (0, 1)}, summary=reason)
        reasons, scores = {}, []
        for s in (0, 1):
            hit = "hit" if hits(state, s) else "miss"
            halves = final_halves(state, s)
            scores.append(halves / 2)
            reasons[s] = f"{hit}; guards {GUARD_TEXT[halves] if halves < 64 else f'{halves / 2:g}'}"
        summary = "shared victory" if len(winners) == 2 else f"seat {winners[0]} wins"
        return make_outcome(set(winners), 2, reasons=reasons, scores=scores, summary=summary)

    def state_to_json(self, state):
        """Lossless JSON."""
        return state_to_json(state)

    def state_from_json(self, data):
        """Inverse of state_to_json."""
        return state_from_json(data)

    def seat_role(self, state, seat):
        """"first" or "second": who moved first (tournaments rate each apart)."""
        return "first" if seat == state.first else "second"

    def sample_state(self, view, seat, rng):
        """Determinize seat's view."""
        return sample_state(view, seat, rng)


def to_move_typed(state):
    """ClassifiedGame.to_move, the compiled build's form (the state typed in rules.pxd: C field
    reads); the same answers (tests/classified/test_classified_typed.py)."""
    if state.stage == "over":
        return ()
    stack = state.stack
    if stack:
        top = stack[-1]
        return SEAT_TUPLES[top.seat]
    if state.stage == "pick":
        picking = ()
        for s in (0, 1):
            if state.suitcases[s] < 0:
                picking += (s,)
        return picking
    return SEAT_TUPLES[state.turn]


_last_legal = [None, None, ()]  # legal_actions_typed's last answer: (state, seat, actions)


def legal_actions_typed(state, seat):
    """ClassifiedGame.legal_actions, the compiled build's form (the state typed in rules.pxd: C
    field reads; the last answer kept here, not on the rules object); the same answers."""
    cached = _last_legal
    if cached[0] is state and cached[1] == seat:
        return list(cached[2])
    stack, stage = state.stack, state.stage
    if stack:
        top = stack[-1]
        actions = DECISIONS[top.kind][0](state, top) if seat == top.seat and stage != "over" else []
    elif stage == "pick":
        picking = seat in to_move_typed(state)
        actions = [{"type": "choose_suitcase", "card": c} for c in state.hands[seat]] if picking else []
    elif stage == "over" or seat != state.turn:
        actions = []
    elif state.play[1 - seat]:
        actions = main_actions(state, seat)
    else:
        actions = cards_plays(state, seat, state.hands[seat])
    cached[0], cached[1], cached[2] = state, seat, actions
    return list(actions)


if COMPILED:  # the compiled build: the typed forms above (the pure engine keeps the methods)
    ClassifiedGame.to_move = staticmethod(to_move_typed)
    ClassifiedGame.legal_actions = staticmethod(legal_actions_typed)


def normalize(action):
    """Drop optional fields given as None or False (legal lists omit them)."""
    for v in action.values():
        if v is None or v is False:
            return {k: v for k, v in action.items() if v is not None and v is not False}
    return action


def choose_suitcase(state, seat, card, log):
    """Advanced variant: keep one of the 3 dealt cards as the Suitcase."""
    state = set_hand(state, seat, [c for c in state.hands[seat] if c != card])
    state = replace(state, suitcases=(card, state.suitcases[1]) if seat == 0 else (state.suitcases[0], card))
    ev(log, {"event": "suitcase_chosen", "seat": seat}, {seat: card_info(state, card)})
    if min(state.suitcases) >= 0:
        state = begin_turn(state, state.first, log)
    return state
