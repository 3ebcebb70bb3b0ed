"""What telling people costs them: pings and DMs per person per round of an async game.

    python -m benchmarks.pings [--games N] [--away HOURS] [--choices] [--many N]

Plays whole 3-person It's a Wonderful World and Nidavellir games through the Discord test harness the way
people play over days (tests/discord/told.py): whoever comes back makes their moves for the
step at one sitting, then `--away` hours pass before the next one does; Cy's DMs are closed.
With `--choices`, each is told as they chose (`/notify`, tests/discord/told.py `take_choices`):
Ann at every turn, with quiet hours 23:00-07:00 in Oslo (she sits down only outside them), Bob a
digest every 4 hours, Cy (DMs closed) only near a deadline.
Prints, per person: thread pings, new DMs (the digests apart) and the clock's reminders per
round, steps in which they were told more than once, new DM panels within a second of their own
move, the steps they had to act in, and digests. Then the hand pictures drawn and uploaded while
one person clicks through a whole game on their panel.
With `--many N`: Ann, Bob and Cy play N Wonderful games at once for two days, each coming back every
`--away` hours (a third of it apart) and making every move waiting for them in every game; what
reaches Bob a day, told at every turn and with a digest every 4 hours.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from bot.tables import notify
from bot.tables.clocks import HOUR
from tests.discord.clocked import Clock, tick
from tests.discord.harness import Harness
from tests.discord.table_play import open_table, play_out
from tests.discord.told import DIGEST_HOURS, QUIET_HOURS, Played, notices, play_over_days, take_choices


async def one_game(db: Path, game: str, away: float, choices: bool = False) -> Played:
    clock = Clock()
    async with Harness.open(db, clock=clock) as h:
        people = [h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)]

        if not choices:
            return await play_over_days(h, clock, people, away=away, game=game)
        await take_choices(h, people)
        quiet = notify.parse_quiet(*QUIET_HOURS)
        return await play_over_days(h, clock, people, away=away, game=game,
                                    asleep=lambda person, now: person is people[0] and quiet.ends(now) is not None)


async def run(games: int, away: float, choices: bool) -> None:
    for game, title in (("wonderful", "It's a Wonderful World"), ("nidavellir", "Nidavellir")):
        with tempfile.TemporaryDirectory() as folder:
            played = [await one_game(Path(folder) / f"g{i}.sqlite3", game, away, choices) for i in range(games)]
        show(title, played, away, choices)


def show(title: str, played: Sequence[Played], away: float, choices: bool = False) -> None:
    games = len(played)
    print(f"{title}, 3 people, {games} games, {away / HOUR:g} h away between sittings (per person per round):")
    print(f"  {'person':28} {'pings':>6} {'DMs':>6} {'told':>6} {'twice':>6} {'DM<1s':>6} {'steps':>6} {'remind':>6} "
          f"{'digest':>6}")
    names = ("ann (every turn, quiet h)", f"bob (digest every {DIGEST_HOURS} h)", "cy (near deadline, no DMs)") \
        if choices else ("ann", "bob", "cy (DMs closed)")
    for index, name in enumerate(names):
        rows = [(p, p.people[index]) for p in played]
        pings = statistics.mean(p.per_round(u, ("ping",)) for p, u in rows)
        dms = statistics.mean(p.per_round(u, ("dm",)) for p, u in rows)
        twice = statistics.mean(p.doubled(u) / p.rounds for p, u in rows)
        soon = statistics.mean(p.soon_after(u) / p.rounds for p, u in rows)
        steps = statistics.mean(len(p.owed.get(u.id, ())) / p.rounds for p, u in rows)
        reminders = statistics.mean(p.per_round(u, ("reminder",)) for p, u in rows)
        digests = statistics.mean(p.per_round(u, ("digest",)) for p, u in rows)
        print(f"  {name:28} {pings:6.2f} {dms:6.2f} {pings + dms + digests:6.2f} {twice:6.2f} {soon:6.2f} "
              f"{steps:6.2f} {reminders:6.2f} {digests:6.2f}")


async def redraws(db: Path, game: str, seed: int) -> tuple[int, int, int]:
    """A game of Ann and two AI seats, every move of hers clicked on her DM panel (narrowing
    long move lists as a player does): the hand pictures uploaded, their bytes, and the clicks."""
    async with Harness.open(db) as h:
        ann = h.user("ann")
        game_id = await open_table(h, ann, game, ais=2)
        await play_out(h, game_id, [ann], seed=seed)
        await h.settle()
        uploads = [r.files["hand.png"] for r in h.requests if "hand.png" in r.files]
        return len(uploads), sum(len(b) for b in uploads), len(h.invocations)


async def run_redraws(games: int) -> None:
    print(f"\nHand pictures, Ann clicking her DM panel through a game with 2 AI seats ({games} games, per game):")
    for game in ("wonderful", "nidavellir"):
        with tempfile.TemporaryDirectory() as folder:
            rows = [await redraws(Path(folder) / f"r{i}.sqlite3", game, i) for i in range(games)]
        print(f"  {game:11} clicks {statistics.mean(r[2] for r in rows):6.1f}, hand pictures uploaded "
              f"{statistics.mean(r[0] for r in rows):6.1f}, {statistics.mean(r[1] for r in rows) / 1e6:.2f} MB")


async def many(db: Path, games: int, away: float, digest: bool, days: float = 2.0) -> tuple[Counter[str], int]:
    """Bob's notices (by kind) over `days` of `games` Wonderful games at once, and the steps he acted in."""
    clock = Clock()
    async with Harness.open(db, clock=clock) as h:
        people = [h.user("ann"), h.user("bob"), h.user("cy")]
        if digest:
            await h.slash(people[1], "notify how", {"choice": "digest", "hours": DIGEST_HOURS})
        ids = []
        for index in range(games):  # hosts in turn: one person's /play budget is 3 a minute
            host = people[index % len(people)]
            ids.append(await open_table(h, host, "wonderful", [p for p in people if p is not host],
                                        options={"clock": "daily"}))
        await h.settle()
        since, end, acted = len(h.requests), clock.now + days * 24 * HOUR, 0
        while clock.now < end:
            for person in people:
                for game_id in ids:
                    while (table := await h.client.tables.table_view(game_id, person.id)).legal_moves:
                        info = await h.client.tables.game(game_id)
                        await h.slash(person, "move", {"text": table.legal_moves[0].text, "game": game_id},
                                      channel_id=info.thread_id)
                        acted += person is people[1]
                await tick(h, clock, away / len(people))
        told = Counter(n.kind for n in notices(h, since) if n.user_id == people[1].id)
        return told, acted


