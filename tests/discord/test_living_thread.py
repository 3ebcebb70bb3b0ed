"""The living game thread: coalesced posts, the durable outbox, catch-up after failures and crashes."""

from __future__ import annotations

import asyncio
import re

from bot.discord.commands import suggestions
from bot.discord.pacing import ChannelPacer
from bot.discord.thread import DESCRIPTION_LIMIT, EMBED_TEXT_LIMIT, EMBEDS_LIMIT, pack_story
from bot.names import name_seats
from bot.tables.types import NewTable
from engine.core import Move
from tests.databases import sql
from tests.discord.harness import CONTENT_LIMIT, Harness, Message, embed_text
from tests.discord.table_play import live_panel, narrow_to_moves, open_table, play_out

BOARD = re.compile(r"board (\d+)")


async def all_ai_game(h: Harness, game: str, players: int, seed: int) -> int:
    """A table of AI seats only, hosted by a person who doesn't play (as a demo table is)."""
    host = h.user("host")
    tables = h.client.tables
    info = await tables.lobby.create(NewTable(guild_id=h.guild_id, channel_id=h.channel_id, host_id=host.id,
                                              host_name=host.name, game=game, host_plays=False))
    for _ in range(players):
        await tables.lobby.add_ai(info.game_id, host.id, kind="random")
    await tables.lobby.start(info.game_id, host.id, seed=seed)
    return info.game_id


def story_lines(messages: list[Message]) -> list[str]:
    """The public lines a thread tells, in order: from the story embeds' descriptions (and from the
    content, where messages posted before the story moved into embeds kept them)."""
    return [line[2:] for m in messages for text in (m.content, *descriptions(m)) for line in text.splitlines()
            if line.startswith("• ")]


def descriptions(message: Message) -> list[str]:
    return [str(e.get("description") or "") for e in message.payload.get("embeds") or []]


async def public_log(h: Harness, game_id: int) -> list[str]:
    """Every public line of the game's committed log, named as the thread names seats."""
    info = await h.client.tables.game(game_id)
    names = [s.name for s in info.seats]
    changes = await h.client.tables.outbox.changes(game_id, after=0)
    return [name_seats(text, names, lambda n: f"**{n}**") for c in changes for text, seats in c.events
            if seats is None]


async def test_a_burst_of_ai_moves_is_told_in_at_most_three_posts_every_line_once_in_order(harness: Harness) -> None:
    h = harness
    # However slow or busy the machine, the burst is told as one story (timing can't split it).
    h.client.notifier.thread.burst_wait = 60.0
    h.client.notifier.thread.burst_changes = 1000
    game_id = await all_ai_game(h, "tranquility", 3, seed=2)
    await h.settle()
    info = await h.client.tables.game(game_id)
    assert info.status == "finished"
    changes = await h.client.tables.outbox.changes(game_id, after=0)
    assert len(changes) >= 20, "the burst is at least 20 AI moves"
    posts = h.posts(h.channel_id)
    assert 1 <= len(posts) <= 3
    assert story_lines(posts) == await public_log(h, game_id), "every public line exactly once, in order"
    assert "🏁" in posts[-1].content and "board.png" in posts[-1].files
    assert h.rate_limited == 0, "Skald paces itself under Discord's per-channel limit"


def within_discords_limits(message: Message) -> bool:
    embeds = message.payload.get("embeds") or []
    return (len(message.content) <= CONTENT_LIMIT and len(embeds) <= EMBEDS_LIMIT
            and all(len(d) <= DESCRIPTION_LIMIT for d in descriptions(message))
            and sum(embed_text(e) for e in embeds) <= EMBED_TEXT_LIMIT)


async def test_a_long_story_is_split_over_few_messages_within_discords_limits_every_line_once_in_order(
        harness: Harness) -> None:
    h = harness
    h.client.notifier.thread.burst_wait = 60.0  # the whole all-AI game is one story
    h.client.notifier.thread.burst_changes = 10_000
    game_id = await all_ai_game(h, "nidavellir", 5, seed=7)
    await h.settle(timeout=120)
    posts = h.posts(h.channel_id)
    story = sum(len(d) for m in posts for d in descriptions(m))
    assert story > EMBED_TEXT_LIMIT, "the story is longer than one message holds"
    assert all(within_discords_limits(m) for m in posts)
    assert 2 <= len(posts) <= story // (EMBED_TEXT_LIMIT - 1200) + 2, "messages are filled, not cut at 2,000"
    assert story_lines(posts) == await public_log(h, game_id), "every public line exactly once, in order"
    assert "🏁" in posts[-1].content and "board.png" in posts[-1].files and BOARD.search(posts[-1].text())
    assert all(not m.content and not m.files for m in posts[1:-1]), "only the last message pings and shows the board"


