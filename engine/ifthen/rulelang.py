"""The If Then rule language (PROPOSAL grammar of rules digest B4.2, slightly extended).

A rule is JSON::

    {"clauses": [{"if": Cond, "then": Req}, ...], "otherwise": Req}   # first matching clause wins
    Cond := "TRUE" | Pred | {"and": [Cond, ...]} | {"or": [Cond, ...]} | {"not": Cond}  # on prev
    Req  := "ANY" | "NONE" | Pred | Rel | {"and": [...]} | {"or": [...]} | {"not": Req}  # next
    Pred := {"attr": A, "op": "in"|"notin", "values": [...]} | {"parity": "value", "is": "even"|"odd"}
    Rel  := {"same": A} | {"diff": A} | {"step": k}            # k in -9..9, cyclic mod 10
          | {"cmp": "value"|"size", "op": "<"|">"}            # non-cyclic, next vs prev
          | {"sameParity": true} | {"diffParity": true}
          | {"cross": [A, B]}                                   # next.A == prev.B (same domain)
    A := "value" | "size" | "ncol" | "bg";  values: 0..9, "S"/"M"/"L", "Y"/"B"/"R"

Extensions over the digest: "NONE", and {"sameParity": true} spelling (JSON needs a value).
`compile_rule` turns a rule into a 120-entry table: `table[prev_half]` is the bitmask of valid
next halves. Two rules are extensionally equal iff their tables are equal.
"""

import json

from .data import (
    ALL_HALVES,
    ATTR_DOMAINS,
    ATTR_INDEX,
    ATTR_LABELS,
    ATTR_MASK,
    ATTRS,
    HALVES,
    HOUSE_RULES,
    N_HALVES,
)


class RuleError(ValueError):
    """A malformed rule expression."""


_EVEN = ATTR_MASK[0][0] | ATTR_MASK[0][2] | ATTR_MASK[0][4] | ATTR_MASK[0][6] | ATTR_MASK[0][8]
_ODD = ALL_HALVES ^ _EVEN
MAX_CLAUSES = 256
_RULE_KEYS = {"clauses", "otherwise", "id", "level", "hints", "hint_text", "text", "name"}


def _attr(name):
    if name not in ATTR_INDEX:
        raise RuleError(f"unknown attribute {name!r}")
    return ATTR_INDEX[name]


def _value_index(a, value):
    domain = ATTR_DOMAINS[a]
    if a == 0:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 9:
            raise RuleError("values must be integers 0..9")
        return value
    if value not in domain:
        raise RuleError(f"{ATTRS[a]} values must be one of {list(domain)}")
    return domain.index(value)



def _pred_mask(node):
    """The half mask of a predicate node, or None when the node is not a predicate."""
    if not isinstance(node, dict):
        return None
    if "parity" in node:
        if set(node) != {"parity", "is"} or node["parity"] != "value" or node["is"] not in ("even", "odd"):
            raise RuleError("parity predicate is {'parity': 'value', 'is': 'even'|'odd'}")
        return _EVEN if node["is"] == "even" else _ODD
    if "attr" in node:
        if set(node) != {"attr", "op", "values"} or node["op"] not in ("in", "notin"):
            raise RuleError("predicate is {'attr', 'op': 'in'|'notin', 'values'}")
        a = _attr(node["attr"])
        if not isinstance(node["values"], list) or not node["values"]:
            raise RuleError("predicate values must be a non-empty list")
        mask = 0
        for value in node["values"]:
            mask |= ATTR_MASK[a][_value_index(a, value)]
        return mask if node["op"] == "in" else ALL_HALVES ^ mask
    return None


def _list_of(node, key):
    items = node[key]
    if len(node) != 1 or not isinstance(items, list) or not items:
        raise RuleError(f"{key!r} takes a non-empty list")
    return items


def compile_cond(node):
    """The bitmask of previous halves on which a condition holds."""
    if node == "TRUE":
        return ALL_HALVES
    mask = _pred_mask(node)
    if mask is not None:
        return mask
    if isinstance(node, dict) and "and" in node:
        out = ALL_HALVES
        for item in _list_of(node, "and"):
            out &= compile_cond(item)
        return out
    if isinstance(node, dict) and "or" in node:
        out = 0
        for item in _list_of(node, "or"):
            out |= compile_cond(item)
        return out
    if isinstance(node, dict) and "not" in node and len(node) == 1:
        return ALL_HALVES ^ compile_cond(node["not"])
    raise RuleError(f"malformed condition {_short(node)}")


