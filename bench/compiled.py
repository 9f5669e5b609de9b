"""The engine benches' `--compiled` flag: run on the compiled engine (bench/build_engine.py's
copy in build/compiled) instead of the pure-Python reference in engine/.

A bench calls `use_compiled_engine_if_asked()` before its first `import engine`: with `--compiled`
on the command line it takes the flag out of `sys.argv` (the bench's own parser never sees it),
puts build/compiled first on `sys.path` and says which engine runs; without a build it stops with
the command that makes one. Nothing else in the project looks at build/compiled.
"""

import glob
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMPILED = os.path.join(ROOT, "build", "compiled")


def compiled_build_present(folder=COMPILED):
    """True when `folder` holds a compiled engine (its core as an extension module)."""
    return bool(glob.glob(os.path.join(folder, "engine", "core.*.so")) or
                glob.glob(os.path.join(folder, "engine", "core.*.pyd")))


def use_compiled_engine_if_asked(argv=None):
    """Switch to the compiled engine when `--compiled` is in argv (default sys.argv); returns
    whether it did. Must run before `engine` is imported."""
    argv = sys.argv if argv is None else argv
    if "--compiled" not in argv:
        return False
    argv.remove("--compiled")
    if "engine" in sys.modules:
        raise RuntimeError("use_compiled_engine_if_asked() must run before engine is imported")
    if not compiled_build_present():
        sys.exit("no compiled engine in build/compiled: run `make compiled` first")
    sys.path.insert(0, COMPILED)
    import engine.core
    print(f"engine: compiled ({os.path.relpath(engine.core.__file__, ROOT)})")
    return True
