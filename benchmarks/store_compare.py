"""`benchmarks.store` of two checkouts side by side, in one run, on both databases: the store as it
is here against another tree (the commit before a store change, say), each run in its own
process from its own folder, interleaved (before, after, before, after ...) so the machine's
drift falls on both, and on the same durable PostgreSQL cluster. Prints each figure's median per
tree and the change.

Run: `.venv/bin/python -m benchmarks.store_compare --before /path/to/other/checkout [--runs 3]
[--moves 400] [--backend sqlite|postgresql]`. Make the other checkout with
`git worktree add /tmp/skald-before <commit>` (or `git archive <commit> | tar -x -C /tmp/skald-before`);
it runs with this virtual environment's packages, so it needs nothing this one lacks.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks.interleaved import HERE, interleave

# A figure's line, as benchmarks.store prints it: what it is, then its number.
FIGURES = (
    (re.compile(r"^\s*(\d+) games at once:\s+([\d.]+) accepted moves/s.*p50\s+([\d.]+) ms, p99\s+([\d.]+) ms"),
     ("{0} games at once: moves/s", "{0} games at once: p50 ms", "{0} games at once: p99 ms")),
    (re.compile(r"^load of a (\d+)-move game, (snapshot every 25|no snapshot after setup).*: ([\d.]+) ms"),
     ("load, {1}: ms",)),
    (re.compile(r"^memory per cached game .*: ([\d.]+) KiB"), ("memory per cached game: KiB",)),
)


def figures(output: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for line in output.splitlines():
        for pattern, names in FIGURES:
            match = pattern.match(line)
            if match is None:
                continue
            groups = match.groups()
            if len(names) == 3:
                for name, value in zip(names, groups[1:], strict=True):
                    found[name.format(*groups)] = float(value)
            elif len(groups) == 3:
                found[names[0].format(*groups[:2])] = float(groups[2])
            else:
                found[names[0]] = float(groups[0])
    return found


def run(tree: Path, backend: str, url: str | None, moves: int) -> dict[str, float]:
    command = [sys.executable, "-m", "benchmarks.store", "--backend", backend, "--moves", str(moves)]
    if url is not None:
        command += ["--url", url]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"benchmarks.store failed in {tree}:\n{done.stderr[-3000:]}")
    return figures(done.stdout)


@contextmanager
def server(backend: str, url: str | None) -> Iterator[str | None]:
    if backend == "sqlite" or url is not None:
        yield url
        return
    from benchmarks.pgcluster import throwaway_cluster

    with throwaway_cluster() as started:
        yield started


def compare(before: Path, backend: str, url: str | None, runs: int, moves: int) -> None:
    with server(backend, url) as target:
        samples = interleave(before, runs, lambda tree: run(tree, backend, target, moves), backend)
    print(f"\n{backend} (median of {runs} runs each, interleaved; before: {before}, after: {HERE})")
    print("| figure | before | after | change |\n|---|---:|---:|---:|")
    for name, values in samples["before"].items():
        old = statistics.median(values)
        new = statistics.median(samples["after"].get(name, [float("nan")]))
        change = (new - old) / old * 100 if old else float("nan")
        print(f"| {name} | {old:.1f} | {new:.1f} | {change:+.1f}% |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--before", type=Path, required=True, help="the other checkout's folder")
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), action="append",
                        help="one database (default: both)")
    parser.add_argument("--url", help="a PostgreSQL server URL (default: start a durable throwaway cluster)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each tree per database")
    parser.add_argument("--moves", type=int, default=400, help="moves per throughput run (as benchmarks.store)")
    args = parser.parse_args()
    for backend in args.backend or ("sqlite", "postgresql"):
        compare(args.before.resolve(), backend, args.url, args.runs, args.moves)


if __name__ == "__main__":
    main()
