"""Team actions of the codebreaker on turn: guesses, hint purchases and held events.

PROPOSALs (digest B9/B7/B12): the codebreaker on turn speaks for the team; a guess is allowed when
exactly one codebreaker holds cards (always with one codebreaker), at most once per turn, and is
judged by extensional equality over all 120 x 120 half pairs; a wrong guess discards the base
penalty (2/3/4, doubled with one codebreaker) unseen from the draw deck, or loses if the deck is
short. A hint needs penalty 2 (first, 3 cards) or 3 (second, 6 cards), a deck that covers the cost,
and the consent of every other seated codebreaker (a pending vote); the hint shown is one of the
challenge's two, at random.

Hint timing (seed 002: "第2または第3のペナルティが発動している間であれば、いつでも可能です"; issue
25): while penalty 2 or 3 is active, any codebreaker may propose a hint whenever the game is
between actions in the turn phase (not during a penalty draw, a vote, a Second Chance window, a
Double Play or the All Knowing's turn), on its own turn (a legal action) or on another's (an
off-turn action, see engine.core), as many times as the penalty grants (at penalty 3 both hints
in a row). Reading that bounds it: a codebreaker whose proposal was refused may propose again
only after some other action (a play, discard, draw, event, guess...) has happened, so a loop of
proposals and refusals cannot go on forever.
"""


from engine.core import event

from .challenges import CURATED, challenge_from_key
from .data import (
    EV_CHEAP_INTEL,
    EV_DOUBLE_PLAY,
    EV_FREE_SHRED,
    EV_HAND_OFF,
    EV_INSPECTION,
    EV_PASS,
    EV_RECOUNT,
    GAME_NUMBERS,
    HALF_CODES,
    HOUSE_RULES,
)
from .rulelang import canonical, remember_table, table_of
from .state import (
    active_count,
    cb_index,
    finish,
    give_card,
    last_half,
    penalty_draws,
    penalty_level,
    remove_card,
    replace,
    take_from_hand,
)
from .turns import add_judgment, end_turn

_CURATED_GUESSES = {}


def curated_guess(challenge):
    """The bare rule of a curated challenge, one shared object per challenge (fast to judge)."""
    found = _CURATED_GUESSES.get(challenge.id)
    if found is None:
        found = _CURATED_GUESSES[challenge.id] = bare_rule(challenge.rule)
        remember_table(found, challenge.table)
    return found


def bare_rule(rule):
    """The rule without decorations, `otherwise` made explicit."""
    return {"clauses": rule["clauses"],
            "otherwise": rule.get("otherwise", HOUSE_RULES["otherwise_default"])}


def can_guess(state):
    """Whether the codebreaker on turn may guess now."""
    return (state.phase == "turn" and state.bonus_plays == 0
            and (not state.guessed or not HOUSE_RULES["guesses_per_turn"])
            and (state.n_cb == 1 or active_count(state) == 1))


def wrong_guess_cost(state):
    """Cards a wrong guess discards from the draw deck."""
    factor = GAME_NUMBERS["wrong_guess_solo_factor"] if state.n_cb == 1 else 1
    return penalty_draws(state) * factor


def apply_guess(state, seat, rule, evs):
    """Judge a guess: right wins at once, wrong costs cards from the draw deck."""
    table = table_of(rule)
    if table == challenge_from_key(state.challenge).table:
        evs.append(event({"guess": bare_rule(rule), "seat": seat, "correct": True}))
        return replace(finish(state, "win", "the code was guessed"), master=seat)
    cost = wrong_guess_cost(state)
    candidates = state.candidates
    for i, challenge in enumerate(CURATED[state.level]):
        if challenge.table == table:
            candidates &= ~(1 << i)
    state = replace(state, guessed=True, candidates=candidates,
                    wrong_guesses=state.wrong_guesses + (canonical(bare_rule(rule)),))
    evs.append(event({"guess": bare_rule(rule), "seat": seat, "correct": False, "cost": cost}))
    if len(state.deck) < cost:
        return finish(state, "loss", "a wrong guess could not be paid")
    return replace(state, deck=state.deck[cost:], burned=state.burned + state.deck[:cost])


def hint_cost(state):
    """Cards the next hint costs (None when no hint may be bought at this penalty level)."""
    count = len(state.hints_revealed)
    if count >= 2 or penalty_level(state) < count + 2:
        return None
    return 0 if state.free_hint else GAME_NUMBERS["hint_costs"][count]


