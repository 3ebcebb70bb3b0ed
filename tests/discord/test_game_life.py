"""A game's life told truly, through Discord (issue 25; docs/records.md, docs/async.md): who held
each seat, records that count people, the person concerned told once, the table seeing absence
and time, clocks with increments, and the fixes around them. Each test is named after what was
found wrong. Those that lean on the store run on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Mapping

import pytest

from bot import replays
from bot.discord.cooldowns import Cooldowns
from bot.kinds import ChangeKind
from bot.tables.clocks import DAY, HOUR
from tests.databases import Target
from tests.discord.clocked import Clock, move_as, reminders, tick, waiting_seat
from tests.discord.harness import Harness, Message, User
from tests.discord.table_play import open_table, walked_out

LIVE = 18 * 60  # a live clock: 3 minutes a move and 15 in the bank


@pytest.fixture
def harness(clocked: Harness) -> Harness:
    """Every test here moves the bot's clock."""
    return clocked


@pytest.fixture
async def both(database: Target, clock: Clock) -> AsyncIterator[Harness]:
    """A harness over SQLite, then over PostgreSQL."""
    async with Harness.open(database, clock=clock) as h:
        yield h
        assert not h.refused_forms, f"messages Discord would refuse: {h.refused_forms}"


def notes(h: Harness, user: User, words: str) -> list[Message]:
    return [m for m in h.dms(user) if words in m.content]


def controls(message: Message) -> list[str]:
    return [str(c["custom_id"]) for c in message.components()]


def panels(h: Harness, user: User, game_id: int) -> list[Message]:
    """The user's DM panels of a game (messages with its controls), oldest first."""
    return [m for m in h.dms(user) if any(c.startswith(f"skald:{game_id}:") for c in controls(m))]


def thread_text(h: Harness, thread_id: int) -> str:
    return "\n".join(m.text() for m in h.channel_messages(thread_id))


async def until_moved(h: Harness, game_id: int, people: Mapping[int, User], mover: User) -> None:
    """The people at the table move (their first legal move) until `mover` has moved once; AI
    seats and stand-ins move by themselves."""
    for _ in range(60):
        info = await h.client.tables.game(game_id)
        assert info.status == "running"
        holder = info.seats[info.to_move[0]]
        person = people.get(holder.user_id or 0) if holder.stand_in is None else None
        if person is None:
            await h.client.tables.drain()
            await h.settle()
            continue
        await move_as(h, person, game_id)
        if person is mover:
            return
    raise AssertionError(f"{mover.name} never got to move")


async def until_stood_in(h: Harness, game_id: int, people: Mapping[int, User], seat: int) -> None:
    """The people move until the AI standing in for `seat` has made a move."""
    for _ in range(60):
        changes = await h.client.tables.outbox.changes(game_id, after=0)
        last_hand_over = max(c.state_id for c in changes if c.kind in (ChangeKind.STAND_IN, ChangeKind.SEAT)
                             and c.seat == seat)
        if any(c.stand_in and c.seat == seat and c.state_id > last_hand_over for c in changes):
            return
        info = await h.client.tables.game(game_id)
        holder = info.seats[info.to_move[0]]
        person = people.get(holder.user_id or 0) if holder.stand_in is None else None
        if person is not None:
            await move_as(h, person, game_id)
        await h.client.tables.drain()
        await h.settle()
    raise AssertionError("the stand-in never moved")