def test_story_packing_keeps_every_line_in_order_within_the_limits_and_room_for_the_board() -> None:
    lines = [f"• line {n} " + "x" * (n * 37 % 300) for n in range(400)]
    lines[5] = "• " + "y" * 5000  # longer than a description: cut
    units = [(n - 1, lines[n:n + 3]) for n in range(0, 400, 3)]
    board = 1100  # a title, a footer and a full score sheet
    messages, first = pack_story(units, board)
    assert all(len(d) <= DESCRIPTION_LIMIT for m in messages for d in m)
    assert all(sum(map(len, m)) <= EMBED_TEXT_LIMIT and len(m) <= EMBEDS_LIMIT for m in messages[:-1])
    assert sum(map(len, messages[-1])) <= EMBED_TEXT_LIMIT - board and len(messages[-1]) < EMBEDS_LIMIT
    told = [line for m in messages for d in m for line in d.split("\n")]
    assert told == [*lines[:5], "• " + "y" * (DESCRIPTION_LIMIT - 3) + "…", *lines[6:]]
    assert "\n".join(messages[-1]).startswith(units[first][1][0]), "the living message starts at a change"
    assert len(messages) <= sum(map(len, told)) // (EMBED_TEXT_LIMIT - 300) + 2
    assert pack_story([], board) == ([()], 0)


async def test_a_running_games_posts_keep_a_slot_free_for_its_end() -> None:
    now = [0.0]
    pacer = ChannelPacer(rate=5, per=5.0, clock=lambda: now[0])
    for _ in range(4):
        async with pacer.slot(1, spare=1):
            pass
    ended = asyncio.Event()
    waiting = asyncio.create_task(pacer.ready(1, spare=1, unless=ended))
    await asyncio.sleep(0.01)
    assert not waiting.done(), "a fifth mid-game post waits (and what comes meanwhile joins it)"
    ended.set()
    await asyncio.wait_for(waiting, 1.0)
    async with pacer.slot(1, spare=0):  # the end takes the slot kept for it, at once
        pass
    assert pacer.waited == 0.0


async def test_sealed_bids_fill_the_living_board_in_place_instead_of_posting(harness: Harness) -> None:
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid")
    game_id = await open_table(h, ann, "nidavellir", [bob, cid])
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    start = h.posts(thread)
    assert len(start) == 1 and "0 of 3 in" in start[0].content
    for person in (ann, bob):
        panel = live_panel(h, person, game_id)
        custom_id, values = await narrow_to_moves(h, person, panel)
        await h.click(person, custom_id, values, message=panel)
    posts = h.posts(thread)
    assert len(posts) == 1, "a bid coming in edits the living board; it posts nothing"
    assert "2 of 3 in — waiting for **cid**" in posts[0].content
    assert story_lines(posts) == ["**ann** has placed their bids.", "**bob** has placed their bids."]
    assert "board.png" in posts[0].files and BOARD.search(posts[0].text()), "the board and its picture are kept"


async def test_a_bid_after_a_restart_still_fills_the_living_board_in_place_keeping_its_picture(
        harness: Harness) -> None:
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid")
    game_id = await open_table(h, ann, "nidavellir", [bob, cid])
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    for person in (ann, bob):
        if person is bob:
            await h.restart()  # the living board's embed is no longer in memory: the outbox knows it
        panel = live_panel(h, person, game_id)
        custom_id, values = await narrow_to_moves(h, person, panel)
        await h.click(person, custom_id, values, message=panel)
    posts = h.posts(thread)
    assert len(posts) == 1 and posts[0].edits == 2
    assert "2 of 3 in — waiting for **cid**" in posts[0].content
    assert story_lines(posts) == ["**ann** has placed their bids.", "**bob** has placed their bids."]
    assert "board.png" in posts[0].files and "begins" in posts[0].text()
    board = (posts[0].payload["embeds"] or [{}])[-1]
    assert BOARD.fullmatch(board["footer"]["text"]) and board["image"]["url"] == "attachment://board.png"
    reads = [r for r in h.requests if r.method == "GET" and r.path == "/channels/{channel_id}/messages/{message_id}"]
    assert reads == [], "never read back: that needs Read Message History, which Skald does not ask for"