def _short(node):
    return json.dumps(node, sort_keys=True)[:60]


def _compile_rel(node):
    """A function prev_half_tuple -> next mask for a relation node, or None."""
    if len(node) != 1:
        return None
    (key, arg), = node.items()
    if key in ("same", "diff"):
        a = _attr(arg)
        masks = ATTR_MASK[a]
        if key == "same":
            return lambda p: masks[p[a]]
        return lambda p: ALL_HALVES ^ masks[p[a]]
    if key == "step":
        if not isinstance(arg, int) or isinstance(arg, bool) or not -9 <= arg <= 9:
            raise RuleError("step takes an integer -9..9")
        return lambda p: ATTR_MASK[0][(p[0] + arg) % 10]
    if key in ("sameParity", "diffParity"):
        if arg is not True:
            raise RuleError(f"{key} takes true")
        same = key == "sameParity"
        return lambda p: (_EVEN if (p[0] % 2 == 0) == same else _ODD)
    if key == "cross":
        return _compile_cross(arg)
    return None


def _compile_cross(arg):
    if not isinstance(arg, list) or len(arg) != 2:
        raise RuleError("cross takes [attrA, attrB]")
    a, b = _attr(arg[0]), _attr(arg[1])
    if ATTR_DOMAINS[a] != ATTR_DOMAINS[b]:
        raise RuleError("cross needs two attributes with the same values")
    masks = ATTR_MASK[a]
    return lambda p: masks[p[b]]


def _compile_cmp(node):
    if set(node) != {"cmp", "op"} or node["op"] not in ("<", ">"):
        raise RuleError("cmp is {'cmp': 'value'|'size', 'op': '<'|'>'}")
    if node["cmp"] not in ("value", "size"):
        raise RuleError("cmp compares value or size")
    a = _attr(node["cmp"])
    masks = ATTR_MASK[a]
    below = [0] * (len(masks) + 1)
    for i, m in enumerate(masks):
        below[i + 1] = below[i] | m
    if node["op"] == "<":
        return lambda p: below[p[a]]
    return lambda p: ALL_HALVES ^ below[p[a] + 1]


def compile_req(node):
    """A function prev_half_tuple -> bitmask of valid next halves."""
    if node == "ANY":
        return lambda p: ALL_HALVES
    if node == "NONE":
        return lambda p: 0
    mask = _pred_mask(node)
    if mask is not None:
        return lambda p: mask
    if not isinstance(node, dict) or not node:
        raise RuleError(f"malformed requirement {_short(node)}")
    if "cmp" in node:
        return _compile_cmp(node)
    for key in ("and", "or"):
        if key in node:
            parts = [compile_req(item) for item in _list_of(node, key)]
            return _combine(parts, key == "and")
    if "not" in node and len(node) == 1:
        inner = compile_req(node["not"])
        return lambda p: ALL_HALVES ^ inner(p)
    rel = _compile_rel(node)
    if rel is None:
        raise RuleError(f"malformed requirement {_short(node)}")
    return rel


def _combine(parts, conjunction):
    if conjunction:
        def both(p):
            out = ALL_HALVES
            for part in parts:
                out &= part(p)
            return out
        return both

    def either(p):
        out = 0
        for part in parts:
            out |= part(p)
        return out
    return either


def check_rule(rule):
    """Raise RuleError unless `rule` is a well-formed rule object."""
    compile_rule(rule)


def compile_rule(rule):
    """The validity table of a rule: tuple over prev halves of next-half bitmasks."""
    if not isinstance(rule, dict) or not set(rule) <= _RULE_KEYS or "clauses" not in rule:
        raise RuleError("a rule is {'clauses': [...], 'otherwise': ...}")
    clauses = rule["clauses"]
    if not isinstance(clauses, list) or not clauses or len(clauses) > MAX_CLAUSES:
        raise RuleError(f"clauses must be a list of 1..{MAX_CLAUSES} {{'if', 'then'}} objects")
    compiled = []
    for clause in clauses:
        if not isinstance(clause, dict) or set(clause) != {"if", "then"}:
            raise RuleError("each clause is {'if': condition, 'then': requirement}")
        compiled.append((compile_cond(clause["if"]), compile_req(clause["then"])))
    otherwise = compile_req(rule.get("otherwise", HOUSE_RULES["otherwise_default"]))
    table = []
    for h in range(N_HALVES):
        prev = HALVES[h]
        for cond, req in compiled:
            if (cond >> h) & 1:
                table.append(req(prev))
                break
        else:
            table.append(otherwise(prev))
    return tuple(table)