async def test_a_seat_that_changes_hands_twice_names_each_holder_in_log_thread_replay_and_export(
        both: Harness) -> None:
    """Handing a seat over rewrote its past: `/game log` said "Dave places …" for Carol's moves
    and the thread announced "Dave is now played by Dave". Now every line names who held the
    seat when it was made — Carol, her stand-in, Dave, his, Erin — in the log, the thread, the
    replay and the export."""
    h = both
    ann, carol, dave, erin = (h.user(n) for n in ("ann", "carol", "dave", "erin"))
    people = {p.id: p for p in (ann, carol, dave, erin)}
    game_id = await open_table(h, ann, "tranquility", [carol])
    await until_moved(h, game_id, people, carol)
    await h.slash(carol, "game leave", {"game": game_id})
    await until_stood_in(h, game_id, people, 1)
    given = await h.slash(ann, "game seat", {"player": dave.id, "seat": 2, "game": game_id})
    assert "now plays" in h.reply_text(given)
    await until_moved(h, game_id, people, dave)
    await h.slash(dave, "game leave", {"game": game_id})
    await until_stood_in(h, game_id, people, 1)
    await h.slash(ann, "game seat", {"player": erin.id, "seat": 2, "game": game_id})
    await until_moved(h, game_id, people, erin)

    holders = ["carol", "AI for carol", "dave", "AI for dave", "erin"]
    changes = await h.client.tables.outbox.changes(game_id, after=0)
    hand_overs = [c.state_id for c in changes if c.seat == 1 and c.kind in (ChangeKind.STAND_IN, ChangeKind.SEAT)]
    expected = {c.state_id: holders[sum(s < c.state_id for s in hand_overs)]
                for c in changes if c.seat == 1 and c.kind == ChangeKind.MOVE}
    assert set(expected.values()) == {"carol", "AI for carol", "dave", "AI for dave", "erin"}

    log = h.reply_text(await h.slash(ann, "game log", {"game": game_id}))
    shown = {int(n): name for n, name in re.findall(r"`\s*(\d+)` \*\*([^*]+)\*\* (?:places|discards|plays|draws)", log)
             if int(n) in expected}
    assert shown and all(expected[state] == name for state, name in shown.items()), (shown, expected)
    for line in ("carol's seat goes to dave (given by the host).", "dave's seat goes to erin (given by the host).",
                 "**carol** left the table", "**dave** left the table"):
        assert line in log
    info = await h.client.tables.game(game_id)
    story = thread_text(h, info.thread_id or 0)
    assert "**AI for carol** " in story and "**AI for dave** " in story and "is now played by" not in story
    assert "carol's seat goes to dave" in story and "dave's seat goes to erin" in story

    for person in (ann, erin):  # the rest is the AIs' to play, quickly
        await h.slash(person, "game leave", {"game": game_id})
    await h.client.tables.drain()
    await h.settle()
    assert (await h.client.tables.game(game_id)).status == "finished"
    exported = await h.slash(ann, "game export", {"game": game_id})
    document = json.loads(next(iter(h.replies(exported)[-1].files.values())))
    assert [h_["name"] for h_ in document["holders"] if h_["seat"] == 1] == [*holders, "AI for erin"]
    assert all("user" not in key for h_ in document["holders"] for key in h_), "no user ids in an export"
    log_file = replays.read_export(json.dumps(document))
    captions = [line for still in replays.stills(log_file) for line in still.caption]
    for state, name in expected.items():
        public = next(c for c in changes if c.state_id == state).events[0][0]
        assert public.replace("Seat 2", name) in captions, (state, name)


async def test_a_crew_win_does_not_count_for_someone_who_left_at_once(both: Harness) -> None:
    """Records credited people for what an AI played: Ann left before her first move and her
    stand-in sailed to the end; `/stats` said she won. Now the game is nobody's crew's, and her
    reliability says she left (Bob waited on her there)."""
    h = both
    ann, bob = h.user("ann"), h.user("bob")
    await walked_out(h, ann, "tranquility", bob)
    stats = h.reply_text(await h.slash(ann, "stats"))
    assert "won of" not in stats and "Reliability: 0% — 0 played to the end, 1 left, 0 timed out." in stats
    board = h.reply_text(await h.slash(ann, "leaderboard", {"game": "tranquility"}))
    assert "No Tranquility game here was played to the end" in board


