"""Each seat of a step gets the step's own clock allowance when the step begins, whoever's move
began it (issue 46): a whole It's a Wonderful World game of three people and Nidavellir's sealed
bids, every move typed with `/move` in the thread, the bot's clock moved between moves."""

from __future__ import annotations

import pytest

from bot.tables.clocks import DAY, MINUTE
from tests.discord.clocked import Clock, tick
from tests.discord.harness import Harness, User
from tests.discord.table_play import open_table

FRESH = DAY + 3 * DAY  # the daily clock: a day for the move plus the untouched bank


@pytest.fixture
def harness(clocked: Harness) -> Harness:
    return clocked


async def step_of(h: Harness, game_id: int) -> tuple[object, ...]:
    """The step as the spectators see it: a Wonderful draft turn, planning or production step;
    Nidavellir's bids or a tavern's recruiting."""
    view = (await h.client.tables.table_view(game_id, None)).view
    if view["game"] == "wonderful":
        return view["round"], view["phase"], view["step"], sum(len(b["drafted"]) for b in view["boards"])
    return view["age"], view["round"], view["phase"], view["tavern"]


async def play_checking_clocks(h: Harness, clock: Clock, game_id: int, people: dict[int, User],
                               moves: int) -> tuple[int, int]:
    """First legal moves, ten minutes apart (no bank is ever touched), for at most `moves`
    moves: at each step's beginning every seat to act has a whole allowance from that moment,
    and the thread's status line shows it. Returns (steps begun, steps begun by a seat that acts
    in the next one too)."""
    tables = h.client.tables
    steps = carried = 0
    for _ in range(moves):
        info = await tables.game(game_id)
        if info.status != "running":
            break
        before, step = set(info.to_move), await step_of(h, game_id)
        seat = info.to_move[0]
        table = await tables.table_view(game_id, people[seat].id)
        await h.slash(people[seat], "move", {"text": table.legal_moves[0].text, "game": game_id},
                      channel_id=info.thread_id)
        info = await tables.game(game_id)
        if info.status != "running" or await step_of(h, game_id) == step:
            await tick(h, clock, 10 * MINUTE)
            continue
        steps += 1
        carried += seat in info.to_move and seat in before
        living = h.last_board(game_id).content
        for waiting in info.to_move:
            assert info.seats[waiting].deadline == clock.now + FRESH, (waiting, seat, info.state_id)
            assert f"<t:{clock.now + FRESH:.0f}:R>" in living, living
        await tick(h, clock, 10 * MINUTE)
    return steps, carried


async def test_every_seat_of_every_wonderful_step_gets_the_steps_allowance(harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "daily"})
    steps, carried = await play_checking_clocks(h, clock, game_id, {0: ann, 1: bob, 2: cy}, 2000)
    assert (await h.client.tables.game(game_id)).status == "finished"
    assert steps >= 4 * (7 + 1 + 5) - 1 and carried > 10, (steps, carried)


async def test_every_bidder_of_nidavellir_gets_the_bids_allowance(harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "nidavellir", [bob, cy], options={"clock": "daily"})
    steps, carried = await play_checking_clocks(h, clock, game_id, {0: ann, 1: bob, 2: cy}, 60)
    assert steps > 10 and carried >= 3, (steps, carried)
