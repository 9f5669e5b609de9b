"""The engine benches' `--compiled` flag: run on the compiled engine (bench/build_engine.py's
copy in build/compiled) instead of the pure-Python reference in engine/.

A bench calls `use_compiled_engine_if_asked()` before its first `import engine`: with `--compiled`
on the command line it takes the flag out of `sys.argv` (the bench's own parser never sees it),
puts build/compiled first on `sys.path` and says which engine runs; without a build it stops with
the command that makes one. The build's location and freshness checks live in
service/cli/compiled_engine.py, which `safehouse tournament run --engine compiled` uses too.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# where the build lives and whether it is current: shared with `safehouse tournament run --engine compiled`
from service.cli.compiled_engine import (  # noqa: E402,F401
    COMPILED,
    ROOT,
    build_is_current,
    compiled_build_present,
    engine_source_digest,
)


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
    stale = "" if build_is_current() else "; STALE: engine/ changed since the build, run `make compiled`"
    print(f"engine: compiled ({os.path.relpath(engine.core.__file__, ROOT)}{stale})")
    return True