async def test_the_player_whose_time_ran_out_is_told_who_plays_their_seat_and_their_panel_offers_the_way_back(
        harness: Harness, clock: Clock) -> None:
    """Nobody was told when an AI took a seat, and the DM panel still said "Your move … runs out"
    with a past deadline and live move buttons."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "live"})
    people = {0: ann, 1: bob}
    seat = await waiting_seat(h, game_id)
    late = people[seat]
    assert any(":do:" in c or ":pick:" in c for m in panels(h, late, game_id) for c in controls(m))
    await tick(h, clock, LIVE + 1)
    (note,) = notes(h, late, "Your time ran out")
    assert "an AI (planner) plays your seat now" in note.content and "Take my seat back" in note.content
    for panel in panels(h, late, game_id):
        assert not any(":do:" in c or ":pick:" in c for c in controls(panel)), "no stale move controls"
    panel = panels(h, late, game_id)[-1]
    assert "An AI plays your seat since your time ran out" in panel.text() and "Your move" not in panel.text()
    back = await h.click(late, h.button(panel, "Take my seat back"), message=panel)
    assert back.acknowledged
    info = await h.client.tables.game(game_id)
    assert info.seats[seat].stand_in is None
    assert "is back and plays their seat again" in thread_text(h, info.thread_id or 0)
    assert len(notes(h, late, "Your time ran out")) == 1, "told once"


async def test_the_player_voted_on_is_told_when_the_vote_opens_and_how_it_ended(harness: Harness,
                                                                               clock: Clock) -> None:
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "tranquility", [bob, cy],
                               options={"clock": "live", "when_time_runs_out": "vote"})
    people = {0: ann, 1: bob, 2: cy}
    seat = await waiting_seat(h, game_id)
    late, voters = people[seat], [p for s, p in people.items() if s != seat]
    await tick(h, clock, LIVE + 1)
    (opened,) = notes(h, late, "voting on what happens next")
    assert "votes close <t:" in opened.content and "Make your move before then" in opened.content
    info = await h.client.tables.game(game_id)
    post = next(m for m in h.channel_messages(info.thread_id or 0) if "What now?" in m.content)
    button = next(c for c in controls(post) if c.endswith(f":{seat}:wait"))
    for voter in voters:
        await h.click(voter, button, message=post)
    (ended,) = notes(h, late, "gives you a day more")
    assert "your time now runs out <t:" in ended.content


async def test_the_leaver_is_told_when_the_host_gives_their_seat_away(harness: Harness) -> None:
    """`/game leave` promised "`/game back` takes it back" although the host may give the seat
    away at once, and the leaver heard nothing when that happened."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "daily"})
    left = h.reply_text(await h.slash(bob, "game leave", {"game": game_id}))
    assert "the host may give it to someone else meanwhile, and you'll be told if they do" in left
    await h.slash(ann, "game seat", {"player": cy.id, "game": game_id})
    (note,) = notes(h, bob, "went to cy")
    assert f"Tranquility #{game_id}" in note.content
    for panel in h.dms(bob):
        assert not any(c.startswith(f"skald:{game_id}:") for c in controls(panel)), "his old panel offers nothing"
    assert any("no longer yours" in m.content for m in h.dms(bob))
    assert panels(h, cy, game_id), "the new player gets a panel of their own"


async def test_away_shows_in_the_thread_and_its_end_is_told_once(harness: Harness, clock: Clock) -> None:
    """`/game away` was invisible to the table: the thread kept showing the running deadline."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    games = [await open_table(h, ann, "tranquility", [bob], options={"clock": "live"}) for _ in range(2)]
    away = h.reply_text(await h.slash(bob, "game away", {"days": 1}))
    assert "wait until" in away
    for game_id in games:
        info = await h.client.tables.game(game_id)
        story = thread_text(h, info.thread_id or 0)
        assert "**bob** is away until <t:" in story
        if 1 in info.to_move:
            status = h.last_board(game_id).content
            assert "away until <t:" in status and "⏰" not in status
    await tick(h, clock, DAY + 1)
    for game_id in games:
        info = await h.client.tables.game(game_id)
        assert "**bob** is back from their absence" in thread_text(h, info.thread_id or 0)
    assert len(notes(h, bob, "Your absence from this server's games is over")) == 1, "told once, not per game"


async def test_undo_of_a_sealed_bid_never_gives_back_time_already_used(harness: Harness, clock: Clock) -> None:
    """A sealed bid followed by `/game undo` gave the clock its full time back (1.0 h left
    became 25.0 h)."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "nidavellir", [bob, cy], options={"clock": "daily"})
    deadline = (await h.client.tables.game(game_id)).seats[0].deadline
    assert deadline == clock.now + 4 * DAY
    clock.advance(4 * DAY - HOUR)  # an hour left
    await move_as(h, ann, game_id)
    assert (await h.client.tables.game(game_id)).seats[0].bank == pytest.approx(HOUR)
    undone = await h.slash(ann, "game undo", {"game": game_id})
    assert "took back" in h.reply_text(undone)
    info = await h.client.tables.game(game_id)
    assert 0 in info.to_move and info.seats[0].deadline == pytest.approx(deadline), "still an hour, not 25"


