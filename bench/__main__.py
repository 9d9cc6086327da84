"""The dispatcher: ``python -m bench NAME [args...]`` runs ``bench/NAME.py``'s ``main(argv) -> int``.

``python -m bench`` or ``python -m bench --help`` lists the benchmarks; ``python -m bench NAME --help``
shows one benchmark's options.
"""

from __future__ import annotations

import importlib
import sys

from bench import available

USAGE = "usage: python -m bench NAME [args...]    (python -m bench NAME --help for a benchmark's options)"


def listing() -> str:
    """The usage line and every benchmark with its one-line description."""
    benchmarks = available()
    width = max(map(len, benchmarks), default=0)
    lines = [USAGE, "", "benchmarks:"]
    lines += [f"  {name.ljust(width)}  {doc}" for name, doc in benchmarks.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help", "help"):
        print(listing())
        return 0
    name, rest = args[0], args[1:]
    benchmarks = available()
    if name not in benchmarks:
        print(f"no benchmark {name!r}; the benchmarks are: {', '.join(benchmarks) or 'none'}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{name.replace('-', '_')}")
    return module.main(rest)


if __name__ == "__main__":
    sys.exit(main())
