"""The engine benches' `--compiled` flag: run on the compiled engine (bench/build_engine.py's
copy in build/compiled) instead of the pure-Python reference in engine/.

A bench calls `use_compiled_engine_if_asked()` before its first `import engine`: with `--compiled`
on the command line it takes the flag out of `sys.argv` (the bench's own parser never sees it),
puts build/compiled first on `sys.path` and says which engine runs; without a build it stops with
the command that makes one. Nothing else in the project looks at build/compiled.
"""

import glob
import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMPILED = os.path.join(ROOT, "build", "compiled")


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
