"""How much randomness an anonymous secret (an Idempotency-Key without a seat token) carries,
estimated conservatively from its spelling alone."""

HEX = frozenset("0123456789abcdef")
HEX_OR_DASH = HEX | {"-"}
MIN_BITS = 128


def strong_enough(key):
    """A conservative estimate that `key` carries >= 128 random bits: 4 bits per symbol of a hex
    key (a UUID's dashes not counted), 6 for any other; at least 8 (hex) or 10 different symbols
    (the nil UUID, `aaaa...`, `abab...` fail); no 8-symbol stretch repeated, no run of 8 ascending
    or descending symbols (`0123456789abcdef`x2 fails). A random UUID4 or 22 random base64url
    characters pass (each rule refuses one in 10^7 of them at worst)."""
    symbols = key.replace("-", "") if HEX_OR_DASH.issuperset(key.lower()) else key
    hexadecimal = HEX.issuperset(symbols.lower())
    if len(symbols) * (4 if hexadecimal else 6) < MIN_BITS:
        return False
    if len(set(symbols)) < (8 if hexadecimal else 10):
        return False
    grams = [symbols[i:i + 8] for i in range(len(symbols) - 7)]
    if len(set(grams)) < len(grams):
        return False
    steps = [ord(b) - ord(a) for a, b in zip(symbols, symbols[1:])]
    return not any(abs(sum(steps[i:i + 7])) == 7 and len(set(steps[i:i + 7])) == 1
                   for i in range(len(steps) - 6))
