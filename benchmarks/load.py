"""Many busy tables in one process, driven as people drive them, through the real Discord path.

    python -m benchmarks.load --tables 10,50,200 [--seconds 60] [--think 1.0-2.0] [--latency 0.05]

For each table count: a fresh database and bot behind the payload-driven Discord harness, with
a simulated REST latency on every call and Discord's per-route limit on new messages
(5 per 5 s per channel) — over it a call waits as discord.py waits after a 429. The bot's
global REST limit (50 per second unless Discord raises it for a large bot; interaction
callbacks are exempt) is off unless `--global-limit N` is given: the REST calls per move
printed say how far a given move rate is from it. Tables are spread over 4 servers and 3
channels each, half Tranquility (2 people), half Nidavellir (3 people); a finished game is
replaced by a new one. Each person waits for Skald to ping or DM them, thinks 1–2 s, types
the first word of a move (an autocomplete request), then sends `/move` with a legal move.

Prints for the measured window (after every table has started): committed moves/s; the time
to acknowledge each kind of interaction (p50/p95/p99; Discord's limit is 3 s, and an
interaction over it counts as missed); move -> story (the commit until the thread shows it: a
board of its state posted, or its lines posted or edited in, as a sealed bid is; p50/p95);
REST calls per move outside interaction callbacks; the process's peak RSS.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import resource
import sys
import tempfile
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot import rendering
from bot.discord.run import tune_collector
from bot.discord.thread import public_lines
from tests.discord.harness import Harness, Invocation, User

SERVERS = 4
CHANNELS = 3


@dataclass
class Run:
    harness: Harness
    deadline: float
    think: tuple[float, float]
    rng: random.Random
    tables: dict[int, list[User]] = field(default_factory=dict)  # game id -> its people
    # (kind, fed, acknowledged or answered) per interaction: its times, the harness forgets the rest
    times: list[tuple[str, float, float | None]] = field(default_factory=list)
    done: deque[tuple[float, Invocation]] = field(default_factory=deque)  # read, to be forgotten
    refused: int = 0


def _pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def _ms(values: Sequence[float]) -> str:
    if not values:
        return "      -       -       -"
    return f"{_pct(values, .5) * 1000:7.1f} {_pct(values, .95) * 1000:7.1f} {_pct(values, .99) * 1000:7.1f}"


def place(h: Harness, index: int) -> int:
    """The channel of table `index`: 3 channels in each of 4 servers."""
    server = 900 + index % SERVERS
    channel = 5000 + (index % (SERVERS * CHANNELS))
    h.channel_guilds[channel] = server
    return channel


async def new_table(run: Run, index: int, serial: int) -> None:
    h = run.harness
    game = "tranquility" if index % 2 == 0 else "nidavellir"
    people = [h.user(f"t{index}-{serial}-{n}") for n in range(2 if game == "tranquility" else 3)]
    channel = place(h, index)
    game_id = await open_live(h, channel, people, game)
    run.tables[game_id] = people
    for person in people:
        asyncio.get_running_loop().create_task(player(run, game_id, person, index), name=f"load-player-{person.id}")


async def answered(invocation: Invocation) -> Invocation:
    await asyncio.wait_for(invocation.answered.wait(), timeout=60)
    return invocation


async def open_live(h: Harness, channel: int, people: list[User], game: str) -> int:
    """/play, Join, Start as people click them, without waiting for the whole bot to be idle."""
    inv = await answered(await h.slash(people[0], f"play {game}", {}, channel_id=channel, settle=False))
    lobby = h.messages[inv.original_id or 0]
    join = h.button(lobby, "Join")
    for person in people[1:]:
        await answered(await h.click(person, join, message=lobby, settle=False))
    start = await h.click(people[0], h.button(lobby, "Start"), message=lobby, settle=False)
    await answered(start)
    game_id = int(join.split(":")[1])
    while (await h.client.tables.game(game_id)).status != "running":
        await asyncio.sleep(0.05)
    return game_id


async def player(run: Run, game_id: int, person: User, index: int) -> None:
    """One person at one table: wait to be told, think, type a word, send the move."""
    h = run.harness
    tables = h.client.tables
    notice = h.notice(person.id)
    while time.time() < run.deadline:
        with contextlib.suppress(TimeoutError):  # or a glance at Discord now and then
            await asyncio.wait_for(notice.wait(), timeout=3.0)
        notice.clear()
        info = await tables.game(game_id)
        if info.status != "running":
            if info.seat_of(person.id) == 0 and time.time() < run.deadline:
                await new_table(run, index, game_id)  # the host opens the next table
            return
        while time.time() < run.deadline:
            info = await tables.game(game_id)
            seat = info.seat_of(person.id)
            if seat is None or seat not in info.to_move:
                break
            await asyncio.sleep(run.rng.uniform(*run.think))
            where = info.thread_id or info.channel_id
            move = await pick_by_typing(run, person, game_id, where)
            if move is None:
                break
            sent = await h.slash(person, "move", {"text": move, "game": game_id}, channel_id=where, settle=False)
            try:
                await asyncio.wait_for(sent.answered.wait(), timeout=30)
            finally:
                shed(run, "/move", sent)
            if "⛔" in h.reply_text(sent):
                run.refused += 1  # e.g. a sealed step moved on meanwhile; a person tries again


FORGET_AFTER = 10.0  # seconds after the person read an answer: the bot is done with it long before


def shed(run: Run, kind: str, invocation: Invocation) -> None:
    """Note an interaction's times and, a while after the person read the answer, let the
    simulated Discord forget it: its records are not the bot's memory."""
    run.times.append((kind, invocation.fed_at, invocation.answered_at if kind == "autocomplete"
                      else invocation.acked_at))
    now = time.time()
    run.done.append((now, invocation))
    while run.done and now - run.done[0][0] > FORGET_AFTER:
        run.harness.forget(run.done.popleft()[1])


