"""The `safehouse` console command (installed by setup.cfg): one subcommand per module here.

Each subcommand module (`service/cli/<name>.py`) exposes `register(subparsers)`, which adds its
parser with `--help` text and sets `run=<function(args) -> exit code>` as the parser default.
"""

import argparse
import importlib
import importlib.util
import sys

SUBCOMMANDS = ("tournament", "archive")


def build_parser():
    """The argument parser with every subcommand that is installed."""
    parser = argparse.ArgumentParser(
        prog="safehouse", description="Safehouse command line: tournaments and match archives.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in SUBCOMMANDS:
        if importlib.util.find_spec(f"service.cli.{name}") is not None:
            importlib.import_module(f"service.cli.{name}").register(sub)
    return parser


def main(argv=None):
    """Run the command line; returns the process exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    args.argv = argv  # for a command that starts itself again (tournament run --engine compiled)
    return args.run(args) or 0


if __name__ == "__main__":
    sys.exit(main())