async def test_after_downtime_past_the_deadline_no_reminder_arrives_late(harness: Harness, clock: Clock) -> None:
    """After downtime past both the "tenth left" mark and the deadline, the reminder arrived an
    hour after the deadline together with the stand-in."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "daily"})
    late = {0: ann, 1: bob}[await waiting_seat(h, game_id)]
    await h.crash()
    clock.advance(4 * DAY + HOUR)  # the bot was down through both reminders and the deadline
    await h.start()
    await h.settle()
    await h.client.tables.drain()
    await h.settle()
    assert reminders(h, late) == [], "a reminder whose moment has passed is not sent"
    assert len(notes(h, late, "Your time ran out")) == 1


async def test_rematch_clicked_after_a_restart_opens_no_second_lobby(both: Harness) -> None:
    h = both
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "nidavellir", [bob])
    asked = await h.slash(bob, "game resign", {"game": game_id})
    await h.click(bob, h.button(h.replies(asked)[-1], f"Resign game #{game_id}"))
    final = h.last_message((await h.client.tables.game(game_id)).thread_id or 0)
    await h.click(ann, h.button(final, "Rematch"), message=final)
    lobbies = [m for m in h.posts(h.channel_id) if "Rematch of" in m.content]
    assert len(lobbies) == 1
    await h.restart()
    again = await h.click(bob, h.button(final, "Rematch"), message=final)
    assert "open already" in h.reply_text(again)
    assert len([m for m in h.posts(h.channel_id) if "Rematch of" in m.content]) == 1, "nobody pinged again"


async def test_an_admins_pause_and_resume_are_told_with_their_name(harness: Harness) -> None:
    """An admin's resume was told as "The host resumed"."""
    h = harness
    ann, bob, mod = h.user("ann"), h.user("bob"), h.user("mod", manage_guild=True)
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "daily"})
    await h.slash(ann, "game pause", {"game": game_id})
    await h.slash(mod, "game resume", {"game": game_id})
    story = thread_text(h, (await h.client.tables.game(game_id)).thread_id or 0)
    assert "**ann** (the host) paused the game's clocks." in story
    assert "mod (an admin) resumed the game's clocks." in story and "The host resumed" not in story