async def test_a_living_board_that_cant_be_read_back_is_posted_afresh_with_its_lines(harness: Harness) -> None:
    """After a restart the bot read its living message back, which Discord refuses without Read
    Message History; the refusal was taken as permanent and the sealed-bid lines were dropped. A
    message posted before its board was recorded (an older Skald) is read back, and where that
    is refused, the story is posted afresh: nothing is lost."""
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid")
    game_id = await open_table(h, ann, "nidavellir", [bob, cid])
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    await sql(h.db, "UPDATE announcements SET board = NULL WHERE game_id = ?", (game_id,))  # an older post
    await h.restart()
    h.fail("GET", "/channels/{channel_id}/messages/{message_id}", status=403, times=5)
    panel = live_panel(h, ann, game_id)
    custom_id, values = await narrow_to_moves(h, ann, panel)
    await h.click(ann, custom_id, values, message=panel)
    await h.settle()
    assert "**ann** has placed their bids." in story_lines(h.posts(thread)), "told, in a new post"


async def test_a_5xx_on_the_story_post_is_retried_and_arrives_exactly_once_with_its_ping(harness: Harness) -> None:
    h = harness
    # Their DMs are closed, so the thread's ping is how each is told of a turn (reach.py).
    ann, bob = h.user("ann", dm_closed=True), h.user("bob", dm_closed=True)
    game_id = await open_table(h, ann, "tranquility", [bob])
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    await h.settle()
    before = len(h.posts(thread))
    mover, waiting = (ann, bob) if (await h.client.tables.game(game_id)).to_move == (0,) else (bob, ann)
    h.fail("POST", "/channels/{channel_id}/messages", status=503, channel_id=thread)
    table = await h.client.tables.table_view(game_id, mover.id)
    await h.slash(mover, "move", {"text": table.legal_moves[0].text, "game": game_id}, channel_id=thread)
    assert len(h.posts(thread)) == before, "the post failed"
    assert h.client.notifier.thread.pending_retries == 1
    h.client.notifier.thread.retry_now()
    await h.settle()
    posts = h.posts(thread)[before:]
    assert len(posts) == 1 and "board.png" in posts[0].files
    assert posts[0].content.count(waiting.mention) == 1
    assert h.client.notifier.thread.pending_retries == 0


