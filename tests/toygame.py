"""A tiny test game with hidden hands and chance, used to drive the skeleton.

Two players; a deck of cards 1..10 is shuffled and each player is dealt 2 (hidden). On a turn a
player either plays a card from hand face up, or draws one card (hidden) if the hand has fewer
than 3 cards and the deck is not empty. After 6 cards have been played in total the player with
the higher sum of played cards wins (ties share).

Not a built-in game: it registers the way docs/adding-a-game.md describes for a game that lives
outside engine/, through SAFEHOUSE_EXTRA_GAMES=tests.toygame:RULES (tests/conftest.py sets it for
the test process and every process the tests start). Its secret ledger is
tests/secret_ledger/toy.py; tests/service/test_adding_a_game.py proves the whole path.
"""

from dataclasses import dataclass, replace

from engine import Game, event, make_outcome


@dataclass(frozen=True)
class ToyState:
    """Deck (top first), hands per seat, played cards per seat, seat to move."""

    deck: tuple
    hands: tuple
    played: tuple
    turn: int
    target: int = 6


class ToyGame(Game):
    """Rules object for the toy game."""

    id = "toy"
    name = "Toy (tests only)"
    min_players = 2
    max_players = 2
    max_length = 40
    options_spec = {"players": {"default": 2, "choices": [2]},
                    "target": {"default": 6, "type": "int", "min": 2, "max": 8}}
    action_schemas = {"play": {"card": "int"}, "draw": {}}
    conformance_options = ({}, {"target": 4})
    typical_moves = 8

    def seat_role(self, state, seat):
        """Seat 0 always moves first: tournaments rate "first" and "second" apart."""
        return "first" if seat == 0 else "second"

    def new_state(self, options, rng):
        deck = tuple(rng.shuffled(range(1, 11)))
        return ToyState(deck[4:], (deck[0:2], deck[2:4]), ((), ()), 0, options["target"])

    def to_move(self, state):
        return (state.turn,) if self._target_left(state) else ()

    def _target_left(self, state):
        return sum(len(p) for p in state.played) < state.target

    def legal_actions(self, state, seat):
        actions = [{"type": "play", "card": c} for c in sorted(state.hands[seat])]
        if len(state.hands[seat]) < 3 and state.deck:
            actions.append({"type": "draw"})
        return actions

    def apply(self, state, seat, action, rng):
        hands, played = list(state.hands), list(state.played)
        if action["type"] == "draw":
            card, deck = state.deck[0], state.deck[1:]
            hands[seat] = hands[seat] + (card,)
            ev = event({"drew": True}, {seat: {"card": card}})
        else:
            deck = state.deck
            hands[seat] = tuple(c for c in hands[seat] if c != action["card"])
            played[seat] = played[seat] + (action["card"],)
            ev = event({"played": action["card"]})
        return replace(state, deck=deck, hands=tuple(hands), played=tuple(played),
                       turn=1 - seat), [ev]

    def view(self, state, seat):
        return {
            "you": seat,
            "hand": sorted(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "played": [list(p) for p in state.played],
            "deck_size": len(state.deck),
            "turn": state.turn, "target": state.target,
        }

    def outcome(self, state):
        if self._target_left(state):
            return None
        sums = [sum(p) for p in state.played]
        best = max(sums)
        return make_outcome({s for s in range(2) if sums[s] == best}, 2, scores=sums)

    def state_to_json(self, state):
        return {"deck": list(state.deck), "hands": [list(h) for h in state.hands],
                "played": [list(p) for p in state.played], "turn": state.turn,
                "target": state.target}

    def state_from_json(self, data):
        return ToyState(tuple(data["deck"]), tuple(tuple(h) for h in data["hands"]),
                        tuple(tuple(p) for p in data["played"]), data["turn"], data["target"])

    def sample_state(self, view, seat, rng):
        seen = set(view["hand"]) | {c for p in view["played"] for c in p}
        unseen = rng.shuffled([c for c in range(1, 11) if c not in seen])
        other = 1 - seat
        n_other = view["hand_sizes"][other]
        hands = [None, None]
        hands[seat] = tuple(view["hand"])
        hands[other] = tuple(unseen[:n_other])
        return ToyState(tuple(unseen[n_other:]), tuple(hands),
                        tuple(tuple(p) for p in view["played"]), view["turn"], view["target"])


RULES = ToyGame()
