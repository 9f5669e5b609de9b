"""The optional compiled engine (`make compiled`: bench/build_engine.py's Cython copy of engine/
in build/compiled) for commands that ask for it: `safehouse tournament run --engine compiled`,
`python -m worker --engine compiled` and the benches' `--compiled` flag (bench/compiled.py).

The pure-Python engine in engine/ is the reference and what every process imports unless told
otherwise. A process that wants the compiled one must have build/compiled first on `sys.path`
before `engine` is imported (`use_compiled_engine`; its worker processes inherit it); one that
has already imported the pure engine starts itself again with that folder first
(`relaunch_on_compiled_engine`). Where there is no build (an installed copy without a checkout,
or no C compiler), or the build was made from other sources, the command says so and stops.
"""

import glob
import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMPILED = os.path.join(ROOT, "build", "compiled")
RESTART = ("import runpy, sys; sys.path.insert(0, sys.argv.pop(1)); "
           "runpy.run_module(sys.argv.pop(1), run_name='__main__', alter_sys=True)")


def engine_source_digest(root=ROOT):
    """A hash of every file of engine/ that a build copies (sources, `.pxd`, data files): what
    bench/build_engine.py records in build/compiled/SOURCE_DIGEST, to tell a stale build."""
    digest = hashlib.sha256()
    top = os.path.join(root, "engine")
    for folder, subfolders, names in os.walk(top):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(names):
            if name.endswith((".py", ".pxd", ".json")):
                path = os.path.join(folder, name)
                digest.update(os.path.relpath(path, top).encode() + b"\0")
                with open(path, "rb") as handle:
                    digest.update(handle.read() + b"\0")
    return digest.hexdigest()


def build_is_current(folder=COMPILED):
    """True when the build in `folder` was made from the engine/ sources as they are now."""
    try:
        with open(os.path.join(folder, "SOURCE_DIGEST"), encoding="ascii") as handle:
            return handle.read().strip() == engine_source_digest()
    except FileNotFoundError:
        return False


def compiled_build_present(folder=COMPILED):
    """True when `folder` holds a compiled engine (its core as an extension module)."""
    return bool(glob.glob(os.path.join(folder, "engine", "core.*.so")) or
                glob.glob(os.path.join(folder, "engine", "core.*.pyd")))


def running_compiled_engine():
    """True when the `engine` this process imported is the compiled build."""
    import engine.core
    return os.path.abspath(engine.core.__file__).startswith(COMPILED + os.sep)


def compiled_engine_problem():
    """Why the compiled engine cannot be used here (a sentence for people), or None."""
    if not compiled_build_present():
        return ("there is no compiled engine in this checkout: build it with `make compiled` "
                "(needs a C compiler), or leave out --engine compiled")
    if not build_is_current():
        return "the compiled engine is out of date (engine/ changed since it was built): run `make compiled`"
    return None


def use_compiled_engine(argv, module="service.cli"):
    """Make this process run on the compiled engine; None when it does, else a sentence saying
    why it cannot. Before `engine` is first imported (the usual case: the command line and the
    worker import it only once they work) it puts the build first on `sys.path`; a process that
    already imported the pure engine starts again as `python -m MODULE ARGV` on the build."""
    problem = compiled_engine_problem()
    if problem:
        return problem
    if "engine" not in sys.modules:
        sys.path.insert(0, COMPILED)
        if running_compiled_engine():
            return None
        return "the compiled engine did not load (build/compiled is not importable here)"
    if running_compiled_engine():
        return None
    return relaunch_on_compiled_engine(argv, module)


def relaunch_on_compiled_engine(argv, module="service.cli"):
    """Start this command again (`python -m MODULE ARGV`: `safehouse ...` or `python -m worker
    ...`) on the compiled engine, replacing this process; returns only with a sentence saying why
    it could not. Call it before any work."""
    problem = compiled_engine_problem()
    if problem:
        return problem
    if sys.path and sys.path[0] == COMPILED:  # this is the restarted process, yet engine is pure
        return "the compiled engine did not load (build/compiled is not importable here)"
    sys.stdout.flush()
    sys.stderr.flush()
    # `-c` code that puts the build first on sys.path itself (worker processes inherit it); not
    # PYTHONPATH with `-m`, which would put the working directory (perhaps this checkout, with
    # the pure engine/) ahead of it
    os.execv(sys.executable, [sys.executable, "-c", RESTART, COMPILED, module, *argv])