async def test_a_post_discord_made_but_answered_with_a_5xx_is_not_posted_twice(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    h.fail("POST", "/channels/{channel_id}/messages", status=500, after_create=True, content="begins!")
    game_id = await open_table(h, ann, "tranquility")
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    h.client.notifier.thread.retry_now()
    await h.settle()
    posts = h.posts(thread)
    assert len(posts) == 1 and "begins" in posts[0].text(), "the retry reused the nonce: Discord kept one post"
    assert (await h.client.tables.outbox.announcement(game_id)) is not None


async def test_the_process_stopped_between_commit_and_post_announces_after_restart_once(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    before = len(h.posts(thread))
    info = await h.client.tables.game(game_id)
    mover = ann if info.to_move == (0,) else bob
    move = (await h.client.tables.table_view(game_id, mover.id)).legal_moves[0].text
    h.held.clear()  # Discord stops answering: the story post hangs after the commit
    await h.client.tables.play.move(game_id, mover.id, info.state_id, move)
    await h.crash()
    assert len(h.posts(thread)) == before
    await h.start()
    await h.settle()
    posts = h.posts(thread)[before:]
    assert len(posts) == 1, "the announcement arrives once after the restart"
    assert f"board {info.state_id + 1}" in posts[0].text()
    mark = await h.client.tables.outbox.announcement(game_id)
    assert mark is not None and mark.state_id == info.state_id + 1


async def test_each_seat_gets_exactly_one_end_of_game_dm_and_never_a_stale_panel(harness: Harness) -> None:
    h = harness
    people = [h.user("ann"), h.user("bob"), h.user("cid")]
    game_id = await open_table(h, people[0], "nidavellir", people[1:])
    await play_out(h, game_id, people, seed=5)
    for person in people:
        dms = [m for m in h.dms(person) if m.payload.get("embeds")]
        finals = [m for m in dms if "🏁" in m.content]
        assert len(finals) == 1, f"{person.name} got {len(finals)} end-of-game DMs"
        assert dms[-1] is finals[0]
        boards = [int(m_.group(1)) for m in dms if (m_ := BOARD.search(m.text()))]
        assert boards == sorted(boards), "a panel never shows an older board than the one before it"
    assert h.rate_limited == 0


async def test_the_outcome_line_names_players_plainly(harness: Harness) -> None:
    h = harness
    await all_ai_game(h, "tranquility", 2, seed=3)
    await h.settle()
    last = h.posts(h.channel_id)[-1].content.splitlines()[-1]
    assert last.startswith("🏁 The crew ") and "Seat " not in last and "****" not in last


async def test_a_move_prefix_given_to_move_answers_privately_with_the_moves_it_narrows_to(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    game_id = await open_table(h, ann, "tranquility")
    table = await h.client.tables.table_view(game_id, ann.id)
    word = table.legal_moves[0].text.split()[0]
    narrowed = [m for m in table.legal_moves if m.text.split()[0] == word]
    inv = await h.slash(ann, "move", {"text": word})
    replies = h.replies(inv)
    assert replies and all(r.ephemeral_for == ann.id for r in replies)
    assert "start of" in replies[-1].content and "⛔" not in h.reply_text(inv)
    offered = [o["value"] for c in replies[-1].components() for o in c.get("options", [])] + \
              [c["custom_id"] for c in replies[-1].components() if c["type"] == 2]
    assert offered and len(offered) >= min(len(narrowed), 2)
    after = await h.client.tables.game(game_id)
    assert after.state_id == table.state_id, "nothing was played"


def test_suggestions_label_a_start_of_a_move_and_never_offer_it_again_after_it_is_picked() -> None:
    moves = [Move(f"discard {a} {b}") for a in range(1, 9) for b in range(a + 1, 10)]
    moves += [Move(f"play {n} at {c}") for n in range(1, 4) for c in range(1, 4)]
    moves += [Move("play 7 then discard 2")]
    first = suggestions(moves, "")
    assert {c.value for c in first} == {"discard", "play"}
    assert all(c.name.endswith("… keep typing") for c in first)
    picked = suggestions(moves, "discard ")
    assert "discard" not in {c.value for c in picked}, "picking 'discard …' leads on, not back"
    assert all(c.value.startswith("discard ") for c in picked)
    assert all(c.value.startswith("discard 1") for c in suggestions(moves, "discard 1"))


async def test_a_player_moving_by_slash_command_finds_a_current_dm_panel_when_the_turn_comes_back(
        harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    people = {ann.id: ann, bob.id: bob}
    for _ in range(4):
        info = await h.client.tables.game(game_id)
        user = people[info.seats[info.to_move[0]].user_id or 0]
        move = (await h.client.tables.table_view(game_id, user.id)).legal_moves[0].text
        await h.slash(user, "move", {"text": move, "game": game_id}, channel_id=info.thread_id)
        info = await h.client.tables.game(game_id)
        if info.status != "running":
            return
        waiting = people[info.seats[info.to_move[0]].user_id or 0]
        panel = live_panel(h, waiting, game_id)
        assert f"board {info.state_id}" in panel.text(), "the panel shows the board as it is now"
        assert all(f":{info.state_id}:" in c["custom_id"] for c in panel.components()), "its controls are current"


async def test_a_turn_that_comes_back_while_the_movers_own_panel_is_drawn_is_never_left_waiting(
        harness: Harness) -> None:
    """The panel worker leaves a seat alone while the interaction answering its move draws it;
    when the AI seats give it the turn back meanwhile, the next pass after that draws its moves
    (before: the pass was recorded as done, the panel said "waiting" and the game stalled)."""
    h = harness
    ann = h.user("ann")
    game_id = await open_table(h, ann, "tranquility", ais=2)
    await h.settle()
    tables = h.client.tables
    view = await tables.table_view(game_id, ann.id)
    assert view.my_turn
    async with h.client.notifier.panels.claim(game_id, view.seat or 0):
        await tables.play.move(game_id, ann.id, view.state_id, view.legal_moves[0].text)
        await tables.drain()  # the AI seats answer: it is ann's turn again
        await h.settle()  # a panel pass runs now and leaves ann's panel to "her interaction"
        assert (await tables.table_view(game_id, ann.id)).my_turn
    await h.settle()
    panel = live_panel(h, ann, game_id)
    assert f"skald:{game_id}:{(await tables.game(game_id)).state_id}:" in str(panel.components())