async def test_a_plain_dm_gets_a_short_pointer_to_help(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    await h.dm(ann, "hi, how do I play?")
    (pointer,) = [m for m in h.dms(ann) if m.payload["author"]["id"] == h.bot_user["id"]]
    assert "`/help`" in pointer.content
    await h.dm(ann, "hello?")
    assert len([m for m in h.dms(ann) if "`/help`" in m.content]) == 1, "not answered line by line"


async def test_a_custom_clock_with_an_increment_refills_the_bank_and_a_bad_one_is_refused(
        harness: Harness, clock: Clock) -> None:
    """The bank never refilled and there were three presets only."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    offered = await h.autocomplete(ann, "play tranquility", {"clock": "12h+2d+1h"}, "clock")
    assert offered[0] == {"name": "custom — 12 hours a move, 2 days in the bank, +1 hour a move",
                          "value": "12h+2d+1h"}
    refused = await h.slash(ann, "play tranquility", {"clock": "12x+1d"})
    assert "The time per move '12x' isn't a time" in h.reply_text(refused)
    assert await h.client.tables.list_games(h.guild_id) == [], "nothing opened"
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "1h+2h+30m"})
    info = await h.client.tables.game(game_id)
    assert info.clock == "1h+2h+30m"
    seat = info.to_move[0]
    assert info.seats[seat].deadline == clock.now + 3 * HOUR
    clock.advance(2 * HOUR)  # an hour over the move's time: out of the bank ...
    await move_as(h, {0: ann, 1: bob}[seat], game_id)
    assert (await h.client.tables.game(game_id)).seats[seat].bank == pytest.approx(1.5 * HOUR), "... +30 min back"
    lobby = next(m for m in h.messages.values() if f"table #{game_id}" in m.text())
    assert "custom — 1 hour a move, 2 hours in the bank, +30 minutes a move" in lobby.text()


async def test_a_clock_reads_what_was_typed_and_one_past_its_bounds_is_refused_in_words_everywhere(
        harness: Harness, clock: Clock) -> None:
    """Issue 42: a clock of 400 digits answered "Sorry — something went wrong" in /play and
    /tournament create and its autocomplete never answered (an OverflowError); 1.5m+1d ran as
    1m+1d. Each place a clock is typed reads it exactly or says why not."""
    h = harness
    ann, bob, mod = h.user("ann"), h.user("bob"), h.user("mod", manage_guild=True)
    huge = "1" * 400 + "m+1d"
    why = "The time per move must be from 1 minute to 30 days, not '1111111111111111111…'."
    offered = await h.autocomplete(ann, "play tranquility", {"clock": huge}, "clock")
    assert offered[0]["name"] == f"✗ {why}"[:100], "the suggestions say why first"
    for user, command, options in ((ann, "play tranquility", {"clock": huge}),
                                   (mod, "tournament create", {"game": "nidavellir", "name": "Cup", "clock": huge}),
                                   (mod, "skald settings", {"name": "clock", "value": huge})):
        refused = await h.slash(user, command, options)
        assert why in h.reply_text(refused) and "went wrong" not in h.reply_text(refused), command
    assert await h.client.tables.list_games(h.guild_id) == [], "nothing opened"
    assert (await h.client.tables.servers.settings(h.guild_id)).clock == "daily", "the setting unchanged"
    offered = await h.autocomplete(ann, "play tranquility", {"clock": "1.5m+1d"}, "clock")
    assert offered[0] == {"name": "custom — 1 minute 30 seconds a move, 1 day in the bank", "value": "1m30s+1d"}
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "1.5m+1d"})
    info = await h.client.tables.game(game_id)
    assert info.clock == "1m30s+1d" and info.seats[info.to_move[0]].deadline == clock.now + 90 + DAY


async def test_resigning_games_against_an_ai_cannot_wash_a_walk_out_off_a_record(harness: Harness) -> None:
    """Issue 42: someone who walked out of a game resigned four games against an AI in a second and
    reached 80%. Reliability counts what other people waited on: games against AI seats alone
    count for nothing (docs/records.md)."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    await walked_out(h, ann, "nidavellir", bob)
    for number in range(4):
        if number == 3:  # a minute later: /play opens 3 tables a minute per person
            h.client.cooldowns = Cooldowns()
        game_id = await open_table(h, bob, "nidavellir", ais=1)
        asked = await h.slash(bob, "game resign", {"game": game_id})
        await h.click(bob, h.button(h.replies(asked)[-1], f"Resign game #{game_id}"))
        assert (await h.client.tables.game(game_id)).status == "finished"
    stats = h.reply_text(await h.slash(bob, "stats"))
    assert "Reliability: 0% — 0 played to the end, 1 left, 0 timed out." in stats
    opened = await h.slash(ann, "play tranquility", {"min_reliability": 80})
    lobby = h.messages[opened.original_id or 0]
    refused = await h.click(bob, h.button(lobby, "Join"), message=lobby)
    assert "at least 80%; yours in this server is 0%" in h.reply_text(refused)


async def test_the_board_shows_each_seats_time_and_bank_and_mine_shows_the_other_seats(harness: Harness,
                                                                                         clock: Clock) -> None:
    """Nobody could see another seat's bank."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], options={"clock": "daily"})
    seat = await waiting_seat(h, game_id)
    waiting, other = ({0: ann, 1: bob}[seat], {0: ann, 1: bob}[1 - seat])
    board = h.reply_text(await h.slash(other, "game board", {"game": game_id}))
    assert "Clocks · daily" in board
    assert f"**{waiting.name}**: ⏰ to move, time runs out <t:" in board and "bank 3 days" in board
    assert f"**{other.name}**: waiting · bank 3 days" in board
    mine = h.reply_text(await h.slash(waiting, "game mine"))
    assert f"↳ {other.name}: waiting · bank 3 days" in mine


async def test_a_table_with_a_minimum_reliability_refuses_a_player_who_quits(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    await walked_out(h, ann, "tranquility", bob)  # Bob walks out on Ann, who leaves too
    opened = await h.slash(ann, "play tranquility", {"min_reliability": 80})
    lobby = h.messages[opened.original_id or 0]
    assert "Joining needs a reliability of **80%**" in lobby.text()
    dms_before = len(h.dms(bob))
    refused = await h.click(bob, h.button(lobby, "Join"), message=lobby)
    assert "at least 80%; yours in this server is 0%" in h.reply_text(refused)
    assert len(h.dms(bob)) == dms_before, "no welcome DM for a refused join"
    game_id = int(h.button(lobby, "Join").split(":")[1])
    assert len((await h.client.tables.game(game_id)).seats) == 1
