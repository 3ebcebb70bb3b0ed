"""Measuring two checkouts side by side: each run in its own process from its own folder,
alternating which tree goes first (before, after, after, before ...), so the machine's drift falls
on both. Used by benchmarks.store_compare and benchmarks.engine_compare."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

Samples = dict[str, dict[str, list[float]]]  # tree ("before", "after") -> figure -> one value a run


def interleave(before: Path, runs: int, measure: Callable[[Path], dict[str, float]], what: str) -> Samples:
    """`measure(tree)` run `runs` times in each tree, alternating; every figure's values per tree."""
    samples: Samples = {"before": {}, "after": {}}
    for index in range(runs):
        order = (("before", before), ("after", HERE)) if index % 2 == 0 else (("after", HERE), ("before", before))
        for label, tree in order:
            for name, value in measure(tree).items():
                samples[label].setdefault(name, []).append(value)
        print(f"  {what}: run {index + 1} of {runs} done", file=sys.stderr, flush=True)
    return samples
