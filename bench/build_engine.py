"""Build the optional compiled engine (issue 28): the engine's modules compiled with Cython into
`build/compiled/engine`, a full copy of the package beside the source tree.

    .venv/bin/python bench/build_engine.py [--out build/compiled] [--jobs 2] [--if-available]

The pure-Python engine in `engine/` stays the reference: it is what the service, the worker and
the tests import unless told otherwise. The copy is used only where a program puts its folder first on `sys.path` on
purpose (`safehouse tournament run --engine compiled`, `python -m worker --engine compiled|auto`,
the benches' `--compiled`) and by the equivalence test (tests/test_compiled_engine.py, which
plays the same seeded matches on both engines and compares every state). Each compiled module keeps its `.py` file's behaviour exactly: Cython compiles the
same source, typed only where a `.pxd` beside a module says so (engine/rng.pxd, the shuffles'
setup.pxd files, and the per-step hot functions of Classified, Inside Job and Dark Agent, see
docs/development.md: C ints for seats and cards, containers typed, C calls between modules),
and the copy's `.py` files of compiled modules are removed so nothing can fall back to them
silently. `build/compiled/SOURCE_DIGEST` records which sources were built. Needs
Cython (`pip install -e '.[compiled]'`) and a C compiler; `--if-available` turns their absence
into a note and exit status 0 (what `make compiled` uses). Prints which engine it built.
"""

import argparse
import os
import shutil
import sys
import sysconfig
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "build", "compiled")
# Compiled: the engine core and the game packages (the playout path, views, sampling, heuristics).
# Left as Python: the bots, the tournament runner, the registry and everything for people or for
# offline use only (words, reference texts, If Then's deck builder), which keeps the build short.
SKIPPED_FOLDERS = ("bots", "tournament")
SKIPPED_MODULES = ("engine/__init__.py", "engine/words.py", "engine/registry.py")
SKIPPED_NAMES = ("words.py", "reference.py", "deckbuild.py")
# Cython options: the same semantics as Python (no annotation typing, no C integer arithmetic);
# only the call and attribute machinery gets faster.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": False,
              "boundscheck": False, "wraparound": True, "initializedcheck": False,
              "embedsignature": False, "always_allow_keywords": False,
              # a call to a module's own function goes straight to its C body (no module rebinds one)
              "optimize.inline_defnode_calls": True,
              # a field read through a variable typed as a state's extension type checks for None
              # first: a caller's None (`RULES.to_move(None)`) raises AttributeError as in the pure
              # engine instead of crashing the process (measured: +0.2-0.35% instructions a playout)
              "nonecheck": True}


def compiled_modules(package_dir):
    """The repository-relative paths of the engine modules the build compiles."""
    found = []
    for folder, subfolders, names in os.walk(package_dir):
        subfolders[:] = sorted(d for d in subfolders if d not in SKIPPED_FOLDERS and d != "__pycache__")
        for name in sorted(names):
            if not name.endswith(".py") or name == "__init__.py" and folder != package_dir:
                continue
            path = os.path.relpath(os.path.join(folder, name), os.path.dirname(package_dir))
            if path.replace(os.sep, "/") not in SKIPPED_MODULES and name not in SKIPPED_NAMES:
                found.append(path)
    return found


def copy_package(out):
    """A fresh copy of engine/ (sources and data files, no caches) under `out`."""
    target = os.path.join(out, "engine")
    if os.path.exists(target):
        shutil.rmtree(target)
    # shutil.copy, not copy2: fresh modification times, so Cython never reuses a C file made
    # from an older version of a module
    shutil.copytree(os.path.join(ROOT, "engine"), target, copy_function=shutil.copy,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    return target


def toolchain_missing():
    """Why the build cannot run here (a sentence), or None."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install -e '.[compiled]')"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return "no C compiler found"
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "Python's C headers (Python.h) are missing"
    return None


def build(out, jobs):
    """Copy the engine to `out`, compile its hot modules in place and drop their `.py` files."""
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    target = copy_package(out)
    sources = compiled_modules(target)
    extensions = [Extension(path[:-3].replace(os.sep, "."), [os.path.join(out, path)],
                            extra_compile_args=["-O2", "-g0", "-Wno-unused-function"])
                  for path in sources]
    modules = cythonize(extensions, compiler_directives=DIRECTIVES, nthreads=jobs, quiet=True,
                        build_dir=os.path.join(out, "c"))
    argv = sys.argv
    try:
        sys.argv = ["build_engine", "-q", "build_ext", "--inplace", f"--parallel={jobs}",
                    f"--build-temp={os.path.join(out, 'tmp')}"]
        here = os.getcwd()
        os.chdir(out)
        try:
            setup(name="safehouse-compiled-engine", ext_modules=modules, script_args=sys.argv[1:])
        finally:
            os.chdir(here)
    finally:
        sys.argv = argv
    for path in sources:
        os.remove(os.path.join(out, path))
    return len(sources)


def main():
    """Build (or say why not) and print which engine the benches' --compiled flag will use."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--if-available", action="store_true",
                        help="without Cython or a compiler, say so and exit 0")
    args = parser.parse_args()
    missing = toolchain_missing()
    if missing:
        print(f"engine: pure Python only ({missing}; the compiled engine is optional)")
        sys.exit(0 if args.if_available else 1)
    started = time.perf_counter()
    sys.path.insert(0, ROOT)
    from bench.compiled import engine_source_digest
    digest = engine_source_digest()  # of the sources as copied (the stamp says what was built)
    count = build(os.path.abspath(args.out), args.jobs)
    with open(os.path.join(args.out, "SOURCE_DIGEST"), "w", encoding="ascii") as handle:
        handle.write(digest + "\n")
    print(f"engine: pure Python (engine/, the reference) plus a compiled copy, {count} modules "
          f"built with Cython in {time.perf_counter() - started:.0f} s into "
          f"{os.path.relpath(args.out, ROOT)} (benches: --compiled)")


if __name__ == "__main__":
    main()