async def pick_by_typing(run: Run, person: User, game_id: int, where: int) -> str | None:
    """Type as a person does: read the suggestions, pick one; a group ("discard … keep typing")
    is typed on, until a whole move is chosen."""
    typed = ""
    for _ in range(6):
        invocation = await run.harness.typing(person, "move", {"text": typed, "game": game_id}, "text",
                                              channel_id=where, settle=False)
        try:
            await asyncio.wait_for(invocation.answered.wait(), timeout=30)
        finally:  # an answer that never came is a missed deadline
            shed(run, "autocomplete", invocation)
        choices = invocation.choices or []
        if not choices:
            return None
        choice = run.rng.choice(choices)
        if not str(choice["name"]).endswith("keep typing"):
            return str(choice["value"])
        typed = f"{choice['value']} "
    return None


async def measure(count: int, seconds: float, think: tuple[float, float], latency: float,
                  global_limit: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with Harness.open(Path(folder) / "load.sqlite3", rate_window=5.0, lean=True) as h:
            h.latency = latency
            h.global_rate = (global_limit, 1.0) if global_limit else None
            h.foreign = lambda task: task.get_name().startswith("load-player")  # people aren't the bot
            run = Run(h, deadline=float("inf"), think=think, rng=random.Random(count))
            run.deadline = time.time() + 3600
            await asyncio.gather(*(new_table(run, index, 0) for index in range(count)))
            tables = h.client.tables
            start_requests = sum(1 for r in h.requests if not r.webhook)
            start_drawn = dict(rendering.drawn)
            start_waits, start_global = h.rate_limited, h.limited_channels.count(0)
            start_state = {g: (await tables.game(g)).state_id for g in list(run.tables)}
            begin = time.time()
            run.deadline = begin + seconds
            run.times.clear()
            h.stories = []
            await asyncio.sleep(seconds)
            end = time.time()
            requests = sum(1 for r in h.requests if not r.webhook) - start_requests
            drawn = {k: v - start_drawn.get(k, 0) for k, v in rendering.drawn.items()}
            # (commit time, place, state, its story lines as the thread tells them)
            committed: list[tuple[float, int, int, frozenset[int]]] = []
            for game_id in list(run.tables):
                info = await tables.game(game_id)
                where = info.thread_id or info.channel_id
                for change in await tables.outbox.changes(game_id, after=start_state.get(game_id, -1)):
                    if begin <= change.created_at <= end:
                        told = frozenset(hash(f"• {line}") for line in public_lines([change], info))
                        committed.append((change.created_at, where, change.state_id, told))
            await asyncio.sleep(max(think) + 1)  # let the last stories of the window arrive
            run.deadline = 0
            story: list[float] = []
            boards: dict[int, list[tuple[float, int]]] = {}
            for at, channel, board in h.boards:
                boards.setdefault(channel, []).append((at, board))
            stories: dict[int, list[tuple[float, frozenset[int]]]] = {}
            for at, channel, lines in h.stories or []:
                stories.setdefault(channel, []).append((at, lines))
            for at, where, state, told in committed:
                # Told once a board of its state (or later) is up, or once its lines are in a thread
                # message posted or edited after it (a sealed bid is told by editing the living one).
                shown = [t for t, board in boards.get(where, []) if board >= state and t >= at]
                if told:
                    shown += [t for t, lines in stories.get(where, []) if t >= at and told <= lines]
                if shown:
                    story.append(min(shown) - at)
            by_kind: dict[str, list[float]] = {}
            missed = 0
            for kind, fed, done in run.times:
                if done is None or done - fed > 3.0:
                    missed += 1
                    continue
                by_kind.setdefault(kind, []).append(done - fed)
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            renders = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            moves = len(committed)
            print(f"\n{count} tables, {seconds:.0f} s window: {moves / (end - begin):.1f} moves/s "
                  f"({moves} committed, {run.refused} refused), REST calls {requests / (end - begin):.0f}/s, per move "
                  f"{requests / max(1, moves):.2f}, 429 waits {h.rate_limited - start_waits} "
                  f"({h.limited_channels.count(0) - start_global} global), peak RSS {rss:.0f} MB "
                  f"(largest render process {renders:.0f} MB)")
            print(f"  {'ack (ms)':22} {'count':>6}     p50     p95     p99")
            for kind, values in sorted(by_kind.items()):
                print(f"  {kind:22} {len(values):6d} {_ms(values)}")
            print(f"  {'missed 3 s deadline':22} {missed:6d}")
            print(f"  {'move -> story (ms)':22} {len(story):6d} {_ms(story)}")
            thread = h.client.notifier.thread
            spent = ", ".join(f"{k} {v / max(1, thread.posts + thread.edits) * 1000:.0f} ms"
                              for k, v in sorted(thread.seconds.items()))
            print(f"  story work per post or edit (all of the run): {spent}")
            pictures = ", ".join(f"{kind} {count / max(1, moves):.2f}" for kind, count in sorted(drawn.items()))
            print(f"  pictures drawn per move: {pictures}; DM panels sent {h.client.notifier.panels.sent}, "
                  f"edited {h.client.notifier.panels.edited}")
            await tables.drain()


async def run(counts: Sequence[int], seconds: float, think: tuple[float, float], latency: float,
              global_limit: int) -> None:
    for count in counts:
        await measure(count, seconds, think, latency, global_limit)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", default="10,50,200")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", default="1.0-2.0", help="seconds a person thinks before moving (low-high)")
    parser.add_argument("--latency", type=float, default=0.05, help="simulated REST latency, seconds")
    parser.add_argument("--global-limit", type=int, default=0, help="the bot's global REST calls per second (0: off)")
    args = parser.parse_args(argv)
    low, high = (float(x) for x in args.think.split("-"))
    tune_collector()  # as `skald run` does
    asyncio.run(run([int(c) for c in args.tables.split(",")], args.seconds, (low, high), args.latency,
                    args.global_limit))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