def can_ask_hint(state, index):
    """Whether codebreaker `index` may propose a hint purchase now."""
    if state.phase != "turn" or state.bonus_plays or (state.hint_refused >> index) & 1:
        return False
    cost = hint_cost(state)
    return cost is not None and len(state.deck) >= cost


def ask_hint(state, seat, rng, evs):
    """Propose a hint purchase: bought at once with one codebreaker, else the others vote."""
    proposer = cb_index(state, seat)
    state = replace(state, hint_asked=True, hint_proposer=proposer)
    only_active = HOUSE_RULES["hint_voters"] == "active"
    voters = tuple(i for i in range(state.n_cb)
                   if i != proposer and (state.hands[i] or not only_active))
    evs.append(event({"hint_proposed": seat, "cost": hint_cost(state)}))
    if not voters:
        return buy_hint(state, rng, evs)
    return replace(state, phase="hint_vote", voters=voters)


def vote_hint(state, seat, approve, rng, evs):
    """One codebreaker's vote; any refusal cancels, the last approval buys."""
    evs.append(event({"hint_vote": seat, "approve": approve}))
    if not approve:
        refused = state.hint_refused | (1 << state.hint_proposer)
        return replace(state, phase="turn", voters=(), hint_proposer=-1, hint_refused=refused)
    voters = remove_card(state.voters, cb_index(state, seat))
    if voters:
        return replace(state, voters=voters)
    return buy_hint(replace(state, phase="turn", voters=(), hint_proposer=-1), rng, evs)


def buy_hint(state, rng, evs):
    """Pay the cost from the draw deck and reveal one of the unrevealed hints at random."""
    cost = hint_cost(state)
    challenge = challenge_from_key(state.challenge)
    symbol = rng.choice([s for s in challenge.hints if s not in state.hints_revealed])
    text = challenge.hint_texts[symbol]
    candidates = state.candidates
    for i, other in enumerate(CURATED[state.level]):
        if symbol not in other.hints or other.hint_texts[symbol] != text:
            candidates &= ~(1 << i)
    evs.append(event({"hint": symbol, "text": text, "cost": cost}))
    return replace(state, deck=state.deck[cost:], burned=state.burned + state.deck[:cost],
                   free_hint=False, hints_revealed=state.hints_revealed + (symbol,),
                   candidates=candidates)


def use_event(state, seat, action, rng, evs):
    """Play a held keep event (Second Chance has its own window, see turns)."""
    ev_id = action["event"]
    state = replace(state, held=remove_card(state.held, ev_id),
                    event_discard=state.event_discard + (ev_id,))
    public = {"event_used": ev_id, "seat": seat}
    if ev_id == EV_INSPECTION:
        card, orient = action["card"], action["orient"]
        prev, half = last_half(state), 2 * card + orient
        valid = challenge_from_key(state.challenge).is_valid(prev, half)
        state = add_judgment(state, ("inspect", prev, half, -1, valid))
        if card not in state.revealed:
            state = replace(state, revealed=tuple(sorted(state.revealed + (card,))))
        evs.append(event(dict(public, card=card, orient=orient, top=HALF_CODES[half], valid=valid)))
        return state
    if ev_id == EV_PASS:
        evs.append(event(public))
        return end_turn(state, rng, evs)
    if ev_id in (EV_HAND_OFF, EV_FREE_SHRED):
        return _move_card(state, seat, action, public, rng, evs)
    if ev_id == EV_CHEAP_INTEL:
        state = replace(state, free_hint=True)
    elif ev_id == EV_DOUBLE_PLAY:
        state = replace(state, bonus_plays=2)
    elif ev_id == EV_RECOUNT:
        _, card, _ = state.invalid[-1]
        state = give_card(replace(state, invalid=state.invalid[:-1]), cb_index(state, action["to"]),
                          card, True)
        public = dict(public, card=card, to=action["to"])
    evs.append(event(public))
    return state


def _move_card(state, seat, action, public, rng, evs):
    card = action["card"]
    was_public = card in state.revealed
    state = take_from_hand(state, state.turn, card)
    if action["event"] == EV_FREE_SHRED:
        state = replace(state, discard=state.discard + (card,))
        evs.append(event(dict(public, card=card)))
    else:
        to = action["to"]
        state = give_card(state, cb_index(state, to), card, was_public)
        if was_public:  # a revealed card changes hands in the open
            evs.append(event(dict(public, to=to, card=card)))
        else:
            evs.append(event(dict(public, to=to), {seat: {"card": card}, to: {"card": card}}))
    if not state.hands[state.turn]:
        return end_turn(state, rng, evs)
    return state