def attrs_of(node):
    """The set of attribute names a rule (or any sub-expression) mentions."""
    found = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("attr", "same", "diff", "cmp") and isinstance(value, str) and value in ATTR_INDEX:
                found.add(value)
            elif key in ("step", "sameParity", "diffParity", "parity"):
                found.add("value")
            elif key == "cross" and isinstance(value, list):
                found.update(v for v in value if v in ATTR_INDEX)
            elif key not in ("id", "level", "hints", "hint_text", "text", "name"):
                found |= attrs_of(value)
    elif isinstance(node, list):
        for item in node:
            found |= attrs_of(item)
    return found


def canonical(rule):
    """Canonical JSON text of a rule (the cache key of its compiled table)."""
    return json.dumps(rule, sort_keys=True, separators=(",", ":"))


def describe(rule):
    """A plain-English rendering of a rule."""
    parts = []
    for clause in rule["clauses"]:
        cond = clause["if"]
        head = "Always" if cond == "TRUE" else f"If the last card {_describe_cond(cond)}"
        parts.append(f"{head}: play a card {_describe_req(clause['then'])}.")
    otherwise = rule.get("otherwise", "ANY")
    if not (len(rule["clauses"]) == 1 and rule["clauses"][0]["if"] == "TRUE"):
        parts.append(f"Otherwise: play a card {_describe_req(otherwise)}.")
    return " ".join(parts)


def _describe_pred(node):
    if "parity" in node:
        return f"has an {node['is']} value"
    label = ATTR_LABELS[node["attr"]]
    values = "/".join(str(v) for v in node["values"])
    return f"has {label} {'in' if node['op'] == 'in' else 'not in'} {values}"


def _describe_cond(node):
    if node == "TRUE":
        return "is anything"
    if "and" in node or "or" in node:
        key = "and" if "and" in node else "or"
        return f" {key} ".join(_describe_cond(n) for n in node[key])
    if "not" in node:
        return f"does not satisfy ({_describe_cond(node['not'])})"
    return _describe_pred(node)


_REL_TEXT = {
    "same": "with the same {} as the last card", "diff": "with a different {} than the last card",
}


def _describe_req(node):
    if node == "ANY":
        return "of any kind"
    if node == "NONE":
        return "that does not exist (nothing is valid)"
    if "and" in node or "or" in node:
        key = "and" if "and" in node else "or"
        return f" {key} ".join(f"({_describe_req(n)})" for n in node[key])
    if "not" in node:
        return f"that is not ({_describe_req(node['not'])})"
    if "attr" in node or "parity" in node:
        return "that " + _describe_pred(node)
    if "same" in node or "diff" in node:
        key = "same" if "same" in node else "diff"
        return _REL_TEXT[key].format(ATTR_LABELS[node[key]])
    if "step" in node:
        return f"whose value is the last value {node['step']:+d} (cyclic)"
    if "cmp" in node:
        word = "higher" if node["op"] == ">" else "lower"
        return f"with a {word} {node['cmp']} than the last card (not cyclic)"
    if "sameParity" in node:
        return "with the same parity as the last card"
    if "diffParity" in node:
        return "with the other parity than the last card"
    a, b = node["cross"]
    return f"whose {ATTR_LABELS[a]} equals the last card's {ATTR_LABELS[b]}"


_TABLES = {}
_TABLES_LIMIT = 4096


_BY_IDENTITY = {}


def remember_table(rule, table):
    """Let `table_of` find `rule` (a long-lived object, e.g. a curated guess) by identity."""
    _BY_IDENTITY[id(rule)] = (rule, table)


def table_of(rule):
    """The validity table of a rule, cached by identity or canonical JSON (bounded cache)."""
    known = _BY_IDENTITY.get(id(rule))
    if known is not None and known[0] is rule:
        return known[1]
    key = canonical({"clauses": rule.get("clauses"), "otherwise": rule.get("otherwise", "ANY")}) \
        if isinstance(rule, dict) and set(rule) <= {"clauses", "otherwise"} else None
    found = _TABLES.get(key) if key else None
    if found is None:
        found = compile_rule(rule)
        if key:
            if len(_TABLES) >= _TABLES_LIMIT:
                _TABLES.clear()
            _TABLES[key] = found
    return found
