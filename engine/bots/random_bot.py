"""The random bot: a uniformly random legal action from the seat's own view."""


def choose_random(view, seat, rules, rng, params):
    """A uniformly random element of view["legal_actions"]."""
    return rng.choice(view["legal_actions"])
