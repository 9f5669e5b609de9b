"""If Then's modules import each other without a cycle through the turn and event modules: the
shared state helpers (finish, refill_market, give_card...) live in `state`, which both import, so
`turns` imports `events` at the top instead of late inside a function."""

import ast
import os

import engine.ifthen

PACKAGE = os.path.dirname(engine.ifthen.__file__)


def sibling_imports():
    """{module: {sibling modules it imports anywhere in its body, top level or in a function}}."""
    edges = {}
    for name in sorted(os.listdir(PACKAGE)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(PACKAGE, name), encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found.update([node.module.split(".")[0]] if node.module else
                             [alias.name for alias in node.names])
        edges[name[:-3]] = found
    return edges


def reaches(edges, start, goal):
    """Whether `goal` is reachable from `start` along import edges."""
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        for nxt in edges.get(module, ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def test_turns_and_events_are_on_no_import_cycle():
    edges = sibling_imports()
    assert "events" in edges["turns"]  # the event reveal is imported at the top now
    for module in ("turns", "events"):
        assert not reaches(edges, module, module), f"{module} imports itself through a cycle"
