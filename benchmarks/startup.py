"""Start-up figures of the terminal tools: whole `skald` processes, timed from spawn to exit.

Each command runs `--runs` times (after one untimed warm-up run that fills the OS file cache
and Python's bytecode cache); the median and 90th percentile wall times are printed, with a
bare `python -c pass` for the interpreter's own share. Targets (issue 19): `skald --help`
under 0.3 s, `skald rules ...` under 0.5 s on the development machine.

Run: `.venv/bin/python -m benchmarks.startup [--runs 10]`. It uses the `skald` script beside
the running interpreter (the venv's), so run it with the venv's Python.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

# (label, arguments after `skald`); commands that need no broker, database or Discord.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("skald --help", ("--help",)),
    ("skald rules …", ("rules", "nidavellir", "what does hrungnir do")),
    ("skald demo --help", ("demo", "--help")),
    ("skald play --help", ("play", "--help")),
    ("skald db --help", ("db", "--help")),
    ("skald render-samples --help", ("render-samples", "--help")),
    ("skald relay-watch --help", ("relay-watch", "--help")),
    ("skald run --help", ("run", "--help")),
)


def skald_script() -> Path:
    """The console script installed beside this interpreter."""
    script = Path(sys.executable).parent / "skald"
    if not script.exists():
        raise SystemExit(f"No skald script beside {sys.executable}; run with the venv's Python (`make lint` first).")
    return script


def time_process(argv: Sequence[str]) -> float:
    """Wall time of one whole process, in seconds; output is discarded."""
    started = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (no interpolation: with 10 runs, p90 is the 9th fastest)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def measure(argv: Sequence[str], runs: int) -> tuple[float, float]:
    """(median, p90) of `runs` timed runs after one warm-up."""
    time_process(argv)
    times = [time_process(argv) for _ in range(runs)]
    return statistics.median(times), percentile(times, 0.9)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="timed runs per command (default 10)")
    args = parser.parse_args(argv)
    skald = str(skald_script())
    rows = [("python -c pass", [sys.executable, "-c", "pass"])]
    rows += [(label, [skald, *extra]) for label, extra in COMMANDS]
    print(f"{args.runs} runs per command after one warm-up; wall time of the whole process")
    print(f"{'command':<30} {'median':>8} {'p90':>8}")
    for label, command in rows:
        median, p90 = measure(command, args.runs)
        print(f"{label:<30} {median * 1000:>6.0f}ms {p90 * 1000:>6.0f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
