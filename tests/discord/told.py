"""What reached each person, counted from the HTTP the bot sent (a ping, a new DM), and a whole
It's a Wonderful World or Nidavellir game played the way people play over days, for the tests
and `python -m benchmarks.pings` (issue 46).

A ping is a message posted in a server channel that mentions the person and lets that mention
notify them; a DM is a new message in their DMs (an edit notifies nobody); a reminder is a DM
that starts with ⏰, a digest one that starts with 📬 (`/notify how digest`), and a DM sent
silently (Discord's SUPPRESS_NOTIFICATIONS flag: a hushed person's first panel,
bot/discord/reach.py) is counted apart as `silent`: it notifies nobody.
Replies to a person's own interactions are not counted: they asked.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from bot.tables.clocks import HOUR
from tests.discord.clocked import Clock, tick
from tests.discord.harness import Harness, User
from tests.discord.table_play import open_table

MESSAGES = "/channels/{channel_id}/messages"
SILENT = 1 << 12  # a message's SUPPRESS_NOTIFICATIONS flag


@dataclass(frozen=True)
class Notice:
    user_id: int
    kind: str  # "ping" | "dm" | "reminder" | "digest" | "silent"
    index: int  # its place among the harness's requests


def notices(h: Harness, since: int = 0) -> list[Notice]:
    """Everything that notified someone in the requests from `since` on."""
    dm_of = {channel: user for user, channel in h.dm_channels.items()}
    found: list[Notice] = []
    for index, request in enumerate(h.requests[since:], start=since):
        if request.method != "POST" or request.path != MESSAGES or request.webhook or request.status != 200:
            continue
        channel = int(request.url.rsplit("/", 2)[-2])
        body = request.json or {}
        content = str(body.get("content") or "")
        if channel in dm_of:
            if content.startswith("👋"):  # the answer to their own Join
                continue
            kind = "reminder" if content.startswith("⏰") else "digest" if content.startswith("📬") \
                else "silent" if int(body.get("flags") or 0) & SILENT else "dm"
            found.append(Notice(dm_of[channel], kind, index))
            continue
        allowed = {int(u) for u in (body.get("allowed_mentions") or {}).get("users", [])}
        for user_id in {int(m) for m in re.findall(r"<@(\d+)>", content)} & allowed:
            found.append(Notice(user_id, "ping", index))
    return found


QUIET_HOURS = ("Europe/Oslo", "23:00-07:00")  # Ann's, with `take_choices`
DIGEST_HOURS = 4  # Bob's, with `take_choices`


async def take_choices(h: Harness, people: Sequence[User]) -> None:
    """One person on each way of being told (`/notify`): the first at every turn with quiet hours
    (QUIET_HOURS), the second a digest every DIGEST_HOURS hours, the third only near a deadline."""
    zone, hours = QUIET_HOURS
    await h.slash(people[0], "notify quiet", {"zone": zone, "hours": hours})
    await h.slash(people[1], "notify how", {"choice": "digest", "hours": DIGEST_HOURS})
    await h.slash(people[2], "notify how", {"choice": "deadline"})


@dataclass
class Played:
    """A game played by `play_over_days`: per person, per step (`step_of`) they were told in,
    what told them; the steps each had to act in, and those their own move began."""

    people: Sequence[User]
    told: dict[int, dict[tuple[object, ...], Counter[str]]] = field(default_factory=dict)
    owed: dict[int, set[tuple[object, ...]]] = field(default_factory=dict)
    began: dict[int, set[tuple[object, ...]]] = field(default_factory=dict)  # steps their own move began
    rounds: int = 0
    soon_after_own_move: int = 0  # new DM panels within a second of the person's own move
    timeouts: int = 0  # seats whose time ran out
    soon: list[tuple[int, tuple[object, ...], str]] = field(default_factory=list)  # whose, in which step, what

    def per_round(self, user: User, kinds: Sequence[str] = ("ping", "dm")) -> float:
        return sum(c[k] for c in self.told.get(user.id, {}).values() for k in kinds) / max(1, self.rounds)

    def soon_after(self, user: User) -> int:
        return sum(1 for user_id, _, _ in self.soon if user_id == user.id)

    def doubled(self, user: User) -> int:
        """Steps in which the person was told more than once (a DM and a ping, or two of one)."""
        return sum(1 for c in self.told.get(user.id, {}).values() if c["ping"] + c["dm"] > 1)


async def step_of(h: Harness, game_id: int) -> tuple[object, ...]:
    """The step as the spectators see it, its round first and its phase second: a Wonderful draft
    turn, planning or production step; Nidavellir's bids or a tavern's recruiting."""
    view = (await h.client.tables.table_view(game_id, None)).view
    if view["game"] == "wonderful":
        return view["round"], view["phase"], view["step"], sum(len(b["drafted"]) for b in view["boards"])
    return (view["age"], view["round"]), view["phase"], view["tavern"]


async def play_over_days(h: Harness, clock: Clock, people: Sequence[User], *, away: float = 2 * HOUR,
                         game: str = "wonderful", options: dict[str, str] | None = None,
                         first: Callable[[int], Awaitable[None]] | None = None,
                         asleep: Callable[[User, float], bool] | None = None) -> Played:
    """A 3-person game (Wonderful or Nidavellir; daily clock): one of those awaited (each in turn) makes all
    their moves for the step at one sitting by `/move` (the first legal move), then `away` passes
    before the next person sits down. `first`: done with the game's id once it has begun (what is
    told from then on is counted). `asleep(person, now)`: they don't sit down then (the next one
    awake does; nobody awake: `away` passes). Returns what told whom, step by step."""
    game_id = await open_table(h, people[0], game, people[1:], options={"clock": "daily", **(options or {})})
    if first is not None:
        await first(game_id)
    by_id = {p.id: p for p in people}
    played = Played(people)
    seen = sittings = 0
    step = await step_of(h, game_id)

    def count(upto_step: tuple[object, ...]) -> None:
        nonlocal seen
        for notice in notices(h, seen):
            if notice.user_id in by_id:
                played.told.setdefault(notice.user_id, {}).setdefault(upto_step, Counter())[notice.kind] += 1
        seen = len(h.requests)

    await h.settle()
    count(step)
    while (info := await h.client.tables.game(game_id)).status == "running":
        assert sum(len(s) for s in played.owed.values()) < 1000, "the game did not end"
        for seat in info.to_move:
            user_id = info.seats[seat].user_id
            if user_id is not None and info.seats[seat].stand_in is None:
                played.owed.setdefault(user_id, set()).add(step)
        turn = [info.to_move[(sittings + i) % len(info.to_move)] for i in range(len(info.to_move))]
        awake = [s for s in turn if asleep is None or not asleep(by_id[info.seats[s].user_id or 0], clock.now)]
        if not awake:
            await tick(h, clock, away)
            count(await step_of(h, game_id))
            continue
        seat = awake[0]  # who comes back first varies
        sittings += 1
        person = by_id[info.seats[seat].user_id or 0]
        while True:  # one sitting: their moves for this step
            table = await h.client.tables.table_view(game_id, person.id)
            if not table.legal_moves:
                break
            await h.slash(person, "move", {"text": table.legal_moves[0].text, "game": game_id},
                          channel_id=info.thread_id)
            before = seen
            now = await step_of(h, game_id)
            count(now)
            info = await h.client.tables.game(game_id)
            if info.status == "running":  # the game's last panel is told to everyone
                soon = [n for n in notices(h, before) if n.user_id == person.id and n.kind == "dm"]
                played.soon_after_own_move += len(soon)
                played.soon += [(person.id, now, str((h.requests[n.index].json or {}).get("content"))[:80])
                                for n in soon]
            if now != step or info.status != "running" or seat not in info.to_move:
                if now != step and seat in info.to_move:  # their move began the next step: they are there
                    played.began.setdefault(person.id, set()).add(now)
                step = now
                break
        await tick(h, clock, away)
        count(await step_of(h, game_id))
    info = await h.client.tables.game(game_id)
    played.rounds = len({step[0] for steps in played.owed.values() for step in steps})
    played.timeouts = sum(1 for s in info.seats if s.stand_in is not None)
    return played


async def sit(h: Harness, person: User, game_id: int) -> None:
    """The person makes their moves for the step, by `/move`, as one sitting."""
    info = await h.client.tables.game(game_id)
    step = await step_of(h, game_id)
    for _ in range(20):
        table = await h.client.tables.table_view(game_id, person.id)
        if not table.legal_moves or await step_of(h, game_id) != step:
            return
        await h.slash(person, "move", {"text": table.legal_moves[0].text, "game": game_id}, channel_id=info.thread_id)


async def a_step(h: Harness, clock: Clock, people: list[User], game_id: int) -> Counter[tuple[int, str]]:
    """Everyone to act makes their moves, two hours apart, in the order of `people`; what told whom
    meanwhile."""
    since = len(h.requests)
    info = await h.client.tables.game(game_id)
    waiting = [info.seats[s].user_id for s in info.to_move]
    for person in people:
        if person.id in waiting:
            await tick(h, clock, 2 * HOUR)
            await sit(h, person, game_id)
    await tick(h, clock, 2 * HOUR)
    return Counter((n.user_id, n.kind) for n in notices(h, since))
