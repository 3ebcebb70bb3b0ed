"""Swiss pairing figures: the time to seat one round and the repeated pairings it had to allow.

    python -m benchmarks.pairing [--fields 64,1000] [--seats 2,4] [--rounds 6] [--seed 1]

For each field size and table size, a seeded RNG plays a Swiss event of `--rounds` rounds: the
standing is ordered by points, then by a fixed rating order; at each table the RNG draws the
finishing order (the winner scores seats−1 points, the next seats−2, …; a bye scores as a win).
Prints the median and slowest round in milliseconds and the repeated pairs over the event
(a pair seated together again after they already met).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from bot.tournaments.pairing import repeats, swiss_round


def event(field: int, seats: int, rounds: int, seed: int) -> tuple[list[float], int]:
    """One seeded Swiss event; returns the seconds each round took to seat and the repeats."""
    rng = random.Random(seed)
    rating = list(range(field))
    rng.shuffle(rating)
    rank = {e: r for r, e in enumerate(rating)}
    points = dict.fromkeys(rating, 0)
    met: set[frozenset[int]] = set()
    byes_had: set[int] = set()
    times: list[float] = []
    repeated = 0
    for _ in range(rounds):
        standing = sorted(rating, key=lambda e: (-points[e], rank[e]))
        start = time.perf_counter()
        played = swiss_round(standing, met, byes_had, seats, smallest=2)
        times.append(time.perf_counter() - start)
        repeated += repeats(played.tables, met)
        for table in played.tables:
            finish = list(table)
            rng.shuffle(finish)
            for place, e in enumerate(finish):
                points[e] += seats - 1 - place
            met.update(frozenset((a, b)) for a in table for b in table if a < b)
        for e in played.byes:
            points[e] += seats - 1
            byes_had.add(e)
    return times, repeated


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--fields", default="64,1000")
    parser.add_argument("--seats", default="2,4")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"Swiss rounds, {args.rounds} per event, seed {args.seed}; milliseconds per round")
    print(f"  {'entrants':>8} {'seats':>5} {'median':>8} {'slowest':>8} {'repeated pairs':>15}")
    for field in (int(f) for f in args.fields.split(",")):
        for seats in (int(s) for s in args.seats.split(",")):
            times, repeated = event(field, seats, args.rounds, args.seed)
            print(f"  {field:>8,} {seats:>5} {statistics.median(times) * 1000:>8.1f} "
                  f"{max(times) * 1000:>8.1f} {repeated:>15}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
