"""Tournament figures: a Swiss event of AI entrants played from sign-up to champion through the table service.

    python -m benchmarks.tournament [--entrants 64] [--rounds 6] [--seats 4] [--ai greedy] [--seed 1] [--quick]

One event of Nidavellir on a fresh SQLite file (in a temporary folder): the organiser creates it,
signs up `--entrants` AI entrants of kind `--ai` and starts it; the benchmark then only lets the AI
moves and the due timers run (as the bot's leader does) until the event has finished, so every
round is paired, opened as started tables, played out and decided by the service itself. The
service's Swiss pairing (`bot.tournaments.pairing.swiss_round`) is wrapped to time each call.

Prints the event's size, the games played, the wall time of the whole event and per game, each
round's pairing time and repeated pairs, the pairs of entrants who shared a table more than once,
the champion and the top 5. Then the pairing target (under 1 s a round for 1,000 entrants): a
1,000-entrant Swiss of 6 rounds with simulated results at seats 4 and 2 (benchmarks/pairing.py's
event), its median and slowest round, and whether the slowest met the target.

`--quick`: 8 entrants, 2 rounds, whatever `--entrants` and `--rounds` say (a smoke run of a few
seconds). The default AI is greedy: the 64-entrant event takes about a minute on a busy 2-core
machine, where the search AI (about 0.2 s a move, 10,000-odd moves) would take most of an hour.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from benchmarks.pairing import event as simulated_event
from bot.store.tournaments import CANCELLED, FINISHED
from bot.tables import Tables
from bot.tables.tournaments import NewTournament, TournamentView
from bot.tournaments import pairing
from bot.tournaments.scoring import points_text
from engine import registry

GAME = "nidavellir"
GUILD, CHANNEL, ORGANISER = 1, 1, 1
TARGET_FIELD, TARGET_ROUNDS, TARGET_SECONDS = 1000, 6, 1.0
QUICK_ENTRANTS, QUICK_ROUNDS = 8, 2


@dataclass(frozen=True)
class Pairing:
    """One call of the service's Swiss pairing."""

    field: int  # entrants in the standing it was given
    seconds: float
    repeats: int  # pairs it seated together again


@contextlib.contextmanager
def timed_pairing() -> Iterator[list[Pairing]]:
    """Time every `pairing.swiss_round` the service makes (it calls it through the module) while open."""
    calls: list[Pairing] = []
    original = pairing.swiss_round

    def timed(standing: Sequence[int], met: Collection[frozenset[int]], byes_had: Collection[int], seats: int,
              smallest: int) -> pairing.Round:
        start = time.perf_counter()
        seated = original(standing, met, byes_had, seats, smallest)
        calls.append(Pairing(len(standing), time.perf_counter() - start, pairing.repeats(seated.tables, met)))
        return seated

    pairing.swiss_round = timed
    try:
        yield calls
    finally:
        pairing.swiss_round = original


def shared_tables(view: TournamentView) -> Counter[frozenset[int]]:
    """How many times each pair of entrants shared a table over the event."""
    return Counter(frozenset(pair) for table in view.tables for pair in combinations(table.entrants, 2))


async def play_event(folder: Path, entrants: int, rounds: int, seats: int, ai: str, seed: int,
                     calls: list[Pairing]) -> None:
    seeds = random.Random(seed)
    tables = await Tables.open(folder / "tournament.sqlite3", seeds=lambda: seeds.randrange(1, 2**31))
    try:
        started = time.perf_counter()
        view = await tables.tournaments.signup.create(NewTournament(
            guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, name="Benchmark cup", game=GAME,
            options=None, seats=seats, rounds=rounds, format="swiss", max_entrants=max(entrants, 2)))
        for _ in range(entrants):
            view = await tables.tournaments.signup.add_ai(view.id, ORGANISER, ai)
        await tables.tournaments.organiser.start(view.id, ORGANISER)
        signed_up = time.perf_counter() - started
        while view.row.status not in (FINISHED, CANCELLED):
            await tables.drain()
            ran = await tables.scheduler.run_due()
            view = await tables.tournaments.view(view.id)
            if not ran and view.row.status not in (FINISHED, CANCELLED):
                # No AI move pending and no timer due: nothing would ever move the event on.
                raise RuntimeError(f"the event stalled in round {view.row.round} ({view.row.status}); "
                                   f"AI failures: {list(tables.ai.failures)}")
        elapsed = time.perf_counter() - started
        games = [table for table in view.tables if table.game_id is not None]
        infos = [await tables.game(table.game_id) for table in games if table.game_id is not None]
        failures = len(tables.ai.failures)
    finally:
        await tables.close()
    played = [(info.state_id, info.updated_at - info.created_at) for info in infos]
    show_event(view, ai, seed, elapsed, signed_up, played, failures, calls)


