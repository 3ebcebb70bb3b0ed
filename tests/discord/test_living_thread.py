"""The living game thread: coalesced posts, the durable outbox, catch-up after failures and crashes."""

from __future__ import annotations

import re

from bot.discord.commands import suggestions
from bot.names import name_seats
from engine.core import Move
from tests.discord.harness import Harness, Message
from tests.discord.table_play import live_panel, move_option, narrow_to_moves, open_table, play_out

BOARD = re.compile(r"board (\d+)")


async def all_ai_game(h: Harness, game: str, players: int, seed: int) -> int:
    """A table of AI seats only, hosted by a person who doesn't play (as a demo table is)."""
    host = h.user("host")
    tables = h.client.tables
    info = await tables.create_lobby(guild_id=h.guild_id, channel_id=h.channel_id, host_id=host.id,
                                     host_name=host.name, game=game, host_plays=False)
    for _ in range(players):
        await tables.add_ai(info.game_id, host.id, kind="random")
    await tables.start(info.game_id, host.id, seed=seed)
    return info.game_id


def story_lines(messages: list[Message]) -> list[str]:
    return [line[2:] for m in messages for line in m.content.splitlines() if line.startswith("• ")]


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
    assert "**ann** has placed their bids." in posts[0].content and "**bob** has placed their bids." in posts[0].content


async def test_a_5xx_on_the_story_post_is_retried_and_arrives_exactly_once_with_its_ping(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    before = len(h.posts(thread))
    mover, waiting = (ann, bob) if (await h.client.tables.game(game_id)).to_move == (0,) else (bob, ann)
    h.fail("POST", "/channels/{channel_id}/messages", status=503, channel_id=thread)
    panel = h.dms(mover)[-1]
    found = move_option(panel)
    assert found is not None
    await h.click(mover, found[0], found[1], message=panel)
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
    assert len(posts) == 1 and "begins" in posts[0].content, "the retry reused the nonce: Discord kept one post"
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
    await h.client.tables.move(game_id, mover.id, info.state_id, move)
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
        await tables.move(game_id, ann.id, view.state_id, view.legal_moves[0].text)
        await tables.drain()  # the AI seats answer: it is ann's turn again
        await h.settle()  # a panel pass runs now and leaves ann's panel to "her interaction"
        assert (await tables.table_view(game_id, ann.id)).my_turn
    await h.settle()
    panel = live_panel(h, ann, game_id)
    assert f"skald:{game_id}:{(await tables.game(game_id)).state_id}:" in str(panel.components())
