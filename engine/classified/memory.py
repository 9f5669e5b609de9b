"""What each seat still knows about the other's hand (for `sample_state`), kept after every step.

A seat learns that a card is in the other's hand when it is shown (Test Access Codes,
Infiltration, a failed attempt, a revealed card, a cancelled Cyber Trap, Return to Sender) or
when a card it could see enters that hand (a card it gave, a discard taken, a deck card it had
PEEKed and the other drew). The knowledge survives while every card leaving that hand does so
where the seat can see it; a hidden departure (Encrypt, a face-down Guard, a card returned to
the deck) makes it forget, since it cannot tell which card left.
"""

from .state import COMPILED, pair_set


def is_visible_to(state, seat, card):
    """Whether `seat` can currently see where `card` is (public zones or its own cards)."""
    if card in state.discard or card in state.limbo or card in state.hands[seat]:
        return True
    if card == state.suitcases[seat] or card in state.deck_memory[seat]:
        return True
    for s in (0, 1):
        if state.suitcase_up[s] and card == state.suitcases[s]:
            return True
        for slot in state.guards[s]:
            if slot is not None and ((slot[0] == card and (slot[1] or s == seat)) or slot[2] == card):
                return True
        for item in state.play[s]:
            if item[0] == card or (item[1] == "hiding_spot" and item[2] == card):
                return True
    for c, b in zip(state.encrypted, state.encrypted_by):  # a plain loop (no generator)
        if c == card and b == seat:
            return True
    return False


def update_hand_memory(old, new):
    """`new` with both seats' hand memories reconciled with the hand changes of one step
    (`new` is the step's private result, edited in place; `old` is only read)."""
    old_hands, new_hands = old.hands, new.hands
    if old_hands == new_hands:
        return new
    memories = new.hand_memory
    # A seat that knows nothing of a hand which only lost cards, or gained deck cards it had not
    # PEEKed, still knows nothing: that common case (a draw) skips _reconciled, which would
    # return `memories` unchanged.
    before, after = old_hands[1], new_hands[1]  # what seat 0 knows of seat 1's hand
    if before != after:
        if memories[0]:
            memories = _reconciled(old, new, memories, 0, before, after)
        else:
            for c in after:
                if c not in before and (c not in old.deck or c in old.deck_memory[0]):
                    memories = _reconciled(old, new, memories, 0, before, after)
                    break
    before, after = old_hands[0], new_hands[0]
    if before != after:
        if memories[1]:
            memories = _reconciled(old, new, memories, 1, before, after)
        else:
            for c in after:
                if c not in before and (c not in old.deck or c in old.deck_memory[1]):
                    memories = _reconciled(old, new, memories, 1, before, after)
                    break
    if memories is not new.hand_memory:
        if COMPILED:  # a C field write on the extension type (new typed in memory.pxd)
            new.hand_memory = memories
        else:
            new.__dict__["hand_memory"] = memories  # working_fields(new), inlined
    return new


def _reconciled(old, new, memories, seat, before, after):
    """`memories` with what `seat` knows of the other's hand updated for its change from
    `before` to `after`."""
    gained = None  # cards that entered the hand where `seat` could see them (plain loops: tiny hands)
    for c in after:
        if c not in before:
            if c in old.deck:  # from the deck: seen only if `seat` had PEEKed it there
                if c not in old.deck_memory[seat]:
                    continue
            elif not is_visible_to(old, seat, c):
                continue
            if gained is None:
                gained = [c]
            else:
                gained.append(c)
    known_before = memories[seat]
    if not known_before:
        if gained is None:
            return memories
        return pair_set(memories, seat, tuple(sorted(gained)))
    known = set(known_before)
    for c in before:
        if c not in after:  # a card left: forget everything unless `seat` saw where it went
            if is_visible_to(new, seat, c):
                known.discard(c)
            else:
                known = set()
                break
    if gained is not None:
        known.update(gained)
    known.intersection_update(after)
    now = tuple(sorted(known))
    return memories if now == known_before else pair_set(memories, seat, now)