async def run_many(games: int, away: float, days: float = 2.0) -> None:
    print(f"\n{games} Wonderful games at once, everyone back every {away / HOUR:g} h, over {days:g} days "
          "(what reaches Bob, per day):")
    print(f"  {'bob told':28} {'moves':>6} {'pings':>6} {'DMs':>6} {'digest':>6} {'remind':>6} {'told':>6}")
    for digest in (False, True):
        with tempfile.TemporaryDirectory() as folder:
            told, acted = await many(Path(folder) / "m.sqlite3", games, away, digest, days)
        name = f"digest every {DIGEST_HOURS} h" if digest else "every turn"
        total = told["ping"] + told["dm"] + told["digest"]
        print(f"  {name:28} {acted / days:6.1f} {told['ping'] / days:6.1f} {told['dm'] / days:6.1f} "
              f"{told['digest'] / days:6.1f} {told['reminder'] / days:6.1f} {total / days:6.1f}")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--away", type=float, default=2.0, help="hours between sittings")
    parser.add_argument("--choices", action="store_true", help="each person told as they chose (/notify)")
    parser.add_argument("--many", type=int, default=0, help="only: this many games at once, Bob's notices a day")
    args = parser.parse_args(argv)
    if args.many:
        asyncio.run(run_many(args.many, args.away * HOUR))
        return 0
    asyncio.run(run(args.games, args.away * HOUR, args.choices))
    if not args.choices:
        asyncio.run(run_redraws(args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