def show_event(view: TournamentView, ai: str, seed: int, elapsed: float, signed_up: float,
               played: Sequence[tuple[int, float]], failures: int, calls: Sequence[Pairing]) -> None:
    """The event's figures; `played` is each game's (moves, seconds from its opening to its last move)."""
    terms = view.terms
    games, moves = len(played), sum(m for m, _ in played)
    print(f"{view.title} Swiss through the table service: {len(view.entrants)} entrants ({ai} AI), "
          f"{terms.rounds} rounds, {terms.seats} seats a table, seed {seed}; SQLite in a temporary folder")
    print(f"  status                  {view.row.status}")
    per_round = [len(view.tables_of(r.round)) for r in view.rounds]
    byes = [len(r.byes) for r in view.rounds]
    print(f"  tables per round        {', '.join(map(str, per_round))}"
          + (f" (byes {', '.join(map(str, byes))})" if any(byes) else ""))
    decided = Counter(t.decided for t in view.tables)
    print(f"  games played            {games} ({', '.join(f'{n} {how}' for how, n in sorted(decided.items(), key=str))}"
          f"; {moves:,} moves, {moves / max(games, 1):.0f} a game)")
    print(f"  wall time, whole event  {elapsed:.1f} s (sign-up of {len(view.entrants)} and start: {signed_up:.2f} s)")
    print(f"  time per game           {elapsed / max(games, 1):.2f} s (wall time / games; a round's tables play "
          f"at once), {moves / elapsed:.0f} moves/s")
    if played:
        lengths = sorted(seconds for _, seconds in played)
        print(f"  one game, open to end   {statistics.median(lengths):.2f} s median, {lengths[-1]:.2f} s longest "
              f"(tables play side by side)")
    lasted = [f"{r.closed_at - r.opened_at:.1f}" for r in view.rounds if r.closed_at is not None]
    print(f"  round wall times (s)    {', '.join(lasted)}")
    if failures:
        print(f"  AI moves that failed    {failures}")
    print("  pairing, per round:")
    print(f"    {'round':>5} {'entrants':>8} {'ms':>8} {'repeated pairs':>15}")
    for number, call in enumerate(calls, start=1):
        print(f"    {number:>5} {call.field:>8} {call.seconds * 1000:>8.2f} {call.repeats:>15}")
    met = shared_tables(view)
    again = {pair: n for pair, n in met.items() if n > 1}
    print(f"  repeated pairings       {len(again)} pairs shared a table more than once "
          f"({sum(n - 1 for n in again.values())} repeat meetings)")
    for pair, n in sorted(again.items(), key=lambda item: sorted(item[0]))[:10]:
        a, b = sorted(pair)
        print(f"    {view.name_of(a)} and {view.name_of(b)}: {n} times")
    if view.standings:
        champion = view.standings[0]
        print(f"  champion                {view.name_of(champion.entrant)}, {points_text(champion.points)} points")
        print("  final standings, top 5:")
        print(f"    {'place':>5}  {'name':<16} {'points':>6} {'Buch-1':>8} {'score':>6} {'played':>6} {'byes':>4}")
        for line in view.standings[:5]:
            print(f"    {line.place:>5}  {view.name_of(line.entrant):<16} {points_text(line.points):>6} "
                  f"{points_text(line.value('buchholz_cut1')):>8} {line.score:>6} {line.played:>6} {line.byes:>4}")


def show_target(seed: int) -> None:
    print(f"\nPairing target: under {TARGET_SECONDS:g} s a round for {TARGET_FIELD:,} entrants "
          f"(benchmarks/pairing.py's simulated Swiss, {TARGET_ROUNDS} rounds, seed {seed})")
    print(f"  {'entrants':>8} {'seats':>5} {'median ms':>10} {'max ms':>8} {'repeated pairs':>15}")
    slowest = 0.0
    for seats in (4, 2):
        times, repeated = simulated_event(TARGET_FIELD, seats, TARGET_ROUNDS, seed)
        slowest = max(slowest, *times)
        print(f"  {TARGET_FIELD:>8,} {seats:>5} {statistics.median(times) * 1000:>10.1f} {max(times) * 1000:>8.1f} "
              f"{repeated:>15}")
    verdict = "target met" if slowest < TARGET_SECONDS else "target missed"
    print(f"  {verdict}: slowest {TARGET_FIELD:,}-entrant round {slowest * 1000:.1f} ms "
          f"(limit {TARGET_SECONDS * 1000:.0f} ms)")


def main(argv: Sequence[str]) -> int:
    kinds = sorted(registry.get(GAME).ai_players())
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--entrants", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--ai", default="greedy", choices=kinds,
                        help="the entrants' AI (greedy: a 64-entrant event in a few minutes; search: hours)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help=f"{QUICK_ENTRANTS} entrants, {QUICK_ROUNDS} rounds: a smoke run")
    args = parser.parse_args(argv)
    entrants, rounds = (QUICK_ENTRANTS, QUICK_ROUNDS) if args.quick else (args.entrants, args.rounds)
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as folder, timed_pairing() as calls:
        asyncio.run(play_event(Path(folder), entrants, rounds, args.seats, args.ai, args.seed, calls))
    show_target(args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
