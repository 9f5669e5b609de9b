"""README documents every environment variable the service reads, once each (docs/development.md
those only the tests and benchmarks read); `make help` speaks to users about every target;
`make soak` runs the real secret-ledger sweep at 10,000 matches per game."""

import os
import re
import subprocess
import sys

from tests.readme_blocks import ROOT, doc_text, section

SERVICE_DIRS = ["service", "worker", "engine"]  # documented in README's Configuration
DEV_DIRS = ["tests", "bench"]  # ... or in docs/development.md, when only tests and benchmarks read them
DEV_DOC, DEV_SECTION = "docs/development.md", "Environment for tests and benchmarks"
READ_PATTERNS = [
    re.compile(r"\b(SAFEHOUSE_[A-Z0-9_]+)\b"),                          # every SAFEHOUSE_ name
    re.compile(r"os\.environ(?:\.get)?[(\[]\s*[\"']([A-Z][A-Z0-9_]+)[\"']"),  # any other variable
    re.compile(r"os\.getenv\(\s*[\"']([A-Z][A-Z0-9_]+)[\"']"),
]
NOT_OURS = {"PYTHONPATH"}  # set for subprocesses, never read as configuration


def variables_read(dirs):
    names = set()
    for top in dirs:
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if name.endswith(".py"):
                    with open(os.path.join(folder, name), encoding="utf-8") as handle:
                        text = handle.read()
                    for pattern in READ_PATTERNS:
                        names.update(pattern.findall(text))
    return names - NOT_OURS


def test_readme_documents_every_variable_the_code_reads():
    documented = section("Configuration")
    names = variables_read(SERVICE_DIRS)
    assert {"SAFEHOUSE_BIND", "SAFEHOUSE_REDIS_PERSIST", "SAFEHOUSE_ENQUEUE_BOTS"} <= names
    missing = sorted(n for n in names if f"`{n}`" not in documented)
    assert not missing, f"README's Configuration section lacks {missing}"


def test_the_test_and_bench_variables_are_documented_too():
    documented = section("Configuration") + section(DEV_SECTION, doc_text(DEV_DOC))
    names = variables_read(DEV_DIRS) - variables_read(SERVICE_DIRS)
    assert {"SAFEHOUSE_TEST_REDIS_URL", "SAFEHOUSE_LEDGER_MATCHES", "REF_REDIS_URL"} <= names
    missing = sorted(n for n in names if f"`{n}`" not in documented)
    assert not missing, f"neither README's Configuration nor {DEV_DOC} ({DEV_SECTION}) has {missing}"


def test_each_setting_has_one_row_in_readme():
    rows = [line for line in section("Configuration").splitlines() if line.startswith("| `")]
    named = [name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row.split("|")[1])]
    twice = sorted({name for name in named if named.count(name) > 1})
    assert not twice, f"README's Configuration lists {twice} more than once"


def make(*args):
    return subprocess.run(["make", "-s", "--no-print-directory", *args, f"BIN={os.path.dirname(sys.executable)}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_make_help_lists_every_target_for_users():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as handle:
        makefile = handle.read()
    targets = re.search(r"^\.PHONY:(.*)$", makefile, re.M).group(1).split()
    shown = make("help").stdout
    for target in targets:
        line = re.search(rf"^  make {re.escape(target)} +(\S.*)$", shown, re.M)
        assert line, f"make help does not describe {target}"
    assert "issue" not in makefile.lower(), "the Makefile should speak about what targets do"
    assert "soak" in targets


def test_make_soak_runs_the_ledger_sweep_at_10000_matches():
    planned = make("-n", "soak").stdout
    assert "SAFEHOUSE_LEDGER_MATCHES=10000" in planned and "pytest tests/test_secret_ledger.py" in planned
    with open(os.path.join(ROOT, "tests", "test_secret_ledger.py"), encoding="utf-8") as handle:
        assert 'os.environ.get("SAFEHOUSE_LEDGER_MATCHES"' in handle.read()
