"""A seeded challenge generator per level (PROPOSAL level design of rules digest B4.2).

- Level 0: one clause `if TRUE`, one attribute, a simple relation (same/diff, step +-1, parity).
- Level 1: one or two clauses; condition and requirement each on a single attribute.
- Level 2: two clauses partitioning the previous half on one attribute; requirements on another
  attribute, or an arithmetic step other than +-1.
- Level 3: 2-3 clauses with conjunctive conditions and conjunctive or cross-attribute requirements.

A candidate is kept only if it passes `challenges.check_challenge` with the generator's validity
range, is not equal to a curated lower-level challenge nor to a level-0 shape, and (levels 1+)
not equal to another shape of a lower level we can enumerate. A draft that mentions an attribute
which never changes a verdict (a clause that cannot fire, see semantics.py) is discarded (issue 25):
its hints are derived from the semantics anyway, but its text would name a dead attribute.
Randomness only from the Rng given.
"""

from .challenges import Challenge, check_challenge, get_challenge, lower_level_tables
from .data import ATTR_DOMAINS, ATTRS, HOUSE_RULES
from .rulelang import attrs_of, compile_rule
from .semantics import involved_attrs

_COLOUR_ATTRS = ("ncol", "bg")


def _level0_shapes():
    shapes = [{"same": a} for a in ATTRS] + [{"diff": a} for a in ATTRS]
    shapes += [{"step": 1}, {"step": -1}, {"sameParity": True}, {"diffParity": True}]
    return shapes


def _level0_rule(req):
    return {"clauses": [{"if": "TRUE", "then": req}], "otherwise": "ANY"}


_LEVEL0_TABLES = None


def level0_shape_tables():
    """Tables of every level-0 shape (same/diff attribute, step +-1, parity)."""
    global _LEVEL0_TABLES
    if _LEVEL0_TABLES is None:
        _LEVEL0_TABLES = {compile_rule(_level0_rule(r)) for r in _level0_shapes()}
    return _LEVEL0_TABLES


def _pred(rng, attr):
    domain = list(ATTR_DOMAINS[ATTRS.index(attr)])
    if attr == "value" and rng.randbelow(3) == 0:
        return {"parity": "value", "is": rng.choice(("even", "odd"))}
    k = 1 + rng.randbelow(len(domain) - 1)
    values = sorted(rng.sample(domain, k), key=domain.index)
    return {"attr": attr, "op": "in", "values": values}


def _simple_req(rng, attr, allow_unit_step=True):
    kinds = ["pred", "same", "diff"]
    if attr == "value":
        kinds += ["step", "parity"]
    if attr in _COLOUR_ATTRS:
        kinds.append("cross")
    kind = rng.choice(kinds)
    if kind == "pred":
        return _pred(rng, attr)
    if kind in ("same", "diff"):
        return {kind: attr}
    if kind == "parity":
        return {rng.choice(("sameParity", "diffParity")): True}
    if kind == "cross":
        return {"cross": [attr, _other(attr)]}
    steps = [k for k in range(-5, 6) if k and (allow_unit_step or abs(k) != 1)]
    return {"step": rng.choice(steps)}


def _other(attr):
    return "bg" if attr == "ncol" else "ncol"


def _draft(level, rng):
    """One unchecked candidate rule for a level."""
    if level == 0:
        return _level0_rule(rng.choice(_level0_shapes()))
    if level == 1:
        clauses = [{"if": _pred(rng, rng.choice(ATTRS)), "then": _simple_req(rng, rng.choice(ATTRS))}
                   for _ in range(1 + rng.randbelow(2))]
        otherwise = "ANY" if rng.randbelow(2) else _simple_req(rng, rng.choice(ATTRS))
        return {"clauses": clauses, "otherwise": otherwise}
    if level == 2:
        cond_attr = rng.choice(ATTRS)
        req_attrs = [a for a in ATTRS if a != cond_attr]
        return {"clauses": [{"if": _pred(rng, cond_attr),
                             "then": _simple_req(rng, rng.choice(req_attrs), False)}],
                "otherwise": _simple_req(rng, rng.choice(req_attrs), False)}
    return _draft_level3(rng)


def _draft_level3(rng):
    clauses = []
    for _ in range(2 + rng.randbelow(2)):
        a, b = rng.sample(ATTRS, 2)
        cond = {"and": [_pred(rng, a), _pred(rng, b)]} if rng.randbelow(2) else _pred(rng, a)
        c, d = rng.sample(ATTRS, 2)
        req = {rng.choice(("and", "or")): [_simple_req(rng, c), _simple_req(rng, d)]}
        clauses.append({"if": cond, "then": req})
    return {"clauses": clauses, "otherwise": _simple_req(rng, rng.choice(ATTRS))}


def generate_challenge(level, rng):
    """A checked random challenge of `level`; raises RuntimeError if none was found in time."""
    lower = lower_level_tables(level) | (level0_shape_tables() if level > 0 else set())
    for _ in range(HOUSE_RULES["generator_attempts"]):
        rule = _draft(level, rng)
        rule["level"] = level
        rule["id"] = f"gen-L{level}"
        draft = Challenge(rule)
        if check_challenge(draft, HOUSE_RULES["generated_valid_rate"], lower):
            continue
        if involved_attrs(draft.table) == attrs_of(rule):
            return get_challenge(rule)
    raise RuntimeError(f"no level-{level} challenge passed the checks")
