"""The attack dice, shared by the engine and the Monte Carlo odds estimator.

An attack rolls ATTACK_DICE (4) d6; against a spy or the Dark Agent the defender adds one d6 to
its base defence. Success iff dice sum + bonus >= defence, or all attack dice show the same face.
With the Rocket launcher active, one attack die is set after the roll, chosen optimally (this is
the digest's model, A16): complete a four of a kind if three dice match, else raise the lowest
die to a six.
"""

from .data import ATTACK_DICE, DIE_SIDES


def roll_attack(rng):
    """The attack dice, drawn from the match RNG."""
    return tuple(rng.die(DIE_SIDES) for _ in range(ATTACK_DICE))


def roll_defence(rng):
    """The defender's die (spies and the Dark Agent)."""
    return rng.die(DIE_SIDES)


def is_four_of_a_kind(dice):
    """All attack dice equal."""
    return len(set(dice)) == 1


def apply_rocket_launcher(dice):
    """The dice after the Rocket launcher sets one die optimally."""
    if is_four_of_a_kind(dice):
        return tuple(dice)
    dice = sorted(dice)
    for face in set(dice):
        if dice.count(face) == len(dice) - 1:
            return tuple([face] * len(dice))
    dice[0] = DIE_SIDES
    return tuple(sorted(dice))


def is_success(dice, bonus, defence):
    """The attack rule: sum + bonus >= defence, or four of a kind."""
    return sum(dice) + bonus >= defence or is_four_of_a_kind(dice)


def resolve_roll(rng, bonus, base_defence, vs_spy, rocket_launcher):
    """Roll an attack: (success, attack dice as rolled, dice used, defender die or None, defence)."""
    rolled = roll_attack(rng)
    used = apply_rocket_launcher(rolled) if rocket_launcher else rolled
    die = roll_defence(rng) if vs_spy else None
    defence = base_defence + (die or 0)
    return is_success(used, bonus, defence), rolled, used, die, defence
