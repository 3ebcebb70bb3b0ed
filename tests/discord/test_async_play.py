"""Asynchronous play through Discord with a clock the test moves: reminders, timeouts and
stand-ins, the table's vote, restarts during a countdown, absence, leaving, giving a seat,
cooperative resign, server defaults and sealed bids (docs/async.md)."""

from __future__ import annotations

import pytest

from bot.tables.clocks import DAY, HOUR
from tests.discord.clocked import Clock, move_as, reminders, tick, waiting_seat
from tests.discord.harness import Harness
from tests.discord.table_play import open_table


@pytest.fixture
def harness(clocked: Harness) -> Harness:
    """Every test here moves the bot's clock."""
    return clocked


async def test_a_silent_player_is_reminded_twice_then_an_ai_stands_in_until_they_come_back(
        harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "daily"})
    people = {0: ann, 1: bob}
    first = people[await waiting_seat(h, game_id)]
    await move_as(h, first, game_id)
    silent = people[await waiting_seat(h, game_id)]
    info = await h.client.tables.game(game_id)
    deadline = info.seats[info.to_move[0]].deadline
    assert deadline == clock.now + DAY + 3 * DAY, "a day for the move plus three in the bank"
    assert f"<t:{deadline:.0f}:R>" in h.last_board(game_id).content, "the thread shows the time left"

    await tick(h, clock, 48 * HOUR - 60)
    assert not reminders(h, silent)
    await tick(h, clock, 120)
    assert len(reminders(h, silent)) == 1 and "half your time is gone" in reminders(h, silent)[0].content
    await tick(h, clock, 0.9 * 96 * HOUR - 48 * HOUR)
    assert len(reminders(h, silent)) == 2 and "a tenth of your time" in reminders(h, silent)[1].content
    await tick(h, clock, 10 * HOUR)
    info = await h.client.tables.game(game_id)
    silent_seat = info.seat_of(silent.id)
    assert silent_seat is not None and info.seats[silent_seat].stand_in is not None
    assert any("time ran out: an AI plays their seat" in m.text() for m in h.channel_messages(info.thread_id or 0))
    changes = await h.client.tables.outbox.changes(game_id, after=0)
    assert any(c.stand_in and c.seat == silent_seat for c in changes), "the stand-in moved, and the log says so"
    assert len(reminders(h, silent)) == 2, "each reminder exactly once"

    back = await h.slash(silent, "game back", {"game": game_id})
    assert "again" in h.reply_text(back)
    info = await h.client.tables.game(game_id)
    assert info.seats[silent_seat].stand_in is None
    if info.status == "running":
        if silent_seat not in info.to_move:
            await move_as(h, people[info.to_move[0]], game_id)
        info = await h.client.tables.game(game_id)
        if info.status == "running":
            assert silent_seat in info.to_move
            before = info.state_id
            await move_as(h, silent, game_id)
            assert (await h.client.tables.game(game_id)).state_id > before, "they play again"


@pytest.mark.parametrize("choice", ["wait", "stand_in", "open", "end"])
async def test_the_table_decides_what_happens_to_a_seat_whose_time_ran_out(harness: Harness, clock: Clock,
                                                                          choice: str) -> None:
    h = harness
    ann, bob, cy, dee = h.user("ann"), h.user("bob"), h.user("cy"), h.user("dee")
    game_id = await open_table(h, ann, "tranquility", [bob, cy],
                               options={"clock": "live", "when_time_runs_out": "vote"})
    people = {0: ann, 1: bob, 2: cy}
    seat = await waiting_seat(h, game_id)
    late, voters = people[seat], [p for s, p in people.items() if s != seat]
    await tick(h, clock, 18 * 60 + 1)  # 3 minutes a move plus 15 in the bank
    info = await h.client.tables.game(game_id)
    post = next(m for m in h.channel_messages(info.thread_id or 0) if "What now?" in m.content)
    assert "What now?" in post.content and all(v.mention in post.content for v in voters)
    assert late.mention not in post.content, "the late player does not vote on themselves"
    button = next(c["custom_id"] for c in post.components() if c["custom_id"].endswith(f":{seat}:{choice}"))
    first = await h.click(voters[0], button, message=post)
    assert "Waiting for the others" in h.reply_text(first)
    second = await h.click(voters[1], button, message=post)
    assert "Decided" in h.reply_text(second)
    info = await h.client.tables.game(game_id)
    if choice == "wait":
        assert info.seats[seat].deadline == pytest.approx(clock.now + DAY, abs=2)
        assert info.seats[seat].stand_in is None
    elif choice == "stand_in":
        assert info.seats[seat].stand_in is not None and info.seats[seat].user_id == late.id
    elif choice == "open":
        assert info.seats[seat].user_id is None and info.seats[seat].stand_in is not None
        given = await h.slash(ann, "game seat", {"player": dee.id, "game": game_id})
        assert "now plays" in h.reply_text(given), h.reply_text(given)
        info = await h.client.tables.game(game_id)
        assert info.seats[seat].user_id == dee.id and info.seats[seat].stand_in is None
    else:
        assert info.status == "abandoned"
    again = await h.click(voters[0], button, message=post)
    assert "no vote about that seat" in h.reply_text(again) or info.status != "running"


async def test_a_restart_during_a_countdown_keeps_the_deadline_and_each_reminder_is_sent_once(
        harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "daily"})
    people = {0: ann, 1: bob}
    await move_as(h, people[await waiting_seat(h, game_id)], game_id)
    silent = people[await waiting_seat(h, game_id)]
    deadline = (await h.client.tables.game(game_id)).seats[await waiting_seat(h, game_id)].deadline
    await h.restart()
    assert (await h.client.tables.game(game_id)).seats[await waiting_seat(h, game_id)].deadline == deadline
    clock.advance(49 * HOUR)  # the bot was down when the first reminder fell due
    await h.restart()  # ... and sends it as it comes back up
    await h.settle()
    assert len(reminders(h, silent)) == 1
    await h.restart()
    await tick(h, clock, 60)
    assert len(reminders(h, silent)) == 1, "not twice, however many restarts"


async def test_away_pauses_a_players_clocks_and_they_run_again_when_it_ends(harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "live"})
    people = {0: ann, 1: bob}
    waiting = people[await waiting_seat(h, game_id)]
    seat = await waiting_seat(h, game_id)
    await tick(h, clock, 5 * 60)
    away = await h.slash(waiting, "game away", {"days": 2})
    assert "wait until" in h.reply_text(away)
    info = await h.client.tables.game(game_id)
    assert info.seats[seat].paused and info.seats[seat].deadline is None
    await tick(h, clock, DAY)
    assert (await h.client.tables.game(game_id)).seats[seat].stand_in is None, "no timeout while away"
    await tick(h, clock, DAY + 60)
    info = await h.client.tables.game(game_id)
    assert not info.seats[seat].paused
    assert info.seats[seat].deadline == pytest.approx(clock.now - 60 + 13 * 60, abs=2), "the 13 minutes left"
    too_long = await h.slash(waiting, "game away", {"days": 13})
    assert "allows 14 days away per 90" in h.reply_text(too_long)


async def test_leaving_coming_back_and_a_seat_given_by_the_host(harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "daily"})
    left = await h.slash(bob, "game leave", {"game": game_id})
    assert "An AI plays your seat" in h.reply_text(left)
    await h.settle()
    info = await h.client.tables.game(game_id)
    assert info.status != "running" or info.seats[1].stand_in is not None
    if info.status == "running":
        refused = await h.slash(bob, "game seat", {"player": cy.id, "game": game_id})
        assert "Only the host" in h.reply_text(refused)
        given = await h.slash(ann, "game seat", {"player": cy.id, "game": game_id})
        assert "now plays" in h.reply_text(given)
        info = await h.client.tables.game(game_id)
        assert info.seats[1].user_id == cy.id and info.seats[1].name == "cy"
        assert h.dms(cy), "the new player gets their panel by DM"


async def test_resigning_a_cooperative_game_lets_the_crew_play_on(harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    asked = await h.slash(bob, "game resign", {"game": game_id})
    await h.click(bob, h.button(h.replies(asked)[-1], f"Resign game #{game_id}"))
    info = await h.client.tables.game(game_id)
    assert info.seats[1].stand_in is not None and info.seats[1].why == "resigned"
    assert info.status in ("running", "finished")


async def test_server_defaults_apply_to_new_tables(harness: Harness, clock: Clock) -> None:
    h = harness
    ann, mod = h.user("ann"), h.user("mod", manage_guild=True)
    refused = await h.slash(ann, "skald settings", {"name": "clock", "value": "relaxed"})
    assert "Manage Server" in h.reply_text(refused)
    changed = await h.slash(mod, "skald settings", {"name": "clock", "value": "relaxed"})
    assert "relaxed" in h.reply_text(changed)
    await h.slash(mod, "skald settings", {"name": "timeout_policy", "value": "vote"})
    game_id = await open_table(h, ann, "tranquility")
    info = await h.client.tables.game(game_id)
    assert info.clock == "relaxed" and info.timeout_policy == "vote"
    shown = await h.slash(ann, "skald settings")
    assert "relaxed" in h.reply_text(shown) and "(changed)" in h.reply_text(shown)


async def test_sealed_bids_run_every_waiting_clock_and_a_stand_in_bids_for_a_timed_out_seat(
        harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "nidavellir", [bob, cy], options={"clock": "live"})
    info = await h.client.tables.game(game_id)
    assert sorted(info.to_move) == [0, 1, 2]
    assert all(info.seats[s].deadline == clock.now + 18 * 60 for s in range(3)), "every bidder's clock runs"
    await move_as(h, ann, game_id)
    await move_as(h, bob, game_id)
    await tick(h, clock, 18 * 60 + 1)
    changes = await h.client.tables.outbox.changes(game_id, after=0)
    assert any(c.seat == 2 and c.stand_in and c.text.startswith("bid") for c in changes), \
        "the stand-in bid for the seat whose time ran out"


async def test_game_mine_lists_the_games_waiting_for_me_most_urgent_first(harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    slow = await open_table(h, ann, "tranquility", [bob], options={"clock": "relaxed"})
    fast = await open_table(h, ann, "tranquility", [bob], options={"clock": "live"})
    mine = h.reply_text(await h.slash(ann, "game mine"))
    waiting = [g for g in (fast, slow) if (await h.client.tables.game(g)).seat_of(ann.id) in
               (await h.client.tables.game(g)).to_move]
    positions = [mine.index(f"#{g} ") for g in waiting]
    assert positions == sorted(positions), "the soonest deadline first"
